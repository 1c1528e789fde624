// A model class's methods, run as Swift runs them: `store.toggle(task)` in a step runs `toggle`'s
// statements with `self` the store, each write inside it one of the step's writes, traced with the
// statement that made it. A method a body calls (`store.count(of: .done)`) computes a value; a write
// there is an error, as it is anywhere in a body.

extension Engine {
    /// Most levels of methods calling methods in one step (a documented limit, like the call depth).
    static let maximumMethodDepth = 64

    /// The method `name` of the class of `value`, when `value` is an object whose class declares it.
    /// With `arguments`, the method of that name their labels select; without, a reference to the method
    /// (`perform: store.delete`), the first of that name.
    func modelMethod(_ name: String, of value: Value, for arguments: [ArgumentSyntax]? = nil) -> (object: ObjectID, method: FunctionSyntax)? {
        guard case .object(let object) = value else { return nil }
        let declaration = objects[object.raw].info.declaration
        guard let method = arguments.map({ declaration.method(named: name, for: $0) }) ?? declaration.method(named: name) else { return nil }
        return (object, method)
    }

    /// The scope a method's statements run in: `self` the object, the parameters bound to the arguments
    /// evaluated in `caller`, by label in order, defaults filling the rest.
    mutating func methodScope(_ method: FunctionSyntax, of object: ObjectID, arguments: [ArgumentSyntax], caller: Scope,
                              at location: SourceLocation) throws(EvaluationError) -> Scope {
        var scope = Scope()
        scope.this = .object(object)
        try bind(method.parameters, of: method.name, to: arguments, into: &scope, at: location) { (engine, expression) throws(EvaluationError) in
            try engine.argumentValue(expression, in: caller)
        }
        return scope
    }

    /// An argument's value. In a step, names are those of the root view's properties (`store.tasks[0].id`
    /// reads the root's `store`), as a step's write targets name them; in a method, the method's.
    private mutating func argumentValue(_ expression: ExprSyntax, in caller: Scope) throws(EvaluationError) -> Value {
        if !isTracking, methodContext == nil, case .none = caller.this, !instances.isEmpty {
            var scope = caller
            scope.this = .view(root)
            return try evaluate(expression, in: scope, expected: nil)
        }
        return try evaluate(expression, in: caller, expected: nil)
    }

    /// A method called for its value (in a body, a condition, an argument): its statements computed, no write allowed.
    mutating func callModelMethod(_ method: FunctionSyntax, of object: ObjectID, arguments: [ArgumentSyntax], in caller: Scope,
                                  at location: SourceLocation) throws(EvaluationError) -> Value {
        let outer = try enterCall(.computedProperty(method.name), at: location)
        defer { leaveCall(restoring: outer) }
        let scope = try methodScope(method, of: object, arguments: arguments, caller: caller, at: location)
        return try runStatements(method.body, in: scope, expected: nil) ?? Value.none
    }

    /// A step statement that calls a method of a model object (`store.add(title: "Plan")`): the method's
    /// writes, in order; nil when the statement is not such a call.
    mutating func applyMethodCall(_ statement: StatementSyntax, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace]? {
        guard let (method, scope, location) = try calledMethod(statement) else { return nil }
        return try runMethod(method, scope: scope, pass: &pass, written: &written, depth: 1, at: location)
    }

    /// The model method a call statement calls, with the scope it runs in and where the call is: another
    /// method of the object whose method is running (`save()`, `self.save()`), or a method of the object
    /// a target names (`store.add(title: "Plan")`); nil for any other statement.
    mutating func calledMethod(_ statement: StatementSyntax) throws(EvaluationError) -> (FunctionSyntax, Scope, SourceLocation)? {
        guard case .expression(let expression) = statement.kind, case .call(let callee, let arguments, let trailing) = expression.kind else { return nil }
        let caller = stepScope
        if case .object(let object) = caller.this {
            var name: String?
            if case .identifier(let called) = callee.kind, caller.locals[called] == nil { name = called }
            if case .member(let base, let called, _) = callee.kind, base.kind == .identifier("self") { name = called }
            if let name, let method = objects[object.raw].info.declaration.method(named: name, for: arguments + trailing) {
                return (method, try methodScope(method, of: object, arguments: arguments + trailing, caller: caller, at: expression.location), expression.location)
            }
        }
        // `showSheet()` in a view's action: a method of the view, with the view as `self`; `onRemove()`: a
        // closure the view was given, or a local holds, run in the scope it captured.
        if case .view(let id) = caller.this, let name = callee.kind.ownMemberName {
            if caller.locals[name] == nil, let method = viewFunction(name, of: id) {
                var scope = Scope()
                scope.this = caller.this
                try bind(method.parameters, of: method.name, to: arguments + trailing, into: &scope, at: expression.location) { (engine, argument) throws(EvaluationError) in
                    try engine.evaluate(argument, in: caller, expected: nil)
                }
                return (method, scope, expression.location)
            }
            if let (closure, captured) = heldClosure(name, at: callee.location, in: caller, of: id) {
                var values: [Value] = []
                for argument in arguments + trailing { values.append(try evaluate(argument.value, in: caller, expected: nil)) }
                let function = FunctionSyntax(isStatic: false, name: name, parameters: [], body: closure.body, location: closure.location)
                return (function, closureScope(closure.parameters, arguments: values, in: captured), expression.location)
            }
        }
        guard case .member(let base, let name, _) = callee.kind else { return nil }
        let target: TargetCursor
        do throws(EvaluationError) {
            target = try resolveTarget(base)
        } catch {
            return nil
        }
        let receiver: Value? = if let object = target.object { .object(object) } else if let lvalue = target.lvalue { try? read(lvalue, at: base.location) } else { nil }
        guard let receiver, let (object, method) = modelMethod(name, of: receiver, for: arguments + trailing) else { return nil }
        return (method, try methodScope(method, of: object, arguments: arguments + trailing, caller: caller, at: expression.location), expression.location)
    }

