// Rendering: `ScenarioRenderer.render` in process, a breakdown of its stages, and the `ripple render` command.

import Foundation
import RippleCore
import RippleRender

enum RenderBench {
    /// The scenario used for rendering: the narrow workload at `rows` rows.
    static func workload(rows: Int, writes: Int = Workload.writesPerRun) -> Workload {
        Workload(kind: .narrow, rows: rows, totalWrites: writes)
    }

    static func load(rows: Int, writes: Int) throws -> Scenario {
        let text = workload(rows: rows, writes: writes).text
        let (scenario, loadSeconds) = try timed { () throws(DiagnosticError) -> Scenario in
            try Scenario(source: text, file: "bench-render-\(rows).ripple")
        }
        Results.emit("load_s", loadSeconds)
        Results.emit("steps", scenario.steps.count)
        return scenario
    }

    /// `ScenarioRenderer.render`, end to end (the scenario already loaded).
    static func render(rows: Int, writes: Int) throws {
        let scenario = try load(rows: rows, writes: writes)
        let (rendered, renderSeconds) = try timed { try ScenarioRenderer.render(scenario, folder: "bench-render-\(rows)") }
        Results.emit("render_s", renderSeconds)
        Results.emit("files", rendered.files.count)
        Results.emit("svg_files", rendered.files.filter { $0.path.hasSuffix(".svg") }.count)
        Results.emit("megabytes", Double(rendered.files.reduce(0) { $0 + $1.contents.utf8.count }) / 1e6)
    }

    /// The first stages of `render` one by one, each reported as it ends: the simulation with graphs,
    /// the DOT text (and how big it is), the graphviz layout; then the whole `render`.
    static func breakdown(rows: Int, writes: Int) throws {
        let scenario = try load(rows: rows, writes: writes)
        let clock = ContinuousClock()
        var start = clock.now
        let (trace, graphs) = try scenario.simulateWithGraphs()
        Results.emit("simulate_graphs_s", (clock.now - start).seconds)
        guard let graph = graphs.first, let variant = trace.variants.first else { return }
        start = clock.now
        let diagram = DependencyDiagram(graph: graph, titles: variant.steps.map(\.name) + [variant.name],
                                        maximumCounts: variant.steps.map(\.counts.evaluations).max() ?? 0)
        Results.emit("diagram_s", (clock.now - start).seconds)
        let lines = diagram.dot.split(separator: "\n")
        Results.emit("dot_bytes", diagram.dot.utf8.count)
        Results.emit("dot_clusters", lines.filter { $0.contains("subgraph") }.count)
        Results.emit("dot_edges", lines.filter { $0.contains("->") }.count)
        Results.emit("dot_nodes", lines.filter { $0.contains("[label=") && !$0.contains("->") }.count)
        Results.emit("graph_groups", graph.groups.count)
        Results.emit("graph_instances", graph.instances.count)
        start = clock.now
        _ = try Graphviz.renderSVG(dot: diagram.dot)
        Results.emit("graphviz_s", (clock.now - start).seconds)
        let (_, renderSeconds) = try timed { try ScenarioRenderer.render(scenario, folder: "bench-render-\(rows)") }
        Results.emit("render_s", renderSeconds)
    }

    /// The `ripple` executable: next to this one (same build folder), else the package's own builds.
    static func findCLI() -> String? {
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("ripple").path)
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ripple").path)
        let current = FileManager.default.currentDirectoryPath
        candidates.append(current + "/.build/release/ripple")
        candidates.append(current + "/.build/debug/ripple")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
