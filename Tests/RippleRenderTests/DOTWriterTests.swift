import Testing
import RippleCore
@testable import RippleRender

@Suite struct DOTWriterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var dot: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: #"a "quoted" name"#, dot: #""a \"quoted\" name""#),
        Case(name: #"back\slash"#, dot: #""back\\slash""#),
        Case(name: "<script>alert(1)</script> & more", dot: "\"<script>alert(1)</script> & more\""),
        Case(name: "two\nlines", dot: #""two\nlines""#),
        Case(name: "Café 🎉 \u{202E}rtl", dot: #""Café 🎉 \\u{202E}rtl""#),
        Case(name: "bell\u{7}", dot: #""bell\\u{7}""#),
        Case(name: "title\u{1B}]0;owned\u{7}", dot: #""title\\u{1B}]0;owned\\u{7}""#),
    ])
    func quoting(_ testCase: Case) {
        #expect(DOTWriter.quoted(testCase.name) == testCase.dot)
    }

    @Test func hostileNamesSurviveGraphvizAsWritten() throws {
        let names = [#"say "hi""#, #"C:\path"#, "<script>alert(1)</script>", "a & b", "Café 🎉", "\u{202E}txt.exe"]
        var writer = DOTWriter(name: "names")
        for (index, name) in names.enumerated() { writer.node("n\(index)", [(.label, .text(name)), (.id, "n\(index)")]) }
        let svg = try Graphviz.renderSVG(dot: writer.text)
        let texts = try SVGDocument(svg).texts
        for name in names {
            // An invisible character is drawn as its Swift escape, as standard output shows it.
            #expect(texts.contains(TerminalText.sanitized(name)), "'\(name)' is drawn as written, an invisible character escaped")
        }
        #expect(!svg.contains("<script>"), "no markup survives unescaped")
    }

    @Test func leftAlignedLabelsEscapeEachLine() {
        #expect(DOTValue.leftAligned(["Row", #"let "x": Int"#]).quoted == #""Row\llet \"x\": Int\l""#)
    }

    @Test func escapingForHTML() {
        #expect(XML.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test(arguments: [
        ("List rows", "list-rows"), ("../../etc/passwd", "etc-passwd"), ("Ünïcödé only", "n-c-d-only"),
        ("🎉", "untitled"), ("A/B\\C", "a-b-c"), ("  spaced  out  ", "spaced-out"),
    ])
    func safeFileNames(_ name: String, _ slug: String) {
        #expect(FileName.slug(name) == slug)
        #expect(!FileName.slug(name).contains("/") && !FileName.slug(name).contains(".."))
    }

    @Test func namesThatDifferOnlyInCaseOrPunctuationDoNotClash() {
        #expect(FileName.distinctSlugs(["Step", "step", "STEP!", "step?"]) == ["step", "step-2", "step-3", "step-4"])
    }
}