    /// `dismiss()` of `@Environment(\.dismiss) var dismiss`, or `presentationMode.wrappedValue.dismiss()`,
    /// in an action of a view a presentation shows: the presentation's binding becomes `false` or `nil`,
    /// as a swipe down does. Nil for any other statement; nothing, with a note, when no presentation shows
    /// the view.
    mutating func dismissal(_ expression: ExprSyntax, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace]? {
        guard case .view(let id) = stepScope.this, case .call(let callee, let arguments, let trailing) = expression.kind,
              arguments.isEmpty, trailing.isEmpty else { return nil }
        let key: String
        if let name = callee.kind.ownMemberName {
            key = name
        } else if case .member(let base, "dismiss", _) = callee.kind, case .member(let root, "wrappedValue", _) = base.kind,
                  let name = root.kind.ownMemberName {
            key = name
        } else {
            return nil
        }
        guard stepScope.locals[key] == nil, let property = instances[id].info?.declaration.property(named: key),
              case .environment(let environment)? = property.role.kind.declaredDependency, environment == "dismiss" || environment == "presentationMode" else { return nil }
        var presenter: Int? = id
        while let current = presenter, instances[current].description.contentClosure?.presentation == nil { presenter = instances[current].parent }
        let trigger = presenter.flatMap { instances[$0].description.contentClosure?.presentation }
        // A view pushed onto a `NavigationStack(path:)` is popped, with what was pushed above it: the path
        // keeps the elements below its place.
        if let presenter, let trigger, case .path = trigger.kind, let popped = try pop(id, shownBy: presenter, trigger, expression, pass: &pass, written: &written) {
            return popped
        }
        guard let trigger, trigger.kind == .flag || trigger.kind == .item else {
            // SwiftUI's `dismiss()` does nothing in a view no presentation shows.
            assume("'\(instances[id].name)' is not shown by a sheet or another presentation Ripple models, so '\(expression.rendered)' dismisses nothing", at: expression.location)
            return []
        }
        return try writeBinding(trigger.binding, trigger.kind == .flag ? .bool(false) : .none, control: expression.rendered,
                                named: expression.rendered, at: expression.location, pass: &pass, written: &written)
    }

    /// `dismiss()` in a view a `.navigationDestination(for:)` built for an element of the stack's path: the
    /// path is cut to the elements before that one. Nil when the view's place on the path is not known.
    private mutating func pop(_ id: Int, shownBy presenter: Int, _ trigger: Presentation.Trigger, _ expression: ExprSyntax,
                              pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace]? {
        guard let content = instances[presenter].description.contentClosure else { return nil }
        // The presentation's own child that holds the view: its identity holds its place on the path, after
        // the identities of the rows around the presentation.
        var child = id
        while let parent = instances[child].parent, parent != presenter { child = parent }
        let ids = instances[child].description.key.forEachIDs
        let position = content.context.forEachIDs.count
        guard instances[child].parent == presenter, position < ids.count, case .int(let index) = ids[ids.startIndex + position],
              case .array(let elements) = try readBinding(trigger.binding, tracked: false), index < elements.count else { return nil }
        return try writeBinding(trigger.binding, .array(Array(elements.prefix(index))), control: expression.rendered,
                                named: expression.rendered, at: expression.location, pass: &pass, written: &written)
    }

