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
/// properties of objects made since it started (`firstObject` on), in its statements and in the methods
/// of those objects it calls.
struct ImmediateClosureHost: StatementHost {
    /// The first object the closure made: objects from here on are its own.
    var firstObject: Int

    /// How many of those objects' methods deep the statements run.
    var depth = 0

    /// `self` when it is a model object (inside one of its methods).
    private static func thisObject(_ scope: Scope) -> Value? {
        if case .object(let object) = scope.this { .object(object) } else { nil }
    }

    /// The object an assignment's target sets a property of, when the closure made it, and the
    /// property's name: `store.items`, or in one of its methods `items` and `self.items`.
    private func ownObject(written target: ExprSyntax, in scope: Scope, engine: inout Engine) -> (ObjectID, String)? {
        let found: Value?
        let name: String
        switch target.kind {
        case .member(let base, let member, false) where base.kind != .identifier("self"):
            (found, name) = (try? engine.evaluate(base, in: scope, expected: nil), member)
        case .identifier(let member) where scope.locals[member] == nil:
            (found, name) = (Self.thisObject(scope), member)
        case .member(let base, let member, false) where base.kind == .identifier("self"):
            (found, name) = (Self.thisObject(scope), member)
        default:
            return nil
        }
        guard case .object(let object)? = found, object.raw >= firstObject else { return nil }
        return (object, name)
    }

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value {
        var value = ValueHost(expected: nil)
        return try value.returned(expression, in: scope, engine: &engine)
    }

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Value? {
        switch statement.kind {
        case .expression(let expression):
            // `store.load(Item.samples)`: a method of an object it made runs here, setting that object.
            if case .call(let callee, let arguments, let trailing) = expression.kind, case .member(let base, let name, false) = callee.kind,
               case .object(let object)? = try? engine.evaluate(base, in: scope, expected: nil), object.raw >= firstObject,
               let method = engine.objects[object.raw].info.declaration.method(named: name, for: arguments + trailing) {
                guard depth < Engine.maximumMethodDepth else {
                    throw EvaluationError("methods call methods more than \(Engine.maximumMethodDepth) levels deep, down to '\(name)' (limit: method depth)",
                                          at: expression.location)
                }
                let inner = try engine.methodScope(method, of: object, arguments: arguments + trailing, caller: scope, at: expression.location)
                try engine.chargeCall(at: expression.location)
                depth += 1
                defer { depth -= 1 }
                _ = try engine.execute(method.body, in: inner, host: &self)
                return nil
            }
            _ = try engine.evaluate(expression, in: scope, expected: nil)
        case .assignment(let target, let op, let value):
            guard let (object, name) = ownObject(written: target, in: scope, engine: &engine),
                  let index = engine.objects[object.raw].info.declaration.storedIndex(of: name) else {
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
