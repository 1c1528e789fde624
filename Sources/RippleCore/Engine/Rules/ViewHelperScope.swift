/// Rule 12 (docs/Semantics.md): a view's computed properties and methods are code its body runs, not
/// views of their own.
///
/// `var header: some View { Text(model.title) }` used in `body` reads `model.title` while `body` runs,
/// so the read is the body's: a change of it re-runs the body that used the helper, and the helper has no
/// identity, no inputs to compare and no evaluation of its own. Extracting a subview is what gives code an
/// invalidation boundary; extracting a helper does not.
enum ViewHelperScope {
    /// Whether reads inside a helper are recorded as the calling body's reads: exactly when the caller's
    /// are (inside a model's computed property neither is).
    static func recordsReads(callerRecords: Bool) -> Bool { callerRecords }

    /// Whether a helper is evaluated as a view of its own, with its own dependencies: never.
    static let isOwnView = false
}
