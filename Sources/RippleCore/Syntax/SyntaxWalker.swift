// One traversal of Ripple's syntax tree, in the spirit of swift-syntax's `SyntaxVisitor`: a walk
// conforms to `SyntaxWalker` and overrides only the nodes it cares about; `walk(_:)` visits every child
// of every statement and expression kind, so a new kind added here reaches every walk.

/// Whether a walk goes on into the children of the node it just visited.
package enum WalkContinuation: Sendable {
    case visitChildren
    case skipChildren
}

/// A walk over statements and expressions. Each `visit` is called before the node's children, and
/// says whether to walk them; each `visitPost` after them (not when the children were skipped).
///
/// Children are walked in source order: a statement's expressions and then its nested statements;
/// an `if`'s clauses one by one, each its conditions (`if let`, `if case` and Boolean ones alike) and
/// then its body, then the `else`; a `for`'s sequence, then its body; a call's callee, its arguments
/// and its trailing closures; a string's interpolations; a closure's statements.
package protocol SyntaxWalker {
    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation
    mutating func visitPost(_ statement: StatementSyntax)
    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation
    mutating func visitPost(_ expression: ExprSyntax)
    /// An `if`'s branch, or a `switch`'s case: its conditions and body are its children.
    mutating func visit(_ clause: IfClauseSyntax) -> WalkContinuation
    mutating func visitPost(_ clause: IfClauseSyntax)
    /// A condition of a clause: its expression is its child; the names it binds hold from `visitPost` on.
    mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation
    mutating func visitPost(_ condition: ConditionSyntax)
    /// A closure literal, after the expression that holds it: its statements are its children.
    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation
    mutating func visitPost(_ closure: ClosureSyntax)
}

extension SyntaxWalker {
    package mutating func visit(_ statement: StatementSyntax) -> WalkContinuation { .visitChildren }
    package mutating func visitPost(_ statement: StatementSyntax) {}
    package mutating func visit(_ expression: ExprSyntax) -> WalkContinuation { .visitChildren }
    package mutating func visitPost(_ expression: ExprSyntax) {}
    package mutating func visit(_ clause: IfClauseSyntax) -> WalkContinuation { .visitChildren }
    package mutating func visitPost(_ clause: IfClauseSyntax) {}
    package mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation { .visitChildren }
    package mutating func visitPost(_ condition: ConditionSyntax) {}
    package mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation { .visitChildren }
    package mutating func visitPost(_ closure: ClosureSyntax) {}
}

// MARK: - The traversal

extension SyntaxWalker {
    /// Walks the statements in order.
    package mutating func walk(_ statements: [StatementSyntax]) {
        for statement in statements { walk(statement) }
    }

    /// Visits the statement, then (unless skipped) its children, then `visitPost`.
    package mutating func walk(_ statement: StatementSyntax) {
        guard visit(statement) == .visitChildren else { return }
        switch statement.kind {
        case .expression(let e), .letDeclaration(_, let e), .environmentWrite(_, let e), .returnStatement(let e?), .viewAction(_, let e):
            walk(e)
        case .returnStatement(nil):
            break
        case .assignment(let target, _, let value):
            walk(target)
            walk(value)
        case .ifStatement(let clauses, let otherwise):
            for clause in clauses { walk(clause) }
            walk(otherwise ?? [])
        case .forIn(_, let sequence, let body):
            walk(sequence)
            walk(body)
        }
        visitPost(statement)
    }

    /// Visits the clause, then (unless skipped) its conditions and body.
    package mutating func walk(_ clause: IfClauseSyntax) {
        guard visit(clause) == .visitChildren else { return }
        for condition in clause.conditions {
            guard visit(condition) == .visitChildren else { continue }
            walk(condition.value)
            visitPost(condition)
        }
        walk(clause.body)
        visitPost(clause)
    }

