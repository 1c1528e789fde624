// A model's or a struct's own `init`, run as Swift runs it: `TaskStore()` starts from the stored
// properties' default values, then the initializer's statements set them (`self.tasks = …`,
// `count = start`), call the type's methods (`restore()`), and branch. Nothing can observe the value
// before the initializer returns, so its writes notify no one.

extension Engine {
    /// Builds a value of `declaration` with the `init` that `arguments`' labels select, or nil when
    /// the type declares none (the call is memberwise).
    mutating func initialize(_ declaration: DataDeclaration, _ arguments: [ArgumentSyntax], in caller: Scope,
                             at location: SourceLocation) throws(EvaluationError) -> Value? {
        guard !declaration.initializers.isEmpty else { return nil }
        let labels = arguments.map(\.label)
        guard let initializer = declaration.initializers.selected(forLabels: arguments.selectionLabels) else {
            // An `init` declared in an extension keeps the memberwise one, and the front end has joined
            // extensions to their types: labels that name stored properties in order are memberwise.
            var stored = declaration.stored.map(\.name)[...]
            if labels.allSatisfy({ label in
                guard let label, let found = stored.firstIndex(of: label) else { return false }
                stored = stored[(found + 1)...]
                return true
            }) { return nil }
            let expected = declaration.initializers.map { "(\($0.parameters.map { "\($0.label ?? "_"):" }.joined()))" }.joined(separator: ", ")
            throw EvaluationError("no 'init' of '\(declaration.name)' takes (\(labels.map { "\($0 ?? "_"):" }.joined())); it has \(expected)", at: location)
        }
        var fields: [Value] = []
        fields.reserveCapacity(declaration.stored.count)
        var unset: Set<Int> = []
        for (index, property) in declaration.stored.enumerated() {
            if let initial = property.defaultValue {
                fields.append(try evaluate(initial, in: Scope(), expected: property.type))
            } else {
                fields.append(.none)
                if case .optional = property.type, !property.isLet { continue }
                unset.insert(index)
            }
        }
        var scope = Scope()
        try bind(initializer.parameters, of: "init", to: arguments, into: &scope, at: location) { (engine, expression) throws(EvaluationError) in
            try engine.evaluate(expression, in: caller, expected: nil)
        }
        var building = Building(declaration: declaration, fields: fields, unset: unset)
        if declaration.isClass {
            let id = ObjectID(raw: objects.count)
            objects.append(ObjectRecord(info: dataInfos[declaration.name]!, fields: fields))
            building.object = id
        }
        var host = InitializerHost(building: building, depth: 1)
        _ = try execute(initializer.body, in: scope, host: &host)
        building = host.building
        for index in building.unset.sorted() {
            let property = declaration.stored[index]
            if readsOtherModules {
                let standIn = try standIn(for: property.type, "'\(property.name)', which the 'init' of '\(declaration.name)' does not set,", at: location)
                building.set(index, standIn, in: &self)
            } else {
                throw EvaluationError("the 'init' of '\(declaration.name)' does not set '\(property.name)'", at: initializer.location)
            }
        }
        try checkNesting(building.currentFields(in: self), at: location)
        if let object = building.object { return .object(object) }
        return .record(type: declaration.name, fields: building.fields)
    }

    /// A value under construction: a class's object, already in the store, or a struct's fields.
    struct Building {
        var declaration: DataDeclaration
        var fields: [Value]
        var unset: Set<Int>
        var object: ObjectID?

        /// `self`, as the initializer's expressions see it.
        func this(in engine: borrowing Engine) -> Scope.This {
            if let object { return .object(object) }
            return .record(.record(type: declaration.name, fields: fields))
        }

        /// The fields as they stand.
        func currentFields(in engine: borrowing Engine) -> [Value] {
            object.map { engine.objects[$0.raw].fields } ?? fields
        }

        mutating func set(_ index: Int, _ value: Value, in engine: inout Engine) {
            unset.remove(index)
            if let object { engine.objects[object.raw].fields[index] = value } else { fields[index] = value }
        }
    }

    /// The index of the stored property `target` names: `self.name`, or `name` when no local hides it.
    fileprivate func storedProperty(_ target: ExprSyntax, of declaration: DataDeclaration, in scope: Scope) -> Int? {
        switch target.kind {
        case .member(let base, let name, false) where base.kind == .identifier("self"): declaration.storedIndex(of: name)
        case .identifier(let name) where scope.locals[name] == nil: declaration.storedIndex(of: name)
        default: nil
        }
    }

    /// The name of the method a call names on `self`: `save()` when no local is called so, or `self.save()`.
    fileprivate func ownMethodName(_ callee: ExprSyntax, in scope: Scope) -> String? {
        switch callee.kind {
        case .identifier(let name) where scope.locals[name] == nil: name
        case .member(let base, let name, _) where base.kind == .identifier("self"): name
        default: nil
        }
    }
}

