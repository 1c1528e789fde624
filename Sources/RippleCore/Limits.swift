/// Limits on what a scenario may hold that more than one stage checks (each is documented in
/// docs/Reliability.md); limits of one stage are declared beside the code that checks them.
public enum Limits {
    /// Deepest nesting of views, computed properties that read each other, and values (a documented limit).
    public static let maximumNestingDepth = 64
    /// Most views of one type nested in one another where the innermost is built from a value Ripple
    /// does not know (`NodeView(node: child)` for an unknown `node.children?.first`): past it the view
    /// is cut with a warning, as what it would show is not known and each level may build several (a
    /// documented limit).
    public static let maximumUnknownRecursion = 4
    /// Longest chain of operators in one expression (a documented limit).
    public static let maximumChainLength = 256
    /// Most errors reported for one file, syntax errors and others alike; any more are counted and not
    /// kept (a documented limit).
    public static let maximumErrors = 100
}
