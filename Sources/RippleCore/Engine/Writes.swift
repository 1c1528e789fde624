// Steps: each statement is a write; together they are one transaction, and those a `withAnimation { }`
// makes after others another (Rule 18).

/// Storage a step writes.
enum StorageRoot: Hashable {
    /// An object's stored property, by its index among the class's stored properties (found once, when
    /// the target is resolved: a write reads, checks and writes the place by it).
    case property(ObjectID, slot: Int)
    case slot(SlotID)
    case appStorage(String)
}

/// A written place: the storage and the path below it.
struct LValue {
    var root: StorageRoot
    var path: [PathComponent]
}

/// One component of a written place below its root: `.items`, `[241]`, `.done`.
enum TargetComponent: Hashable, Sendable {
    case member(name: String, location: SourceLocation)
    /// `[i]` with an integer literal, read without evaluating its syntax; the argument's location is
    /// where an out-of-range index is reported.
    case literalIndex(Int, location: SourceLocation, argumentLocation: SourceLocation)
    /// Any other component (a computed index, `!`), run from its syntax when the step runs.
    case syntax(ExprSyntax)

    /// Where the component is written, for messages.
    var location: SourceLocation {
        switch self {
        case .member(_, let location), .literalIndex(_, let location, _): location
        case .syntax(let expression): expression.location
        }
    }

    /// The component of a chain, as written.
    init(_ expression: ExprSyntax) {
        switch expression.kind {
        case .member(_, let name, _):
            self = .member(name: name, location: expression.location)
        case .subscriptAccess(_, let arguments, _):
            if arguments.count == 1, arguments[0].label == nil, case .integer(let index) = arguments[0].value.kind {
                self = .literalIndex(index, location: expression.location, argumentLocation: arguments[0].location)
            } else {
                self = .syntax(expression)
            }
        default:
            self = .syntax(expression)
        }
    }
}

/// How far a step's target has been resolved: an object whose properties come next, a written place,
/// or both (a `@State` slot holding an object). A struct, not a tuple: an optional tuple is copied and
/// destroyed through the runtime's generic witnesses, and a write makes and drops several.
struct TargetCursor {
    var object: ObjectID?
    var lvalue: LValue?

    init(_ object: ObjectID?, _ lvalue: LValue?) {
        self.object = object
        self.lvalue = lvalue
    }
}

extension Engine {
    /// Applies a step's writes, evaluates what they dirty, and reports outcomes.
    mutating func run(step: ResolvedStep) throws(EvaluationError) -> StepTrace {
        try transaction(named: step.name) { (engine, pass, written) throws(EvaluationError) in
            try engine.writes(of: step, pass: &pass, written: &written)
        }
    }

    /// What a step's statements write, in order; an error in one is reported and the next still runs.
    private mutating func writes(of step: ResolvedStep, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var writes: [WriteTrace] = []
        writes.reserveCapacity(step.statements.count)
        written.reserveCapacity(step.statements.count)
        for index in step.statements.indices {
            let text = StatementText(full: step.texts[index], target: step.targets[index])
            runStepStatement(step.statements[index], text: text, into: &writes, pass: &pass, written: &written)
        }
        return writes
    }

    /// What one statement of a step writes, appended to `writes`; an error in it is reported.
    private mutating func runStepStatement(_ statement: StatementSyntax, text: StatementText, into writes: inout [WriteTrace], pass: inout Pass,
                                           written: inout [Place]) {
        do throws(EvaluationError) {
            // `refresh Root`, `resume Root`, an action by name: the writes of the view's action, up to
            // its next `await`.
            if case .viewAction(let kind, let target) = statement.kind {
                writes += try runViewAction(kind, target, pass: &pass, written: &written)
                return
            }
            // `withAnimation { Root.value = 3 }`: the closure's statements are the step's, made in its
            // transaction (Rule 18).
            if case .expression(let expression) = statement.kind, case (.transaction(let name), let closure)? = ActionClosure.find(in: expression) {
                stepTransaction(name, closure.body, of: expression, into: &writes, pass: &pass, written: &written)
                return
            }
            // `store.add(title: "Plan")`: the method's writes, each traced with its own statement.
            if let traces = try applyMethodCall(statement, pass: &pass, written: &written) {
                writes += traces
                return
            }
            let observed = observedProperty(written: statement)
            writes.append(try apply(statement, text: text, pass: &pass, written: &written))
            if let observed { writes += try runObservers(of: observed.place, old: observed.old, pass: &pass, written: &written) }
        } catch {
            report(error)
        }
    }

    /// The statements of a `withAnimation { }` or `withTransaction(…) { }` written in a step, each a
    /// statement of the step, made in the transaction named (Rule 18).
    @inline(never)
    private mutating func stepTransaction(_ name: String, _ statements: [StatementSyntax], of call: ExprSyntax, into writes: inout [WriteTrace],
                                          pass: inout Pass, written: inout [Place]) {
        let outer = enterTransaction(name, of: call)
        defer { currentTransaction = outer }
        for statement in statements {
            let rendered = statement.rendered
            runStepStatement(statement, text: StatementText(full: rendered, target: ResolvedStep.writtenPlace(rendered)), into: &writes, pass: &pass, written: &written)
        }
    }

    /// One step: `makeWrites` writes, then every body the writes dirtied is evaluated and the step is
    /// traced. A step's statements, a person's action and a view's `.task` are each one.
    mutating func transaction(named name: String,
                              _ makeWrites: (inout Engine, inout Pass, inout [Place]) throws(EvaluationError) -> [WriteTrace]) throws(EvaluationError) -> StepTrace {
        mainQueue = []
        stepNotes.removeAll()
        let (updates, firedFirst) = try update(named: name, makeWrites)
        var fired = firedFirst
        // The writes an action made in a transaction after others are an update of their own (Rule 18),
        // traced as the step's follow-ups, before what its updates set off.
        var trace = updates[0]
        if updates.count > 1 { trace.followUps = Array(updates.dropFirst()) }
        // The actions the update set off (`.onChange`, what views that appeared or went run, a `.task(id:)`
        // whose id changed) run in an update of their own, and so on, each traced as the step's follow-up;
        // so do the closures given to `DispatchQueue.main.async`, on the main queue's next turn.
        var rounds = 0
        while !fired.isEmpty || !mainQueue.isEmpty {
            rounds += 1
            if fired.isEmpty {
                guard rounds <= Self.maximumChangeRounds else {
                    throw EvaluationError("the closures given to DispatchQueue.main.async kept giving it more: more than \(Self.maximumChangeRounds) updates in one step",
                                          at: mainQueue[0].statements.first?.location ?? SourceLocation(file: "", line: 1, column: 1))
                }
                let queued = mainQueue
                mainQueue = []
                let round: [StepTrace]
                (round, fired) = try update(named: "DispatchQueue.main.async") { (engine, pass, written) throws(EvaluationError) in
                    try engine.mainQueueWrites(queued, pass: &pass, written: &written)
                }
                trace.followUps = (trace.followUps ?? []) + round
                continue
            }
            guard rounds <= Self.maximumChangeRounds else {
                throw EvaluationError("\(Self.keptFiring(fired)): more than \(Self.maximumChangeRounds) updates in one step", at: fired[0].location)
            }
            let handlers = fired
            let round: [StepTrace]
            (round, fired) = try update(named: changeRoundName(handlers)) { (engine, pass, written) throws(EvaluationError) in
                try engine.firedHandlerWrites(handlers, pass: &pass, written: &written)
            }
            trace.followUps = (trace.followUps ?? []) + round
        }
        return trace
    }

    /// What an error says of fired actions that keep firing more: the `.onChange` actions kept changing
    /// what they watch, or, when others are among them, which ones kept running.
    static func keptFiring(_ fired: [FiredHandler]) -> String {
        if fired.allSatisfy({ if case .action(let action, _) = $0.work { action.kind == .change } else { false } }) {
            return "the .onChange actions kept changing what they watch"
        }
        return "the actions run after an update kept setting off more, '\(fired[0].control)' among them"
    }

    /// The writes of the closures given to `DispatchQueue.main.async`, in the order they were given.
    private mutating func mainQueueWrites(_ queued: [SuspendedAction.Frame], pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var writes: [WriteTrace] = []
        let saved = methodContext
        defer { methodContext = saved }
        for frame in queued {
            methodContext = frame.scope
            _ = try runMethodStatements(Array(frame.statements), pass: &pass, written: &written, depth: 0, into: &writes)
        }
        return writes
    }

