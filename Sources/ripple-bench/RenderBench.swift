// Rendering: `ScenarioRenderer.render` in process, and the `ripple render` command as a separate process.

import Foundation
import RippleCore
import RippleRender

enum RenderBench {
    struct Result {
        var loadSeconds: Double
        var renderSeconds: Double
        var files: Int
        var svgFiles: Int
        var megabytes: Double
    }

    /// The scenario used for rendering: the narrow workload at `rows` rows, with all its steps.
    static func workload(rows: Int) -> Workload { Workload(kind: .narrow, rows: rows) }

    static func inProcess(rows: Int) throws -> Result {
        let workload = workload(rows: rows)
        let text = workload.text
        let file = "bench-render-\(rows).ripple"
        let (scenario, loadSeconds) = try timed { () throws(DiagnosticError) -> Scenario in try Scenario(source: text, file: file) }
        let (rendered, renderSeconds) = try timed { try ScenarioRenderer.render(scenario, folder: "bench-render-\(rows)") }
        let bytes = rendered.files.reduce(0) { $0 + $1.contents.utf8.count }
        return Result(loadSeconds: loadSeconds, renderSeconds: renderSeconds, files: rendered.files.count,
                      svgFiles: rendered.files.filter { $0.path.hasSuffix(".svg") }.count, megabytes: Double(bytes) / 1_048_576)
    }

    /// The `ripple` executable: next to this one (same build folder), else the package's own builds.
    static func findCLI() -> String? {
        var candidates: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("ripple").path)
        }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ripple").path)
        let current = FileManager.default.currentDirectoryPath
        for folder in [current, "/work/main"] {
            candidates.append(folder + "/.build/release/ripple")
            candidates.append(folder + "/.build/debug/ripple")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