    /// The closure a view's property or a local holds (`onRemove`, `self.action`), and the scope it
    /// captured; nil when `name` holds none.
    mutating func heldClosure(_ name: String, at location: SourceLocation, in caller: Scope, of instance: Int) -> (ClosureSyntax, Scope)? {
        guard caller.locals[name] != nil || instances[instance].info?.declaration.property(named: name) != nil,
              case .closure(let closureID)? = try? evaluate(ExprSyntax(.identifier(name), at: location), in: caller, expected: nil),
              let (syntax, captured) = closures[closureID] else { return nil }
        return (syntax, captured)
    }

    /// The scope an action's closure runs in: `scope`, reading nothing for a body, with the closure's
    /// parameters (or `$0`, `$1`, … when it names none) given `arguments` in order.
    func closureScope(_ parameters: [String], arguments: [Value], in scope: Scope) -> Scope {
        var inner = scope
        inner.recordsReads = false
        if parameters.isEmpty {
            for (index, value) in arguments.enumerated() { inner = inner.with("$\(index)", value) }
        } else {
            for (index, parameter) in parameters.enumerated() { inner = inner.with(parameter, index < arguments.count ? arguments[index] : .none) }
        }
        return inner
    }

    /// The object and computed property with a `set` that an assignment's target names
    /// (`model.fullName`, or `fullName` in the model's own method); nil for any other target.
    mutating func computedSetter(of target: ExprSyntax, in scope: Scope) -> (ObjectID, ComputedProperty, PropertyObserverSyntax)? {
        let object: ObjectID
        let name: String
        switch target.kind {
        case .member(let base, let member, _):
            // A type's static member (`Store.shared.name`, `Store.count`) is not written here.
            if case .identifier(let root) = rootOfChain(base).kind, scope.locals[root] == nil, isTypeName(root, in: scope) { return nil }
            var reading = scope
            reading.recordsReads = false
            // A base that names no object here (`self.count` in a view's action) is the write's own to resolve.
            guard case .object(let found)? = try? evaluate(base, in: reading, expected: nil) else { return nil }
            (object, name) = (found, member)
        case .identifier(let member):
            guard scope.locals[member] == nil, case .object(let found) = scope.this else { return nil }
            (object, name) = (found, member)
        default:
            return nil
        }
        guard let property = objects[object.raw].info.declaration.computedProperty(named: name), let setter = property.setter else { return nil }
        return (object, property, setter)
    }

    /// Runs a computed property's `set` on `object`, given the value written, as step statements.
    mutating func runSetter(_ setter: PropertyObserverSyntax, of object: ObjectID, newValue: Value, pass: inout Pass, written: inout [Place],
                            depth: Int, at location: SourceLocation) throws(EvaluationError) -> [WriteTrace] {
        guard depth <= Self.maximumMethodDepth else {
            throw EvaluationError("setters and methods call each other more than \(Self.maximumMethodDepth) levels deep (limit: method depth)", at: location)
        }
        try chargeCall(at: location)
        let saved = methodContext
        defer { methodContext = saved }
        var scope = Scope()
        scope.this = .object(object)
        scope.recordsReads = false
        methodContext = scope.with(setter.parameter, newValue)
        var traces: [WriteTrace] = []
        _ = try runMethodStatements(setter.body, pass: &pass, written: &written, depth: depth, into: &traces)
        return traces
    }

    /// Runs a method's statements as step statements, in `scope`.
    mutating func runMethod(_ method: FunctionSyntax, scope: Scope, pass: inout Pass, written: inout [Place], depth: Int,
                                    at location: SourceLocation) throws(EvaluationError) -> [WriteTrace] {
        guard depth <= Self.maximumMethodDepth else {
            throw EvaluationError("methods call methods more than \(Self.maximumMethodDepth) levels deep, down to '\(method.name)' (limit: method depth)", at: location)
        }
        try chargeCall(at: location)
        let saved = methodContext
        methodContext = scope
        defer { methodContext = saved }
        var traces: [WriteTrace] = []
        _ = try runMethodStatements(method.body, pass: &pass, written: &written, depth: depth, into: &traces)
        return traces
    }

    /// Runs statements of a method, or of an action a step runs, in `methodContext`, which ends as the
    /// statements left it (with the names their `let`s bound); returns false once a `return` ran.
    mutating func runMethodStatements(_ statements: [StatementSyntax], pass: inout Pass, written: inout [Place], depth: Int,
                                      into traces: inout [WriteTrace]) throws(EvaluationError) -> Bool {
        var host = MethodHost(depth: depth)
        swap(&host.pass, &pass)
        swap(&host.written, &written)
        swap(&host.traces, &traces)
        defer {
            swap(&host.pass, &pass)
            swap(&host.written, &written)
            swap(&host.traces, &traces)
        }
        var scope = stepScope
        let returned = try execute(statements, scope: &scope, host: &host) != nil
        methodContext = scope
        return !returned
    }
}

