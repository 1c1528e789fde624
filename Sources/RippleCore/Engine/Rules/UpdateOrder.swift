import RippleRuntime

/// Rule 8 of `docs/Semantics.md`: transactions and update order.
///
/// A step's writes only mark views; afterwards one pass evaluates the marked views top-down, ancestors
/// before descendants and siblings in the order they were built, each identity at most once. The order is
/// decided by a view's depth in the tree and the sequence number it was given when built: the tree
/// order of the runtime's `UpdateQueue`, which also queues each view at most once per pass.
enum UpdateOrder {
    /// Whether the view at (`depth`, `sequence`) is evaluated before the one at (`otherDepth`, `otherSequence`).
    @inline(__always)
    static func evaluatesBefore(depth: Int, sequence: Int, otherDepth: Int, otherSequence: Int) -> Bool {
        UpdateQueue.precedes(depth: depth, sequence: sequence, otherDepth: otherDepth, otherSequence: otherSequence)
    }
}
