/// A closure an action's statement hands to a function that runs it: `withAnimation { … }` and
/// `withTransaction(…) { … }` at once, in a transaction of their own (Rule 18), `MainActor.assumeIsolated`
/// at once, `Task { … }` at once up to its first `await`, and `DispatchQueue.main.async { … }` once the
/// statements around it have made their writes. What it writes are the action's writes; an animation or a
/// transaction changes no value a view reads.
enum ActionClosure {
    enum Kind: Equatable {
        /// Runs the closure before the call returns.
        case now
        /// Runs the closure before the call returns, its writes made in the transaction named (Rule 18).
        case transaction(String)
        /// Runs the closure up to its first `await` before the call returns; the rest is not simulated.
        case task
        /// Runs the closure after the statements around the call.
        case later
    }

    /// The kind and closure of `expression`, a call of one of the functions that run a closure; nil for
    /// any other expression. The closure is the first one the call is given other than its `completion:`.
    static func find(in expression: ExprSyntax) -> (Kind, ClosureSyntax)? {
        guard case .call(let callee, let arguments, let trailing) = expression.kind,
              let kind = kind(of: callee.rendered, arguments: arguments),
              let closure = closures(of: arguments + trailing).body,
              closure.parameters.isEmpty else { return nil }
        return (kind, closure)
    }

    /// The `completion:` closure of `withAnimation(_:completionCriteria:_:completion:)`, which runs once
    /// the animation ends; nil for any other call.
    static func completion(of expression: ExprSyntax) -> ClosureSyntax? {
        guard case .call(_, let arguments, let trailing) = expression.kind else { return nil }
        return closures(of: arguments + trailing).completion
    }

    /// The closure a call runs and its `completion:`: a trailing closure after the first is the
    /// completion, as a labelled one is.
    private static func closures(of arguments: [ArgumentSyntax]) -> (body: ClosureSyntax?, completion: ClosureSyntax?) {
        var body: ClosureSyntax?
        var completion: ClosureSyntax?
        for argument in arguments {
            guard case .closure(let closure) = argument.value.kind else { continue }
            if argument.label == "completion" || body != nil { completion = completion ?? closure } else { body = closure }
        }
        return (body, completion)
    }

    private static func kind(of callee: String, arguments: [ArgumentSyntax]) -> Kind? {
        switch callee {
        case "withAnimation", "withTransaction":
            let values = arguments.filter { if case .closure = $0.value.kind { false } else { true } }.map(\.rendered)
            return TransactionUpdates.transaction(callee: callee, arguments: values).map(Kind.transaction) ?? .now
        case "MainActor.assumeIsolated": return .now
        case "Task", "Task.detached": return .task
        case "DispatchQueue.main.async", "DispatchQueue.main.asyncAfter", "RunLoop.main.perform": return .later
        default: return nil
        }
    }
}