/// Runs a model method, an action's closure, a setter or a step's queued work: each statement writes,
/// calls a method or waits. The scope a statement runs in is the engine's `methodContext`, where the
/// writes it makes resolve names. In Swift source a statement Ripple cannot run is a note, and the rest
/// runs.
struct MethodHost: StatementHost {
    /// How many methods deep the statements run.
    var depth: Int
    var pass = Pass()
    var written: [Place] = []
    /// The writes made so far.
    var traces: [WriteTrace] = []

    mutating func prepare(_ scope: inout Scope, engine: inout Engine) {
        engine.methodContext = scope
    }

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) {}

    mutating func recover(_ error: EvaluationError, from statement: StatementSyntax, engine: inout Engine) throws(EvaluationError) {
        guard engine.readsOtherModules, !error.isLimit else { throw error }
        engine.reportInBody(error)
    }

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Void? {
        if case .viewAction(let kind, _) = statement.kind {
            throw EvaluationError("'\(kind.rawValue)' runs a view's action from a step, not from code", at: statement.location)
        }
        if case .expression(let expression) = statement.kind, try runCall(expression, of: statement, in: scope, engine: &engine) {
            return nil
        }
        // `model.fullName = "Ada King"`: a computed property's setter runs and writes what it writes.
        if case .assignment(let target, let op, let value) = statement.kind, let (object, property, setter) = engine.computedSetter(of: target, in: scope) {
            var new = try engine.evaluate(value, in: scope, expected: property.type)
            if op != "=" {
                var inner = scope.with("$old", try engine.readProperty(object, property.name, at: target.location)).with("$new", new)
                inner.recordsReads = false
                new = try engine.binary(String(op.dropLast()), ExprSyntax(.identifier("$old"), at: target.location),
                                        ExprSyntax(.identifier("$new"), at: value.location), in: inner, at: statement.location, expected: property.type)
            }
            traces += try engine.runSetter(setter, of: object, newValue: new, pass: &pass, written: &written, depth: depth + 1, at: statement.location)
            return nil
        }
        let text = Engine.StatementText(full: statement.rendered, target: Engine.renderedTarget(of: statement))
        let observed = engine.observedProperty(written: statement)
        let trace = try engine.apply(statement, text: text, pass: &pass, written: &written)
        try engine.charge(trace, at: statement.location)
        traces.append(trace)
        if let observed { traces += try engine.runObservers(of: observed.place, old: observed.old, pass: &pass, written: &written) }
        return nil
    }

    /// Runs an expression statement that waits, prints, schedules work, dismisses or calls a method;
    /// false for any other expression, which is written as a statement is.
    private mutating func runCall(_ expression: ExprSyntax, of statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Bool {
        // `try await Task.sleep(for: .seconds(1))`: waiting changes nothing.
        if statement.suspends, case .call(let callee, _, _) = expression.kind, ["Task.sleep", "Task.yield"].contains(callee.rendered) { return true }
        // `print("saved")`: what goes to the console is nothing a view reads.
        if case .call(let callee, _, _) = expression.kind, ["print", "debugPrint"].contains(callee.rendered) { return true }
        // `withAnimation { … }`, `Task { … }`: the closure's writes are the action's.
        if let (kind, closure) = ActionClosure.find(in: expression) {
            switch kind {
            case .now:
                _ = try engine.runMethodStatements(closure.body, pass: &pass, written: &written, depth: depth, into: &traces)
            case .transaction(let transaction):
                try engine.runInTransaction(transaction, closure.body, of: expression, pass: &pass, written: &written, depth: depth, into: &traces)
            case .task:
                let end = closure.body.firstIndex(where: \.suspends) ?? closure.body.endIndex
                _ = try engine.runMethodStatements(Array(closure.body[..<end]), pass: &pass, written: &written, depth: depth, into: &traces)
                if end < closure.body.endIndex {
                    engine.assume("what 'Task { … }' runs from its first 'await' is not simulated", at: closure.body[end].location)
                }
            case .later:
                engine.mainQueue.append(SuspendedAction.Frame(statements: closure.body[...], scope: scope))
            }
            return true
        }
        // `modelContext.insert(book)`: the `@Query`s of the model's type on screen change (Rule 22).
        if let changed = try engine.modelContextChange(expression, in: scope, pass: &pass, written: &written) {
            traces += changed
            return true
        }
        // `dismiss()`: the presentation showing the view is dismissed.
        if let dismissal = try engine.dismissal(expression, pass: &pass, written: &written) {
            traces += dismissal
            return true
        }
        // `save()`, `self.save()`, `store.add(title: "Plan")`: the method's writes.
        if let (method, inner, location) = try engine.calledMethod(statement) {
            traces += try engine.runMethod(method, scope: inner, pass: &pass, written: &written, depth: depth + 1, at: location)
            return true
        }
        return false
    }
}
