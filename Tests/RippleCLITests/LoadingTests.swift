import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
private let limit = Scenario.maximumFileSize

/// Creates a file whose name is the raw bytes `name` inside `folder`, holding `contents`.
private func createFile(named name: [UInt8], in folder: URL, contents: String) throws {
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } }
    try #require(descriptor >= 0)
    let bytes = Array(contents.utf8)
    #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == bytes.count)
    close(descriptor)
}

// Loading scenario files: sizes, reasons, names. In `CLITests`, whose tests run one at a time, because
// `ripple(...)` changes the working folder.
extension CLITests {
    /// A regular file's size is checked before it is read: a sparse terabyte is refused at once.
    @Test func aHugeFileIsRefusedBeforeItIsRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.ripple")
        // Sparse, so it takes no room, but removed anyway: a terabyte file would alarm whoever finds it.
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
        let size = 1 << 40
        try #require(truncate(file.path, off_t(size)) == 0)
        let clock = ContinuousClock()
        let start = clock.now
        let result = ripple("check", file.path)
        #expect(clock.now - start < .seconds(5))
        #expect(result.status == 1)
        #expect(result.stderr == "\(file.path):1:1: error: file is \(size) bytes; scenarios are limited to \(limit) bytes (limit: file size)\n1 error in \(file.path)\n")
    }

    /// A stream has no size: it is read up to one byte past the limit, then closed.
    @Test func aStreamIsReadOnlyUpToTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("stream.ripple")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        // The writer learns the reader went away from EPIPE, not from a signal that would end the tests.
        signal(SIGPIPE, SIG_IGN)
        final class Written: @unchecked Sendable { var count = 0 }
        let written = Written()
        let done = DispatchSemaphore(value: 0)
        let path = fifo.path
        Thread.detachNewThread {
            defer { done.signal() }
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            let chunk = [UInt8](repeating: UInt8(ascii: "\n"), count: 64 * 1024)
            while written.count < 4 * limit {
                let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
                if count <= 0 { return }
                written.count += count
            }
        }
        let result = ripple("check", fifo.path)
        #expect(done.wait(timeout: .now() + 60) == .success, "the writer finished")
        #expect(result.status == 1)
        #expect(result.stderr == "\(fifo.path):1:1: error: file is more than \(limit) bytes; scenarios are limited to \(limit) bytes (limit: file size)\n1 error in \(fifo.path)\n")
        // What the pipe itself holds (at most a megabyte) is all that was written past the limit.
        #expect(written.count < limit + 2 * 1024 * 1024, "\(written.count) bytes written")
    }

    @Test func aDeviceWithoutEndIsRefusedAtTheLimit() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
        let result = ripple("check", "/dev/zero")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("/dev/zero:1:1: error: file is more than \(limit) bytes; scenarios are limited to \(limit) bytes (limit: file size)\n"))
    }

    /// A file that cannot be read is named with the reason, in words.
    @Test func unreadableFilesAreNamedWithTheReason() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop.ripple").path
        let other = folder.appendingPathComponent("other.ripple").path
        try #require(symlink(other, loop) == 0 && symlink(loop, other) == 0)
        let looped = ripple("check", loop)
        #expect(looped.status == 64)
        #expect(looped.stderr.hasPrefix("error: cannot read '\(loop)': too many levels of symbolic links\n"))

        let dangling = folder.appendingPathComponent("dangling.ripple").path
        try #require(symlink(folder.appendingPathComponent("nothing").path, dangling) == 0)
        #expect(ripple("run", dangling).stderr.hasPrefix("error: cannot read '\(dangling)': it is a symbolic link to a file that does not exist\n"))

        // A folder named like a scenario, inside a scenarios folder.
        let scenarios = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: scenarios.appendingPathComponent("inner.ripple"), withIntermediateDirectories: true)
        let inner = ripple("check", scenarios.path)
        #expect(inner.status == 1)
        #expect(inner.stderr == "error: cannot read '\(scenarios.path)/inner.ripple': it is a folder\n")
    }

    /// A file whose name is not UTF-8 loads, whether found in a folder or named on the command line.
    @Test func aFileWhoseNameIsNotUTF8Loads() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        let name = Array("list".utf8) + [0xFF] + Array(".ripple".utf8)
        try createFile(named: name, in: folder, contents: source)
        let inFolder = ripple("check", folder.path)
        #expect(inFolder.status == 0, "\(inFolder.stderr)")
        #expect(inFolder.stdout.contains("1 passed, 0 failed"))
        let path = FileSystemPath.string(fromBytes: Array(folder.path.utf8) + [UInt8(ascii: "/")] + name)
        let named = ripple("check", path)
        #expect(named.status == 0, "\(named.stderr)")
        // Printed, the byte that is not UTF-8 is `\xFF`.
        #expect(named.stdout.contains("passed \(folder.path)/list\\xFF.ripple: 8 expectations"), "\(named.stdout)")
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let rendered = ripple("render", folder.path, "-o", output.path)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("list/index.html").path))
    }

    /// The built binary takes such a name from its raw arguments.
    @Test func theBinaryTakesANameThatIsNotUTF8() throws {
        let binary = repository.appendingPathComponent(".build/debug/ripple")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("build the ripple product first (swift build)")
            return
        }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        try createFile(named: Array("list".utf8) + [0xFF] + Array(".ripple".utf8), in: folder, contents: source)
        // `Process` passes arguments as UTF-8, so the shell makes the byte.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" check \"$(printf '%s/list\\377.ripple' \"$1\")\"", binary.path, folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

