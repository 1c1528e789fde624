import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

/// Nothing Ripple prints is a GitHub workflow command, but the annotations of `--format github`: no
/// line of standard output or standard error starts with `::` after its leading whitespace, and none
/// holds `##[`, which the runner matches anywhere in a line.
extension CLITests {
    /// Whether a line is a workflow command to GitHub's runner: `::` after leading whitespace, or `##[`.
    private func isWorkflowCommand(_ line: Substring) -> Bool {
        line.drop { $0.isWhitespace }.hasPrefix("::") || line.contains("##[")
    }

    /// Every string in a JSON document.
    private func strings(in json: Any) -> [String] {
        switch json {
        case let text as String: [text]
        case let array as [Any]: array.flatMap { strings(in: $0) }
        case let object as [String: Any]: object.values.flatMap { strings(in: $0) }
        default: []
        }
    }

    @Test func noOutputIsAWorkflowCommand() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "::error file=x.swift,line=1::forged ##[warning]legacy"
        // A scenario whose step is named like commands, and one whose source lines are commands.
        let named = folder.appendingPathComponent("named.ripple")
        try String(contentsOfFile: repository.appendingPathComponent("Scenarios/list-rows.ripple").path, encoding: .utf8)
            .replacingOccurrences(of: "\"rename Brian\"", with: "\"\(name)\"")
            .write(to: named, atomically: false, encoding: .utf8)
        let broken = folder.appendingPathComponent("broken.ripple")
        try "scenario \"t\"\n  ::add-mask::hunter2\n::stop-commands::token\nlet x = [1] ##[error]x\n".write(to: broken, atomically: false, encoding: .utf8)
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let source = "import SwiftUI\n@Observable final class Model { var n = 0 }\nstruct RootView: View {\n    @State private var model = Model()\n"
            + "    var body: some View {\n        VStack {\n            Button(\"##[error]tap\") { model.n += 1 }\n            Row(model: model)\n            Row(model: model)\n        }\n    }\n}\n"
            + "struct Row: View {\n    let model: Model\n    var body: some View { Text(\"row\") }\n}\n"
        try source.write(to: app.appendingPathComponent("Root.swift"), atomically: false, encoding: .utf8)
        let runs: [[String]] = [
            ["run", named.path], ["run", named.path, "--verbose"], ["run", named.path, "--format", "json"], ["parse", named.path],
            ["check", named.path], ["check", broken.path], ["run", broken.path], ["parse", broken.path],
            ["render", named.path, "-o", folder.appendingPathComponent("out").path],
            ["audit", named.path], ["audit", app.path], ["audit", app.path, "--format", "json"], ["audit", app.path, "--format", "sarif"],
            ["audit", app.path, "--format", "warnings"], ["audit", app.path, "--format", "github"], ["audit", named.path, "--format", "github"],
        ]
        for arguments in runs {
            let result = ripple(arguments)
            let what = arguments.dropLast(arguments.last!.hasPrefix("/") ? 1 : 0).joined(separator: " ")
            let annotates = arguments.contains("github")
            for line in result.stderr.split(separator: "\n") {
                #expect(!isWorkflowCommand(line), "\(what), standard error: \(line)")
            }
            for line in result.stdout.split(separator: "\n") {
                if annotates && line.hasPrefix("::") {
                    #expect(["::warning ", "::error ", "::notice "].contains { line.hasPrefix($0) } && !line.contains("##["), "\(what): \(line)")
                } else {
                    #expect(!isWorkflowCommand(line), "\(what), standard output: \(line)")
                }
            }
            if arguments.contains("json") || arguments.contains("sarif") {
                // JSON's own escapes keep the document valid and every name as written.
                let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                if arguments.contains("json") {
                    #expect(strings(in: document).contains { $0.contains(name) || $0.contains("##[error]tap") }, "\(what)")
                }
            }
        }
        // The source lines are shown, after a bar, with their commands escaped.
        let check = ripple("check", broken.path)
        #expect(check.stderr.contains("\n  |   ::add-mask::hunter2\n"), "\(check.stderr)")
        #expect(check.stderr.contains("  | let x = [1] ##\\u{5B}error]x\n"), "\(check.stderr)")
    }
}
