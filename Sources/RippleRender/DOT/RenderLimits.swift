/// What Ripple hands graphviz at most. dot's layout time grows much faster than the graph (about 0.5 s for
/// 1,000 nodes on one core, about 20 s for 5,000, and clusters double it), so a scenario's size must not
/// decide how long a render takes. Beyond these limits a variant's picture is a summary that names the
/// limit; the trace, the counts and the report's text stay complete. docs/Reliability.md lists them.
public enum RenderLimits {
    #if RIPPLE_FUZZ
    // The fuzz build's: small enough that a layout at the limit takes well under libFuzzer's second.
    public static let maximumNodes = 150
    public static let maximumEdges = 400
    public static let maximumVariantsDrawn = 3
    #else
    /// Most nodes in one variant's graph, instances, storage and legend counted together.
    public static let maximumNodes = 1_000
    /// Most edges in one variant's graph.
    public static let maximumEdges = 3_000
    /// Most variants of one scenario drawn; the rest appear in the report's text only.
    public static let maximumVariantsDrawn = 8
    #endif

    /// The most nodes and edges one variant's graph may have for a layout engine.
    public struct Graph: Sendable, Equatable {
        public var nodes: Int
        public var edges: Int
    }

    /// The graph size `engine` lays out in a few seconds. circo's layout grows about with the cube of
    /// the graph (165 nodes and 646 edges: 29 s; 325 and 1,286: 250 s), so it gets a graph a fifth of
    /// dot's; every other engine gets dot's.
    public static func graph(forEngine engine: String) -> Graph {
        switch engine {
        case "circo": Graph(nodes: maximumNodes / 5, edges: maximumEdges / 15)
        default: Graph(nodes: maximumNodes, edges: maximumEdges)
        }
    }
}
