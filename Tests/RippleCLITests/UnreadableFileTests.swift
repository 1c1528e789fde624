import Foundation
import Testing
@testable import RippleCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file or folder in an app's folder that cannot be read (too large, a path longer than the system
/// takes, no permission) is a note at its path, and the rest of the app loads. Every file is made in a
/// temporary folder. An extension of the serialized `CLITests`: `ripple(…)` changes the working folder.
extension CLITests {
    private static let rootView = "struct RootView: View {\n    var body: some View { Text(\"hi\") }\n}\n"

    /// A temporary folder holding `App/RootView.swift`; the folder and the app's path.
    private func appFolder() throws -> (folder: URL, app: String) {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App").path
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try Self.rootView.write(toFile: app + "/RootView.swift", atomically: true, encoding: .utf8)
        return (folder, app)
    }

    /// Removes a folder however deep: `rm` walks it by descriptor, where a path may be too long.
    private func remove(_ folder: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/rm")
        process.arguments = ["-rf", folder.path]
        try? process.run()
        process.waitUntilExit()
    }

    /// Expects the app to have loaded, with RootView, and each of `notes` among what it printed on the standard error.
    private func expectLoaded(_ result: (status: Int32, stdout: String, stderr: String), noting notes: String...) {
        #expect(result.status == 0, "\(result.stderr.suffix(600))")
        #expect(result.stdout.contains("RootView"))
        for note in notes { #expect(result.stderr.contains(note), "\(result.stderr.suffix(600))") }
    }

    @Test func aSwiftFileTooLargeInAFolderIsANoteAndTheRestLoads() throws {
        let (folder, app) = try appFolder()
        defer { remove(folder) }
        // 16 GB that take no room on the disk.
        let big = FileManager.default.createFile(atPath: app + "/Big.swift", contents: nil)
        #expect(big)
        let handle = try #require(FileHandle(forWritingAtPath: app + "/Big.swift"))
        try handle.truncate(atOffset: 16 << 30)
        try handle.close()
        expectLoaded(ripple("parse", app, "--notes"),
                     noting: "\(app)/Big.swift:1:1: note: 'Big.swift' was not read: file is 17179869184 bytes; scenarios are limited to")
    }

    @Test func aPathLongerThanTheSystemTakesIsANoteAndTheRestLoads() throws {
        let (folder, app) = try appFolder()
        defer { remove(folder) }
        // Twenty folders of 250 characters: 5,000 bytes of path, past PATH_MAX (4,096), made one below the other.
        let part = String(repeating: "d", count: 250)
        var descriptor = open(app, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        for _ in 0..<20 {
            #expect(mkdirat(descriptor, part, 0o755) == 0)
            let next = openat(descriptor, part, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            #expect(descriptor >= 0)
        }
        let file = openat(descriptor, "Deep.swift", O_CREAT | O_WRONLY, 0o644)
        #expect(file >= 0)
        _ = Self.rootView.withCString { write(file, $0, strlen($0)) }
        close(file)
        close(descriptor)
        expectLoaded(ripple("parse", app, "--notes"), noting: "' was not read: the name is too long; the rest of the folder is read")
    }

    /// A file and a folder nobody may read. Root reads them anyway, so as root the built binary runs as
    /// the user `nobody` (setpriv); any other user runs `ripple` in this process.
    @Test func aFileAndAFolderWithoutPermissionAreNotesAndTheRestLoads() throws {
        let (folder, app) = try appFolder()
        defer { remove(folder) }
        try "struct Locked: View {\n    var body: some View { Text(\"x\") }\n}\n".write(toFile: app + "/Locked.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: app + "/Closed", withIntermediateDirectories: true)
        try "struct Hidden: View {\n    var body: some View { Text(\"y\") }\n}\n".write(toFile: app + "/Closed/Hidden.swift", atomically: true, encoding: .utf8)
        #expect(chmod(app + "/Locked.swift", 0) == 0 && chmod(app + "/Closed", 0) == 0)
        defer { _ = chmod(app + "/Closed", 0o755) }
        let result: (status: Int32, stdout: String, stderr: String)
        if geteuid() == 0 {
            let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/ripple")
            try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the ripple product first (swift build)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path, "parse", app, "--notes"]
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            result = (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
        } else {
            result = ripple("parse", app, "--notes")
        }
        expectLoaded(result, noting: "\(app)/Locked.swift:1:1: note: 'Locked.swift' was not read: permission denied; the rest of the folder is read",
                     "\(app)/Closed:1:1: note: 'Closed' was not read: permission denied; the rest of the folder is read")
    }

    /// A byte of a file name that is not UTF-8 prints as `\xFF`, not as the private-use character that
    /// holds it.
    @Test func aNameThatIsNotUTF8PrintsItsBytesEscaped() throws {
        let (folder, app) = try appFolder()
        defer { remove(folder) }
        try "let x = 1\n".write(toFile: folder.appendingPathComponent("outside.swift").path, atomically: true, encoding: .utf8)
        let link = Array(app.utf8) + Array("/Link".utf8) + [0xFF] + Array(".swift".utf8) + [0]
        let made = link.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { symlink(folder.appendingPathComponent("outside.swift").path, $0.baseAddress!) }
        }
        #expect(made == 0)
        let result = ripple("parse", app)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("'\(app)/Link\\xFF.swift' was not read: it is a symbolic link that leads outside"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.properties.generalCategory == .privateUse })
    }
}
