/// Rule 11 of `docs/Semantics.md`: `.onChange(of:)` and custom `ViewModifier` scopes.
///
/// The value `.onChange(of:)` watches is read by the body that applies the modifier, so that body depends
/// on it; the action is a closure that runs later, outside any body, and its reads register nothing. A
/// custom `ViewModifier` is a view of its own: what its `body(content:)` reads is its dependency, not its
/// parent's, while the content it places was built, and is compared, by the view that applied it. The
/// action runs after an update in which the value the body watched differs from the one its previous
/// evaluation watched.
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

    /// Whether the action runs after an evaluation that watched `now`: when it differs (`==`, the value is
    /// `Equatable`) from what the view's previous evaluation watched; never after the view's first
    /// evaluation, which has nothing to compare with.
    static func runsAction(previous: Value?, now: Value) -> Bool {
        guard let previous else { return false }
        return previous != now
    }

    /// What the action is given: the old and the new value to a closure of two parameters, the new one to
    /// a closure of one (the older `onChange(of:perform:)`), nothing to a closure of none.
    static func actionArguments(parameters: Int, old: Value, new: Value) -> [Value] {
        switch parameters {
        case 0: []
        case 1: [new]
        default: [old, new]
        }
    }
}