/// Runs an initializer's (or a method it calls) statements on the value being built.
struct InitializerHost: StatementHost {
    /// The value the statements build.
    var building: Engine.Building
    /// How many methods deep the statements run, counting the initializer.
    var depth: Int

    mutating func prepare(_ scope: inout Scope, engine: inout Engine) {
        scope.this = building.this(in: engine)
    }

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) {}

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Void? {
        switch statement.kind {
        case .assignment(let target, let op, let value):
            guard let index = engine.storedProperty(target, of: building.declaration, in: scope) else {
                if engine.readsOtherModules {
                    engine.assume("in the 'init' of '\(building.declaration.name)', a write to '\(target.rendered)' is not simulated", at: statement.location)
                    return nil
                }
                throw EvaluationError("an 'init' sets stored properties ('self.name = value'), not '\(target.rendered)'", at: target.location)
            }
            let property = building.declaration.stored[index]
            let new = op == "=" ? value : ExprSyntax(.binary(String(op.dropLast()), target, value), at: statement.location)
            guard let result = try engine.initializerValue(new, of: property.name, in: building.declaration.name, scope: scope, expected: property.type) else {
                return nil
            }
            // A value from code Ripple does not simulate (data loaded from disk, a service) would leave
            // the property unusable: it keeps the value it had.
            if engine.readsOtherModules, result.isUnmodelled {
                engine.assume("'\(property.name)' keeps the value it had: what the 'init' of '\(building.declaration.name)' assigns comes from code Ripple does not simulate", at: statement.location)
                return nil
            }
            building.set(index, result, in: &engine)
        case .expression(let expression):
            // `restore()`, `self.restore()`: a method of the type, run on the value being built.
            if case .call(let callee, let arguments, let trailing) = expression.kind, let name = engine.ownMethodName(callee, in: scope),
               let method = building.declaration.method(named: name, for: arguments + trailing) {
                guard depth < Engine.maximumMethodDepth else {
                    throw EvaluationError("methods call methods more than \(Engine.maximumMethodDepth) levels deep, down to '\(name)' (limit: method depth)", at: expression.location)
                }
                var inner = Scope()
                try engine.bind(method.parameters, of: name, to: arguments + trailing, into: &inner, at: expression.location) { (engine, argument) throws(EvaluationError) in
                    try engine.evaluate(argument, in: scope, expected: nil)
                }
                var called = InitializerHost(building: building, depth: depth + 1)
                _ = try engine.execute(method.body, in: inner, host: &called)
                building = called.building
            } else {
                try engine.runInitializerExpression(expression, of: building.declaration.name, in: scope)
            }
        case .environmentWrite:
            throw EvaluationError("an 'init' cannot write the environment", at: statement.location)
        case .viewAction(let kind, _):
            throw EvaluationError("an 'init' cannot run a view's '\(kind.rawValue)'", at: statement.location)
        default:
            break
        }
        return nil
    }
}

extension Engine {
    /// The value an `init` assigns to a stored property. In Swift source, one Ripple cannot compute is noted
    /// where it is and the property keeps the value it had; the rest of the `init` still runs, and every
    /// row that rests on the value takes that as a decision on an unknown value.
    @inline(never)
    mutating func initializerValue(_ expression: ExprSyntax, of property: String, in type: String, scope: Scope, expected: ValueType) throws(EvaluationError) -> Value? {
        do throws(EvaluationError) {
            return try evaluate(expression, in: scope, expected: expected)
        } catch {
            guard readsOtherModules, !error.isLimit else { throw error }
            reportInBody(error)
            decidedOnUnknown("'\(property)' of '\(type)', which keeps the value it had when its 'init' could not compute '\(Self.shortened(expression.rendered))',", at: expression.location)
            return nil
        }
    }

    /// A statement of an `init` that is a call or a value (`bind()`, `manager.$state.assign(to: &$state)`).
    /// In Swift source, one Ripple cannot run is noted where it is, and the rest of the `init` still runs:
    /// what it would have done to the value is unknown, a decision every row that rests on the value takes.
    @inline(never)
    mutating func runInitializerExpression(_ expression: ExprSyntax, of type: String, in scope: Scope) throws(EvaluationError) {
        do throws(EvaluationError) {
            _ = try evaluate(expression, in: scope, expected: nil)
        } catch {
            guard readsOtherModules, !error.isLimit else { throw error }
            reportInBody(error)
            decidedOnUnknown("what '\(Self.shortened(expression.rendered))' in the 'init' of '\(type)' does", at: expression.location)
        }
    }
}

