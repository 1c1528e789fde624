// The one walk over statements. `Engine.execute(_:in:host:)` charges one unit of work per statement,
// binds `let`, picks the first `if`/`else if` clause whose conditions hold (with its `if let`/`if case`
// bindings) or the `else`, runs a `for … in` body once per element, and stops at the first `return`.
// What the other statements do is the host's, one host for each place that runs statements:
//
// - `ValueHost` runs a body that computes a value (a getter, a closure given to `map`): an expression
//   is evaluated for its effects, `return` gives the value, and writes are errors.
// - `InitializerHost` runs an `init` (and the methods it calls): `self` is the value being built
//   before each statement, an assignment sets a stored property, a call of the type's own method runs
//   that method on the value, and `return` ends the initializer.
// - `MethodHost` runs a model method, an action's closure, a setter or a step's queued work: each
//   statement writes, calls or waits, and one Ripple cannot run in Swift source is a note while the
//   rest runs.
// - `BuilderHost` runs a view builder (a body, a container's content, a `ForEach` row): each
//   expression builds views, and `return` builds the view it returns.
//
// Hooks, each with a default that most hosts keep:
// - `prepare` adjusts the scope a statement runs in (the initializer refreshes `self`, a method makes
//   the scope the one its writes resolve names in).
// - `bind` gives a `let` its value.
// - `countsEachClause`: each `else if` clause after the first costs a unit of work, as the `if` inside
//   an `else` it stands for would.
// - `willLoop` runs before a `for … in` (a view builder refuses one, as Swift does).
// - `returned` is what a `return` gives back.
// - `run` runs any statement other than `let`, `if`, `for` and `return`; a non-nil result stops the walk
//   as a `return` does.
// - `recover` decides what an error a statement threw does: by default it stops the walk.

/// Runs the statements the shared walk leaves to the place that runs them.
protocol StatementHost {
    /// What a `return` gives back to the caller of the walk.
    associatedtype Returned

    /// Whether each `else if` clause after the first costs a unit of work.
    var countsEachClause: Bool { get }

    /// Adjusts the scope a statement runs in, after its work is charged.
    mutating func prepare(_ scope: inout Scope, engine: inout Engine)

    /// The value `let name = value` binds.
    mutating func bind(_ name: String, to value: ExprSyntax, in scope: Scope, at location: SourceLocation,
                       engine: inout Engine) throws(EvaluationError) -> Value

    /// Runs before a `for … in` loop's elements are computed; throws where a loop cannot be written.
    mutating func willLoop(at location: SourceLocation) throws(EvaluationError)

    /// What `return expression` gives back.
    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Returned

    /// Runs an expression, an assignment, an environment write or a view action; non-nil stops the walk.
    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Returned?

    /// What an error thrown by `statement` does: rethrown, it stops the walk; returning goes on with the
    /// next statement.
    mutating func recover(_ error: EvaluationError, from statement: StatementSyntax, engine: inout Engine) throws(EvaluationError)
}

extension StatementHost {
    var countsEachClause: Bool { false }

    mutating func prepare(_ scope: inout Scope, engine: inout Engine) {}

    mutating func bind(_ name: String, to value: ExprSyntax, in scope: Scope, at location: SourceLocation,
                       engine: inout Engine) throws(EvaluationError) -> Value {
        try engine.evaluateOrOpaque(value, naming: name, in: scope, expected: nil)
    }

    mutating func willLoop(at location: SourceLocation) throws(EvaluationError) {}

    mutating func recover(_ error: EvaluationError, from statement: StatementSyntax, engine: inout Engine) throws(EvaluationError) {
        throw error
    }
}

extension Engine {
    /// Runs `statements` in `scope` with `host`: what the `return` that ran gave, or nil when the
    /// statements ran to their end.
    mutating func execute<Host: StatementHost>(_ statements: [StatementSyntax], in scope: Scope,
                                               host: inout Host) throws(EvaluationError) -> Host.Returned? {
        var scope = scope
        return try execute(statements, scope: &scope, host: &host)
    }

    /// Runs `statements` as `execute(_:in:host:)` does; `scope` ends as the statements left it, with the
    /// names their own `let`s bound (not those of the blocks inside them).
    mutating func execute<Host: StatementHost>(_ statements: [StatementSyntax], scope: inout Scope,
                                               host: inout Host) throws(EvaluationError) -> Host.Returned? {
        for statement in statements {
            do throws(EvaluationError) {
                if let returned = try executeOne(statement, scope: &scope, host: &host) { return returned }
            } catch {
                try host.recover(error, from: statement, engine: &self)
            }
        }
        return nil
    }

    private mutating func executeOne<Host: StatementHost>(_ statement: StatementSyntax, scope: inout Scope,
                                                          host: inout Host) throws(EvaluationError) -> Host.Returned? {
        try countEvaluation(at: statement.location)
        host.prepare(&scope, engine: &self)
        switch statement.kind {
        case .letDeclaration(let name, let value):
            // From here on the local hides a property or helper of the same name, as in Swift.
            scope = scope.with(name, try host.bind(name, to: value, in: scope, at: statement.location, engine: &self))
        case .ifStatement(let clauses, let otherwise):
            if let (then, bound) = try chosenClause(clauses, otherwise: otherwise, in: scope, host: host) {
                return try execute(then, in: bound, host: &host)
            }
        case .forIn(let name, let sequence, let body):
            try host.willLoop(at: statement.location)
            for element in try elements(of: sequence, in: scope) {
                if let returned = try execute(body, in: scope.with(name, element), host: &host) { return returned }
            }
        case .returnStatement(let expression):
            return try host.returned(expression, in: scope, engine: &self)
        case .expression, .assignment, .environmentWrite, .viewAction:
            return try host.run(statement, in: scope, engine: &self)
        }
        return nil
    }
}

extension Engine {
    /// The statements an `if` runs, with the scope its bindings make: the first clause whose conditions
    /// hold, or the `else`; nil when neither. A decision on an unknown value on the way has its other
    /// side run apart (`readUntakenClauses`). In a frame of its own: `executeOne` is on the stack of every
    /// statement nested in another.
    @inline(never)
    mutating func chosenClause<Host: StatementHost>(_ clauses: [IfClauseSyntax], otherwise: [StatementSyntax]?, in scope: Scope,
                                                   host: Host) throws(EvaluationError) -> (body: [StatementSyntax], scope: Scope)? {
        let decided = untaken.decisionCount
        let holding = try firstHolding(clauses, in: scope, counting: host.countsEachClause)
        if untaken.decisionCount > decided {
            try readUntakenClauses(clauses, otherwise: otherwise, taken: holding?.index, after: decided, in: scope, host: host)
        }
        if let holding { return (holding.body, holding.scope) }
        return otherwise.map { ($0, scope) }
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