    /// One update: `makeWrites` writes, every body the writes dirtied is evaluated, and the update is
    /// traced; with it, the actions it set off. Writes made in a transaction after others end the update
    /// those made (Rule 18): then each update the writes made is traced, in order, the first named `name`.
    private mutating func update(named name: String, _ makeWrites: (inout Engine, inout Pass, inout [Place]) throws(EvaluationError) -> [WriteTrace])
        throws(EvaluationError) -> ([StepTrace], [FiredHandler]) {
        work = 0
        // The last step's tables, moved rather than copied: a copy counted a reference to each of them.
        var pass = Pass()
        swap(&pass, &spentPass)
        pass.reset()
        unknownDecisions.removeAll()
        let outer = (endedUpdates, currentTransaction)
        endedUpdates = []
        currentTransaction = nil
        defer { (endedUpdates, currentTransaction) = outer }
        var written: [Place] = []
        let writes = try makeWrites(&self, &pass, &written)
        let ended = endedUpdates
        // An action that wrote nothing after the update it ended last makes no update of its own there.
        var last: (trace: StepTrace, transaction: String?, fired: [FiredHandler])?
        if ended.isEmpty || pass.writes > 0 || !pass.queue.isEmpty {
            try runPass(&pass, initial: [])
            for decision in untakenReaders(of: written, evaluated: { pass.evaluated[$0] != nil }) where !unknownDecisions.contains(decision) {
                unknownDecisions.append(decision)
            }
            var trace = trace(name, writes: writes, written: written, pass: pass)
            if !unknownDecisions.isEmpty { trace.unknownDecisions = unknownDecisions }
            trace.windows = tracedWindows()
            last = (trace, pass.transaction, pass.firedHandlers)
            // The pass's order becomes the engine's record of the step.
            swap(&lastEvaluated, &pass.order)
        }
        // The pass takes the last step's storage for its next use: shared, it would have to be copied
        // before it was emptied.
        pass.reset()
        swap(&spentPass, &pass)
        if ended.isEmpty, let last { return ([last.trace], last.fired) }
        return Self.transactionUpdates(named: name, ended: ended, last: last, writes: writes)
    }

    mutating func apply(_ statement: StatementSyntax, text: StatementText, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> WriteTrace {
        switch statement.kind {
        case .environmentWrite(let key, let valueExpression):
            guard let declaration = table.environmentKeys[key] else {
                throw EvaluationError("unknown environment key '\\.\(key)'\(Suggestion.didYouMean(key, in: table.environmentKeys.keys))", at: statement.location)
            }
            let value = try evaluate(valueExpression, in: stepScope, expected: declaration.type)
            try checkType(value, declaration.type, name: "\\." + key, at: valueExpression.location)
            let old = rootEnvironment[key] ?? Value.none
            let decision = EnvironmentValueKind(key: key).write(differs: inputDifference(old, value) != nil)
            if decision?.notifies ?? false { try joinTransaction(pass: &pass, written: &written) }
            rootEnvironment[key] = value
            environmentChanged(key, under: root, pass: &pass)
            pass.writes += 1
            return WriteTrace(statement: text.full, target: "\\." + key, kind: "environment", old: describeWritten(old), new: describeWritten(value),
                              notified: decision?.notifies ?? false, note: decision?.note ?? "", location: TraceLocation(statement.location),
                              oldValue: traceWritten(old), newValue: traceWritten(value))
        case .assignment(let targetExpression, let op, let valueExpression):
            let target = try lvalue(targetExpression)
            let current = try read(target, at: targetExpression.location)
            let declared = declaredType(of: target)
            var value = try evaluate(valueExpression, in: stepScope, expected: declared ?? hint(for: current))
            if op != "=" {
                let operation = String(op.dropLast())
                value = try combine(operation, current, value, at: statement.location)
            }
            if let declared { try checkType(value, declared, name: targetExpression.rendered, at: valueExpression.location) }
            // A value written below a property sits that much deeper (`xs[0] = xs` nests xs in itself).
            if !target.path.isEmpty { try checkNesting([value], at: valueExpression.location, depth: 1 + target.path.count) }
            let inPlace = op != "=" || !target.path.isEmpty
            return try write(target, leaf: value, old: current, inPlace: inPlace, text: text, pass: &pass, written: &written, at: statement.location)
        case .expression(let expression):
            guard case .call(let callee, let arguments, let trailing) = expression.kind, case .member(let base, let method, _) = callee.kind else {
                throw EvaluationError("a step holds writes: assignments, mutating calls, 'objectWillChange.send()' or 'environment \\.key = value'", at: statement.location)
            }
            if method == "set", case .member(let defaults, "standard", _) = base.kind, defaults.kind == .identifier("UserDefaults") {
                guard arguments.count == 2, arguments[0].label == nil, arguments[1].label == "forKey",
                      case .string(let key) = try evaluate(arguments[1].value, in: stepScope, expected: .string) else {
                    throw EvaluationError("write a user default as 'UserDefaults.standard.set(value, forKey: \"key\")'", at: statement.location)
                }
                let value = try evaluate(arguments[0].value, in: stepScope, expected: nil)
                let target = LValue(root: .appStorage(key), path: [])
                return try write(target, leaf: value, old: appStorage[key] ?? Value.none, inPlace: false, text: text, pass: &pass, written: &written, at: statement.location)
            }
            if method == "send", case .member(let objectExpression, "objectWillChange", _) = base.kind {
                guard let object = try objectTarget(objectExpression), table.data[objects[object.raw].type]?.modelKind == .observableObject else {
                    throw EvaluationError("'objectWillChange' belongs to an 'ObservableObject'", at: objectExpression.location)
                }
                try joinTransaction(pass: &pass, written: &written)
                notifyHolders(object, detail: "objectWillChange.send() on \(objectName(object))", pass: &pass)
                pass.writes += 1
                return WriteTrace(statement: text.full, target: objectName(object) + ".objectWillChange", kind: "objectWillChange.send()",
                                  old: nil, new: nil, notified: true, note: "every view holding \(objectName(object)) is told")
            }
            let target = try lvalue(base)
            let current = try read(target, at: base.location)
            let updated = try mutate(current, method, arguments + trailing, at: callee.location)
            if case .array = updated, ["append", "insert"].contains(method) {
                try checkNesting([updated], at: callee.location, depth: 1 + target.path.count)
            }
            return try write(target, leaf: updated, old: current, inPlace: true, text: text, pass: &pass, written: &written, at: statement.location)
        default:
            throw EvaluationError("a step holds writes: assignments, mutating calls, 'objectWillChange.send()' or 'environment \\.key = value'", at: statement.location)
        }
    }

    /// The scope a step's expressions are evaluated in: the running method's (`self` and its locals),
    /// else an empty one.
    var stepScope: Scope { methodContext ?? Scope() }

    // MARK: - Places

    /// Resolves a step's target: `state.users[1].name`, `RootView.expanded`, `UserRow[2].isEditing`, `SearchField.query`.
    mutating func lvalue(_ expression: ExprSyntax) throws(EvaluationError) -> LValue {
        let cursor = try resolveTarget(expression)
        if let lvalue = cursor.lvalue { return lvalue }
        throw EvaluationError("'\(expression.rendered)' is an object; write to one of its properties", at: expression.location)
    }

    /// The object a step names (`store`, `Root.store`, `Row[2].model`), for `objectWillChange.send()`.
    mutating func objectTarget(_ expression: ExprSyntax) throws(EvaluationError) -> ObjectID? {
        try resolveTarget(expression).object
    }

    /// Walks a step's target down to an object or a written place.
    mutating func resolveTarget(_ expression: ExprSyntax) throws(EvaluationError) -> TargetCursor {
        // A chain has at most as many components as the expression has levels: one allocation.
        let height = expression.height
        // The usual root, a name that is neither a view type nor `self`: its components are taken apart
        // on the way down to it, with no list of their syntax to keep.
        if case .identifier(let name) = Self.targetRoot(of: expression).kind, name != "self", table.views[name] == nil {
            var components: [TargetComponent] = []
            components.reserveCapacity(height)
            var node = expression
            while let base = Self.targetBase(of: node) {
                components.append(TargetComponent(node))
                node = base
            }
            components.reverse()
            // `Store.shared.count += 1`: a declared type's static property is read where a body reads it,
            // but nothing written through it is simulated.
            if readsOtherModules, methodContext?.locals[name] == nil, table.allTypeNames.contains(name), case .member(let member, _)? = components.first {
                throw EvaluationError("'\(name).\(member)' is a static property, which Ripple reads but does not change; the write or call is not simulated",
                                      at: node.location)
            }
            return try descend(from: try namedRoot(name, at: node.location), through: components)
        }
        var components: [ExprSyntax] = []
        components.reserveCapacity(height)
        var root = expression
        while let base = Self.targetBase(of: root) {
            components.append(root)
            root = base
        }
        components.reverse()
        // The root: an instance (`RootView`, `UserRow[2]`), a global, or a property of an instance.
        let cursor: TargetCursor
        var rest = components[...]
        if case .identifier(let name) = root.kind, table.views[name] != nil {
            let (reference, remaining) = try instanceReference(name, rest)
            rest = remaining
            let instance = try findInstance(reference, at: root.location)
            guard let first = rest.first, case .member(_, let property, _) = first.kind else {
                throw EvaluationError("write to a property of '\(reference)', like '\(reference).isOn = true'", at: root.location)
            }
            rest = rest.dropFirst()
            cursor = try viewPropertyPlace(instance, property, at: first.location)
        } else if case .identifier("self") = root.kind, let context = methodContext, case .view(let view) = context.this,
                  let first = rest.first, case .member(_, let property, _) = first.kind {
            // `self.items` in a view's action: the property of the view that runs it.
            rest = rest.dropFirst()
            cursor = try viewPropertyPlace(view, property, at: first.location)
        } else if case .identifier(let name) = root.kind {
            cursor = try namedRoot(name, at: root.location)
        } else {
            throw EvaluationError("cannot write to '\(expression.rendered)'", at: expression.location)
        }
        return try descend(from: cursor, through: rest.map(TargetComponent.init))
    }

    /// What a component of a step's target is applied to: the base of a member, subscript or `!`; nil
    /// at the root.
    private static func targetBase(of expression: ExprSyntax) -> ExprSyntax? {
        switch expression.kind {
        case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base): base
        default: nil
        }
    }

