import Foundation
import Testing
@testable import RippleCLI

/// `--settings FILE` (a target's `.ripple-lint`, which the build-tool plugin passes): what each line sets.
@Suite(.serialized) struct LintSettingsTests {
    static let file = "/app/Sources/Screens/.ripple-lint"

    func settings(_ text: String) throws(UsageError) -> [String] {
        try LintSettings(text: text, file: Self.file).values.flatMap { ["--" + $0.name, $0.value] }
    }

    func message(_ text: String) -> String? {
        do {
            _ = try settings(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func eachSettingIsTheAuditsOption() throws {
        #expect(try settings("# budgets\nmax-wasted 10\n\nmax-stale = 0   # none\nmin-coverage: 50\r\nroot\tUserList\n")
                == ["--max-wasted", "10", "--max-stale", "0", "--min-coverage", "50", "--root", "UserList"])
        #expect(try settings("") == [] && settings("# only a comment\n   \n") == [])
        #expect(try settings("define DEBUG,BETA") == ["--define", "DEBUG,BETA"], "a value is passed as it is; ripple audit checks it")
        #expect(try settings("visible-rows 20") == ["--visible-rows", "20"])
    }

    @Test func aBadLineIsAnErrorAtItsLine() {
        let names = ".ripple-lint sets max-wasted, max-stale, min-coverage, root, os, define, rows, visible-rows"
        #expect(message("max-wasted 1\nmax-evaluations 3\n") == "\(Self.file):2: unknown setting 'max-evaluations'; \(names)")
        #expect(message("max-stale =\n") == "\(Self.file):1: 'max-stale' needs a value")
        #expect(message("max-wasted 1\n# again\nmax-wasted 2") == "\(Self.file):3: 'max-wasted' is set twice")
        #expect(message("--max-wasted 1") == "\(Self.file):1: unknown setting '--max-wasted'; \(names)", "a name, not an option")
    }

    @Test func theAuditTakesItsBudgetsFromTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".ripple-lint")
        try "max-wasted 2 # three are wasted\n".write(to: file, atomically: true, encoding: .utf8)
        let over = ripple("audit", WarningsFormatTests.screens, "--format", "warnings", "--settings", file.path)
        #expect(over.status == 1)
        #expect(over.stdout.hasPrefix(WarningsFormatTests.line("error") + "error: ripple: the audit found 3 wasted evaluations, over the budget of 2"))
        // No file sets nothing.
        let none = ripple("audit", WarningsFormatTests.screens, "--format", "warnings", "--settings", folder.appendingPathComponent("none").path)
        #expect(none == (0, WarningsFormatTests.line("warning"), ""))
        let twice = ripple("audit", WarningsFormatTests.screens, "--format", "warnings", "--settings", file.path, "--max-wasted", "5")
        #expect(twice.status == 64)
        #expect(twice.stderr.hasPrefix("error: '--max-wasted' is given on the command line and in the settings '\(file.path)'; give it once\n"))
        try "max-wasted ten\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(ripple("audit", WarningsFormatTests.screens, "--format", "warnings", "--settings", file.path).status == 64, "ripple audit checks the value")
        try "max-evaluations 3\n".write(to: file, atomically: true, encoding: .utf8)
        let unknown = ripple("audit", WarningsFormatTests.screens, "--format", "warnings", "--settings", file.path)
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("error: \(file.path):1: unknown setting 'max-evaluations'"))
        let text = ripple("audit", WarningsFormatTests.screens, "--settings", file.path)
        #expect(text.status == 64 && text.stderr.hasPrefix("error: --settings goes with --format warnings\n"))
    }
}
