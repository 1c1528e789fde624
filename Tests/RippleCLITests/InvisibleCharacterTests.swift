import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore
import RippleRender

/// Characters that show nothing or reorder text (right-to-left overrides and isolates, zero-width
/// characters) in a string literal reach a person escaped, from every output: a label cannot read
/// backwards, and actions "Keep" and "Keep" + U+200B cannot look the same.
extension CLITests {
    static let invisible = "Tests/Fixtures/Hostile/invisible-in-strings.swift"

    /// Fails with the first invisible character the text holds.
    private func expectNoInvisibleCharacters(_ text: String, _ what: String) {
        let found = text.unicodeScalars.first(where: TerminalText.isInvisible)
        #expect(found == nil, "\(what) prints U+\(String(found?.value ?? 0, radix: 16, uppercase: true))")
    }

    @Test func auditAndParseShowInvisibleCharactersEscaped() {
        let audit = ripple("audit", Self.invisible)
        #expect(audit.status == 0, "\(audit.stderr)")
        expectNoInvisibleCharacters(audit.stdout + audit.stderr, "audit")
        #expect(audit.stdout.contains("tap Button \"Keep\\u{200B}\" in Root"))
        #expect(audit.stdout.contains("tap Button \"Keep\" in Root"))
        #expect(audit.stdout.contains("tap Button \"Drop\\u{202E}gnorw\" in Root"))
        let parse = ripple("parse", Self.invisible)
        expectNoInvisibleCharacters(parse.stdout + parse.stderr, "parse")
        #expect(parse.stdout.contains("label = \"\\u{202E}olleh\""))
    }

    @Test func theRootErrorShowsInvisibleCharactersEscaped() {
        let result = ripple("parse", Self.invisible, "--root", "Ro\u{202E}ot\u{2066}")
        #expect(result.status != 0)
        expectNoInvisibleCharacters(result.stderr, "the --root error")
        #expect(result.stderr.contains("the root 'Ro\\u{202E}ot\\u{2066}' is not a view the source declares"), "\(result.stderr)")
    }

    /// JSON escapes them as JSON does, `\u202E`, and decodes to the same string.
    @Test func jsonWritesInvisibleCharactersAsJSONEscapes() throws {
        let result = ripple("audit", Self.invisible, "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        expectNoInvisibleCharacters(result.stdout, "audit as JSON")
        #expect(result.stdout.contains("\"tap Button \\\"Keep\\u200B\\\" in Root\""))
        let decoded = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect("\(decoded)".contains("Drop\u{202E}gnorw"))
        #expect(TraceJSON.encode(value: ["a\u{FEFF}b\u{61C}"]) == "[\n  \"a\\uFEFFb\\u061C\"\n]")
        // Everything else is as `JSONEncoder` writes it.
        #expect(TraceJSON.encode(value: ["é 🎉 \u{2028}"]) == "[\n  \"é 🎉 \u{2028}\"\n]")
    }

    @Test func htmlShowsInvisibleCharactersAsVisibleEscapes() {
        #expect(XML.escape("Keep\u{200B} <b>\u{202E}") == "Keep\\u{200B} &lt;b&gt;\\u{202E}")
        #expect(XML.escape("é 🎉") == "é 🎉")
    }

    /// Emitted Swift keeps an escape an escape: `"\u{202E}"` read from the source is not written back raw.
    @Test func emittedSwiftKeepsInvisibleCharactersEscaped() {
        let string = ExprSyntax(.string([.text("\u{202E}olleh \u{200B}\u{2069}")]), at: SourceLocation(file: "t", line: 1, column: 1))
        #expect(SwiftPrinter().expression(string, level: 0) == "\"\\u{202E}olleh \\u{200B}\\u{2069}\"")
        #expect("tab\there\u{1B}".escapedForSwift == "tab\\there\\u{1b}")
    }
}
