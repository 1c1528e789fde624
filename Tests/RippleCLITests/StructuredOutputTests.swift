#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import Testing
@testable import RippleCLI
import RippleCore

/// Every structured output (JSON from `parse`, `run` and `audit`, SARIF, JUnit XML) stays a document its
/// parser reads when a label holds a character of every class a terminal or a reader treats specially,
/// and gives the label back: the terminal sanitiser never rewrites a document.
extension CLITests {
    /// One code point of each class: C0 controls (SOH, ESC), DEL, C1 controls (NEL, CSI), bidirectional
    /// controls (RLO, LRI), a zero-width space, a lone combining mark, and an astral character.
    static let everyClass = "a\u{1}\u{1B}b\u{7F}c\u{85}\u{9B}d\u{202E}\u{2066}e\u{200B}f\u{301}g\u{1F600}"

    /// A folder named `label` holding one app whose only button is labelled `label`, wasteful so that
    /// SARIF reports it; the scenario's title, which every JSON output carries, is the folder's name.
    private func appLabelled(_ label: String) throws -> URL {
        let folder = try temporaryFolder().appendingPathComponent(label)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let escaped = label.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? String($0) : TerminalText.swiftEscape($0) }.joined()
        try """
        import SwiftUI

        struct Root: View {
            @State private var count = 0
            var body: some View {
                VStack {
                    Text("\\(count)")
                    Other(action: { })
                    Button("\(escaped)") { count += 1 }
                }
            }
        }

        struct Other: View {
            let action: () -> Void
            var body: some View { Text("o") }
        }
        """.write(to: folder.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Every string a JSON document holds, at any depth.
    private func strings(in object: Any) -> [String] {
        switch object {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings)
        case let dictionary as [String: Any]: dictionary.keys.map { $0 } + dictionary.values.flatMap(strings)
        default: []
        }
    }

    @Test(arguments: [["audit", "--format", "json"], ["audit", "--format", "sarif"], ["parse", "--format", "json"], ["run", "--format", "json"]])
    func jsonOutputsRoundTripEveryCharacterClass(_ arguments: [String]) throws {
        let folder = try appLabelled(Self.everyClass)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let result = ripple([arguments[0], folder.path] + arguments.dropFirst())
        #expect(result.status == 0, "\(result.stderr)")
        // The document escapes each character a terminal acts on or shows nothing for.
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || TerminalText.isInvisible($0) })
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let found = strings(in: object).filter { $0.contains("a\u{1}\u{1B}b") }
        #expect(!found.isEmpty, "\(result.stdout.prefix(2000))")
        for text in found { #expect(text.contains(Self.everyClass), "\(text.debugDescription)") }
    }

    /// XML 1.0 cannot carry a C0 control even escaped: it is U+FFFD; invisible characters are shown as the
    /// text `\u{202E}`; everything else is as written.
    @Test func junitRoundTripsEveryCharacterClass() throws {
        let folder = try appLabelled(Self.everyClass)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let report = folder.appendingPathComponent("report.xml")
        let result = ripple("audit", folder.appendingPathComponent("App.swift").path, "--junit", report.path)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try XMLDocument(data: Data(contentsOf: report))
        let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
        let shown = "a\u{FFFD}\u{FFFD}b\u{7F}c\u{85}\u{9B}d\\u{202E}\\u{2066}e\\u{200B}f\u{301}g\u{1F600}"
        #expect(names.contains { $0.contains("\"" + shown + "\"") }, "\(names)")
    }
}

extension CLITests {
    /// A document reaches the output as written, neither sanitized nor coloured; text is both.
    @Test func aDocumentIsWrittenPastTheTerminalSanitiser() {
        let capture = Capture()
        var stream = TerminalSafeStream(OutcomeColouringStream(capture, enabled: true))
        stream.write(structured: "\"  wasted  \u{85}\"\n")
        stream.write("\u{85}")
        #expect(capture.text == "\"  wasted  \u{85}\"\n\\u{85}")
    }
}
