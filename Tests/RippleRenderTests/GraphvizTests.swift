#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import RippleRender
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct GraphvizTests {
    /// Named, because graphviz titles an anonymous graph from a process-wide counter
    /// (`%3`, `%5`, …), which would make identical input render differently.
    static let twoNodes = """
        digraph G {
          n1 [id="n1" class="needed" label="Root"];
          n2 [id="n2" class="skipped" label="Leaf"];
          n1 -> n2 [id="e1"];
        }
        """

    /// A binary tree with `nodes` nodes, `n0` at the root.
    static func tree(nodes: Int) -> String {
        let edges = (1..<nodes).map { "  n\(($0 - 1) / 2) -> n\($0);" }
        return "digraph G {\n\(edges.joined(separator: "\n"))\n}"
    }

    // MARK: - Success

    @Test func svgKeepsNodeIdsAndClasses() throws {
        let document = try XMLDocument(data: Data(try Graphviz.render(dot: Self.twoNodes)))

        let root = try #require(try document.nodes(forXPath: "//*[@id='n1']").first as? XMLElement)
        let leaf = try #require(try document.nodes(forXPath: "//*[@id='n2']").first as? XMLElement)
        let edge = try #require(try document.nodes(forXPath: "//*[@id='e1']").first as? XMLElement)
        #expect(classes(of: root) == ["node", "needed"])
        #expect(classes(of: leaf) == ["node", "skipped"])
        #expect(classes(of: edge) == ["edge"])
        #expect(root.stringValue?.contains("Root") == true)
    }

    @Test func svgConvenienceMatchesTheBytes() throws {
        let svg = try Graphviz.renderSVG(dot: Self.twoNodes)
        #expect(svg.hasPrefix("<?xml"))
        #expect(Array(svg.utf8) == (try Graphviz.render(dot: Self.twoNodes)))
    }

    @Test func otherFormatsAndEnginesRender() throws {
        let png = try Graphviz.render(dot: Self.twoNodes, engine: "neato", format: "png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func warningsDoNotFailTheRender() throws {
        let svg = try Graphviz.renderSVG(dot: #"digraph G { a [shape=nosuchshape] }"#)
        #expect(svg.contains("<title>a</title>"))
    }

    @Test func twoHundredNodesRender() throws {
        let document = try XMLDocument(data: Data(try Graphviz.render(dot: Self.tree(nodes: 200))))
        #expect(try document.nodes(forXPath: "//*[@class='node']").count == 200)
        #expect(try document.nodes(forXPath: "//*[@class='edge']").count == 199)
    }

    /// Eight threads, not tasks: the cooperative pool may have as few threads as cores,
    /// and graphviz only breaks when calls truly overlap (without the lock this crashes).
    @Test func concurrentRendersAllSucceedAndAgree() throws {
        let dot = Self.tree(nodes: 60)
        let expected = try Graphviz.render(dot: dot)
        let results = ResultBox(count: 8)
        let start = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for index in 0..<8 {
            finished.enter()
            Thread {
                start.wait()
                results.store(Result { () throws(GraphvizError) in try Graphviz.render(dot: dot) }, at: index)
                finished.leave()
            }.start()
        }
        for _ in 0..<8 { start.signal() }
        finished.wait()

        let outputs = try results.values.map { try #require($0).get() }
        #expect(outputs.count == 8)
        #expect(outputs.allSatisfy { $0 == expected })
    }

    // MARK: - Failures

    @Test func badDOTIsAParseError() throws {
        let error = try #require(renderError(dot: "digraph G { a -> }"))
        guard case .parse(let message) = error else {
            Issue.record("expected a parse error, got \(error)")
            return
        }
        #expect(message == "syntax error in line 1 near '}'")
    }

    @Test(arguments: ["", "   \n\t", "// only a comment\n"])
    func inputWithoutAGraphIsAParseError(dot: String) throws {
        let error = try #require(renderError(dot: dot))
        #expect(error == .parse(message: "the input holds no graph"))
    }

    /// The context is shared by every call, so a failure must leave nothing behind
    /// (parser state, pending render jobs) that changes the next render.
    @Test func failuresLeaveNoStateBehind() throws {
        let before = try Graphviz.render(dot: Self.twoNodes)
        #expect(renderError(dot: "digraph G { a -> ") != nil)
        #expect(renderError(dot: Self.twoNodes, engine: "nosuchengine") != nil)
        #expect(renderError(dot: Self.twoNodes, format: "nosuchformat") != nil)
        #expect(try Graphviz.render(dot: Self.twoNodes) == before)
    }

    /// Graphviz's lexer keeps its line count between parses: left alone, a failed parse of several lines
    /// shifts the line number in the next parse's message (about once in twenty runs of the suite).
    @Test func parseErrorsCountLinesFromTheirOwnInput() throws {
        for earlier in ["   \n\t", "digraph G {\n a ->\n}", "digraph G {\n a\n}\n", "\n\n\n"] {
            _ = renderError(dot: earlier)
            let error = try #require(renderError(dot: "digraph G { a -> }"))
            guard case .parse(let message) = error else {
                Issue.record("expected a parse error after \(earlier.debugDescription), got \(error)")
                continue
            }
            #expect(message == "syntax error in line 1 near '}'", "after \(earlier.debugDescription)")
        }
    }

    @Test func unknownEngineIsALayoutError() throws {
        let error = try #require(renderError(dot: Self.twoNodes, engine: "nosuchengine"))
        guard case .layout(engine: "nosuchengine", let message) = error else {
            Issue.record("expected a layout error for 'nosuchengine', got \(error)")
            return
        }
        #expect(message.contains(#""nosuchengine" not recognized"#))
        #expect(!message.contains("libgvc6-config-update"))
    }

    @Test func unknownFormatIsARenderError() throws {
        let error = try #require(renderError(dot: Self.twoNodes, format: "nosuchformat"))
        guard case .render(format: "nosuchformat", let message) = error else {
            Issue.record("expected a render error for 'nosuchformat', got \(error)")
            return
        }
        #expect(message.contains("nosuchformat"))
    }

    @Test func errorsDoNotLeakIntoTheNextCall() throws {
        _ = renderError(dot: Self.twoNodes, engine: "nosuchengine")
        let error = try #require(renderError(dot: Self.twoNodes, format: "nosuchformat"))
        #expect(!error.message.contains("nosuchengine"))
    }

    @Test(arguments: [
        (GraphvizError.parse(message: "m"), "graphviz could not read the DOT input: m"),
        (.layout(engine: "dot", message: "m"), "graphviz layout 'dot' failed: m"),
        (.render(format: "svg", message: "m"), "graphviz could not render 'svg': m"),
    ])
    func descriptionNamesTheStage(error: GraphvizError, expected: String) {
        #expect(error.description == expected)
    }

    // MARK: - Process-wide behaviour, checked in a child process

    @Test func nothingIsPrintedToStandardError() async {
        await #expect(processExitsWith: .success) {
            let path = NSTemporaryDirectory() + "ripple-graphviz-stderr-\(getpid())"
            let file = open(path, O_CREAT | O_TRUNC | O_RDWR, 0o600)
            guard file >= 0, dup2(file, STDERR_FILENO) >= 0 else { exit(2) }
            _ = try? Graphviz.render(dot: "digraph G { a -> }")
            _ = try? Graphviz.render(dot: "digraph G { a [shape=nosuchshape] }")
            _ = try? Graphviz.render(dot: "digraph G { a }", engine: "nosuchengine")
            _ = try? Graphviz.render(dot: "digraph G { a }", format: "nosuchformat")
            let written = lseek(file, 0, SEEK_END)
            unlink(path)
            exit(written == 0 ? 0 : 1)
        }
    }

    @Test func missingPluginConfigurationSaysHowToFixIt() async {
        await #expect(processExitsWith: .success) {
            // GVBINDIR points graphviz at an empty plugin folder, as if `config6a` were missing.
            let folder = NSTemporaryDirectory() + "ripple-graphviz-no-plugins-\(getpid())"
            mkdir(folder, 0o700)
            setenv("GVBINDIR", folder, 1)
            let error = renderError(dot: "digraph G { a }")
            rmdir(folder)
            guard case .layout(engine: "dot", let message) = error else { exit(2) }
            exit(message.contains("run 'libgvc6-config-update -c'") ? 0 : 3)
        }
    }
}

// MARK: - Helpers

private func renderError(dot: String, engine: String = "dot", format: String = "svg") -> GraphvizError? {
    do {
        _ = try Graphviz.render(dot: dot, engine: engine, format: format)
        return nil
    } catch {
        return error
    }
}

/// Reads `class` through `attributes`: on Linux, `attribute(forName:)` returns nil for
/// elements in SVG's default namespace.
private func classes(of element: XMLElement) -> [String] {
    let value = element.attributes?.first { $0.name == "class" }?.stringValue ?? ""
    return value.split(separator: " ").map(String.init)
}

/// Collects one result per thread; each thread writes only its own slot.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[UInt8], GraphvizError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ result: Result<[UInt8], GraphvizError>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
    }

    var values: [Result<[UInt8], GraphvizError>?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
