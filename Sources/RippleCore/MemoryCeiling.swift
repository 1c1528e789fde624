import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The most memory one run of Ripple may hold (docs/Reliability.md, "memory").
///
/// Work is counted evaluation by evaluation; memory is checked where work is counted, as the memory the
/// system says the process holds (its resident set), every `checkInterval` evaluations and at the start of
/// every `checkInterval` evaluations. Past the ceiling the evaluation running stops with a limit error
/// at its place: the screen it belongs to ends, as at any limit, and the run's exit status says so. The
/// ceiling is the process's, so every thread of a parallel audit shares it. The library sets none: the
/// process that embeds it decides, as the `ripple` command does with its default and `--max-memory`.
public enum MemoryCeiling {
    /// The ceiling the `ripple` command sets when none is given: 1 GiB.
    public static let defaultMegabytes = 1024

    /// Evaluations between two checks.
    static let checkInterval = 1 << 14

    /// The ceiling in megabytes, 0 for none.
    private static let ceiling = Atomic<Int>(0)

    /// The ceiling in megabytes (MiB); nil, the library's default, for none.
    public static var megabytes: Int? {
        get { let value = ceiling.load(ordering: .relaxed); return value > 0 ? value : nil }
        set { ceiling.store(newValue ?? 0, ordering: .relaxed) }
    }

    /// The memory the process holds now, in bytes; nil where the system does not say.
    public static func residentBytes() -> Int? {
        #if os(Linux)
        // `/proc/self/statm`: sizes in pages, the resident set second.
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) {
            $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count) }
        }
        return result == KERN_SUCCESS ? Int(info.resident_size) : nil
        #else
        return nil
        #endif
    }

    /// The limit error when the process holds more than the ceiling, else nil.
    static func check(at location: SourceLocation) -> EvaluationError? {
        guard let megabytes, let bytes = residentBytes(), bytes > megabytes << 20 else { return nil }
        return EvaluationError("Ripple holds \(bytes >> 20) MB, past its ceiling of \(megabytes) MB (limit: memory); '--max-memory MB' sets it",
                               at: location)
    }
}
