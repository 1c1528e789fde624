import Foundation
import Testing
@testable import RippleCore
import RippleSwift
@testable import RippleRender

private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Hostile")

private func hostile(_ name: String) throws -> Scenario {
    let url = fixtures.appendingPathComponent(name)
    return try Scenario(bytes: [UInt8](try Data(contentsOf: url)), file: name)
}

/// A name or value from a scenario fills one of Ripple's own attributes and nothing more.
@Suite struct InjectionTests {
    static let payloads = [
        #"" fontname="x\"><script>alert(1)</script>"#,
        #"" URL="javascript:alert(1)" target="_top"#,
        #"" stylesheet="https://example.com/x.css"#,
        #"" peripheries="2000" nodesep="100"#,
        #""]; node [shape=none]; x [label=""#,
        "\"\\\"",
    ]

    @Test(arguments: payloads)
    func aValueThatStartsWithAQuoteIsStillOneQuotedValue(_ payload: String) throws {
        var writer = DOTWriter(name: "g")
        writer.defaults(.graph, [(.label, .text(payload))])
        writer.node("n", [(.label, .text(payload)), (.id, "n")])
        writer.node("m", [(.label, .leftAligned([payload, payload]))])
        let svg = try Graphviz.renderSVG(dot: writer.text)
        try SVGSafety.check(svg)
        let document = try SVGDocument(svg)
        // Drawn as text, once as the graph's label and once as n's; m draws each line.
        #expect(document.texts.filter { $0 == payload }.count == 4)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("xlink:href"))
        #expect(!svg.contains("<?xml-stylesheet"))
        // Every text keeps the default font: no name reached `fontname`.
        let fonts = Set(svg.components(separatedBy: "font-family=\"").dropFirst().map { $0.prefix { $0 != "\"" } })
        #expect(fonts == ["Times,serif"])
    }

    @Test func everyAttributeValueIsWrittenQuoted() {
        var writer = DOTWriter(name: "g")
        writer.node("n", [(.label, #""already" quoted"#), (.shape, "box")])
        #expect(writer.text.contains(#""n" [label="\"already\" quoted", shape="box"];"#))
    }

    @Test func hostileFixturesRenderAndEveryPictureIsSafe() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".ripple") }.sorted()
        #expect(names.contains("dot-injection.ripple"))
        for name in names {
            let rendered = try ScenarioRenderer.render(try hostile(name), folder: "x")
            for file in rendered.files where file.path.hasSuffix(".svg") {
                #expect(throws: Never.self, "\(name): \(file.path)") { try SVGSafety.check(file.contents) }
            }
            let page = try #require(rendered.files.first { $0.path == "index.html" }?.contents)
            #expect(!page.contains("<script>document"), "\(name): no script from a name in the page")
        }
    }

    @Test func aStepNamedWithQuotesRendersAndIsDrawnAsWritten() throws {
        let rendered = try ScenarioRenderer.render(try hostile("dot-injection.ripple"), folder: "x")
        let svg = try #require(rendered.files.first { $0.path == "main-save-tapped.svg" }?.contents)
        let dot = try #require(rendered.files.first { $0.path == "main.dot" }?.contents)
        #expect(dot.contains(#"label="\" fontname=\"x\\\"><script>"#), "the longest title is the graph's label, quoted once")
        let key = #"" URL="javascript:document.documentElement.setAttribute('data-pwned','url')" stylesheet="https://example.com/x.css"#
        #expect(try SVGDocument(svg).texts.contains(key), "the @AppStorage key is a label, not attributes")
    }

    @Test func aGraphvizFailureIsReportedAtTheVariant() throws {
        let scenario = try hostile("dot-injection-layout.ripple")
        #expect {
            _ = try ScenarioRenderer.render(scenario, folder: "x", engine: "nonsense")
        } throws: { error in
            guard let error = error as? DiagnosticError, let first = error.diagnostics.first else { return false }
            return first.location == SourceLocation(file: "dot-injection-layout.ripple", line: 1, column: 1)
                && first.message.hasPrefix("variant 'main' could not be drawn: graphviz layout 'nonsense' failed")
        }
    }
}

/// The check on what graphviz returns, before it is written or inlined.
@Suite struct SVGSafetyTests {
    static let plain = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><g id="a" class="node"><title>a</title><polygon fill="url(#ripple-hatch)" points="0,0 1,1"/><text>a &lt;script&gt;</text></g></svg>"#

    /// An `id`, a `class` and a title are names, never followed: a screen named `javascript:x` is drawn.
    @Test func aURLSchemeInANameIsNoURL() throws {
        try SVGSafety.check(#"<svg><g id="javascript:alert(1)" class="data:text/html,x"><title>vbscript:x</title></g></svg>"#)
        let scenario = try Scenario(source: """
        scenario "javascript:alert(1)"
        struct Root: View { var body: some View { Text("x") } }
        variant "javascript:alert(1)" { }
        """, file: "named.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "x")
        #expect(rendered.files.contains { $0.path.hasSuffix(".svg") })
    }

    @Test func graphvizOutputAndRipplesStylesheetPass() throws {
        try SVGSafety.check(Self.plain)
        try SVGSafety.check(SVGHighlighter.prepare(try Graphviz.renderSVG(dot: "digraph { a -> b }")))
    }

    @Test(arguments: [
        ("<svg><script>alert(1)</script></svg>", "a <script> element"),
        ("<svg><foreignObject><div/></foreignObject></svg>", "a <foreignObject> element"),
        ("<svg><a xlink:href=\"https://example.com\"><text>x</text></a></svg>", "a <a> element"),
        ("<svg onload=\"alert(1)\"></svg>", "an event handler 'onload'"),
        ("<svg><g ONclick=\"alert(1)\"/></svg>", "an event handler 'ONclick'"),
        ("<svg><g style=\"fill:url(https://example.com/x)\"/></svg>", "a reference to 'url(https://example.com/x)'"),
        ("<svg><g fill=\"url( 'http://e/x')\"/></svg>", "a reference to 'url(http://e/x"),
        ("<svg><g style=\"java&#9;script:alert(1)\"/></svg>", "a 'javascript:' URL"),
        ("<svg><linearGradient href=\"data:text/html,x\"/></svg>", "a 'data:' URL"),
        ("<svg><g xlink:href=\" JavaScript:alert(1)\"/></svg>", "a 'javascript:' URL"),
        ("<svg><style>@import url(https://example.com/x.css);</style></svg>", "'@import'"),
        ("<svg><style><![CDATA[g { fill: url(http://e/x) }]]></style></svg>", "a reference to"),
        ("<?xml-stylesheet href=\"https://example.com/x.css\"?><svg/>", "prolog"),
        ("<svg><?xml-stylesheet href=\"x.css\"?></svg>", "a processing instruction"),
        ("<!DOCTYPE svg [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><svg>&e;</svg>", "prolog"),
        ("<html><svg/></html>", "prolog"),
        ("<svg><g></svg>", "not well-formed XML"),
        ("", "no <svg> element"),
    ])
    func refused(_ svg: String, _ reason: String) {
        #expect {
            try SVGSafety.check(svg)
        } throws: { error in
            (error as? SVGSafety.Violation)?.reason.contains(reason) == true
        }
    }
}
