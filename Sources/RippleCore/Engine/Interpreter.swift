// Evaluates scenario expressions against the engine's storage, recording reads while a body runs.

extension Engine {
    // MARK: - Entry points

    /// Evaluates an expression; inside a body, an access path at the top is recorded as a read.
    mutating func evaluate(_ expression: ExprSyntax, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value {
        try countEvaluation(at: expression.location)
        evaluationDepth += 1
        defer { evaluationDepth -= 1 }
        try checkCallDepth(at: expression.location)
        if scope.recordsReads, isTracking, expression.kind.mayBeAccessPath {
            return try read(expression, in: scope, expected: expected)
        }
        return try access(expression, in: scope, expected: expected)
    }

    /// Evaluates an access path inside a body, recording it as a read when its root is the body's.
    private mutating func read(_ expression: ExprSyntax, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value {
        // A local holding an object is read through its members; the local alone is the object it holds.
        if let name = trackedName(of: expression), let role = trackedRole(of: name, in: scope), role != "local" || expression.kind != .identifier(name) {
            let mark = log.markKeys()
            let value = try access(expression, in: scope, expected: expected)
            log.record(readSite(of: expression, role: role), at: expression.location, value: value, from: mark)
            return value
        }
        return try access(expression, in: scope, expected: expected)
    }

    /// Counts one evaluation against the limit of work per step.
    mutating func countEvaluation(at location: SourceLocation) throws(EvaluationError) {
        work += 1
        if work > Self.maximumWork {
            throw EvaluationError("the scenario needs more than \(Self.maximumWork) evaluation steps (limit: work per step)", at: location)
        }
        if work % MemoryCeiling.checkInterval == 0, let error = MemoryCeiling.check(at: location) { throw error }
    }

    /// What a call of scenario code costs, whatever it evaluates: making its scope and binding its
    /// parameters takes as long as about four evaluations in a debug build.
    static let callWork = 4

    /// Charges a call (a method, computed property, function, initializer or closure): methods that each
    /// call the next twice evaluate almost nothing per call, and 2^40 calls from one tap ran for minutes
    /// without reaching the work limit.
    mutating func chargeCall(at location: SourceLocation) throws(EvaluationError) {
        try spend(Self.callWork, at: location)
    }

    /// Charges the work of building a large value: a string or array of n elements costs as much as
    /// n evaluations, so doubling a value in every step cannot grow memory past the work limits.
    mutating func charge(_ size: Int, at location: SourceLocation) throws(EvaluationError) {
        guard size > 1024 else { return }
        try spend(size, at: location)
    }

    /// Charges a write's trace, which the step keeps: one per byte of its statement and its two values. A
    /// method that writes inside a loop, or through calls that each make two more, writes without end,
    /// and uncharged, a trace of some 500 bytes per write would hold 846 MB before the work limit is reached.
    mutating func charge(_ trace: WriteTrace, at location: SourceLocation) throws(EvaluationError) {
        try spend(trace.statement.utf8.count + (trace.old?.utf8.count ?? 0) + (trace.new?.utf8.count ?? 0), at: location)
    }

    private mutating func spend(_ amount: Int, at location: SourceLocation) throws(EvaluationError) {
        let before = work
        work += amount
        if work > Self.maximumWork {
            throw EvaluationError("the scenario needs more than \(Self.maximumWork) evaluation steps (limit: work per step)", at: location)
        }
        if before / MemoryCeiling.checkInterval != work / MemoryCeiling.checkInterval, let error = MemoryCeiling.check(at: location) { throw error }
    }

    /// Enters a call of scenario code, refusing one that would take the code running inside calls past
    /// the call-depth limit: a `==` that compares its own type again, or objects that refer to each other
    /// and compare their references, would recurse until the stack overflows. Levels are counted from where
    /// the outermost call began, so a call inside a deep but valid expression has the whole budget.
    /// Returns the callee it replaces as the innermost, for `leaveCall(restoring:)`.
    mutating func enterCall(_ callee: Callee, at location: SourceLocation) throws(EvaluationError) -> Callee? {
        try chargeCall(at: location)
        return try enterChargedCall(callee, at: location)
    }

    /// `enterCall` for a call already charged: a constructor charges every call, of a declared type or not.
    mutating func enterChargedCall(_ callee: Callee, at location: SourceLocation) throws(EvaluationError) -> Callee? {
        if callDepth == 0 { callBaseDepth = evaluationDepth }
        if evaluationDepth - callBaseDepth + callDepth + callee.levels > Self.maximumCallDepth {
            throw callDepthError(in: callee, at: location)
        }
        callDepth += callee.levels
        defer { innermostCallee = callee }
        return innermostCallee
    }

    /// Leaves a call entered with `enterCall`, given what it returned: the call being left is the
    /// innermost one.
    mutating func leaveCall(restoring callee: Callee?) {
        callDepth -= innermostCallee?.levels ?? 1
        innermostCallee = callee
    }

    /// Refuses an expression nested past the call-depth limit inside calls (`enterCall`); outside calls
    /// the parser's limits bound how deep an expression goes.
    @inline(__always)
    func checkCallDepth(at location: SourceLocation) throws(EvaluationError) {
        if callDepth > 0, evaluationDepth - callBaseDepth + callDepth > Self.maximumCallDepth, let callee = innermostCallee {
            throw callDepthError(in: callee, at: location)
        }
    }

    private func callDepthError(in callee: Callee, at location: SourceLocation) -> EvaluationError {
        EvaluationError("calls nest too deeply in \(callee): recursion deeper than \(Self.maximumCallDepth) (limit: call depth)", at: location)
    }

    /// Whether an expression is a chain of names, members, subscripts and method calls.
    func isAccessPath(_ expression: ExprSyntax) -> Bool {
        switch expression.kind {
        case .identifier, .dollar: return true
        case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base):
            return isAccessPath(base)
        case .call(let callee, _, _):
            if case .member(let base, _, _) = callee.kind { return isAccessPath(base) }
            return false
        default: return false
        }
    }

    /// The role of an access path's root when the path is something a body's reads are about; nil for
    /// locals, types and expressions that are not paths.
    mutating func trackedRoot(of expression: ExprSyntax, in scope: Scope) -> String? {
        guard let name = trackedName(of: expression) else { return nil }
        return trackedRole(of: name, in: scope)
    }

    // MARK: - Access paths

    /// Evaluates an expression without recording it as a read. Each kind that needs more than a line is
    /// its own function: a debug build gives every local of every case a place in one frame, and this
    /// frame is on the stack once per level of a nested expression (one frame of 13 KB would make the
    /// call-depth limit's 256 levels cost 5 MB of stack).
    mutating func access(_ expression: ExprSyntax, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value {
        let location = expression.location
        switch expression.kind {
        case .identifier(let name):
            return try lookup(name, in: scope, at: location)
        case .dollar(let name):
            return try dollar(expression, name, in: scope)
        case .member(let base, let name, _) where base.kind == .identifier("self") && scope.locals["self"] == nil:
            return try lookup(name, in: scope, at: location)
        case .member(let base, let name, let optional):
            return try member(expression, base: base, name: name, optional: optional, in: scope)
        case .subscriptAccess(let base, let arguments, let optional):
            return try subscripted(expression, base: base, arguments: arguments, optional: optional, in: scope, expected: expected)
        case .forceUnwrap(let base):
            return try forceUnwrapped(base, in: scope, at: location)
        case .call(let callee, let arguments, let trailing):
            return try call(callee, trailing.isEmpty ? arguments : arguments + trailing, in: scope, at: location, expected: expected)
        case .integer(let value):
            if expected == .double { return .double(Double(value)) }
            return .int(value)
        case .double(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .nilLiteral: return .none
        case .string(let parts):
            return try string(parts, in: scope, at: location)
        case .array(let elements):
            return try array(elements, in: scope, expected: expected, at: location)
        case .dictionary(let keys, let values):
            var entries: [(key: Value, value: Value)] = []
            var seen: Set<Value> = []
            try charge(keys.count, at: location)
            for (key, value) in zip(keys, values) {
                let evaluated = try evaluate(key, in: scope, expected: nil)
                if !seen.insert(evaluated).inserted {
                    throw EvaluationError("the dictionary literal has the key \(describe(evaluated)) twice; Swift stops there", at: key.location)
                }
                entries.append((evaluated, try evaluate(value, in: scope, expected: nil)))
            }
            return Value.dictionary(entries)
        case .paren(let inner):
            return try evaluate(inner, in: scope, expected: expected)
        case .implicitMember(let name):
            return try implicitMember(name, expected: expected, at: location)
        case .keyPath(_, let components):
            return .keyPath(components)
        case .closure(let syntax):
            return closure(syntax, in: scope)
        case .unary(let op, let operand):
            return try unary(op, operand, in: scope, expected: expected, at: location)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, in: scope, at: location, expected: expected)
        case .ternary(let condition, let yes, let no):
            return try ternary(condition, yes, no, in: scope, expected: expected)
        case .opaque(let text):
            return .opaque(type: Value.unmodelledType, text: text)
        }
    }

    /// `.samples[0]` where a `Recipe` is expected: an implicit member chain starts at `Recipe.samples`, a
    /// static member of the type the context expects. Any other base as written.
    ///
    /// In a frame of its own: `access` is on the stack of every nested expression.
    @inline(never)
    private func implicitChainStart(_ base: ExprSyntax, expected: ValueType?) -> ExprSyntax {
        guard case .implicitMember(let name) = base.kind, case .named(let typeName)? = expected?.unwrappingOptionals,
              table.globals.contains(where: { $0.name == typeName + "." + name }) else { return base }
        return ExprSyntax(.member(ExprSyntax(.identifier(typeName), at: base.location), name: name, optional: false), at: base.location)
    }

    /// `$name`: a local binding, or the projection of a property.
    private mutating func dollar(_ expression: ExprSyntax, _ name: String, in scope: Scope) throws(EvaluationError) -> Value {
        if let local = scope.locals["$" + name] { return local }
        return .binding(try projection(expression, in: scope))
    }

    /// `$model.isShown`, `$model.items[0]`: the binding below `$root`. Making a binding from a property of an
    /// object calls the property's getter, so inside a body it is a read of that property when
    /// `BindingDependency.makingReadsSource` says so.
    private mutating func madeBinding(_ expression: ExprSyntax, root: String, in scope: Scope) throws(EvaluationError) -> Value {
        let target = try projection(expression, in: scope)
        guard scope.recordsReads, isTracking, case .property(let object, let name, _) = target,
              let index = objects[object.raw].info.storedIndex(of: name),
              BindingDependency.makingReadsSource(getterRegistersKey: ObservationTracking.registersKey(objects[object.raw].info.readKinds[index]),
                                                  throughBinding: scope.locals["$" + root] != nil || isBindingProperty(root, in: scope))
        else { return .binding(target) }
        _ = try readBinding(target, recordedAt: expression, role: trackedRole(of: root, in: scope) ?? "binding", tracked: true)
        return .binding(target)
    }

    /// Whether `name` is an `@Binding` or plain `Binding` property of the view being evaluated.
    private func isBindingProperty(_ name: String, in scope: Scope) -> Bool {
        guard case .view(let id) = scope.this, let property = table.views[instances[id].viewType]?.property(named: name) else { return false }
        return property.role.kind.carriesBinding
    }

    /// A closure, kept with the scope it captures.
    mutating func closure(_ syntax: ClosureSyntax, in scope: Scope) -> Value {
        nextClosure += 1
        closures[nextClosure] = (syntax, scope)
        return .closure(id: nextClosure)
    }

    /// `base.name`: a binding's projection, a view instance's property in a step, an enum case, or a member of a value.
    private mutating func member(_ expression: ExprSyntax, base: ExprSyntax, name: String, optional: Bool, in scope: Scope) throws(EvaluationError) -> Value {
        let location = expression.location
        if case .dollar(let root) = rootOfChain(base).kind, Int(root) == nil || Self.isBinding(scope.locals["$" + root]) {
            return try madeBinding(expression, root: root, in: scope)
        }
        if !isTracking, case .none = scope.this, case .identifier(let typeName) = rootOfChain(base).kind,
           scope.locals[typeName] == nil, table.views[typeName] != nil, let value = try instanceProperty(expression) {
            // In a step, `Root.count` reads the instance's property.
            return value
        }
        if case .identifier(let typeName) = base.kind, scope.locals[typeName] == nil, isTypeName(typeName, in: scope) || typeName == "Self" && !staticOwners.isEmpty {
            return try staticMember(typeName, name, at: location)
        }
        let value = try evaluateBase(base, in: scope)
        if optional, value.isNone { return .none }
        return try member(of: value, name, at: location, scope: scope)
    }

    /// Whether a closure's `$0` holds a binding: in `ForEach($items) { Row(item: $0) }` it does, and
    /// `$0.title` is then the binding to the element's title.
    static func isBinding(_ value: Value?) -> Bool {
        if case .binding? = value { true } else { false }
    }

    /// `base[index]`, or the binding `$items[index]`.
    private mutating func subscripted(_ expression: ExprSyntax, base written: ExprSyntax, arguments: [ArgumentSyntax], optional: Bool, in scope: Scope,
                                      expected: ValueType?) throws(EvaluationError) -> Value {
        let base = implicitChainStart(written, expected: expected)
        if case .dollar(let root) = rootOfChain(base).kind, Int(root) == nil || Self.isBinding(scope.locals["$" + root]) {
            return try madeBinding(expression, root: root, in: scope)
        }
        let value = try evaluateBase(base, in: scope)
        if optional, value.isNone { return .none }
        return try subscriptValue(value, arguments, in: scope, at: expression.location)
    }

    /// `value[index]`, `dict[key]`, `dict[key, default: fallback]`.
    mutating func subscriptValue(_ value: Value, _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        if case .dictionary(let keys, let values) = value, arguments.count == 2, arguments[0].label == nil, arguments[1].label == "default" {
            let key = try evaluate(arguments[0].value, in: scope, expected: nil)
            if let found = Value.lookup(key, keys: keys, values: values) { return found }
            return try evaluate(arguments[1].value, in: scope, expected: nil)
        }
        guard arguments.count == 1, arguments[0].label == nil else {
            throw EvaluationError("subscripts take one index, or a key and a 'default:'", at: location)
        }
        let index = try evaluate(arguments[0].value, in: scope, expected: .int)
        return try element(of: value, index, at: arguments[0].location)
    }

    /// `base!`.
    private mutating func forceUnwrapped(_ base: ExprSyntax, in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        let value = try evaluateBase(base, in: scope)
        if value.isNone { throw EvaluationError("'\(base.rendered)' is nil; force-unwrapping it would crash", at: location) }
        return value
    }

    /// A string literal, its interpolations evaluated.
    private mutating func string(_ parts: [StringPartSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        var text = ""
        for part in parts {
            switch part {
            case .text(let t): text += t
            case .interpolation(let inner):
                let value = try evaluate(inner, in: scope, expected: nil)
                text += interpolated(value)
            }
        }
        try charge(text.utf8.count, at: location)
        return .string(text)
    }

    /// An array literal.
    private mutating func array(_ elements: [ExprSyntax], in scope: Scope, expected: ValueType?, at location: SourceLocation) throws(EvaluationError) -> Value {
        var element: ValueType?
        if case .array(let e)? = expected { element = e }
        if case .optional(.array(let e))? = expected { element = e }
        var values: [Value] = []
        values.reserveCapacity(elements.count)
        for item in elements { values.append(try evaluate(item, in: scope, expected: element)) }
        try checkNesting(values, at: location)
        return .array(values)
    }

    /// `!operand`, `-operand`.
    private mutating func unary(_ op: String, _ operand: ExprSyntax, in scope: Scope, expected: ValueType?, at location: SourceLocation) throws(EvaluationError) -> Value {
        let value = try evaluate(operand, in: scope, expected: expected)
        if readsOtherModules, value.isUnmodelled { return value }
        switch (op, value) {
        case ("!", .bool(let b)): return .bool(!b)
        case ("-", .int(let i)): return .int(0 &- i)
        case ("-", .double(let d)): return .double(-d)
        default: throw EvaluationError("operator '\(op)' cannot be applied to \(describe(value))", at: location)
        }
    }

    /// `condition ? yes : no`.
    private mutating func ternary(_ condition: ExprSyntax, _ yes: ExprSyntax, _ no: ExprSyntax, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value {
        let test = try evaluate(condition, in: scope, expected: .bool)
        if readsOtherModules, test.isUnmodelled {
            return try evaluate(decidedSide(condition, yes, no, in: scope, expected: expected), in: scope, expected: expected)
        }
        guard case .bool(let b) = test else { throw EvaluationError("condition must be a Bool, not \(describe(test))", at: condition.location) }
        return try evaluate(b ? yes : no, in: scope, expected: expected)
    }

    /// The side of `condition ? yes : no` taken where the condition rests on a value Ripple does not know
    /// (`decideUnknown`); the other side is evaluated apart, for what it reads. In a frame of its own, off
    /// the stack of every nested expression.
    @inline(never)
    private mutating func decidedSide(_ condition: ExprSyntax, _ yes: ExprSyntax, _ no: ExprSyntax, in scope: Scope,
                                      expected: ValueType?) throws(EvaluationError) -> ExprSyntax {
        let decided = untaken.decisionCount
        let taken = decideUnknown(condition)
        try readUntaken(after: decided) { (engine: inout Engine) throws(EvaluationError) in
            _ = try engine.evaluate(taken ? no : yes, in: scope, expected: expected)
        }
        return taken ? yes : no
    }

    /// Evaluates the base of a chain without recording it on its own: the whole chain is the read.
    mutating func evaluateBase(_ base: ExprSyntax, in scope: Scope) throws(EvaluationError) -> Value {
        if isAccessPath(base) { return try access(base, in: scope, expected: nil) }
        return try evaluate(base, in: scope, expected: nil)
    }

    /// The member access right above a chain's root: `title` in `self.title.count`.
    func firstMember(of expression: ExprSyntax) -> ExprSyntax? {
        switch expression.kind {
        case .member(let base, _, _):
            if case .identifier = base.kind { return expression }
            return firstMember(of: base)
        case .subscriptAccess(let base, _, _), .forceUnwrap(let base): return firstMember(of: base)
        case .call(let callee, _, _):
            if case .member(let base, _, _) = callee.kind { return firstMember(of: base) }
            return nil
        default: return nil
        }
    }

    func rootOfChain(_ expression: ExprSyntax) -> ExprSyntax {
        switch expression.kind {
        case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base): return rootOfChain(base)
        case .call(let callee, _, _):
            if case .member(let base, _, _) = callee.kind { return rootOfChain(base) }
            return expression
        default: return expression
        }
    }

    func isTypeName(_ name: String, in scope: Scope) -> Bool {
        name.startsUppercase && (table.data[name] != nil || table.enums[name] != nil || table.views[name] != nil)
    }

    // MARK: - Names

    mutating func lookup(_ name: String, in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        if let target = scope.bindingLocals[name] { return try readBinding(target, tracked: true) }
        if let value = scope.locals[name] { return value }
        switch scope.this {
        case .view(let id):
            if let value = try viewProperty(name, of: id, at: location, scope: scope) { return value }
            if let helper = instances[id].info?.declaration.helper(named: name), helper.parameters == nil {
                return try runViewHelper(helper, of: id, arguments: [], in: scope, at: location)
            }
        case .object(let object):
            if name == "self" { return .object(object) }
            let type = objects[object.raw].type
            if hasMember(type, name) { return try member(of: .object(object), name, at: location, scope: scope) }
        case .record(let value):
            if name == "self" { return value }
            if case .record(let type, _) = value, hasMember(type, name) { return try member(of: value, name, at: location, scope: scope) }
        case .none:
            break
        }
        if let value = try globalOrOwnStatic(named: name) { return value }
        if readsOtherModules, table.allTypeNames.contains(name) {
            return assumeOpaque(name, note: "'\(name)' is a type; what is read or called on it here (a static member it does not declare with a value) is not simulated; its value is opaque",
                                at: location)
        }
        if readsOtherModules {
            return assumeOpaque(name, note: "'\(name)' is not declared in the source; its value is opaque", at: location)
        }
        throw EvaluationError("unknown name '\(name)'\(Suggestion.didYouMean(name, in: knownNames(in: scope)))", at: location)
    }

    func knownNames(in scope: Scope) -> [String] {
        var names = scope.locals.keys + scope.bindingLocals.keys + Array(globals.keys)
        switch scope.this {
        case .view(let id):
            names += table.views[instances[id].viewType]?.properties.map(\.name) ?? []
            names += table.views[instances[id].viewType]?.helpers.map(\.name) ?? []
        case .object(let object): names += memberNames(objects[object.raw].type)
        case .record(.record(let type, _)): names += memberNames(type)
        default: break
        }
        return names
    }

    func hasMember(_ type: String, _ name: String) -> Bool {
        guard let data = table.data[type] else { return false }
        return data.storedIndex(of: name) != nil || data.computedProperty(named: name) != nil
    }

    func memberNames(_ type: String) -> [String] {
        guard let data = table.data[type] else { return [] }
        return data.stored.map(\.name) + data.computed.map(\.name)
    }

    /// A view property's value as the body sees it, recording the keys the property's role creates.
    mutating func viewProperty(_ name: String, of id: Int, at location: SourceLocation, scope: Scope) throws(EvaluationError) -> Value? {
        if name == scope.contentParameter { return .opaque(type: "Content", text: "content") }
        // Fields are read through `instances[id]` one at a time: a copy of the whole instance costs more than the read.
        guard let info = instances[id].info, let index = info.propertyIndex(named: name) else { return nil }
        return try viewProperty(at: index, named: name, of: id, info: info, at: location)
    }

    /// `viewProperty(_:of:at:scope:)` for the property at `index` of the view's declaration `info`; nil,
    /// before recording anything, when the instance holds no value for it.
    mutating func viewProperty(at index: Int, named name: String, of id: Int, info: ViewInfo, at location: SourceLocation) throws(EvaluationError) -> Value? {
        let kind = info.kinds[index]
        switch kind.read(type: info.declaration.properties[index].type) {
        case .slot(let registersKey):
            guard let slot = instances[id].slots[name] else { return nil }
            if registersKey, isTracking {
                log.use(.state(slot))
                log.touch(.state(slot))
            }
            return slots[slot.raw].value
        case .carriedBinding:
            guard case .binding(let target)? = instances[id].description.fields[name] else { return nil }
            return try readBinding(target, tracked: true)
        case .field:
            return instances[id].description.fields[name] ?? Value.none
        case .environmentValue(let key):
            if readsOtherModules, table.environmentKeys[key] == nil {
                return assumeOpaque("\\." + key, note: "environment key '\\.\(key)' is not declared in the source; its value is opaque", at: location)
            }
            if !rootEnvironmentDecisions.isEmpty { retake(rootEnvironmentDecisions) }
            return environmentValue(key, at: id)
        case .environmentObject(let entry):
            if !rootEnvironmentDecisions.isEmpty { retake(rootEnvironmentDecisions) }
            let value = environmentValue(entry, at: id)
            if value.isNone {
                throw EvaluationError(kind.missingFromEnvironment(type: info.declaration.properties[index].type, above: instances[id].path), at: location)
            }
            return value
        case .persisted(let key):
            if isTracking { log.touch(.appStorage(key)) }
            return appStorage[key] ?? Value.none
        }
    }

    /// The value a binding carries, recorded as the body's read of `expression`: with the keys reading
    /// through it registers when `tracked`, or with none (a control shows the value it is handed, which
    /// registers nothing). Outside a body, only the value.
    mutating func readBinding(_ target: BindingTarget, recordedAt expression: ExprSyntax, role: String, tracked: Bool) throws(EvaluationError) -> Value {
        guard isTracking else { return try readBinding(target, tracked: false) }
        let mark = log.markKeys()
        let value: Value
        if tracked {
            value = try readBinding(target, tracked: true)
        } else {
            // Read without recording, so that no place is touched and no reason for staleness kept.
            self.isTracking = false
            defer { self.isTracking = true }
            value = try readBinding(target, tracked: false)
        }
        log.record(readSite(of: expression, role: role), at: expression.location, value: value, from: mark)
        return value
    }

    /// Reads through a binding; `tracked` is false for a plain `Binding` property, which is not a dynamic
    /// property. Throws only a limit crossed inside a `Binding(get:set:)` getter.
    mutating func readBinding(_ target: BindingTarget, tracked: Bool) throws(EvaluationError) -> Value {
        switch target {
        case .state(let slot, let path):
            if isTracking {
                if tracked { log.use(.state(slot)) } else { log.untracked[.state(slot)] = BindingDependency.untrackedReason }
                log.touch(.state(slot))
            }
            return (try? value(in: slots[slot.raw].value, at: path)) ?? Value.none
        case .property(let object, let name, let path):
            guard !name.isEmpty else { return .object(object) }
            let whole = (try? readProperty(object, name, at: nil)) ?? Value.none
            return (try? value(in: whole, at: path)) ?? Value.none
        case .closures(let id, _):
            guard let (syntax, captured) = closures[id] else { return .none }
            var scope = captured
            scope.recordsReads = false
            // The getter is a call: one that reads the binding it builds recurses through it, and the
            // call depth stops it. A limit ends the step; any other error leaves the value unknown.
            let caller = try enterCall(.bindingGetter, at: syntax.location)
            defer { leaveCall(restoring: caller) }
            do throws(EvaluationError) {
                return try runStatements(syntax.body, in: scope, expected: nil) ?? Value.none
            } catch where error.isLimit {
                throw error
            } catch {
                return .none
            }
        case .constant(let value):
            return value
        case .appStorage(let key):
            if isTracking {
                if tracked { log.use(.appStorage(key)) }
                log.touch(.appStorage(key))
            }
            return appStorage[key] ?? Value.none
        }
    }

    // MARK: - Members

    /// Reads a stored or computed property of an object, recording Observation's key.
    mutating func readProperty(_ object: ObjectID, _ name: String, at location: SourceLocation?) throws(EvaluationError) -> Value {
        let info = objects[object.raw].info
        if let index = info.storedIndex(of: name) { return readStoredProperty(object, index, name: name) }
        if let computed = info.declaration.computedProperty(named: name) {
            let tracking = isTracking
            if tracking { log.via.append(name) }
            defer { if tracking { log.via.removeLast() } }
            var scope = Scope()
            scope.this = .object(object)
            return try runGetter(computed.getter, in: scope, expected: computed.type, name: name, location: location ?? computed.location)
        }
        let type = info.declaration.name
        if readsOtherModules {
            // Declared in an extension another module or file Ripple did not read.
            return assumeOpaque(type + "." + name, note: "'\(name)' is not declared on '\(type)' in the source; its value is opaque",
                                at: location ?? info.declaration.location)
        }
        throw EvaluationError("unknown property '\(name)' on '\(type)'\(Suggestion.didYouMean(name, in: memberNames(type)))",
                              at: location ?? info.declaration.location)
    }

    /// Reads the stored property at `index` of an object, recording what its kind makes of the read: an
    /// Observation key, or why no one will be told of a change (quoting `name` as the body spelled it).
    mutating func readStoredProperty(_ object: ObjectID, _ index: Int, name: String) -> Value {
        let info = objects[object.raw].info
        let kind = info.readKinds[index]
        if case .appStorage = kind, let key = info.declaration.stored[index].appStorageKey {
            if isTracking {
                log.touch(.appStorage(key))
                log.untracked[.appStorage(key)] = AppStorageWrite.untrackedInModel(name: name, key: key, model: info.declaration.name)
            }
            if appStorage[key] == nil { appStorage[key] = objects[object.raw].fields[index] }
            return appStorage[key] ?? Value.none
        }
        guard isTracking else { return objects[object.raw].fields[index] }
        let place = Place.property(object, index)
        log.touch(place)
        if ObservationTracking.registersKey(kind) {
            log.use(.observation(object, index))
        } else if let reason = ObservationTracking.untrackedReason(kind, name: name, model: info.declaration.name) {
            log.untracked[place] = reason
        } else if case .published = kind, log.untracked[place] == nil {
            // Told through `objectWillChange` only if a wrapper of the view holds the object (Rule 3); until
            // one is found, this is why not.
            log.untracked[place] = ObservationTracking.notHeldReason(label: objects[object.raw].label)
        }
        return objects[object.raw].fields[index]
    }

    /// `readStoredProperty` for a property of an `@Observable` class (`StoredReadKind.observed`): the read
    /// is the property's Observation key, and never needs the property's name.
    @inline(__always)
    mutating func readObservedProperty(_ object: ObjectID, _ index: Int) -> Value {
        if isTracking {
            log.touch(.property(object, index))
            log.use(.observation(object, index))
        }
        return objects[object.raw].fields[index]
    }

    /// Computed properties currently running, to stop a cycle that the static check missed.
    mutating func runGetter(_ getter: [StatementSyntax], in scope: Scope, expected: ValueType?, name: String, location: SourceLocation) throws(EvaluationError) -> Value {
        getterDepth += 1
        defer { getterDepth -= 1 }
        if getterDepth > 64 {
            throw EvaluationError("computed property '\(name)' refers to itself through a cycle", at: location)
        }
        let caller = try enterCall(.computedProperty(name), at: location)
        defer { leaveCall(restoring: caller) }
        return try runStatements(getter, in: scope, expected: expected) ?? Value.none
    }

    mutating func member(of value: Value, _ name: String, at location: SourceLocation, scope: Scope) throws(EvaluationError) -> Value {
        switch value {
        case .object(let object):
            if name == "objectWillChange" { return .opaque(type: "objectWillChange", text: String(object.raw)) }
            return try readProperty(object, name, at: location)
        case .record(let type, let fields):
            let infos = rememberedInfos(ofType: type)
            if let view = infos.view, let index = view.propertyIndex(named: name) {
                return fields[index]
            }
            guard let info = infos.data else { break }
            if let index = info.storedIndex(of: name) { return fields[index] }
            if let computed = info.declaration.computedProperty(named: name) {
                var inner = Scope()
                inner.this = .record(value)
                return try runGetter(computed.getter, in: inner, expected: computed.type, name: name, location: location)
            }
            if readsOtherModules {
                return assumeOpaque(type + "." + name, note: "'\(name)' is not declared on '\(type)' in the source; its value is opaque", at: location)
            }
            throw EvaluationError("unknown property '\(name)' on '\(type)'\(Suggestion.didYouMean(name, in: memberNames(type)))", at: location)
        case .array(let elements):
            switch name {
            case "count": return .int(elements.count)
            case "isEmpty": return .bool(elements.isEmpty)
            case "first": return elements.first ?? Value.none
            case "last": return elements.last ?? Value.none
            case "indices":
                try charge(elements.count, at: location)
                return .array(elements.indices.map { .int($0) })
            default: break
            }
        case .dictionary(let keys, let values):
            // Keys and values in the dictionary's one order (`Value.keyOrder`); Swift's is a hash's.
            switch name {
            case "count": return .int(keys.count)
            case "isEmpty": return .bool(keys.isEmpty)
            case "keys": return .array(keys)
            case "values": return .array(values)
            default: break
            }
        case .string(let text):
            switch name {
            case "count": return .int(text.count)
            case "isEmpty": return .bool(text.isEmpty)
            case "description": return value
            default: break
            }
        case .int(let number):
            if name == "description" { return .string(String(number)) }
        case .binding(let target):
            if name == "wrappedValue" { return try readBinding(target, tracked: false) }
        case .enumCase(let type, let caseName, _):
            let declaration = table.enums[type]
            if name == "rawValue", let raw = declaration?.rawValues[caseName] {
                return try evaluate(raw, in: Scope(), expected: nil)
            }
            if let computed = declaration?.computedProperty(named: name) {
                var inner = Scope()
                inner.this = .record(value)
                return try runGetter(computed.getter, in: inner, expected: computed.type, name: name, location: location)
            }
            if name == "rawValue" || name == "description" { return .string(caseName) }
        case .none:
            throw EvaluationError("'\(name)' is read on nil; use '?.'", at: location)
        case .opaque(Value.unmodelledType, let text):
            // A value Ripple does not model (the Swift front end noted it): so are its members.
            return .opaque(type: Value.unmodelledType, text: text + "." + name)
        default:
            break
        }
        if readsOtherModules {
            return assumeOpaque(name, note: "'\(name)' of '\(typeName(of: value))' is not simulated; its value is opaque", at: location)
        }
        throw EvaluationError("value of type '\(typeName(of: value))' has no member '\(name)'", at: location)
    }

    func element(of value: Value, _ index: Value, at location: SourceLocation) throws(EvaluationError) -> Value {
        if case .opaque(Value.unmodelledType, let text) = value { return .opaque(type: Value.unmodelledType, text: text + "[…]") }
        // A dictionary's value for a key is optional: nil when the key is not there.
        if case .dictionary(let keys, let values) = value { return Value.lookup(index, keys: keys, values: values) ?? .none }
        guard case .array(let elements) = value else {
            throw EvaluationError("cannot subscript a value of type '\(typeName(of: value))'", at: location)
        }
        guard case .int(let i) = index else {
            throw EvaluationError("index must be an Int, not \(describe(index))", at: location)
        }
        guard elements.indices.contains(i) else {
            throw EvaluationError("index \(i) is out of range (count is \(elements.count))", at: location)
        }
        return elements[i]
    }

    /// `Type.name`, or `Self.name` inside a static method: a static property or an enum's case.
    mutating func staticMember(_ type: String, _ name: String, at location: SourceLocation) throws(EvaluationError) -> Value {
        let type = type == "Self" ? staticOwner ?? type : type
        if let value = try global(named: type + "." + name) { return value }
        if let enumeration = table.enums[type] {
            // `CaseIterable`'s cases, in the order they are declared (Swift compiles `allCases` only for an
            // enum whose cases carry no payload).
            if name == "allCases", enumeration.cases[name] == nil, enumeration.cases.values.allSatisfy({ $0 == 0 }) {
                return .array(enumeration.caseOrder.map { .enumCase(type: type, name: $0, payload: []) })
            }
            guard enumeration.cases[name] != nil else {
                if readsOtherModules {
                    return assumeOpaque(type + "." + name, note: "'\(type).\(name)' is not simulated; its value is opaque", at: location)
                }
                throw EvaluationError("enum '\(type)' has no case '\(name)'\(Suggestion.didYouMean(name, in: enumeration.caseOrder))", at: location)
            }
            return .enumCase(type: type, name: name, payload: [])
        }
        if readsOtherModules {
            return assumeOpaque(type + "." + name, note: "'\(type).\(name)' is not simulated; its value is opaque", at: location)
        }
        throw EvaluationError("type '\(type)' has no static member '\(name)'", at: location)
    }

    mutating func implicitMember(_ name: String, expected: ValueType?, at location: SourceLocation) throws(EvaluationError) -> Value {
        var type = expected
        while case .optional(let wrapped)? = type { type = wrapped }
        if case .named(let typeName)? = type, let value = try global(named: typeName + "." + name) { return value }
        if case .named(let typeName)? = type, table.enums[typeName] != nil, table.enums[typeName]?.cases[name] != nil || name != "none" {
            return try staticMember(typeName, name, at: location)
        }
        if name == "none" { return .none }
        if case .named(let typeName)? = type, table.enums[typeName] != nil {
            return try staticMember(typeName, name, at: location)
        }
        // Without a known type, the case name alone must be unambiguous among the enums.
        let owners = table.enums.values.filter { $0.cases[name] != nil }.map(\.name).sorted()
        if owners.count == 1 { return .enumCase(type: owners[0], name: name, payload: []) }
        if owners.count > 1, readsOtherModules {
            // Swift takes the case from the type the context expects, which Ripple could not tell here.
            return assumeOpaque("." + name, note: "'.\(name)' is a case of \(owners.map { "'\($0)'" }.joined(separator: " and ")), and the type expected here is not simulated; its value is opaque", at: location)
        }
        if owners.count > 1 {
            throw EvaluationError("'.\(name)' is ambiguous: it is a case of \(owners.map { "'\($0)'" }.joined(separator: " and "))", at: location)
        }
        if readsOtherModules {
            return assumeOpaque("." + name, note: "'.\(name)' is not declared in the source; its value is opaque", at: location)
        }
        throw EvaluationError("unknown member '.\(name)'", at: location)
    }

    // MARK: - Operators

    /// A binary operator: its operands evaluated, then combined (`combine`). The operators that evaluate
    /// their operands themselves, and `==` (whose comparison can call the type's own `==`), stay here;
    /// the rest, in a frame of their own, are not on the stack while operands are evaluated.
    mutating func binary(_ op: String, _ left: ExprSyntax, _ right: ExprSyntax, in scope: Scope, at location: SourceLocation, expected: ValueType?) throws(EvaluationError) -> Value {
        switch op {
        case "&&", "||":
            return try logical(op, left, right, in: scope)
        case "??":
            let l = try evaluate(left, in: scope, expected: expected.map { .optional($0) })
            return l.isNone ? try evaluate(right, in: scope, expected: expected) : l
        default:
            break
        }
        let l = try evaluate(left, in: scope, expected: nil)
        let r = try evaluate(right, in: scope, expected: hint(for: l))
        if readsOtherModules, l.isUnmodelled || r.isUnmodelled { return opaqueResult(op, l, r) }
        switch op {
        case "==": return .bool(try equal(l, r, at: location))
        case "!=": return .bool(!(try equal(l, r, at: location)))
        default: return try combine(op, l, r, at: location)
        }
    }

    /// What an operator gives on a value Ripple does not model: opaque, named by what it combined. In a
    /// frame of its own: `binary` is on the stack of every nested expression, and the text's temporaries
    /// would take their room there.
    @inline(never)
    private func opaqueResult(_ op: String, _ l: Value, _ r: Value) -> Value {
        .opaque(type: Value.unmodelledType, text: describe(l) + " " + op + " " + describe(r))
    }

    /// `300...1000.0`: a range of doubles, as a `Slider`'s `in:` takes it. Swift cannot count its elements,
    /// so it is a value Ripple holds whole, by its bounds, and does not look into; reversed bounds trap.
    @inline(never)
    private func doubleRange(_ lower: Double, _ op: String, _ upper: Double, at location: SourceLocation) throws(EvaluationError) -> Value {
        guard lower <= upper else { throw EvaluationError("range bounds are reversed", at: location) }
        return .opaque(type: op == "..." ? "ClosedRange<Double>" : "Range<Double>", text: "\(lower)\(op)\(upper)")
    }

    /// `&&` and `||`, which evaluate their right operand only when it decides.
    private mutating func logical(_ op: String, _ left: ExprSyntax, _ right: ExprSyntax, in scope: Scope) throws(EvaluationError) -> Value {
        let l = try evaluate(left, in: scope, expected: .bool)
        if readsOtherModules, l.isUnmodelled { return l }
        guard case .bool(let a) = l else { throw EvaluationError("'\(op)' needs Bool operands, not \(describe(l))", at: left.location) }
        if op == "&&" && !a { return .bool(false) }
        if op == "||" && a { return .bool(true) }
        let r = try evaluate(right, in: scope, expected: .bool)
        if readsOtherModules, r.isUnmodelled { return r }
        guard case .bool(let b) = r else { throw EvaluationError("'\(op)' needs Bool operands, not \(describe(r))", at: right.location) }
        return .bool(b)
    }

    /// The operators other than `&&`, `||`, `??`, `==` and `!=`, on evaluated operands; a step's `+=`
    /// and its kin combine the current value and the new one here.
    mutating func combine(_ op: String, _ l: Value, _ r: Value, at location: SourceLocation) throws(EvaluationError) -> Value {
        switch op {
        case "===", "!==":
            guard case .object(let a) = l, case .object(let b) = r else {
                if l.isNone || r.isNone { return .bool((l.isNone && r.isNone) == (op == "===")) }
                throw EvaluationError("'\(op)' compares class instances", at: location)
            }
            return .bool((a == b) == (op == "==="))
        default: break
        }
        switch (l, r) {
        case (.int(let a), .int(let b)):
            switch op {
            case "+": return .int(a &+ b)
            case "-": return .int(a &- b)
            case "*": return .int(a &* b)
            case "/", "%":
                if b == 0 { throw EvaluationError("division by zero", at: location) }
                // `Int.min / -1` overflows (and traps) where the other operators wrap.
                let (result, overflow) = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
                if overflow { throw EvaluationError("'\(op)' overflows Int", at: location) }
                return .int(result)
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            case "<=": return .bool(a <= b)
            case ">=": return .bool(a >= b)
            case "..<", "...":
                let upper = op == "..<" ? b : b &+ 1
                guard upper >= a else { throw EvaluationError("range bounds are reversed", at: location) }
                // `Int.min..<Int.max` would overflow the subtraction itself.
                let (count, overflow) = upper.subtractingReportingOverflow(a)
                guard !overflow, count <= Self.maximumInstances * 4 else { throw EvaluationError("range has more than \(Self.maximumInstances * 4) elements (limit: instances)", at: location) }
                try charge(count, at: location)
                return .array((a..<upper).map { .int($0) })
            default: break
            }
        case (.double, _), (_, .double):
            if let a = l.doubleValue, let b = r.doubleValue {
                switch op {
                case "+": return .double(a + b)
                case "-": return .double(a - b)
                case "*": return .double(a * b)
                case "/": return .double(a / b)
                case "<": return .bool(a < b)
                case ">": return .bool(a > b)
                case "<=": return .bool(a <= b)
                case ">=": return .bool(a >= b)
                case "...", "..<": return try doubleRange(a, op, b, at: location)
                default: break
                }
            }
        case (.string(let a), .string(let b)):
            switch op {
            case "+":
                try charge(a.utf8.count + b.utf8.count, at: location)
                return .string(a + b)
            case "<": return .bool(a < b)
            case ">": return .bool(a > b)
            default: break
            }
        case (.array(let a), .array(let b)) where op == "+":
            let joined = a + b
            try checkNesting(joined, at: location)
            return .array(joined)
        default:
            break
        }
        throw EvaluationError("operator '\(op)' cannot be applied to \(describe(l)) and \(describe(r))", at: location)
    }

    func hint(for value: Value) -> ValueType? {
        switch value {
        case .enumCase(let type, _, _): return .named(type)
        case .double: return .double
        default: return nil
        }
    }

    // MARK: - Statements

    /// Runs statements that compute a value (a getter, a closure) and returns the value of their
    /// `return`. A body of one expression is its value, as Swift's implicit return makes it, and so is
    /// an `if` whose every branch is one expression (Swift's `if` expression); nil when such an `if`
    /// has no `else` and no clause holds.
    mutating func runStatements(_ statements: [StatementSyntax], in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value? {
        if statements.count == 1, let value = try implicitValue(of: statements[0], in: scope, expected: expected) {
            return value
        }
        var host = ValueHost(expected: expected)
        return try execute(statements, in: scope, host: &host) ?? (statements.count == 1 ? nil : Value.none)
    }

    /// The value of a lone statement that is an expression or an `if` expression, or nil for any
    /// other statement; `.some(nil)` when an `if` expression without `else` matched no clause.
    private mutating func implicitValue(of statement: StatementSyntax, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value?? {
        switch statement.kind {
        case .expression(let expression):
            try countEvaluation(at: statement.location)
            return .some(try evaluate(expression, in: scope, expected: expected))
        case .ifStatement(let clauses, let otherwise) where clauses.allSatisfy({ $0.body.count == 1 }) && (otherwise?.count ?? 1) == 1:
            try countEvaluation(at: statement.location)
            guard let (then, bound) = try chosenClause(clauses, otherwise: otherwise, in: scope, host: ValueHost(expected: expected)) else { return .some(nil) }
            return .some(try runStatements(then, in: bound, expected: expected))
        default:
            return nil
        }
    }

    /// The elements a `for` loop runs over: an array's (a range is one), or a set's.
    mutating func elements(of sequence: ExprSyntax, in scope: Scope) throws(EvaluationError) -> [Value] {
        let value = try evaluate(sequence, in: scope, expected: nil)
        guard case .array(let elements) = value else {
            if readsOtherModules, value.isOpaque {
                loopsNoTimes(over: sequence)
                return []
            }
            throw EvaluationError("a 'for' loop runs over an array or a range, not \(describe(value))", at: sequence.location)
        }
        return elements
    }

    /// In Swift source, a `for` loop over a value Ripple does not know (files on disk, another module's
    /// collection) runs no times, noted where it is; what the loop would have done is a decision on an
    /// unknown value, which every row that rests on it takes.
    @inline(never)
    private mutating func loopsNoTimes(over sequence: ExprSyntax) {
        let text = Self.shortened(sequence.rendered)
        assume("a 'for' loop over '\(text)', a value Ripple does not model, is run no times", at: sequence.location)
        decidedOnUnknown("the 'for' loop over '\(text)' run no times", at: sequence.location)
    }

    /// The body of the first clause of an `if` whose conditions hold, with the scope its bindings make;
    /// nil when none holds. With `counting`, each clause after the first costs an evaluation, as the
    /// `if` inside an `else` it stands for would.
    mutating func firstHolding(_ clauses: [IfClauseSyntax], in scope: Scope, counting: Bool = false) throws(EvaluationError) -> (index: Int, body: [StatementSyntax], scope: Scope)? {
        for (index, clause) in clauses.enumerated() {
            if counting, index > 0 { try countEvaluation(at: clause.location) }
            if let bound = try test(clause.conditions, in: scope) { return (index, clause.body, bound) }
        }
        return nil
    }

    /// Evaluates `if` conditions; returns the scope with optional bindings when all hold, else nil.
    mutating func test(_ conditions: [ConditionSyntax], in scope: Scope) throws(EvaluationError) -> Scope? {
        var scope = scope
        for condition in conditions {
            switch condition {
            case .expression(let expression):
                let value = try evaluateOrOpaque(expression, naming: expression.rendered, in: scope, expected: .bool)
                if readsOtherModules, value.isUnmodelled {
                    if decideUnknown(expression) { continue }
                    return nil
                }
                guard case .bool(let b) = value else {
                    throw EvaluationError("condition must be a Bool, not \(describe(value))", at: expression.location)
                }
                if !b { return nil }
            case .optionalBinding(let name, let expression):
                let value = try evaluateOrOpaque(expression, naming: name, in: scope, expected: nil)
                if value.isNone { return nil }
                if readsOtherModules, value.isUnmodelled { decidedOnUnknown("'\(name)' taken as present", at: expression.location) }
                scope = scope.with(name, value)
            case .casePattern(let pattern, let expression):
                let value = try evaluateOrOpaque(expression, naming: expression.rendered, in: scope, expected: nil)
                if readsOtherModules, value.isUnmodelled {
                    // A case of a value Ripple does not model: taken as matching, as a condition on one is true.
                    assume("the pattern '\(pattern.rendered)' matches a value Ripple does not model; it is taken as matching, its values opaque",
                           at: expression.location)
                    decidedOnUnknown("the pattern '\(pattern.rendered)' taken as matching", at: expression.location)
                    for name in pattern.bindings.compactMap({ $0 }) { scope = scope.with(name, .opaque(type: Value.unmodelledType, text: name)) }
                    continue
                }
                guard let payload = Self.payload(of: value, matching: pattern) else { return nil }
                for (name, bound) in zip(pattern.bindings, payload) {
                    if let name { scope = scope.with(name, bound) }
                }
            }
        }
        return scope
    }

    /// The associated values of `value` when it is the case `pattern` names, else nil; `.some(let x)`
    /// matches any value but `nil`.
    static func payload(of value: Value, matching pattern: CasePatternSyntax) -> [Value]? {
        if pattern.name == "some", pattern.type == nil || pattern.type == "Optional" { return value.isNone ? nil : [value] }
        guard case .enumCase(let type, let name, let payload) = value, name == pattern.name,
              pattern.type.map({ $0 == type || $0.hasSuffix("." + type) }) ?? true else { return nil }
        return payload
    }

    mutating func runClosure(_ closure: ClosureSyntax, arguments: [Value], in scope: Scope) throws(EvaluationError) -> Value {
        try chargeCall(at: closure.location)
        var inner = scope
        for (index, argument) in arguments.enumerated() {
            if index < closure.parameters.count {
                inner = inner.with(closure.parameters[index], argument)
            }
            inner = inner.with("$\(index)", argument)
        }
        return try runStatements(closure.body, in: inner, expected: nil) ?? Value.none
    }
}
