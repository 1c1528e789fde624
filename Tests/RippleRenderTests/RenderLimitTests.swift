import Foundation
import Testing
@testable import RippleCore
import RippleSwift
@testable import RippleRender

/// What is handed to graphviz is bounded, whatever the scenario's size; the report stays whole.
@Suite struct RenderLimitTests {
    /// Rows of rows, six under each parent so that none is folded: 6 + 36 + 216 + 1,296 instances.
    static let deepRows = """
    scenario "rows of rows"
    struct Root: View {
        @State private var n = 0
        var body: some View {
            Text("\\(n)")
            ForEach(0..<6, id: \\.self) { i in A() }
        }
    }
    struct A: View { var body: some View { ForEach(0..<6, id: \\.self) { i in B() } } }
    struct B: View { var body: some View { ForEach(0..<6, id: \\.self) { i in C() } } }
    struct C: View { var body: some View { ForEach(0..<6, id: \\.self) { i in D() } } }
    struct D: View { var body: some View { Text("d") } }
    step "bump" { Root.n = 1 }
    """

    @Test func aGraphOverTheNodeLimitIsASummaryThatNamesTheLimit() throws {
        let scenario = try Scenario(source: Self.deepRows, file: "deep.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "deep")
        let dot = try #require(rendered.files.first { $0.path == "main.dot" }?.contents)
        #expect(!dot.contains("class=\"view\""), "no instance is handed to graphviz")
        #expect(dot.contains("(limit: graph size)"))
        let warning = try #require(rendered.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.hasPrefix("main's graph has 1,"))
        #expect(warning.message.contains("Ripple lays out at most 1,000 nodes and 3,000 edges (limit: graph size)"))
        // The rest of the report is whole: every step's picture, the trace, the page.
        #expect(rendered.files.contains { $0.path == "main-bump.svg" })
        let trace = try #require(rendered.files.first { $0.path == "trace.txt" }?.contents)
        #expect(trace.contains("step \"bump\""))
        let page = try #require(rendered.files.first { $0.path == "index.html" }?.contents)
        #expect(page.contains("class=\"omission\""))
    }

    @Test func theDocsGiveTheRenderLimits() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let reliability = try String(contentsOf: docs.appendingPathComponent("docs/Reliability.md"), encoding: .utf8)
        let nodes = DependencyDiagram.formatted(RenderLimits.maximumNodes), edges = DependencyDiagram.formatted(RenderLimits.maximumEdges)
        #expect(reliability.contains("Ripple lays out at most \(nodes) nodes and \(edges) edges (limit: graph size)"))
        #expect(reliability.contains("the pictures show the first \(RenderLimits.maximumVariantsDrawn) and the rest are in the trace only (limit: variants drawn)"))
    }

    @Test func aGraphAtTheLimitIsDrawnInFull() throws {
        // One level less: 6 + 36 + 216 rows and their storage, well under the limit.
        let source = Self.deepRows.replacingOccurrences(of: "i in D()", with: "i in Text(\"c\")")
        let rendered = try ScenarioRenderer.render(try Scenario(source: source, file: "deep.ripple"), folder: "deep")
        #expect(rendered.warnings.isEmpty)
        let dot = try #require(rendered.files.first { $0.path == "main.dot" }?.contents)
        #expect(dot.components(separatedBy: "class=\"view\"").count - 1 == 1 + 6 + 36 + 216)
    }

    /// circo's layout grows about with the cube of the graph: it lays out a graph a fifth of dot's, and
    /// one past that is a summary with a warning that names the engine, where dot draws it in full.
    @Test func eachLayoutEngineHasAGraphSizeOfItsOwn() throws {
        let children = (0..<80).map { "            Child(model: model, n: \($0))" }.joined(separator: "\n")
        let source = """
        scenario "dense"
        @Observable final class Model {
            var a = 1
            var b = 2
            var c = 3
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
        \(children)
                }
            }
        }
        struct Child: View {
            let model: Model
            let n: Int
            var body: some View { Text("\\(model.a) \\(model.b) \\(model.c) \\(n)") }
        }
        """
        let scenario = try Scenario(source: source, file: "dense.ripple")
        let circo = RenderLimits.graph(forEngine: "circo"), dot = RenderLimits.graph(forEngine: "dot")
        #expect(circo.nodes < dot.nodes && circo.edges < dot.edges)
        let byDot = try ScenarioRenderer.render(scenario, folder: "dense", formats: [.dot])
        #expect(byDot.warnings.isEmpty)
        let byCirco = try ScenarioRenderer.render(scenario, folder: "dense", formats: [.dot], engine: "circo")
        #expect(byCirco.warnings.map(\.message).contains { $0.contains("edges with circo (limit: graph size)") }, "\(byCirco.warnings)")
    }

    @Test func variantsPastTheLimitAreInTheTraceOnly() throws {
        let variants = (1...RenderLimits.maximumVariantsDrawn + 2).map { "variant \"v\($0)\" { }\n" }.joined()
        let source = "scenario \"many variants\"\nstruct Root: View {\n    @State private var n = 0\n    var body: some View { Text(\"\\(n)\") }\n}\n"
            + variants + "step \"bump\" { Root.n = 1 }\n"
        let scenario = try Scenario(source: source, file: "variants.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "variants")
        let svgs = Set(rendered.files.map(\.path).filter { $0.hasSuffix(".svg") })
        #expect(svgs.contains("v8.svg") && svgs.contains("v8-bump.svg"))
        #expect(!svgs.contains("v9.svg") && !svgs.contains("v9-bump.svg") && !svgs.contains("v10.svg"))
        #expect(rendered.variantFiles.map { $0 != nil } == Array(repeating: true, count: 8) + [false, false])
        let warning = try #require(rendered.warnings.first)
        #expect(warning.message == "the scenario has 10 variants; the pictures show the first 8 and the rest are in the trace only (limit: variants drawn)")
        #expect(warning.location.line == 14, "at the first variant not drawn")
        let trace = try #require(rendered.files.first { $0.path == "trace.txt" }?.contents)
        #expect(trace.contains("v10"))
    }

    @Test func linksAndThumbnailsNameTheFilesWritten() throws {
        // Variant `a`'s step `b` and variant `a-b` would both be `a-b.svg`.
        let source = """
        scenario "clash"
        struct Root: View {
            @State private var n = 0
            var body: some View { Text("\\(n)") }
        }
        variant "a" { }
        variant "a-b" { }
        step "b" { Root.n = 1 }
        """
        let rendered = try ScenarioRenderer.render(try Scenario(source: source, file: "clash.ripple"), folder: "clash")
        let files = Dictionary(uniqueKeysWithValues: rendered.files.map { ($0.path, $0.contents) })
        #expect(Set(files.keys.filter { $0.hasSuffix(".svg") }) == ["a.svg", "a-b.svg", "a-b-2.svg", "a-b-b.svg"])
        // `a-b.svg` is variant a-b's own picture; variant a's step b moved aside.
        // The graph's name is its title; graphviz writes `-` as `&#45;`.
        #expect(try #require(files["a-b.svg"]).contains("<title>ripple a&#45;b</title>"))
        #expect(try #require(files["a-b-2.svg"]).contains(">b — a: 1 evaluation"))
        let page = try #require(files["index.html"])
        #expect(page.contains(#"a-b <a href="a-b.svg">SVG</a> <a href="a-b.dot">DOT</a>"#))
        #expect(rendered.variantFiles == ["a", "a-b"])
        #expect(GallerySummary(rendered).variantFiles == ["a", "a-b"])
    }
}
