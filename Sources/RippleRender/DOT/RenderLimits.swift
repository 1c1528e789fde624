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
}
