import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore

/// Names with terminal control sequences reach the terminal as visible escapes, from every command.
extension CLITests {
    static let escapes = "Tests/Fixtures/Hostile/terminal-escapes.ripple"

    /// Fails with the first control character other than line feed and tab.
    private func expectNoControlCharacters(_ text: String, _ what: String) {
        let control = text.unicodeScalars.first { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) }
        #expect(control == nil, "\(what) prints U+\(String(control?.value ?? 0, radix: 16))")
    }

    @Test func noCommandPrintsAControlCharacterFromAName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.ripple")
        try Data("scenario \"t\"\nstruct Root: View {\n    var body: some View { Text(\"a\") }\n}\nstep \"\\u{1B}]0;x\\u{7}\" { nope = 1 }\n".utf8).write(to: broken)
        // Which commands print a name at all: JSON escapes control characters itself, a passing check names none.
        let runs: [(String, [String], showsName: Bool)] = [
            ("run", ["run", Self.escapes], true),
            ("run as JSON", ["run", Self.escapes, "--format", "json"], false),
            ("parse", ["parse", Self.escapes], true),
            ("check", ["check", Self.escapes], false),
            ("render", ["render", Self.escapes, "-o", folder.appendingPathComponent("out").path], true),
            ("a load error", ["run", broken.path], true),
        ]
        for (what, arguments, showsName) in runs {
            let result = ripple(arguments)
            expectNoControlCharacters(result.stdout, what)
            expectNoControlCharacters(result.stderr, what)
            if showsName { #expect((result.stdout + result.stderr).contains("\\u{1B}"), "\(what) shows the escape") }
        }
    }

    @Test(arguments: [
        ("plain text, emoji 🎉 and tabs\tstay", "plain text, emoji 🎉 and tabs\tstay"),
        ("\u{1B}]0;title\u{7}", "\\u{1B}]0;title\\u{7}"),
        ("line\rover", "line\\u{D}over"),
        ("c1 \u{9B}31m del \u{7F}", "c1 \\u{9B}31m del \\u{7F}"),
        ("lines\nstay", "lines\nstay"),
    ])
    func terminalText(_ text: String, _ shown: String) {
        #expect(TerminalText.sanitized(text) == shown)
    }
}
