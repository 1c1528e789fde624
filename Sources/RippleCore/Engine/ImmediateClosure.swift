// `{ let store = Store(); store.items = Item.samples; return store }()`: a closure called where it is
// written, the shape of a preview's sample data and of a `static var preview` getter.

extension Engine {
    /// Runs `closure`'s statements now and returns what it returns. Besides what a getter may do, it
    /// may set a stored property of an object it made itself (`store.items = …`): no view has read that
    /// object yet, so the write changes the value and invalidates nothing. A write to any other object is
    /// not simulated and says so.
    @inline(never)
    mutating func callImmediately(_ closure: ClosureSyntax, in scope: Scope) throws(EvaluationError) -> Value {
        try chargeCall(at: closure.location)
        var host = ImmediateClosureHost(firstObject: objects.count)
        return try execute(closure.body, in: scope, host: &host) ?? Value.none
    }
}

/// Runs a closure called where it is written: a value body whose assignments may set the stored
/// properties of objects made since it started (`firstObject` on).
struct ImmediateClosureHost: StatementHost {
    /// The first object the closure made: objects from here on are its own.
    var firstObject: Int

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value {
        try expression.map { e throws(EvaluationError) in try engine.evaluate(e, in: scope, expected: nil) } ?? Value.none
    }

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value? {
        switch statement.kind {
        case .expression(let expression):
            _ = try engine.evaluate(expression, in: scope, expected: nil)
        case .assignment(let target, let op, let value):
            guard case .member(let base, let name, false) = target.kind, case .object(let object)? = try? engine.evaluate(base, in: scope, expected: nil),
                  object.raw >= firstObject, let index = engine.objects[object.raw].info.declaration.storedIndex(of: name) else {
                guard engine.readsOtherModules else { throw EvaluationError("assignments are allowed only in steps", at: statement.location) }
                engine.assume("'\(statement.rendered)' is not simulated: a closure called where it is written sets only the properties of objects it made", at: statement.location)
                return nil
            }
            let declaration = engine.objects[object.raw].info.declaration.stored[index]
            let new = op == "=" ? value : ExprSyntax(.binary(String(op.dropLast()), target, value), at: statement.location)
            engine.objects[object.raw].fields[index] = try engine.evaluate(new, in: scope, expected: declaration.type)
        default:
            throw EvaluationError("assignments are allowed only in steps", at: statement.location)
        }
        return nil
    }
}
