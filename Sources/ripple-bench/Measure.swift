// Clocks, medians, memory, and child processes with a deadline.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

/// Runs `body` and returns its result with the wall time it took.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, (clock.now - start).seconds)
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

enum Memory {
    /// This process's resident high-water mark in KiB (`VmHWM`), or getrusage's where /proc is missing.
    static func highWaterKiB() -> Int {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
                let digits = line.dropFirst(6).filter(\.isNumber)
                if let value = Int(digits) { return value }
            }
        }
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1024
        #endif
    }
}

/// What a finished (or killed) child left behind.
struct ChildOutcome {
    var status: Int32
    var timedOut: Bool
    var seconds: Double
    /// The child's own max RSS, from wait4 (KiB).
    var maxRSSKiB: Int
    var stdout: String
    var stderr: String
}

enum Child {
    /// Runs `arguments[0]` with `arguments`, stdout and stderr to files, killing it after `timeout` seconds.
    static func run(_ arguments: [String], timeout: Double) -> ChildOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outPath = folder.appendingPathComponent("stdout").path
        let errPath = folder.appendingPathComponent("stderr").path

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var pid: pid_t = 0
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, cArguments, environ)
        guard spawned == 0 else {
            return ChildOutcome(status: -1, timedOut: false, seconds: 0, maxRSSKiB: 0, stdout: "",
                                stderr: "posix_spawn \(arguments[0]) failed: \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR { break }
            if (clock.now - start).seconds > timeout {
                timedOut = true
                kill(pid, SIGKILL)
                while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                break
            }
            usleep(10_000)
        }
        let seconds = (clock.now - start).seconds
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        let code: Int32 = exited ? (status >> 8) & 0xff : -(status & 0x7f)
        #if os(Linux)
        let rss = usage.ru_maxrss
        #else
        let rss = usage.ru_maxrss / 1024
        #endif
        return ChildOutcome(status: code, timedOut: timedOut, seconds: seconds, maxRSSKiB: rss, stdout: out, stderr: err)
    }
}

/// Results a child reports: `R key value` lines on stdout, written as they become known.
enum Results {
    static func emit(_ key: String, _ value: String) {
        FileHandle.standardOutput.write(Data("R \(key) \(value)\n".utf8))
    }

    static func emit(_ key: String, _ value: Double) { emit(key, String(value)) }
    static func emit(_ key: String, _ value: Int) { emit(key, String(value)) }

    static func parse(_ output: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("R ") {
            let rest = line.dropFirst(2)
            guard let space = rest.firstIndex(of: " ") else { continue }
            values[String(rest[..<space])] = String(rest[rest.index(after: space)...])
        }
        return values
    }
}
