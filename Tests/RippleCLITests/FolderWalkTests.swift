import Foundation
import Testing
@testable import RippleCLI
import RippleCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    // MARK: - Scenario folders, settings, baselines and output folders

    /// A scenario folder beside `outside/secret.txt`, holding one scenario and `env.ripple`, a link to the
    /// secret: every command that reads the folder passes the link over with a note and prints nothing of it.
    @Test func aScenarioLinkOutOfTheFolderIsNotRead() throws {
        let (folder, _, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("scenarios").path
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        try "scenario \"t\"\nstruct Root: View {\n    var body: some View { Text(\"a\") }\n}\n".write(toFile: scenarios + "/a.ripple", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scenarios + "/env.ripple", withDestinationPath: outside + "/secret.txt")
        let note = "note: '\(scenarios)/env.ripple' was not read: it is a symbolic link that leads outside '\(scenarios)'\n"
        for arguments in [["check", scenarios], ["run", scenarios], ["parse", scenarios], ["audit", scenarios],
                          ["render", scenarios, "-o", folder.appendingPathComponent("out").path]] {
            let result = ripple(arguments)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("hunter2"), "\(arguments[0])")
            #expect(result.stderr.contains(note), "\(arguments[0]): \(result.stderr)")
        }
        // A link that stays inside the folder is read, once.
        try FileManager.default.removeItem(atPath: scenarios + "/env.ripple")
        try FileManager.default.createSymbolicLink(atPath: scenarios + "/b.ripple", withDestinationPath: "a.ripple")
        try FileManager.default.createDirectory(atPath: scenarios + "/more", withIntermediateDirectories: true)
        try "scenario \"u\"\nstruct Root: View {\n    var body: some View { Text(\"b\") }\n}\n".write(toFile: scenarios + "/more/u.ripple", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scenarios + "/c.ripple", withDestinationPath: "more/u.ripple")
        let inside = ripple("check", scenarios)
        #expect(inside.status == 0 && !inside.stderr.contains("was not read"), "\(inside.stderr)")
        #expect(inside.stdout.contains("'\(scenarios)/c.ripple'") || inside.stdout.contains("\(scenarios)/c.ripple"), "\(inside.stdout)")
        #expect(!inside.stdout.contains("\(scenarios)/b.ripple"), "a second name of a.ripple is not checked again: \(inside.stdout)")
    }

    /// A target's `.ripple-lint` that links out of the target is not read: a note names it and nothing of
    /// the file is printed, not even its first word. One that links inside the target is read.
    @Test func lintSettingsAreNotReadThroughALinkOutOfTheTarget() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = app + "/" + LintSettings.fileName
        try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: outside + "/secret.txt")
        let result = ripple("audit", app, "--format", "warnings", "--settings", settings)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("CI_TOKEN") && !(result.stdout + result.stderr).contains("hunter2"))
        #expect(result.stderr == "note: '\(settings)' was not read: it is a symbolic link that leads outside '\(app)'\n")
        try FileManager.default.removeItem(atPath: settings)
        try FileManager.default.createDirectory(atPath: app + "/Config", withIntermediateDirectories: true)
        try "min-coverage 101\n".write(toFile: app + "/Config/lint.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: settings, withDestinationPath: "Config/lint.txt")
        let inside = ripple("audit", app, "--format", "warnings", "--settings", settings)
        #expect(inside.status == 64 && inside.stderr.contains("--min-coverage"), "the settings inside the target are read: \(inside.stderr)")
    }

    /// Makes `.build/NAME`, in the tests' working folder (the repository), a link to `target`; `.build`
    /// is the build's scratch folder, which no walk reads.
    private func linkInTheWorkingFolder(to target: String) throws -> String {
        let name = ".build/ripple-link-\(UUID().uuidString)"
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent(name).path, withDestinationPath: target)
        return name
    }

    /// A baseline named through a link in the working folder that leads out of it is refused unread;
    /// one named by a path outside the working folder, with no link of the checkout's, is read.
    @Test func aBaselineThroughALinkOutOfTheWorkingFolderIsRefused() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = ripple("audit", app, "--format", "json")
        try saved.stdout.write(toFile: outside + "/baseline.json", atomically: true, encoding: .utf8)
        for target in [outside + "/secret.txt", outside + "/baseline.json", outside] {
            let link = try linkInTheWorkingFolder(to: target)
            defer { try? FileManager.default.removeItem(at: repository.appendingPathComponent(link)) }
            let path = target == outside ? link + "/baseline.json" : link
            let result = ripple("audit", app, "--baseline", path)
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("error: cannot read the baseline '\(path)': '\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'\n"),
                    "\(result.stderr)")
            #expect(!(result.stdout + result.stderr).contains("hunter2"))
        }
        let direct = ripple("audit", app, "--baseline", outside + "/baseline.json")
        #expect(direct.status == 0, "\(direct.stderr)")
    }

    /// `-o` that is, or lies under, a link in the working folder leading out of it is refused before
    /// anything is written, for a render, an audit's report and an emitted variant.
    @Test func anOutputFolderThroughALinkOutOfTheWorkingFolderIsRefused() throws {
        let elsewhere = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let link = try linkInTheWorkingFolder(to: elsewhere.path)
        defer { try? FileManager.default.removeItem(at: repository.appendingPathComponent(link)) }
        let refusal = "'\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'; choose another output folder with -o\n"
        for output in [link, link + "/reports"] {
            let render = ripple("render", "Scenarios/list-rows.ripple", "-o", output)
            #expect(render.status == 64)
            #expect(render.stderr.hasPrefix("error: refusing to write into '\(output)': " + refusal), "\(render.stderr)")
            let audit = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--format", "html", "-o", output)
            #expect(audit.status == 64)
            #expect(audit.stderr.hasPrefix("error: refusing to write into '\(output)': " + refusal), "\(audit.stderr)")
            let variant = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--emit-variant", "fixed", "-o", output)
            #expect(variant.status == 64)
            #expect(variant.stderr.hasPrefix("error: refusing to write the variant into '\(output)': " + refusal), "\(variant.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [], "nothing is written into the folder the link leads to")
    }

    /// The rule for a path the command line names: only a link inside the working folder that leads out
    /// of it refuses the path; links outside the working folder, and links that stay inside, do not.
    @Test func whichLinksLeadOutOfTheWorkingFolder() throws {
        let elsewhere = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let link = try linkInTheWorkingFolder(to: elsewhere.path)
        defer { try? FileManager.default.removeItem(at: repository.appendingPathComponent(link)) }
        let inside = try linkInTheWorkingFolder(to: repository.appendingPathComponent("Scenarios").path)
        defer { try? FileManager.default.removeItem(at: repository.appendingPathComponent(inside)) }
        let previous = FileManager.default.currentDirectoryPath
        try #require(FileManager.default.changeCurrentDirectoryPath(repository.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let out = "'\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'"
        #expect(FolderWalk.linkOutOfTheWorkingFolder(link) == out)
        #expect(FolderWalk.linkOutOfTheWorkingFolder(link + "/a/b") == out)
        #expect(FolderWalk.linkOutOfTheWorkingFolder("./" + link + "/") == "'./\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'")
        #expect(FolderWalk.linkOutOfTheWorkingFolder(repository.path + "/" + link) == "'\(repository.path)/\(link)' is a symbolic link that leads outside the working folder '\(repository.path)'")
        #expect(FolderWalk.linkOutOfTheWorkingFolder(inside + "/list-rows.ripple") == nil)
        #expect(FolderWalk.linkOutOfTheWorkingFolder("Output") == nil)
        #expect(FolderWalk.linkOutOfTheWorkingFolder(elsewhere.path + "/x") == nil)
    }

    /// docs/Reliability.md and docs/CI.md state the rules in the words the code prints.
    @Test func theDocsStateTheRulesInTheCodesWords() throws {
        let (folder, app, outside) = try appBesideASecret()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: app + "/Env.swift", withDestinationPath: outside + "/secret.txt")
        let note = try #require(FolderWalk.files(in: app, .swiftSource).skipped.first)
        #expect(note.hasSuffix("was not read: it is a symbolic link that leads outside '\(app)'"))
        let reliability = try String(contentsOf: repository.appendingPathComponent("docs/Reliability.md"), encoding: .utf8)
        let ci = try String(contentsOf: repository.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        var guarded = WorkflowCommandGuard()
        let escaped = guarded.filter("::x ##[y\n")
        #expect(escaped == #":\u{3A}x ##\u{5B}y"# + "\n")
        for (name, doc) in [("Reliability.md", reliability), ("CI.md", ci)] {
            #expect(doc.contains("was not read: it is a symbolic link that leads outside '"), "\(name)")
            #expect(doc.contains("is a symbolic link that leads outside the working folder '"), "\(name)")
            #expect(doc.contains("`\(DiagnosticPrinter.excerptPrefix)`"), "\(name)")
            #expect(doc.contains("`:\\u{3A}`") && doc.contains("`##\\u{5B}`"), "\(name)")
        }
        #expect(reliability.contains("`FolderWalk.files(in:_:)`") && reliability.contains("`WorkflowCommandGuard`"))
        // The limit on a scenarios folder, as the walk reports it.
        let scenarios = folder.appendingPathComponent("many").path
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        for index in 0...FolderWalk.Kind.scenarios.maximumFiles {
            #expect(FileManager.default.createFile(atPath: scenarios + "/s\(index).ripple", contents: nil))
        }
        let many = ripple("check", scenarios)
        #expect(many.status == 64)
        let limit = "'\(scenarios)' holds more than 5000 '.ripple' files (limit: scenario files)"
        #expect(many.stderr.hasPrefix("error: " + limit + "\n"), "\(many.stderr)")
        #expect(reliability.contains(limit.replacingOccurrences(of: scenarios, with: "DIR")))
        #expect(reliability.contains("Scenarios/task-list.ripple:12:27: error: unknown view 'UserRw'; did you mean 'UserRow'?\n"
            + DiagnosticPrinter.excerptPrefix + "struct Root: View { var body: some View { UserRw() } }\n"
            + DiagnosticPrinter.excerptPrefix + String(repeating: " ", count: 42) + "^\n"))
    }
}
