#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output or standard error as a `TextOutputStream`.
public struct StandardStream: TextOutputStream {
    private let descriptor: Int32

    /// Standard output.
    public static var output: StandardStream { StandardStream(descriptor: 1) }
    /// Standard error.
    public static var error: StandardStream { StandardStream(descriptor: 2) }

    public mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc_or_Darwin_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}

private func Glibc_or_Darwin_write(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, pointer, count)
    #else
    return Darwin.write(descriptor, pointer, count)
    #endif
}
