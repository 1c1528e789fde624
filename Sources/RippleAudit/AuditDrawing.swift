import RippleCore

/// What `ripple audit --format html` draws for one variant: each action's trace, the instances alive
/// before it, and one graph of everything the actions touched (each was performed on a screen of its
/// own, so their graphs are joined).
public struct AuditDrawing {
    /// Every action's graph joined; nil before the first action.
    public var graph: VariantGraph?
    /// Each action's trace, by its name.
    public var traces: [String: StepTrace] = [:]
    /// Per action, the instances alive before it.
    public var starting: [String: Set<String>] = [:]

    /// A drawing of no action yet.
    public init() {}

    /// Adds one action: its trace under its name, its graph joined to the others'. An action starts
    /// from the first tree unless `startingFrom` says otherwise (a step starts where the last one left).
    public mutating func add(_ trace: StepTrace, named name: String, graph actionGraph: VariantGraph, startingFrom: Set<String>?) {
        var named = trace
        named.name = name
        traces[name] = named
        starting[name] = startingFrom ?? Set(actionGraph.initialPaths)
        graph = graph.map { $0.union(actionGraph) } ?? actionGraph
    }
}
