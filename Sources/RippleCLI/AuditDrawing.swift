import RippleCore

/// What `ripple audit --format html` draws for one variant: each action's trace, the instances alive
/// before it, and one graph of everything the actions touched (each was performed on a screen of its
/// own, so their graphs are joined).
struct AuditDrawing {
    var graph: VariantGraph?
    var traces: [String: StepTrace] = [:]
    /// Per action, the instances alive before it.
    var starting: [String: Set<String>] = [:]

    /// Adds one action: its trace under its name, its graph joined to the others'. An action starts
    /// from the first tree unless `startingFrom` says otherwise (a step starts where the last one left).
    mutating func add(_ trace: StepTrace, named name: String, graph actionGraph: VariantGraph, startingFrom: Set<String>?) {
        var named = trace
        named.name = name
        traces[name] = named
        starting[name] = startingFrom ?? Set(actionGraph.initialPaths)
        graph = graph.map { $0.union(actionGraph) } ?? actionGraph
    }
}