    /// The root of a step's target, below its members, subscripts and `!`.
    private static func targetRoot(of expression: ExprSyntax) -> ExprSyntax {
        var root = expression
        while let base = targetBase(of: root) { root = base }
        return root
    }

    /// A target's root name that is not a view type: a global object, or a property of the root view
    /// (else of the one instance that has it).
    private mutating func namedRoot(_ name: String, at location: SourceLocation) throws(EvaluationError) -> TargetCursor {
        // Inside a model's method or a view's action: `self` (an object), a local holding an object, or
        // one of `self`'s properties.
        if let context = methodContext {
            let owner: (object: ObjectID?, view: Int?) = switch context.this {
            case .object(let object): (object, nil)
            case .view(let view): (nil, view)
            default: (nil, nil)
            }
            if let object = owner.object, name == "self" { return TargetCursor(object, nil) }
            if owner.object != nil || owner.view != nil, let local = context.locals[name] {
                if let view = owner.view, context.recordedLocals.contains(name), let presenter = capturingAncestor(of: view, holding: name) {
                    return try viewPropertyPlace(presenter, name, at: location)
                }
                guard case .object(let held) = local else {
                    let fix = owner.object != nil ? "of the method; write to a property of the model" : "of the action; write to a property of the view or a model"
                    throw EvaluationError("'\(name)' is a local value \(fix)", at: location)
                }
                return TargetCursor(held, nil)
            }
            if let object = owner.object, let index = objects[object.raw].info.storedIndex(of: name) {
                // `counter.sent += 1` where `counter` is a `let` holding an object: the write is to the object.
                if objects[object.raw].info.declaration.stored[index].isLet, case .object(let held) = objects[object.raw].fields[index] {
                    return TargetCursor(held, nil)
                }
                return try descend(from: TargetCursor(object, nil), through: [.member(name: name, location: location)])
            }
            if let view = owner.view, instances[view].info?.propertyIndex(named: name) != nil {
                return try viewPropertyPlace(view, name, at: location)
            }
        }
        if let value = globals[name] {
            guard case .object(let object) = value else { throw EvaluationError("global '\(name)' is not an object and cannot be written", at: location) }
            return TargetCursor(object, nil)
        }
        // The root's own properties first, with no list of owners to build; searching the whole tree is
        // the fallback.
        if !instances.isEmpty, instances[self.root].info?.propertyIndex(named: name) != nil {
            return try viewPropertyPlace(self.root, name, at: location)
        }
        let owners = instances.indices.filter { instances[$0].alive && instances[$0].info?.propertyIndex(named: name) != nil }
        guard let owner = owners.first else {
            // App source writes from actions, not steps; a declared type's static member is not a place
            // Ripple writes.
            if readsOtherModules, table.allTypeNames.contains(name) {
                throw EvaluationError("'\(name)' is a type; the write or call through it is not simulated", at: location)
            }
            if readsOtherModules { throw EvaluationError("'\(name)' is not declared in the source; the write or call through it is not simulated", at: location) }
            // A step names its places; a method or an action runs code, where no step was written.
            throw EvaluationError("unknown name '\(name)'\(methodContext == nil ? " in step" : "")\(Suggestion.didYouMean(name, in: Array(globals.keys) + instances.filter(\.alive).flatMap { table.views[$0.viewType]?.properties.map(\.name) ?? [] }))", at: location)
        }
        if owners.count > 1 && owner != self.root {
            throw EvaluationError("'\(name)' is ambiguous: \(owners.prefix(3).map { "'\(instances[$0].name).\(name)'" }.joined(separator: ", ")) have it; name the instance", at: location)
        }
        return try viewPropertyPlace(owner, name, at: location)
    }

    /// The view whose `@State` a presentation's content captured under `name` (`items = []` in an alert's
    /// button): the nearest ancestor of `view`, itself included, that holds that property. The content
    /// reads the value its presenter's body saw; a write goes to the presenter's storage, as the closure's
    /// `self` would.
    @inline(never)
    private func capturingAncestor(of view: Int, holding name: String) -> Int? {
        var current: Int? = view
        while let id = current {
            if instances[id].slots[name] != nil, instances[id].info?.propertyIndex(named: name) != nil { return id }
            current = instances[id].parent
        }
        return nil
    }

    /// Walks the components below a target's root: through objects' stored properties, then into the
    /// written value's fields and elements.
    private mutating func descend(from start: TargetCursor, through rest: [TargetComponent]) throws(EvaluationError) -> TargetCursor {
        var cursor = start
        var position = 0
        while position < rest.count {
            let component = rest[position]
            defer { position += 1 }
            if let object = cursor.object {
                guard case .member(let name, let location) = component else {
                    throw EvaluationError("'\(objects[object.raw].type)' is an object: write to one of its properties", at: component.location)
                }
                let info = objects[object.raw].info
                guard let index = info.storedIndex(of: name) else {
                    if info.declaration.computedProperty(named: name) != nil {
                        throw EvaluationError("'\(name)' is a computed property of '\(info.declaration.name)' and cannot be written", at: location)
                    }
                    if name == "objectWillChange" { throw EvaluationError("call 'objectWillChange.send()'", at: location) }
                    throw EvaluationError("unknown property '\(name)' on '\(info.declaration.name)'\(Suggestion.didYouMean(name, in: memberNames(info.declaration.name)))", at: location)
                }
                if info.declaration.stored[index].isLet {
                    // A `let` holding an object can still be written through: the object's properties are not the `let`.
                    if case .object(let inner) = objects[object.raw].fields[index], position != rest.count - 1 {
                        cursor = TargetCursor(inner, nil)
                        continue
                    }
                    throw EvaluationError("'\(name)' is a 'let' constant of '\(info.declaration.name)'", at: location)
                }
                if let key = info.declaration.stored[index].appStorageKey {
                    if appStorage[key] == nil { appStorage[key] = objects[object.raw].fields[index] }
                    cursor = TargetCursor(nil, LValue(root: .appStorage(key), path: []))
                    continue
                }
                cursor = TargetCursor(nil, LValue(root: .property(object, slot: index), path: []))
            } else if var lvalue = cursor.lvalue {
                switch component {
                case .member(let name, let location):
                    cursor = try member(name, of: try read(lvalue, at: location), below: lvalue, at: location)
                    continue
                case .literalIndex(let index, let location, let argumentLocation):
                    // The literal is an evaluation, as it is when the index is run from its syntax.
                    try countEvaluation(at: argumentLocation)
                    // Read once: the value decides between a dictionary's key and an array's element.
                    let current = try read(lvalue, at: location)
                    if case .dictionary = current {
                        lvalue.path.append(.key(.int(index), default: nil))
                        cursor = TargetCursor(nil, lvalue)
                        continue
                    }
                    let element = try element(index, of: current, at: location, argumentLocation: argumentLocation)
                    // An object in an array, then one of its properties (`items[241].done`): the member reads
                    // this element and starts a new place at the object, so the index is not put in a path.
                    if case .object = element, position + 1 < rest.count, case .member(let name, let memberLocation) = rest[position + 1] {
                        cursor = try member(name, of: element, below: lvalue, at: memberLocation)
                        position += 1
                        continue
                    }
                    lvalue.path.append(.index(index))
                case .syntax(let expression):
                    guard case .subscriptAccess(_, let arguments, _) = expression.kind else {
                        throw EvaluationError("cannot write through '\(expression.rendered)'", at: expression.location)
                    }
                    // `counts["a"] = 1`: the dictionary's entry for the key.
                    if arguments.first?.label == nil, arguments.count == 1 || (arguments.count == 2 && arguments[1].label == "default"),
                       case .dictionary = try read(lvalue, at: expression.location) {
                        let key = try evaluate(arguments[0].value, in: stepScope, expected: nil)
                        let fallback = arguments.count == 2 ? try evaluate(arguments[1].value, in: stepScope, expected: nil) : nil
                        lvalue.path.append(.key(key, default: fallback))
                        cursor = TargetCursor(nil, lvalue)
                        continue
                    }
                    guard arguments.count == 1, case .int(let index) = try evaluate(arguments[0].value, in: stepScope, expected: .int) else {
                        throw EvaluationError("subscripts take one Int index", at: expression.location)
                    }
                    _ = try element(index, below: lvalue, at: expression.location, argumentLocation: arguments[0].location)
                    lvalue.path.append(.index(index))
                }
                cursor = TargetCursor(nil, lvalue)
            }
        }
        return cursor
    }

