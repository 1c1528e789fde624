// One walk over statements, shared by the places that run them. `Engine.execute(_:in:host:)` charges
// one unit of work per statement, binds `let`, picks the first `if`/`else if` clause whose conditions
// hold (with its `if let`/`if case` bindings) or the `else`, runs a `for … in` body once per element,
// and stops at the first `return`. What the other statements do is the host's:
//
// - `ValueHost` runs a body that computes a value (a getter's loop, a closure's): an expression is
//   evaluated for its effects, `return` gives the value, and writes are errors.
// - `InitializerHost` runs an `init` (and the methods it calls): `self` is the value being built
//   before each statement, an assignment sets a stored property, a call of the type's own method runs
//   that method on the value, and `return` ends the initializer.
//
// Hooks:
// - `prepare` adjusts the scope a statement runs in (the initializer refreshes `self`).
// - `returned` is what a `return` gives back.
// - `run` runs any statement other than `let`, `if`, `for` and `return`; a non-nil result stops the walk
//   as a `return` does.

/// Runs the statements the shared walk leaves to the place that runs them.
protocol StatementHost {
    /// What a `return` gives back to the caller of the walk.
    associatedtype Returned

    /// Adjusts the scope a statement runs in, after its work is charged.
    mutating func prepare(_ scope: inout Scope, in engine: borrowing Engine)

    /// What `return expression` gives back.
    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Returned

    /// Runs an expression, an assignment, an environment write or a view action; non-nil stops the walk.
    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Returned?
}

extension StatementHost {
    mutating func prepare(_ scope: inout Scope, in engine: borrowing Engine) {}
}

extension Engine {
    /// Runs `statements` in `scope` with `host`: what the `return` that ran gave, or nil when the
    /// statements ran to their end.
    mutating func execute<Host: StatementHost>(_ statements: [StatementSyntax], in scope: Scope,
                                               host: inout Host) throws(EvaluationError) -> Host.Returned? {
        var scope = scope
        for statement in statements {
            try countEvaluation(at: statement.location)
            host.prepare(&scope, in: self)
            switch statement.kind {
            case .letDeclaration(let name, let value):
                scope = scope.with(name, try evaluateOrOpaque(value, naming: name, in: scope, expected: nil))
            case .ifStatement(let clauses, let otherwise):
                if let (then, bound) = try firstHolding(clauses, in: scope) {
                    if let returned = try execute(then, in: bound, host: &host) { return returned }
                } else if let otherwise, let returned = try execute(otherwise, in: scope, host: &host) {
                    return returned
                }
            case .forIn(let name, let sequence, let body):
                for element in try elements(of: sequence, in: scope) {
                    if let returned = try execute(body, in: scope.with(name, element), host: &host) { return returned }
                }
            case .returnStatement(let expression):
                return try host.returned(expression, in: scope, engine: &self)
            case .expression, .assignment, .environmentWrite, .viewAction:
                if let returned = try host.run(statement, in: scope, engine: &self) { return returned }
            }
        }
        return nil
    }
}

/// Runs a body that computes a value: expressions run for their effects, `return` gives the value.
struct ValueHost: StatementHost {
    /// The type the returned value is expected to have.
    var expected: ValueType?

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value {
        try expression.map { e throws(EvaluationError) in try engine.evaluate(e, in: scope, expected: expected) } ?? Value.none
    }

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value? {
        guard case .expression(let expression) = statement.kind else {
            throw EvaluationError("assignments are allowed only in steps", at: statement.location)
        }
        _ = try engine.evaluate(expression, in: scope, expected: nil)
        return nil
    }
}
