// libFuzzer entry point: arbitrary bytes through every pure-Swift stage, from the lexer to the DOT text.
// Built only by Scripts/fuzz.sh (RIPPLE_FUZZ=1 adds the target to Package.swift); graphviz is never called.

import RippleCore
import RippleRender

/// Loads the bytes as a scenario (lexer, parser, resolver, every variant through every step); a scenario
/// that loads is simulated again with graphs and drawn as DOT, one diagram per variant.
@_cdecl("LLVMFuzzerTestOneInput")
public func rippleFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let scenario: Scenario
    do throws(DiagnosticError) {
        scenario = try Scenario(bytes: bytes, file: "fuzz.ripple")
    } catch {
        // The printer sees hostile lines too: long ones, control characters, invalid positions.
        _ = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error.diagnostics)
        return 0
    }
    _ = TraceText.render(scenario.trace)
    guard let (trace, graphs) = try? scenario.simulateWithGraphs() else { return 0 }
    for (index, variant) in trace.variants.enumerated() where index < graphs.count {
        let titles = variant.steps.map { StepHighlight.title(step: $0.name, variant: variant.name, counts: $0.counts) } + [variant.name]
        let maximum = variant.steps.map { $0.counts.evaluations }.max() ?? 0
        let diagram = DependencyDiagram(graph: graphs[index], titles: titles, maximumCounts: maximum)
        for step in variant.steps {
            _ = StepHighlight(diagram: diagram, step: step, variant: variant.name, alive: Set(graphs[index].initialPaths).union(step.created))
        }
    }
    return 0
}
