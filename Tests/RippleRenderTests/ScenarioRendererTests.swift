import Foundation
import Testing
@testable import RippleCore
@testable import RippleRender
import RippleSwift

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Loads a bundled scenario as `ripple` does from the repository's root, with the app source a
/// `source` line names.
private func scenario(_ name: String) throws -> Scenario {
    let file = "Scenarios/\(name)"
    let source = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
    let reading = ScenarioFile.read(source: source, file: file)
    let syntax = reading.syntax
    guard reading.errors.isEmpty, !syntax.sources.isEmpty else { return try Scenario(reading: reading, file: file) }
    var module = SwiftModule()
    for reference in syntax.sources {
        let folder = "Scenarios/" + reference.path
        let names = try FileManager.default.subpathsOfDirectory(atPath: repository.appendingPathComponent(folder).path)
        for path in names.filter({ $0.hasSuffix(".swift") }).map({ folder + "/" + $0 }).sorted() {
            module.add(source: try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8), file: path)
        }
    }
    return try Scenario(syntax: module.scenario(merging: syntax, root: nil), file: file)
}

private let bundled: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Scenarios").path)) ?? [])
    .filter { $0.hasSuffix(".ripple") }.sorted()

@Suite struct ScenarioRendererTests {
    @Test func everyStepSVGHasOneElementPerInstanceAndPropertyWithItsOutcome() throws {
        let scenario = try scenario("list-rows.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "list-rows")
        let (trace, graphs) = try scenario.simulateWithGraphs()
        let files = Dictionary(uniqueKeysWithValues: rendered.files.map { ($0.path, $0.contents) })
        for (index, variant) in trace.variants.enumerated() {
            let diagram = DependencyDiagram(graph: graphs[index], titles: [], maximumCounts: 0)
            for (stepIndex, step) in variant.steps.enumerated() {
                let name = "\(variant.name)-\(FileName.distinctSlugs(scenario.steps.map(\.name))[stepIndex]).svg"
                let svg = try SVGDocument(try #require(files[name], "\(name) was written"))
                for instance in graphs[index].instances {
                    let id = try #require(diagram.instanceNodes[instance.path])
                    let classes = try #require(svg.classes[id], "\(name): one element for \(instance.path)")
                    let expected = step.instances.first { $0.path == instance.path }?.outcome ?? .skipped
                    #expect(classes.contains(expected.rawValue), "\(name): \(instance.path) is \(expected)")
                    #expect(classes.contains("view"))
                }
                for group in graphs[index].groups {
                    for property in group.properties {
                        let id = try #require(diagram.keyNodes[property.key])
                        let classes = try #require(svg.classes[id], "\(name): one element for \(property.key)")
                        #expect(classes.contains("property"))
                        let written = step.writes.contains { $0.target == property.key }
                        #expect(classes.contains("written") == written, "\(name): \(property.key) written: \(written)")
                    }
                }
                #expect(svg.texts.contains(StepHighlight.title(step: step.name, variant: variant.name, counts: step.counts)))
            }
        }
    }

    /// graphviz writes `-` as `&#45;`: a step or variant whose name holds one still gets its own title.
    @Test func everyStepSVGCarriesItsOwnTitleWhateverItsName() throws {
        let source = """
        scenario "dashes"
        struct Root: View {
            @State private var visits = 0
            var body: some View { Text("\\(visits)") }
        }
        variant "per-object" { }
        variant "one-store" { }
        step "re-run once" { Root.visits = 1 }
        step "re-run twice" { Root.visits = 2 }
        """
        let scenario = try Scenario(source: source, file: "dashes.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "dashes")
        let files = Dictionary(uniqueKeysWithValues: rendered.files.map { ($0.path, $0.contents) })
        let trace = try scenario.simulate()
        for variant in trace.variants {
            for (index, step) in variant.steps.enumerated() {
                let name = "\(variant.name)-\(FileName.distinctSlugs(scenario.steps.map(\.name))[index]).svg"
                let svg = try SVGDocument(try #require(files[name], "\(name) was written"))
                #expect(svg.texts.contains(StepHighlight.title(step: step.name, variant: variant.name, counts: step.counts)), "\(name)")
            }
        }
    }

    /// A step marks the views it created and the ones it destroyed.
    @Test func newAndDestroyedViewsAreMarked() throws {
        let scenario = try scenario("presentations.ripple")
        let rendered = try ScenarioRenderer.render(scenario, folder: "presentations")
        let files = Dictionary(uniqueKeysWithValues: rendered.files.map { ($0.path, $0.contents) })
        let (_, graphs) = try scenario.simulateWithGraphs()
        let diagram = DependencyDiagram(graph: graphs[0], titles: [], maximumCounts: 0)
        let page = try #require(diagram.instanceNodes["Shelf/BookPage[0]"])
        let pushed = try SVGDocument(try #require(files["broad-push-emma.svg"]))
        #expect(pushed.classes[page]?.contains("created") == true)
        #expect(pushed.classes[page]?.contains("destroyed") == false)
        let popped = try SVGDocument(try #require(files["broad-pop.svg"]))
        #expect(popped.classes[page]?.contains("destroyed") == true)
        #expect(popped.classes[page]?.contains("created") == false)
    }

    /// One view's storage is one box: the object its `@State` holds is drawn inside it.
    @Test func aViewsStorageIsDrawnOnce() throws {
        let source = """
        scenario "storage"
        @Observable final class Store {
            var tasks: [String] = []
        }
        struct Root: View {
            @State private var store = Store()
            @State private var draft = ""
            var body: some View { Text("\\(store.tasks.count) \\(draft)") }
        }
        step "type" { Root.draft = "a" }
        """
        let scenario = try Scenario(source: source, file: "storage.ripple")
        let (_, graphs) = try scenario.simulateWithGraphs()
        #expect(graphs[0].groups.first { $0.name == "Root.store" }?.owner == "Root storage")
        let dot = DependencyDiagram(graph: graphs[0], titles: [], maximumCounts: 0).dot
        let storage = try #require(dot.range(of: "label=\"Root storage\""))
        let object = try #require(dot.range(of: "label=\"Root.store: Store  @Observable\""))
        #expect(storage.lowerBound < object.lowerBound)
        // The object's cluster closes before the storage's: it is nested, not beside it.
        let between = dot[storage.upperBound..<object.lowerBound]
        #expect(!between.contains("\n    }\n"))
    }

    @Test func theInvalidationPathIsDrawnHeavy() throws {
        let rendered = try ScenarioRenderer.render(try scenario("list-rows.ripple"), folder: "list-rows")
        let svg = try SVGDocument(try #require(rendered.files.first { $0.path == "narrow-rename-brian.svg" }?.contents))
        let paths = svg.classes.filter { $0.value.contains("path") }
        // users → RootView (via currentUser), users → UserList, and the tree edge UserList → UserRow[2].
        #expect(paths.count == 3)
        #expect(paths.values.filter { $0.contains("tree") }.count == 1)
    }

    @Test func largeForEachRunsAreFolded() throws {
        let source = """
        scenario "many rows"
        @Observable final class Model { var values: [Int] = Array(0..<2000) }
        struct Root: View {
            @State private var model = Model()
            var body: some View { ForEach(model.values.indices, id: \\.self) { index in Row(model: model, index: index) } }
        }
        struct Row: View {
            let model: Model
            let index: Int
            var body: some View { Text("\\(model.values[index])") }
        }
        step "bump" { model.values[3] = 7 }
        """
        let rendered = try ScenarioRenderer.render(try Scenario(source: source, file: "many.ripple"), folder: "many")
        let dot = try #require(rendered.files.first { $0.path == "main.dot" }?.contents)
        #expect(dot.components(separatedBy: "class=\"view\"").count - 1 == 3, "root, first row and last row are kept")
        #expect(dot.contains("Row × 2,000"))
        let svg = try #require(rendered.files.first { $0.path == "main-bump.svg" }?.contents)
        #expect(svg.contains("2,000 evaluated, 1,999 wasted"))
    }

    @Test func objectsInOneArrayFoldLikeRows() throws {
        let source = """
        scenario "many objects"
        @Observable final class Item { var title: String = "t" }
        @Observable final class Model { var items: [Item] = Array(0..<500).map { i in Item() } }
        struct Root: View {
            @State private var model = Model()
            var body: some View { ForEach(model.items.indices, id: \\.self) { i in Row(item: model.items[i]) } }
        }
        struct Row: View {
            let item: Item
            var body: some View { Text(item.title) }
        }
        step "rename" { model.items[7].title = "x" }
        """
        let rendered = try ScenarioRenderer.render(try Scenario(source: source, file: "objects.ripple"), folder: "objects")
        let dot = try #require(rendered.files.first { $0.path == "main.dot" }?.contents)
        #expect(dot.components(separatedBy: "subgraph \"cluster_g").count - 1 == 3, "the model, the first item and the last item keep their boxes")
        #expect(dot.contains("Item × 498 more"))
        let svg = try SVGDocument(try #require(rendered.files.first { $0.path == "main-rename.svg" }?.contents))
        #expect(svg.classes.values.contains { $0.contains("property") && $0.contains("written") }, "the folded property is marked written")
    }

    /// Output/ is the committed gallery: its DOT and traces must match what the code renders now.
    @Test(arguments: bundled)
    func committedOutputIsUpToDate(_ name: String) throws {
        let folder = String(name.dropLast(".ripple".count))
        let rendered = try ScenarioRenderer.render(try scenario(name), folder: folder, formats: [.dot, .json])
        for (path, contents) in rendered.files where path.hasSuffix(".dot") || path.hasPrefix("trace.") {
            let url = repository.appendingPathComponent("Output/\(folder)/\(path)")
            let committed = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
            #expect(committed == contents, "Output/\(folder)/\(path) is stale: run `make demo` and commit Output/")
        }
    }

    @Test func traceJSONDecodesBackToTheSameTrace() throws {
        for name in bundled {
            let trace = try scenario(name).trace
            #expect(try TraceJSON.decode(TraceJSON.encode(trace)) == trace, "\(name)")
        }
    }

    @Test func aBadLayoutEngineIsAnError() throws {
        // Reported at the variant whose picture failed, with graphviz's own words.
        #expect {
            _ = try ScenarioRenderer.render(try scenario("list-rows.ripple"), folder: "x", engine: "no-such-engine")
        } throws: { error in
            (error as? DiagnosticError)?.description.hasPrefix(
                "Scenarios/list-rows.ripple:40:1: error: variant 'broad' could not be drawn: graphviz layout 'no-such-engine' failed") == true
        }
    }
}