@Suite struct FileSystemTests {
    /// Every name survives bytes → string → bytes, including names that hold the escape scalars themselves.
    @Test(arguments: [
        Array("plain.ripple".utf8), Array("é😀.ripple".utf8), [0x61, 0xFF, 0x62], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], Array("\u{10FFFF}\u{10FF80}x".utf8), [0x80, 0xBF, 0xFE, 0xFF],
    ] as [[UInt8]])
    func namesRoundTrip(_ bytes: [UInt8]) {
        let string = FileSystemPath.string(fromBytes: bytes)
        #expect(FileSystemPath.bytes(string) == bytes)
        if String(validating: bytes, as: UTF8.self) != nil, !string.unicodeScalars.contains(where: { $0.value >= 0x10FF80 }) {
            #expect(string == String(decoding: bytes, as: UTF8.self), "valid names are kept as they are")
        }
    }

    @Test(arguments: [
        (ENOENT, "no such file or folder"), (EACCES, "permission denied"), (EISDIR, "it is a folder"),
        (ELOOP, "too many levels of symbolic links"), (ENOTDIR, "a part of the path is not a folder"),
        (ENOSPC, "no space left on the device"), (EROFS, "the file system is read-only"),
        (EOVERFLOW, String(cString: strerror(EOVERFLOW)).prefix(1).lowercased() + String(cString: strerror(EOVERFLOW)).dropFirst()),
    ])
    func reasonsAreWords(_ code: Int32, _ reason: String) {
        #expect(Errno(code: code).reason == reason)
        #expect(FileError("cannot write", "out/x/index.html", Errno(code: code)).message == "cannot write 'out/x/index.html': \(reason)")
    }

    @Test func readingStopsOneBytePastTheLimit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("small").path
        try FileSystem.write(Array("12345".utf8), to: file)
        #expect(try FileSystem.read(file, atMost: 5) == .bytes(Array("12345".utf8)))
        #expect(try FileSystem.read(file, atMost: 4) == .tooLarge(size: 5))
        #expect(try FileSystem.prefix(file, count: 3) == Array("123".utf8))
        #expect(throws: Errno(code: EISDIR)) { try FileSystem.read(folder.path, atMost: 5) }
        #expect(throws: Errno(code: ENOENT)) { try FileSystem.read(file + "-missing", atMost: 5) }
    }

    /// A small file is read into room for its size: zero-filling 64 KB for each read and removing what it
    /// does not use would take about 15 ms a read in a debug build, and 112 s for 5,000 one-view files.
    @Test func readingASmallFileCostsItsSize() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("View.swift").path
        let text = Array(String(repeating: "struct V: View { var body: some View { Text(\"x\") } }\n", count: 3).utf8)
        try FileSystem.write(text, to: file)
        let clock = ContinuousClock(), start = clock.now
        for _ in 0..<1_000 { #expect(try FileSystem.read(file, atMost: Scenario.maximumFileSize) == .bytes(text)) }
        #expect(clock.now - start < .seconds(3), "1,000 reads of a \(text.count)-byte file")
    }

    /// Only a regular file is read unless streams are allowed, and a FIFO is refused without waiting
    /// for a writer.
    @Test func aFIFOIsReadOnlyWhereStreamsAreAllowed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(throws: Errno.notRegularFile(.fifo)) { try FileSystem.read(fifo, atMost: 5) }
        #expect(throws: Errno.notRegularFile(.fifo)) { try FileSystem.prefix(fifo, count: 5) }
        #expect(Errno.notRegularFile(.fifo).reason == "it is a FIFO, not a regular file")
        #expect(throws: Errno(code: ETIMEDOUT)) { try FileSystem.read(fifo, atMost: 5, allowingStreams: true) }
    }
}