    /// What `.name` does below a written place whose value is `current`: an object's stored property
    /// starts a new place; a struct's field extends the path.
    private mutating func member(_ name: String, of current: Value, below lvalue: LValue, at location: SourceLocation) throws(EvaluationError) -> TargetCursor {
        if case .object(let object) = current {
            guard let slot = objects[object.raw].info.storedIndex(of: name) else {
                throw EvaluationError("unknown property '\(name)' on '\(objects[object.raw].type)'\(Suggestion.didYouMean(name, in: memberNames(objects[object.raw].type)))", at: location)
            }
            return TargetCursor(nil, LValue(root: .property(object, slot: slot), path: []))
        }
        guard case .record(let type, _) = current, let data = rememberedInfos(ofType: type).data?.declaration, let index = data.storedIndex(of: name) else {
            throw EvaluationError("value of type '\(typeName(of: current))' has no stored property '\(name)'\(case_suggest(current, name))", at: location)
        }
        if data.stored[index].isLet {
            throw EvaluationError("'\(name)' is a 'let' constant of '\(type)'", at: location)
        }
        var extended = lvalue
        extended.path.append(.field(name))
        return TargetCursor(nil, extended)
    }

    /// The element `[index]` of the array at a written place, checked.
    private mutating func element(_ index: Int, below lvalue: LValue, at location: SourceLocation, argumentLocation: SourceLocation) throws(EvaluationError) -> Value {
        try element(index, of: try read(lvalue, at: location), at: location, argumentLocation: argumentLocation)
    }

    /// The element `[index]` of `current`, the value at a written place, checked.
    private mutating func element(_ index: Int, of current: Value, at location: SourceLocation, argumentLocation: SourceLocation) throws(EvaluationError) -> Value {
        guard case .array(let elements) = current else {
            throw EvaluationError("cannot subscript a value of type '\(typeName(of: current))'", at: location)
        }
        guard elements.indices.contains(index) else {
            throw EvaluationError("index \(index) is out of range (count is \(elements.count))", at: argumentLocation)
        }
        return elements[index]
    }

    /// The target of an assignment as written, for messages.
    static func renderedTarget(of statement: StatementSyntax) -> String {
        if case .assignment(let target, _, _) = statement.kind { return target.rendered }
        return statement.rendered
    }

    /// Reads an instance reference off the front of a chain: `Row[2]`, and `Root.List.Row[2]` as the path
    /// `Root/List/Row[2]` (view type names joined by members), returning what follows it. A subscript is
    /// the row's identity (`Row[2]`, a generated `Row[UUID-1]`) or a stored field of its element
    /// (`Row[title: "Call Sam"]`).
    mutating func instanceReference(_ name: String, _ components: ArraySlice<ExprSyntax>) throws(EvaluationError) -> (String, ArraySlice<ExprSyntax>) {
        var reference = name
        var viewType = name
        var level = 0
        var rest = components
        while true {
            if let first = rest.first, case .subscriptAccess(_, let arguments, false) = first.kind, arguments.count == 1 {
                let argument = arguments[0]
                if case .binary("-", let lhs, let rhs) = argument.value.kind, case .identifier("UUID") = lhs.kind, case .integer(let number) = rhs.kind {
                    reference += "[UUID-\(number)]"
                } else {
                    let value = try evaluate(argument.value, in: stepScope, expected: nil)
                    let identity = try argument.label.map { field throws(EvaluationError) in
                        try rowIdentity(viewType, level: level, field: field, equalTo: value, at: argument.location)
                    } ?? value
                    reference += "[" + identityText(identity) + "]"
                }
                level += 1
                rest = rest.dropFirst()
            } else if let first = rest.first, case .member(_, let member, false) = first.kind, table.views[member] != nil {
                reference += "/" + member
                viewType = member
                level = 0
                rest = rest.dropFirst()
            } else {
                return (reference, rest)
            }
        }
    }

    /// A view's property read in a step's value: `Root.count`, `Row[2].title`.
    mutating func instanceProperty(_ expression: ExprSyntax) throws(EvaluationError) -> Value? {
        var components: [ExprSyntax] = []
        var root = expression
        while true {
            switch root.kind {
            case .member(let base, _, _), .subscriptAccess(let base, _, _):
                components.insert(root, at: 0)
                root = base
                continue
            default: break
            }
            break
        }
        guard case .identifier(let name) = root.kind, table.views[name] != nil, !instances.isEmpty else { return nil }
        let (reference, rest) = try instanceReference(name, components[...])
        guard rest.count == 1, case .member(_, let property, _) = rest.first!.kind else { return nil }
        let instance = try findInstance(reference, at: root.location)
        return try viewProperty(property, of: instance, at: expression.location, scope: Scope())
    }

    private func case_suggest(_ value: Value, _ name: String) -> String {
        if case .record(let type, _) = value { return Suggestion.didYouMean(name, in: memberNames(type)) }
        return ""
    }

    mutating func viewPropertyPlace(_ id: Int, _ name: String, at location: SourceLocation) throws(EvaluationError) -> TargetCursor {
        guard let info = instances[id].info, let index = info.propertyIndex(named: name) else {
            throw EvaluationError("'\(instances[id].viewType)' has no property '\(name)'\(Suggestion.didYouMean(name, in: table.views[instances[id].viewType]?.properties.map(\.name) ?? []))", at: location)
        }
        switch info.kinds[index].writePlace {
        case .slotObject:
            guard let slot = instances[id].slots[name] else { break }
            if case .object(let object) = slots[slot.raw].value { return TargetCursor(object, nil) }
        case .slot:
            guard let slot = instances[id].slots[name] else { break }
            // A `@State` holding an object is written through to the object's properties, or replaced
            // whole (`Root.selected = Root.library.books[0]`).
            if case .object(let object) = slots[slot.raw].value { return TargetCursor(object, LValue(root: .slot(slot), path: [])) }
            return TargetCursor(nil, LValue(root: .slot(slot), path: []))
        case .carriedBinding:
            guard case .binding(let target)? = instances[id].description.fields[name] else { break }
            switch target {
            case .state(let slot, let path): return TargetCursor(nil, LValue(root: .slot(slot), path: path))
            case .property(let object, let property, let path):
                if property.isEmpty { return TargetCursor(object, nil) }
                guard let slot = objects[object.raw].info.storedIndex(of: property) else {
                    throw EvaluationError("'\(name)' is bound to '\(property)', which '\(objects[object.raw].type)' does not store", at: location)
                }
                return TargetCursor(nil, LValue(root: .property(object, slot: slot), path: path))
            case .appStorage(let key): return TargetCursor(nil, LValue(root: .appStorage(key), path: []))
            case .closures: throw EvaluationError("'\(name)' is a 'Binding(get:set:)'; write to the place its setter writes", at: location)
            case .constant: throw EvaluationError("'\(name)' is a constant binding and cannot be written", at: location)
            }
        case .persisted(let key):
            return TargetCursor(nil, LValue(root: .appStorage(key), path: []))
        case .heldObject:
            if case .object(let object)? = try viewProperty(name, of: id, at: location, scope: Scope()) { return TargetCursor(object, nil) }
        case .input:
            if case .object(let object)? = instances[id].description.fields[name] { return TargetCursor(object, nil) }
            guard let parent = instances[id].parent else {
                throw EvaluationError("'\(name)' is an input of the root view '\(instances[id].name)': its default value cannot be written; use '@State'", at: location)
            }
            throw EvaluationError("'\(name)' is an input that '\(instances[parent].name)' passes to '\(instances[id].name)'; write its source instead", at: location)
        case .environment(let key):
            throw EvaluationError("'\(name)' reads environment key '\\.\(key)'; write 'environment \\.\(key) = value' instead", at: location)
        }
        throw EvaluationError("'\(name)' of '\(instances[id].name)' cannot be written", at: location)
    }

