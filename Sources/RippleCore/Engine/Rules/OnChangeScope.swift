/// Rule 11 of `docs/Semantics.md`: `.onChange(of:)` and custom `ViewModifier` scopes.
///
/// The value `.onChange(of:)` watches is read by the body that applies the modifier, so that body depends
/// on it; the action is a closure that runs later, outside any body, and its reads register nothing. A
/// custom `ViewModifier` is a view of its own: what its `body(content:)` reads is its dependency, not its
/// parent's, while the content it places was built, and is compared, by the view that applied it.
enum OnChangeScope {
    /// Whether an argument of `.onChange` is read by the enclosing body (the value), or deferred (a closure).
    static func readsInEnclosingBody(argumentIsClosure: Bool) -> Bool {
        !argumentIsClosure
    }

    /// Whether a view compares the children its own body built: a modifier does not, its content belongs
    /// to the view that applied it.
    static func comparesOwnChildren(isModifier: Bool) -> Bool {
        !isModifier
    }
}
