import Foundation
import Testing
@testable import RippleCLI
import RippleSwift

/// What the command line prints says what happened, and no input can make it say more. An extension of
/// the serialized `CLITests`: `ripple(…)` changes the working folder.
extension CLITests {
    /// A line feed in a file name is printed `\n`: the name cannot print a line of its own that a CI
    /// problem matcher would read as a diagnostic.
    @Test(arguments: ["Broken.ripple", "Broken.swift"])
    func aFileNameCannotForgeADiagnosticLine(_ suffix: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "x\nforged.swift:1:1: error: all is well\r" + suffix
        try "struct Broken: View {\n    var body: some View { Text(\"x\" }\n}\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        for command in ["check", "parse", "audit"] {
            let result = ripple(command, folder.path)
            #expect(result.status == 1, "\(command)")
            let lines = (result.stdout + result.stderr).split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("forged.swift") }, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("\(folder.path)/x\\nforged.swift:1:1: error: all is well\\r\(suffix):"), "\(command): \(result.stderr)")
        }
    }

    @Test func aMessageCannotForgeALineEither() throws {
        let result = ripple("parse", "no\nforged.ripple:1:1: error: x")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: no such file or folder 'no\\nforged.ripple:1:1: error: x'\nUSAGE: "))
    }

    /// `--jobs` above the number of cores runs one thread per core.
    @Test func jobsAreCappedAtTheNumberOfCores() throws {
        #expect(try AuditCommand.jobs("100000") == ParallelWork.threadCount)
        #expect(try AuditCommand.jobs("1") == 1)
        #expect(throws: UsageError.self) { try AuditCommand.jobs("0") }
        let result = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--jobs", "100000")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A file that does not load prints its errors and no table: "no actions found" would say the code has none.
    @Test func anAuditThatLoadedNothingPrintsNoTable() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.ripple")
        try "scenario \"t\"\nstruct V: View { var body: some View { Txt() } }\n".write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("audit", file.path)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("1 error in \(file.path)"))
    }

    /// `--os` takes the systems `os(…)` names, and nothing else reaches the build configuration.
    @Test func osMustBeAKnownSystem() {
        let result = ripple("parse", "Scenarios/apps/settings", "--os", "i\u{1B}]0;owned\u{07}OS")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: unknown system 'i\\u{1B}]0;owned\\u{7}OS' for '--os'; expected one of 'iOS', 'macOS', 'watchOS', 'tvOS', 'visionOS', 'Linux', 'Windows', 'Android', 'FreeBSD', 'OpenBSD', 'WASI'\n"))
        let typo = ripple("parse", "Scenarios/apps/settings", "--os", "macos")
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("error: unknown system 'macos' for '--os'; expected one of 'iOS', 'macOS', 'watchOS', 'tvOS', 'visionOS', 'Linux', 'Windows', 'Android', 'FreeBSD', 'OpenBSD', 'WASI'; did you mean 'macOS'?\n"))
        #expect(ripple("parse", "Scenarios/apps/settings", "--os", "macOS").status == 0)
    }
}