    /// Finds an instance by short name or path; a short name must be unambiguous.
    func findInstance(_ reference: String, at location: SourceLocation) throws(EvaluationError) -> Int {
        let matches = instanceMatches(reference)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let names = Set(instances.filter(\.alive).map(\.name))
            throw EvaluationError("no instance '\(reference)'\(Suggestion.didYouMean(reference, in: names))", at: location)
        }
        throw EvaluationError("'\(reference)' is ambiguous: \(matches.prefix(3).map { "'\(instances[$0].path)'" }.joined(separator: ", ")); use a full path", at: location)
    }

    /// Alive instances whose path ends with `reference` at a component boundary.
    func instanceMatches(_ reference: String) -> [Int] {
        // Candidates come from the index of short names: the last component of the reference.
        let last = reference.split(separator: "/").last.map(String.init) ?? reference
        return (instancesByName[last] ?? []).filter { id in
            let instance = instances[id]
            return instance.alive && (instance.path == reference || instance.path.hasSuffix("/" + reference))
        }.sorted()
    }

    mutating func read(_ lvalue: LValue, at location: SourceLocation) throws(EvaluationError) -> Value {
        // A whole stored property, what most writes name, is returned as it is stored: walking an empty
        // path still copied the value in and out.
        if lvalue.path.isEmpty, case .property(let object, let slot) = lvalue.root { return objects[object.raw].fields[slot] }
        let whole: Value
        switch lvalue.root {
        case .property(let object, let slot):
            whole = objects[object.raw].fields[slot]
        case .slot(let slot): whole = slots[slot.raw].value
        case .appStorage(let key): whole = appStorage[key] ?? Value.none
        }
        return try value(in: whole, at: lvalue.path)
    }

    mutating func declaredType(of lvalue: LValue) -> ValueType? {
        guard lvalue.path.isEmpty else { return nil }
        switch lvalue.root {
        case .property(let object, let slot):
            // Read in place: copying the property out counted a dozen references.
            return objects[object.raw].info.declaration.stored[slot].type
        case .slot(let slot):
            let record = slots[slot.raw]
            return table.views[instances[record.owner].viewType]?.property(named: record.name)?.type
        case .appStorage:
            return nil
        }
    }

    /// Rejects a literal of the wrong type: `expanded = 1` for a Bool.
    /// `name` is rendered only when needed: for the message, or to tell a view's name from a type.
    mutating func checkType(_ value: Value, _ type: ValueType, name: @autoclosure () -> String, at location: SourceLocation) throws(EvaluationError) {
        func matches(_ value: Value, _ type: ValueType) -> Bool {
            switch (value, type) {
            case (_, .unknown): return true
            case (.none, .optional): return true
            case (_, .optional(let wrapped)): return matches(value, wrapped)
            case (.int, .int), (.double, .double), (.int, .double), (.bool, .bool), (.string, .string): return true
            case (.array(let elements), .array(let element)): return elements.allSatisfy { matches($0, element) }
            case (.record(let t, _), .named(let n)), (.enumCase(let t, _, _), .named(let n)): return t == n
            case (.object(let id), .named(let n)): return objects[id.raw].type == n
            case (.closure, .function), (.binding, .binding), (.opaque, _): return true
            case (_, .url), (_, .date), (_, .uuid): if case .opaque = value { return true } else { return false }
            default: return false
            }
        }
        if !matches(value, type) {
            throw EvaluationError("cannot assign a value of type '\(typeName(of: value))' to '\(name())' of type '\(type)'", at: location)
        }
    }

    // MARK: - Mutations

    mutating func mutate(_ value: Value, _ method: String, _ arguments: [ArgumentSyntax], at location: SourceLocation) throws(EvaluationError) -> Value {
        func argument(_ label: String?, _ position: Int) throws(EvaluationError) -> Value {
            guard position < arguments.count, arguments[position].label == label else {
                throw EvaluationError("'\(method)' needs \(label.map { "'\($0):'" } ?? "an argument")", at: location)
            }
            return try evaluate(arguments[position].value, in: stepScope, expected: nil)
        }
        func index(_ value: Value, _ count: Int, allowEnd: Bool = false) throws(EvaluationError) -> Int {
            guard case .int(let i) = value, i >= 0, i < count || (allowEnd && i == count) else {
                throw EvaluationError("index \(describe(value)) is out of range (count is \(count))", at: location)
            }
            return i
        }
        switch (value, method) {
        case (.bool(let b), "toggle"): return .bool(!b)
        case (.dictionary(var keys, var values), _):
            try charge(keys.count + 1, at: location)
            switch method {
            case "removeValue":
                let key = try argument("forKey", 0)
                let index = Value.insertionIndex(of: key, in: keys)
                if index < keys.count, keys[index] == key {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
                return .dictionary(keys: keys, values: values)
            case "updateValue":
                let value = try argument(nil, 0)
                let key = try argument("forKey", 1)
                var entries = Array(zip(keys, values)).map { (key: $0, value: $1) }
                entries.append((key, value))
                return Value.dictionary(entries)
            case "removeAll":
                return .dictionary(keys: [], values: [])
            default:
                throw EvaluationError("'\(method)' is not a mutation Ripple simulates on a dictionary; it simulates 'removeValue(forKey:)', 'updateValue(_:forKey:)' and 'removeAll()'", at: location)
            }
        case (.array(var elements), _):
            // Every mutation makes a new array, copying the elements: it costs as much as the copy, and a
            // growing one is checked whole by the caller (`checkNesting`).
            try charge(elements.count + 1, at: location)
            switch method {
            case "append":
                if arguments.first?.label == "contentsOf", case .array(let more) = try argument("contentsOf", 0) { return .array(elements + more) }
                elements.append(try argument(nil, 0))
            case "insert":
                let element = try argument(nil, 0)
                // A `Set` is kept as an array: `insert(_:)` without `at:` is the set's, which adds what is
                // not there yet.
                if arguments.count == 1 {
                    if !elements.contains(element) { elements.append(element) }
                    break
                }
                elements.insert(element, at: try index(try argument("at", 1), elements.count, allowEnd: true))
            case "remove":
                // `remove(_:)` without `at:` is a `Set`'s: it takes the element out, if it is there.
                if arguments.count == 1, arguments[0].label == nil {
                    let element = try argument(nil, 0)
                    if let found = elements.firstIndex(of: element) { elements.remove(at: found) }
                    break
                }
                // `remove(atOffsets:)`: the rows `.onDelete` gives, an `IndexSet` kept as an array of Ints.
                if arguments.first?.label == "atOffsets" {
                    guard case .array(let offsets) = try argument("atOffsets", 0) else { throw EvaluationError("'atOffsets:' takes an IndexSet", at: location) }
                    var indices: [Int] = []
                    for offset in offsets { indices.append(try index(offset, elements.count)) }
                    for i in Set(indices).sorted(by: >) { elements.remove(at: i) }
                    break
                }
                elements.remove(at: try index(try argument("at", 0), elements.count))
            case "removeAll":
                if let argument = arguments.last, case .closure(let closure) = argument.value.kind {
                    var kept: [Value] = []
                    for element in elements {
                        guard case .bool(let remove) = try runClosure(closure, arguments: [element], in: stepScope) else {
                            throw EvaluationError("'removeAll(where:)' needs a closure returning Bool", at: location)
                        }
                        if !remove { kept.append(element) }
                    }
                    elements = kept
                } else {
                    elements.removeAll()
                }
            case "removeLast", "removeFirst":
                guard !elements.isEmpty else { throw EvaluationError("'\(method)' on an empty array", at: location) }
                if method == "removeLast" { elements.removeLast() } else { elements.removeFirst() }
            case "reverse":
                elements.reverse()
            case "sort":
                guard case .array(let sorted) = try order("sorted", elements, arguments, in: stepScope, at: location) else { break }
                elements = sorted
            case "swapAt":
                let i = try index(try argument(nil, 0), elements.count)
                let j = try index(try argument(nil, 1), elements.count)
                elements.swapAt(i, j)
            case "move":
                guard case .array(let offsets) = try argument("fromOffsets", 0) else { throw EvaluationError("'fromOffsets:' takes an IndexSet", at: location) }
                let destination = try index(try argument("toOffset", 1), elements.count, allowEnd: true)
                var indices: [Int] = []
                for offset in offsets { indices.append(try index(offset, elements.count)) }
                let moving = indices.sorted().map { elements[$0] }
                let before = indices.filter { $0 < destination }.count
                for i in indices.sorted(by: >) { elements.remove(at: i) }
                elements.insert(contentsOf: moving, at: destination - before)
            default:
                throw EvaluationError("unknown mutation '\(method)' on an array", at: location)
            }
            return .array(elements)
        default:
            throw EvaluationError("'\(method)' cannot mutate a value of type '\(typeName(of: value))'", at: location)
        }
    }

    // MARK: - Notification

    /// A step statement's text as the trace prints it, and the written place below its root
    /// (`users[1].name` for `state.users[1].name = "Bea"`); both fixed when the scenario is resolved.
    struct StatementText {
        var full: String
        var target: String
    }

    /// Tells the views that depend on an object property's key that it changed (Rule 2 decided that it
    /// notifies): each is queued with a cause that says what it read and what was written.
    private mutating func notifyObservers(of key: DependencyKey, subject: String, old oldText: String, new newText: String, kind: String,
                                          written writtenText: String, pass: inout Pass) {
        // Views that reached the key the same way (every row of a list reading `model.items[index]`)
        // get the same cause: the first such view's one-cause list is shared by the rest, so a write
        // that dirties a thousand rows keeps one list, not a thousand (a later change copies it).
        // "The same way" is byte for byte: `==` would equate paths written in different but
        // canonically equivalent Unicode, which print differently.
        var sharedCauses: (via: [String], read: String?, causes: [Cause])?
        // The same for a later write: views that shared a list share the list it becomes.
        var sharedMerge: (before: [Cause], after: [Cause])?
        for id in orderedDependents(of: key) {
            // A later write in the step to the same property only marks the first one's cause:
            // the cause, and the path it explains, are not built again for every dependent.
            let keepsCauses = pass.isTraced && alive(id)
            let existing = keepsCauses ? pass.causes.slot(of: id) : nil
            if let slot = existing {
                if let merge = sharedMerge, Self.sameStorage(pass.causes[slot: slot], merge.before) {
                    pass.causes[slot: slot] = merge.after
                    enqueue(id, pass: &pass)
                    continue
                }
                let before = pass.causes[slot: slot]
                if mergeLaterWrite(into: id, kind: .observation, source: subject, old: oldText, new: newText, pass: &pass) {
                    sharedMerge = (before, pass.causes[id]!)
                    enqueue(id, pass: &pass)
                    continue
                }
            }
            let use = Self.dependencyUse(of: key, in: instances[id].reads)
            // No cause yet: the first for this view in the step (a merge above found none to mark).
            if keepsCauses, existing == nil {
                if let shared = sharedCauses, shared.via.elementsEqual(use.via, by: { Self.sameBytes($0, $1) }),
                   Self.sameBytes(shared.read, use.read) {
                    pass.causes[id] = shared.causes
                } else {
                    let causes = [Cause(kind: .observation, subject: subject,
                                        explanation: .dependency(key: subject, via: use.via, read: use.read, writeKind: kind, written: writtenText),
                                        old: oldText, new: newText, source: subject)]
                    pass.causes[id] = causes
                    sharedCauses = (use.via, use.read, causes)
                }
                enqueue(id, pass: &pass)
                continue
            }
            markDirty(id, Cause(kind: .observation, subject: subject,
                                explanation: .dependency(key: subject, via: use.via, read: use.read, writeKind: kind, written: writtenText),
                                old: oldText, new: newText, source: subject), pass: &pass)
        }
    }

    /// Writes `leaf` at `target` and tells whoever depends on it, under SwiftUI's rules for that storage;
    /// the trace carries where the statement is and both values as JSON has them.
    ///
    /// Each kind of storage has a function of its own, which makes the whole trace once, when the outcome
    /// is known, and returns it: a trace made and then changed, or made by a nested function, would be copied
    /// whole on its way out, fourteen counted references a write.
    mutating func write(_ target: LValue, leaf: Value, old: Value, inPlace: Bool, text: StatementText, pass: inout Pass, written: inout [Place], at location: SourceLocation) throws(EvaluationError) -> WriteTrace {
        // A `return` in each case, not a `switch` expression: the expression's value is made in a
        // temporary and then copied whole into the result.
        switch target.root {
        case .property(let object, let index):
            return try performOnProperty(object, index, path: target.path, leaf: leaf, old: old, inPlace: inPlace, text: text, pass: &pass, written: &written, at: location)
        case .slot(let slot):
            return try performOnSlot(slot, path: target.path, leaf: leaf, old: old, inPlace: inPlace, text: text, pass: &pass, written: &written, at: location)
        case .appStorage(let key):
            return try performOnAppStorage(key, path: target.path, leaf: leaf, old: old, text: text, pass: &pass, written: &written, at: location)
        }
    }

    /// A write to an object's stored property: Rule 2 (`ObservationWrite`) for an `@Observable` class,
    /// Rule 3 (`PublishedWrite`) for an `ObservableObject`.
    private mutating func performOnProperty(_ object: ObjectID, _ index: Int, path: [PathComponent], leaf: Value, old: Value, inPlace: Bool,
                                            text: StatementText, pass: inout Pass, written: inout [Place],
                                            at location: SourceLocation) throws(EvaluationError) -> WriteTrace {
        let kind = inPlace ? "in-place mutation" : "assignment"
        let info = objects[object.raw].info
        let name = info.storedNames[index]
        // The flags and the type read in place: copying the whole property out counted a dozen references.
        let readKind = info.readKinds[index]
        let type = info.declaration.stored[index].type
        // The whole old value is needed only for an assignment's equality and identity checks. A write
        // below the property changes the stored value in place, and every caller marks it in place, so
        // `oldWhole` is never compared there.
        assert(path.isEmpty || inPlace, "a write below a property is an in-place mutation")
        let oldWhole: Value = path.isEmpty ? objects[object.raw].fields[index] : .none
        // Whether the write tells anybody is decided first, on the values: one that does may end the
        // update the writes before it made, which is evaluated before this one changes anything (Rule 18).
        // The trace is made once, at the end, when the outcome is known: made first and then changed, or made
        // by a nested function that read these variables, it would be copied whole on its way out.
        var notified = false
        var note = ""
        let modelKind = info.declaration.modelKind
        switch modelKind {
        case .observable:
            var isIgnored = false
            if case .ignored = readKind { isIgnored = true }
            var isClass = false
            if case .named = type { isClass = table.isClass(type) }
            let property = ObservationWrite.Property(isIgnored: isIgnored, isEquatable: table.isEquatable(type), isClass: isClass,
                                                     holdsClass: table.isClass(type))
            var comparedUnknown = false
            let decision = try ObservationWrite.decide(property, inPlace: inPlace, semantics: semantics,
                                                       equal: { () throws(EvaluationError) -> Bool in
                                                           comparedUnknown = oldWhole.holdsUnmodelled || leaf.holdsUnmodelled
                                                           return try equal(oldWhole, leaf, at: location)
                                                       },
                                                       sameInstance: { oldWhole.isSameObject(as: leaf) })
            if comparedUnknown { decidedOnUnknown("the write to '\(name)' compared a value Ripple does not know", at: location) }
            note = decision.note(name: name, type: type)
            notified = decision.notifies
        case .observableObject, .plain:
            var isPublished = false
            if case .published = readKind { isPublished = true }
            let decision = PublishedWrite.decide(isObservableObject: modelKind == .observableObject, isPublished: isPublished)
            note = decision.note(name: name, type: info.declaration.name)
            notified = decision.notifies
        }
        if notified { try joinTransaction(pass: &pass, written: &written) }
        // A write below the property changes the stored value in place: `replacing` would copy every
        // element of the array it goes through (a thousand rows, each a struct, per write to one of them).
        if path.isEmpty {
            objects[object.raw].fields[index] = leaf
            if !notified && oldWhole.mayHoldObjects { keepReadersOfReplaced(object, index, old: oldWhole, new: leaf, note: note) }
        } else {
            var whole = objects[object.raw].fields[index]
            objects[object.raw].fields[index] = .none
            replace(&whole, at: path[...], with: leaf)
            objects[object.raw].fields[index] = whole
        }
        // Only the written part can hold objects that need a name; the rest of the value kept its own.
        // Labelling the written value can name the written object itself (`node.next = node`): the
        // subject is read after it. The label's text is built only when it would name something.
        if needsLabel(leaf) { labelWritten(leaf, in: object, name, path) }
        let key = DependencyKey.observation(object, index)
        let subject = subject(of: object, index)
        written.append(.property(object, index))
        pass.writes += 1
        // Texts every notified view shares, built once per write rather than once per view.
        let oldText = describeWritten(old)
        let newText = describeWritten(leaf)
        if notified {
            if modelKind == .observable {
                notifyObservers(of: key, subject: subject, old: oldText, new: newText, kind: kind, written: text.target, pass: &pass)
            } else {
                notifyHolders(object, detail: "objectWillChange from \(objectName(object)) (\(kind) of '@Published' \(name): \(oldText) → \(newText))", pass: &pass)
            }
        }
        return WriteTrace(statement: text.full, target: subject, kind: kind, old: oldText, new: newText, notified: notified, note: note,
                          location: TraceLocation(location), oldValue: traceWritten(old), newValue: traceWritten(leaf))
    }

    /// A write to a view's `@State` slot (Rule 4, `StateWrite`).
    private mutating func performOnSlot(_ slot: SlotID, path: [PathComponent], leaf: Value, old: Value, inPlace: Bool, text: StatementText,
                                        pass: inout Pass, written: inout [Place], at location: SourceLocation) throws(EvaluationError) -> WriteTrace {
        let kind = inPlace ? "in-place mutation" : "assignment"
        let oldWhole = slots[slot.raw].value
        let newWhole = replacing(oldWhole, at: path, with: leaf)
        let record = slots[slot.raw]
        let subject = instances[record.owner].path + "._" + record.name
        // The texts are described once for the trace and every view told, and the trace made once,
        // when the outcome is known (as for an object's property, above).
        let oldText = describeWritten(old)
        let newText = describeWritten(leaf)
        // The slot's owner declares it `@State` or `@FocusState`: its kind decides the write.
        let storage = instances[record.owner].info?.kind(named: record.name)
        let differs = inputDifference(oldWhole, newWhole) != nil
        if old.holdsUnmodelled || leaf.holdsUnmodelled {
            decidedOnUnknown("the write to '\(record.name)' compared a value Ripple does not know", at: location)
        }
        let decision = storage?.write(differs: differs) ?? StateWrite.slotWrite(differs: differs)
        // A write that tells its readers may end the update the writes before it made (Rule 18).
        if decision.notifies { try joinTransaction(pass: &pass, written: &written) }
        written.append(.state(slot))
        pass.writes += 1
        guard decision.notifies else {
            return WriteTrace(statement: text.full, target: subject, kind: kind, old: oldText, new: newText, notified: false, note: decision.note,
                              location: TraceLocation(location), oldValue: traceWritten(old), newValue: traceWritten(leaf))
        }
        slots[slot.raw].value = newWhole
        for id in orderedDependents(of: .state(slot)) {
            let own = id == record.owner
            markDirty(id, Cause(kind: storage?.causeKind(isOwner: own) ?? StateWrite.causeKind(isOwner: own), subject: own ? "_" + record.name : subject,
                                detail: own ? "_\(record.name) changed" : "reads \(subject) through a binding",
                                old: oldText, new: newText, source: subject), pass: &pass)
        }
        return WriteTrace(statement: text.full, target: subject, kind: kind, old: oldText, new: newText, notified: true, note: decision.note,
                          location: TraceLocation(location), oldValue: traceWritten(old), newValue: traceWritten(leaf))
    }

    /// A write to an `@AppStorage` key (`AppStorageWrite`).
    private mutating func performOnAppStorage(_ key: String, path: [PathComponent], leaf: Value, old: Value, text: StatementText,
                                              pass: inout Pass, written: inout [Place], at location: SourceLocation) throws(EvaluationError) -> WriteTrace {
        let storage = PersistedStorageKind(storageKey: key)
        // The kind decides whether the write tells the views that declare the key; one that does may end
        // the update the writes before it made (Rule 18).
        let decision = storage.write(differs: inputDifference(old, leaf) != nil)
        if decision?.notifies ?? true { try joinTransaction(pass: &pass, written: &written) }
        appStorage[key] = replacing(appStorage[key] ?? Value.none, at: path, with: leaf)
        written.append(.appStorage(key))
        pass.writes += 1
        // Described and named once for the trace and every view told.
        let oldText = describeWritten(old)
        let newText = describeWritten(leaf)
        let subject = storage.subject
        if decision?.notifies ?? true {
            for id in orderedDependents(of: .appStorage(key)) {
                markDirty(id, Cause(kind: storage.causeKind(isOwner: true) ?? .appStorage, subject: subject, detail: "app storage key '\(key)' was written",
                                    old: oldText, new: newText, source: subject), pass: &pass)
            }
        }
        return WriteTrace(statement: text.full, target: subject, kind: "app storage", old: oldText, new: newText,
                          notified: decision?.notifies ?? true, note: decision?.note ?? "",
                          location: TraceLocation(location), oldValue: traceWritten(old), newValue: traceWritten(leaf))
    }

    /// Whether two texts, or their absence, have the same bytes (`String.hasSameBytes(as:)`).
    static func sameBytes(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): a.hasSameBytes(as: b)
        default: false
        }
    }

    /// Whether two lists are one list shared, not merely equal: comparing causes compares their texts.
    static func sameStorage(_ a: [Cause], _ b: [Cause]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// How an instance reached the key that dirtied it: the computed properties on the way and the path
    /// it read (`state.users via currentUser`), as parts of the cause's explanation.
    static func dependencyUse(of key: DependencyKey, in reads: [ReadRecord]) -> (via: [String], read: String?) {
        // Through the array's buffer: a record read by subscript from the instance is copied whole first,
        // a dozen reference counts up and down per record passed.
        reads.withUnsafeBufferPointer { reads in
            for index in reads.indices {
                switch reads[index].keyStorage {
                case .none: continue
                case .one(let use): if use.key.isSame(as: key) { return (use.via, reads[index].path) }
                case .many(let uses): if let use = uses.first(where: { $0.key.isSame(as: key) }) { return (use.via, reads[index].path) }
                }
            }
            return ([], nil)
        }
    }

    mutating func notifyHolders(_ object: ObjectID, detail: String, pass: inout Pass) {
        for id in orderedDependents(of: .objectWillChange(object)) {
            markDirty(id, Cause(kind: .objectWillChange, subject: objectName(object), detail: detail,
                                source: describe(.objectWillChange(object))), pass: &pass)
        }
    }

    /// Replaces the part of `value` at `path` in place: each array or record on the way is taken out of its
    /// case, changed while it has no other owner, and put back, so nothing is copied that `value` alone
    /// holds. A path that does not fit the value (a field the record does not have, an index past the end)
    /// changes nothing.
    mutating func replace(_ value: inout Value, at path: ArraySlice<PathComponent>, with leaf: Value) {
        guard let first = path.first else {
            value = leaf
            return
        }
        let rest = path.dropFirst()
        // One case at a time, not a switch over `(first, value)`: the tuple would hold a second reference
        // to the array until the case ended, and the array would be copied after all.
        switch first {
        case .index(let i):
            guard case .array(var elements) = value, elements.indices.contains(i) else { return }
            value = .none
            replace(&elements[i], at: rest, with: leaf)
            value = .array(elements)
        case .field(let name):
            guard case .record(let type, var fields) = value, let index = rememberedInfos(ofType: type).data?.storedIndex(of: name) else { return }
            value = .none
            replace(&fields[index], at: rest, with: leaf)
            value = .record(type: type, fields: fields)
        case .key(let key, let fallback):
            // `counts["a"] = 1` adds the entry or replaces its value; `= nil` removes it, as in Swift. A
            // missing entry written through `default:` starts from the default.
            guard case .dictionary(var keys, var values) = value else { return }
            let index = Value.insertionIndex(of: key, in: keys)
            let present = index < keys.count && keys[index] == key
            value = .none
            if present {
                if rest.isEmpty, leaf.isNone, fallback == nil {
                    keys.remove(at: index)
                    values.remove(at: index)
                } else {
                    replace(&values[index], at: rest, with: leaf)
                }
            } else if rest.isEmpty, !leaf.isNone {
                keys.insert(key, at: index)
                values.insert(leaf, at: index)
            } else if let fallback, !rest.isEmpty {
                var entry = fallback
                replace(&entry, at: rest, with: leaf)
                keys.insert(key, at: index)
                values.insert(entry, at: index)
            }
            value = .dictionary(keys: keys, values: values)
        }
    }

    /// The reads that changed in hidden `ForEach` rows (Rule 14) that re-ran only because the view whose
    /// body holds the `ForEach` re-ran, by that view: a row's closure builds modifiers around the view that
    /// stands for it (`.foregroundStyle(tab == current ? .white : .gray)`), and what they show changes
    /// only through the re-run of the body that holds it, which was therefore needed.
    @inline(never)
    func creditsOfHiddenRows(_ pass: Pass) -> [Int: [String]] {
        var credited: [Int: [String]] = [:]
        for id in pass.order where alive(id) && instances[id].isHiddenRow && !pass.created.contains(id) {
            guard let result = pass.evaluated[id], result.needed, !result.changed.isEmpty,
                  let causes = pass.causes[id], causes.allSatisfy({ $0.kind == .input }) else { continue }
            var holder = instances[id].parent
            while let current = holder, instances[current].isHiddenRow { holder = instances[current].parent }
            guard let holder, pass.evaluated[holder] != nil else { continue }
            for read in result.changed where !(credited[holder]?.contains(read) ?? false) { credited[holder, default: []].append(read) }
        }
        return credited
    }

    /// `value` with the part at `path` replaced, for a write that keeps the old value to compare with
    /// (`@State` ignores an equal value); the old value and the new one share what did not change.
    mutating func replacing(_ value: Value, at path: [PathComponent], with leaf: Value) -> Value {
        var copy = value
        replace(&copy, at: path[...], with: leaf)
        return copy
    }

    // MARK: - Trace

    mutating func trace(_ name: String, writes: [WriteTrace], written: [Place], pass: Pass) -> StepTrace {
        // The instance behind each entry, in the order the entries are made.
        var ids: [Int] = []
        var traces: [InstanceTrace] = []
        ids.reserveCapacity(pass.order.count)
        traces.reserveCapacity(pass.order.count)
        let credited = creditsOfHiddenRows(pass)
        for id in pass.order where alive(id) && !instances[id].isHiddenRow {
            guard var result = pass.evaluated[id] else { continue }
            if !result.needed, let changed = credited[id] {
                result.needed = true
                result.changed = changed
            }
            ids.append(id)
            traces.append(instanceTrace(id, outcome: result.needed ? .needed : .wasted, causes: pass.causes[id] ?? [], changedReads: result.changed))
            if !result.uncertainty.isEmpty { traces[traces.count - 1].uncertainty = result.uncertainty }
        }
        // Stale: readers of what was written that were not evaluated, and seeded state that kept its value.
        // Most steps evaluate every reader of what they wrote: only the others are gathered and sorted.
        // Each place once: a step's writes often share one (five writes to `model.items[i].title` each scanned
        // every reader of `model.items`).
        var candidates: [Int] = []
        for (index, place) in written.enumerated() where !written[..<index].contains(place) {
            for id in readers(of: place) where pass.evaluated[id] == nil { candidates.append(id) }
        }
        // A presentation whose content shows a captured value that changed: the views it built are stale.
        var captureCauses: [Int: [Cause]] = [:]
        for id in candidates where instances[id].isHiddenRow {
            guard alive(id), let reasons = staleCaptureReasons(of: id) else { continue }
            for child in instances[id].children where pass.evaluated[child] == nil {
                captureCauses[child, default: []].append(Cause(kind: .untracked, subject: instances[id].viewType,
                                                               detail: reasons.joined(separator: "; "), source: instances[id].path))
                candidates.append(child)
            }
        }
        candidates.append(contentsOf: pass.seeded.keys)
        if candidates.count > 1 { candidates = Array(Set(candidates)).sorted() }
        for id in candidates where alive(id) && pass.evaluated[id] == nil && !instances[id].isHiddenRow {
            var causes = (pass.seeded[id] ?? []) + (captureCauses[id] ?? [])
            var changed: [String] = []
            if let fresh = dryRunReads(of: id) {
                changed = Self.changedReads(instances[id].reads, fresh)
                if !changed.isEmpty {
                    let reasons = written.compactMap { untrackedReasons[id]?[$0] }
                    let reason = reasons.isEmpty ? "nothing it depends on was told" : reasons.joined(separator: "; ")
                    let source = written.first { instances[id].places.contains($0) }.map { describe(place: $0) }
                    causes.append(Cause(kind: .untracked, subject: changed.joined(separator: ", "),
                                        detail: "reads \(changed.joined(separator: ", ")), which changed, but \(reason)", source: source))
                }
            }
            guard !causes.isEmpty else { continue }
            ids.append(id)
            traces.append(instanceTrace(id, outcome: .stale, causes: causes, changedReads: changed))
        }
        // Tree order. The pass evaluates parents before children and siblings in order, so the entries
        // usually are in tree order already, which their neighbours show: each follows its parent or an
        // earlier sibling. Only otherwise is each entry's position in the tree built (one list for the
        // step) and the entries moved once, by a sorted list of their indices: sorting the entries
        // themselves moved each one, six counted references, at every comparison.
        if !inTreeOrder(ids) {
            var positions: [Int] = []
            var ranges: [Range<Int>] = []
            positions.reserveCapacity(ids.count * 4)
            ranges.reserveCapacity(ids.count)
            for id in ids { ranges.append(appendPosition(of: id, to: &positions)) }
            func precedes(_ a: Int, _ b: Int) -> Bool { positions[ranges[a]].lexicographicallyPrecedes(positions[ranges[b]]) }
            if !(1..<traces.count).allSatisfy({ !precedes($0, $0 - 1) }) {
                let order = traces.indices.sorted(by: precedes)
                traces = order.map { traces[$0] }
            }
        }
        let created = pass.created.isEmpty ? [] : pass.order.filter { pass.created.contains($0) && alive($0) && !instances[$0].isHiddenRow }.map { instances[$0].path }
        var step = StepTrace(name: name, writes: writes, instances: traces, created: created, destroyed: pass.destroyed,
                             counts: StepCounts(traces, created: created.count, destroyed: pass.destroyed.count))
        var skips: [String] = []
        for (id, input) in pass.opaqueSkips where alive(id) && pass.evaluated[id] == nil {
            let named = instances[id].name + "." + input
            if !skips.contains(named) { skips.append(named) }
        }
        if !skips.isEmpty { step.opaqueSkips = skips }
        return step
    }

    /// The first evaluation of the tree as a step's trace: every instance its build made that is still
    /// alive, in tree order, needed because it is new, and every one of them appeared. What the appearance
    /// update then made is in that update's trace, which follows.
    mutating func initialTrace() -> StepTrace {
        var traces: [InstanceTrace] = []
        var created: [String] = []
        let firstBuild = builtBeforeAppearance
        func visit(_ id: Int) {
            guard alive(id), firstBuild?.contains(id) ?? true else { return }
            if !instances[id].isHiddenRow {
                let cause = Cause(kind: .newIdentity, subject: "@identity", detail: identityReason(of: id, replacing: nil))
                traces.append(instanceTrace(id, outcome: .needed, causes: [cause], changedReads: []))
                created.append(instances[id].path)
            }
            for child in instances[id].children { visit(child) }
        }
        for id in instances.indices where instances[id].parent == nil { visit(id) }
        var trace = StepTrace(name: "initial", writes: [], instances: traces, created: created, destroyed: [],
                              counts: StepCounts(traces, created: created.count, destroyed: 0))
        trace.windows = tracedWindows()
        if var appearance {
            let after = appearance.followUps ?? []
            appearance.followUps = nil
            trace.followUps = [appearance] + after
        }
        return trace
    }

    /// An instance's entry in a step's trace.
    private mutating func instanceTrace(_ id: Int, outcome: Outcome, causes: [Cause], changedReads: [String]) -> InstanceTrace {
        var trace = InstanceTrace(path: instances[id].path, name: instances[id].name, viewType: instances[id].viewType,
                                  outcome: outcome, causes: causes, changedReads: changedReads, printChanges: printChangesLine(id, causes))
        if instances[id].description.contentClosure != nil { trace.rowClosure = true }
        // A changed read is one the body made: a deferred read of the same path (in an action's closure)
        // has no value to compare, and its place is not where the body read it.
        // By index: `first(where:)` would copy the record out, counting a reference to each of its parts.
        for path in changedReads {
            if let index = instances[id].reads.firstIndex(where: { !$0.deferred && $0.path == path }),
               let location = instances[id].reads[index].site.location {
                trace.readLocations.append(path: path, location: TraceLocation(location))
            }
        }
        return trace
    }

    /// What `Self._printChanges()` would print for the instance's evaluation (Rule 13).
    private mutating func printChangesLine(_ id: Int, _ causes: [Cause]) -> String {
        if instances[id].description.contentClosure != nil { return "" }
        // Most evaluations have only `@dependencies` to print; that line depends on the view type
        // alone, so it is made once per type and shared.
        if !causes.isEmpty, causes.allSatisfy({ PrintChanges.isDependency($0.kind) }) {
            if let info = instances[id].info { return info.dependenciesLine }
            let viewType = instances[id].viewType
            if let line = dependenciesLines[viewType] { return line }
            let line = PrintChanges.line(viewType: viewType, reasons: [.dependencies], dynamicFields: [])
            dependenciesLines[viewType] = line
            return line
        }
        let fields = instances[id].info?.dynamicFields ?? []
        var reasons: [PrintChanges.Reason] = []
        for cause in causes {
            let holders = cause.kind == .objectWillChange ? holderFields(of: id, objectNamed: cause.subject) : []
            reasons += PrintChanges.reasons(kind: cause.kind, subject: cause.subject, dynamicFields: fields, holders: holders)
        }
        return PrintChanges.line(viewType: instances[id].viewType, reasons: reasons, dynamicFields: fields)
    }

    /// The fields of the instance's `@ObservedObject` and `@StateObject` properties that hold the object
    /// named `name`.
    private func holderFields(of id: Int, objectNamed name: String) -> [String] {
        guard let info = instances[id].info else { return [] }
        var fields: [String] = []
        for (index, property) in info.declaration.properties.enumerated() where info.kinds[index].holdsObservableObject {
            let value: Value?
            switch info.kinds[index].read(type: property.type) {
            case .slot: value = instances[id].slots[property.name].map { slots[$0.raw].value }
            case .field: value = instances[id].description.fields[property.name]
            default: value = nil
            }
            if case .object(let object)? = value, objectName(object) == name { fields.append(PrintChanges.fieldName(property.name)) }
        }
        return fields
    }

    /// Whether each instance follows the one before it in tree order for a reason the two show
    /// (`followsInTreeOrder`). A loop in a `mutating` function, not a closure: a closure that captures
    /// the engine holds a copy of its bytes (see `Engine`).
    mutating func inTreeOrder(_ ids: [Int]) -> Bool {
        for index in ids.indices.dropFirst() where !followsInTreeOrder(ids[index], ids[index - 1]) { return false }
        return true
    }

    /// Whether `id` comes after `previous` in tree order for a reason the two show: `previous`
    /// is its parent, or an earlier child of its parent. False says nothing either way.
    mutating func followsInTreeOrder(_ id: Int, _ previous: Int) -> Bool {
        guard let parent = instances[id].parent else { return false }
        if parent == previous { return true }
        return instances[previous].parent == parent && instances[previous].childIndex < instances[id].childIndex
    }

    /// Appends an instance's child indices from the root, whose order is tree order, and returns where
    /// they are in the list.
    func appendPosition(of id: Int, to positions: inout [Int]) -> Range<Int> {
        let start = positions.count
        var current: Int? = id
        while let node = current {
            positions.append(instances[node].childIndex)
            current = instances[node].parent
        }
        // Reversed in place: reversing `positions[start...]` copies the slice out first.
        var low = start, high = positions.count - 1
        while low < high {
            positions.swapAt(low, high)
            low += 1
            high -= 1
        }
        return start..<positions.count
    }
}

extension Engine {
    /// A place named like the dependency key it would be.
    func describe(place: Place) -> String {
        switch place {
        case .property(let object, let slot): describe(.observation(object, slot))
        case .state(let slot): describe(.state(slot))
        case .appStorage(let key): describe(DependencyKey.appStorage(key))
        }
    }
}
