import Foundation
import Testing
@testable import RippleCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of Swift source is read without leaving it: links out are passed over with a note, loops are
/// named, and only regular files are read. Every link and FIFO is made in a temporary folder and points
/// at files the test makes outside it, never at the system's own. An extension of the serialized
/// `CLITests`: `ripple(…)` changes the working folder.
extension CLITests {
    /// A temporary folder holding `App/` with one view, and `outside/` with a secret that a syntax error
    /// would print as its source line if it were ever read.
    private func appBesideASecret() throws -> (folder: URL, app: String, outside: String) {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App").path, outside = folder.appendingPathComponent("outside").path
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "struct RootView: View {\n    var body: some View { Text(\"hi\") }\n}\n".write(toFile: app + "/RootView.swift", atomically: true, encoding: .utf8)
        try "CI_TOKEN=hunter2 {{{\n".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try "let leaked = CI_TOKEN_hunter2 {{{\n".write(toFile: outside + "/Leak.swift", atomically: true, encoding: .utf8)
        return (folder, app, outside)
    }

    @Test func aLinkOutOfTheFolderIsNotRead() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: app + "/Env.swift", withDestinationPath: outside + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: app + "/Shared", withDestinationPath: "../outside")
        let result = ripple("parse", app)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("hunter2"))
        #expect(result.stderr.contains("note: '\(app)/Env.swift' was not read: it is a symbolic link that leads outside '\(app)'\n"))
        #expect(result.stderr.contains("note: '\(app)/Shared' was not read: it is a symbolic link that leads outside '\(app)'\n"))
        #expect(result.stdout.contains("RootView  [RootView]"))
    }

    /// A link to `/` is a link out like any other: the walk does not cover the file system.
    @Test func aLinkToTheRootFolderIsNotFollowed() throws {
        let (folder, app, _) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: app + "/everything", withDestinationPath: "/")
        let clock = ContinuousClock(), start = clock.now
        let result = ripple("parse", app)
        #expect(clock.now - start < .seconds(10))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: '\(app)/everything' was not read: it is a symbolic link that leads outside '\(app)'\n"))
    }

    /// Links that stay inside are followed, and a file reached under two names is read once.
    @Test func aLinkInsideTheFolderIsReadOnce() throws {
        let (folder, app, _) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: app + "/Rows", withIntermediateDirectories: true)
        try "struct Row: View {\n    var body: some View { Text(\"row\") }\n}\n".write(toFile: app + "/Rows/Row.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: app + "/Alias.swift", withDestinationPath: "Rows/Row.swift")
        try FileManager.default.createSymbolicLink(atPath: app + "/AlsoRows", withDestinationPath: "Rows")
        #expect(try SwiftSources.files(in: app).files == [app + "/Alias.swift", app + "/RootView.swift"])
        let result = ripple("parse", app, "--root", "RootView")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("was not read"))
    }

    /// A link to a folder that holds it is reported as a loop, and the rest of the folder is read.
    @Test func aFolderLoopIsReportedAsALoop() throws {
        let (folder, app, _) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(atPath: app + "/Sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: app + "/Sub/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: app + "/Sub/here", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: app + "/Self.swift", withDestinationPath: "Self.swift")
        let result = ripple("parse", app)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("limit: Swift files"))
        #expect(result.stderr.contains("note: '\(app)/Sub/up' was not read: it is a symbolic link to the folder '\(app)' that holds it (a loop)\n"))
        #expect(result.stderr.contains("note: '\(app)/Sub/here' was not read: it is a symbolic link to a folder that holds it (a loop)\n"))
        #expect(result.stderr.contains("note: '\(app)/Self.swift' was not read: it is a symbolic link to a file that does not exist\n"))
    }

    /// A FIFO or a socket named `.swift` in a folder is passed over at once, never waited on.
    @Test func onlyRegularFilesInAFolderAreRead() throws {
        let (folder, app, _) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(mkfifo(app + "/Pipe.swift", 0o600) == 0)
        let socketPath = app + "/Socket.swift"
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0)
        let clock = ContinuousClock(), start = clock.now
        let result = ripple("parse", app)
        #expect(clock.now - start < .seconds(10))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: '\(app)/Pipe.swift' was not read: it is a FIFO, not a regular file\n"))
        #expect(result.stderr.contains("note: '\(app)/Socket.swift' was not read: it is a socket, not a regular file\n"))
    }

    /// A FIFO named on the command line as Swift source is refused without opening it for a writer.
    @Test func aSwiftFileThatIsAFIFOIsAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("x.swift").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let clock = ContinuousClock(), start = clock.now
        let result = ripple("parse", fifo)
        #expect(clock.now - start < .seconds(10))
        #expect(result.status == 1)
        #expect(result.stderr == "error: cannot read '\(fifo)': it is a FIFO, not a regular file\n")
    }

    /// A scenario FIFO is read as a stream, but one that nothing writes to is given up after a while.
    @Test func aScenarioFIFOWithoutAWriterIsNotWaitedForForever() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("x.ripple").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let clock = ContinuousClock(), start = clock.now
        let result = ripple("check", fifo)
        #expect(clock.now - start < .seconds(FileSystem.streamWait + 8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot read '\(fifo)': nothing wrote to it or closed it within \(FileSystem.streamWait) seconds\n"))
    }

    /// `source "…"` may name a folder anywhere; inside it, the folder rule holds.
    @Test func aScenarioSourceFolderIsWalkedUnderTheSameRule() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: app + "/Leak.swift", withDestinationPath: outside + "/Leak.swift")
        let scenarios = folder.appendingPathComponent("scenarios").path
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        try "scenario \"t\"\nsource \"../App\"\n".write(toFile: scenarios + "/app.ripple", atomically: true, encoding: .utf8)
        let result = ripple("parse", scenarios + "/app.ripple")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("hunter2"))
        #expect(result.stderr.contains("note: '\(scenarios)/../App/Leak.swift' was not read: it is a symbolic link that leads outside '\(scenarios)/../App'\n"))
    }

    /// A file `source` names must be Swift source under its real name too: a link named `.swift` to
    /// another file is refused before it is read.
    @Test func aScenarioSourceFileMustBeSwiftSource() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: app + "/Env.swift", withDestinationPath: outside + "/secret.txt")
        for name in ["App/Env.swift", "outside/secret.txt"] {
            try "scenario \"t\"\nsource \"\(name)\"\n".write(toFile: folder.path + "/app.ripple", atomically: true, encoding: .utf8)
            let result = ripple("parse", folder.path + "/app.ripple")
            #expect(result.status == 1)
            #expect(!(result.stdout + result.stderr).contains("hunter2"))
            #expect(result.stderr.contains("app.ripple:2:8: error: 'source' reads '.swift' files and folders; '\(folder.path)/\(name)' is neither\n"))
        }
    }
}
