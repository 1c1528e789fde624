/// A closure an action's statement hands to a function that runs it: `withAnimation { … }` and
/// `withTransaction(…) { … }` at once, `Task { … }` at once up to its first `await`, and
/// `DispatchQueue.main.async { … }` once the statements around it have made their writes. What it
/// writes are the action's writes; an animation or a transaction changes no value a view reads.
enum ActionClosure {
    enum Kind: Equatable {
        /// Runs the closure before the call returns.
        case now
        /// Runs the closure up to its first `await` before the call returns; the rest is not simulated.
        case task
        /// Runs the closure after the statements around the call.
        case later
    }

    /// The kind and closure of `expression`, a call of one of the functions that run a closure; nil for
    /// any other expression.
    static func find(in expression: ExprSyntax) -> (Kind, ClosureSyntax)? {
        guard case .call(let callee, let arguments, let trailing) = expression.kind,
              let kind = kind(of: callee.rendered),
              case .closure(let closure)? = (trailing.first ?? arguments.last)?.value.kind,
              closure.parameters.isEmpty else { return nil }
        return (kind, closure)
    }

    private static func kind(of callee: String) -> Kind? {
        switch callee {
        case "withAnimation", "withTransaction", "MainActor.assumeIsolated": .now
        case "Task", "Task.detached": .task
        case "DispatchQueue.main.async", "DispatchQueue.main.asyncAfter", "RunLoop.main.perform": .later
        default: nil
        }
    }
}