    /// Visits the expression, then (unless skipped) its children, then `visitPost`.
    package mutating func walk(_ expression: ExprSyntax) {
        guard visit(expression) == .visitChildren else { return }
        switch expression.kind {
        case .identifier, .dollar, .implicitMember, .integer, .double, .bool, .nilLiteral, .keyPath, .opaque:
            break
        case .string(let parts):
            for case .interpolation(let e) in parts { walk(e) }
        case .array(let elements):
            for e in elements { walk(e) }
        case .dictionary(let keys, let values):
            for e in keys + values { walk(e) }
        case .member(let base, _, _), .forceUnwrap(let base), .unary(_, let base), .paren(let base):
            walk(base)
        case .subscriptAccess(let base, let arguments, _):
            walk(base)
            for a in arguments { walk(a.value) }
        case .call(let callee, let arguments, let trailing):
            walk(callee)
            for a in arguments + trailing { walk(a.value) }
        case .closure(let closure):
            walk(closure)
        case .binary(_, let left, let right):
            walk(left)
            walk(right)
        case .ternary(let condition, let yes, let no):
            walk(condition)
            walk(yes)
            walk(no)
        }
        visitPost(expression)
    }

    /// Visits the closure, then (unless skipped) its statements.
    package mutating func walk(_ closure: ClosureSyntax) {
        guard visit(closure) == .visitChildren else { return }
        walk(closure.body)
        visitPost(closure)
    }

    /// Walks the code of a type's members, in order: each property's initial value, getter, setter,
    /// `willSet` and `didSet`; each initializer's and function's body.
    package mutating func walk(members: [MemberSyntax]) {
        for member in members {
            switch member {
            case .property(let property):
                if let initializer = property.initializer { walk(initializer) }
                walk(property.getter ?? [])
                walk(property.setter?.body ?? [])
                walk(property.willSet?.body ?? [])
                walk(property.didSet?.body ?? [])
            case .initializer(let initializer):
                walk(initializer.body)
            case .function(let function):
                walk(function.body)
            }
        }
    }
}

/// A walk that hands expressions to a closure, outermost first: every part of every expression, or
/// with `descends` false only the statements' own expressions (an `if`'s conditions, a `for`'s
/// sequence, an assignment's two sides), nested statements' included, and not their parts.
package struct ExpressionVisitor: SyntaxWalker {
    let descends: Bool
    let body: (ExprSyntax) -> Void

    /// Hands `walk` a visitor that calls `body` for each expression it meets.
    package static func visit(descending descends: Bool = true, _ body: (ExprSyntax) -> Void, _ walk: (inout ExpressionVisitor) -> Void) {
        withoutActuallyEscaping(body) { body in
            var visitor = ExpressionVisitor(descends: descends, body: body)
            walk(&visitor)
        }
    }

    package mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        body(expression)
        return descends ? .visitChildren : .skipChildren
    }
}

extension StatementSyntax {
    /// Each expression the statement and the statements nested in it hold, not the parts of them.
    package func visitOutermostExpressions(_ body: (ExprSyntax) -> Void) {
        ExpressionVisitor.visit(descending: false, body) { $0.walk(self) }
    }
}

extension ExprSyntax {
    /// The closures the expression holds that no other closure in it holds, in order.
    package var outermostClosures: [ClosureSyntax] {
        var walker = OutermostClosures()
        walker.walk(self)
        return walker.closures
    }
}

/// Collects `ExprSyntax.outermostClosures`.
private struct OutermostClosures: SyntaxWalker {
    var closures: [ClosureSyntax] = []

    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation {
        closures.append(closure)
        return .skipChildren
    }
}

/// A walk over what a view builder's statements build: each `expression` or `return` statement's
/// expression is handed to `visitView`, and the bodies of `if`, `else if`, `else` and `for` are walked
/// (their conditions and sequences are not views). Other statements build nothing.
package protocol ViewStatementWalker: SyntaxWalker {
    /// A view expression a statement builds; to look inside its closures, walk their bodies.
    mutating func visitView(_ expression: ExprSyntax)
}

extension ViewStatementWalker {
    package mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        switch statement.kind {
        case .expression(let expression), .returnStatement(let expression?):
            visitView(expression)
            return .skipChildren
        case .ifStatement:
            return .visitChildren
        case .forIn(_, _, let body):
            walk(body)
            return .skipChildren
        case .letDeclaration, .assignment, .environmentWrite, .viewAction, .returnStatement(nil):
            return .skipChildren
        }
    }

    package mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation { .skipChildren }
}
