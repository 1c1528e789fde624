// Calls: constructors of scenario types, the collection and string methods bodies use, bindings.

extension Engine {
    mutating func call(_ callee: ExprSyntax, _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation, expected: ValueType?) throws(EvaluationError) -> Value {
        switch callee.kind {
        case .identifier(let name) where scope.locals[name] == nil:
            if let (id, helper) = viewHelper(name, in: scope), helper.parameters != nil {
                return try runViewHelper(helper, of: id, arguments: arguments, in: scope, at: location)
            }
            // `total()` inside a model's method or computed property: another method of `self`.
            if case .object(let object) = scope.this, let method = objects[object.raw].info.declaration.method(named: name, for: arguments) {
                return try callModelMethod(method, of: object, arguments: arguments, in: scope, at: location)
            }
            return try constructOrCallOwnStatic(name, arguments, in: scope, at: location)
        case .implicitMember(let name):
            var type = expected
            while case .optional(let wrapped)? = type { type = wrapped }
            if name == "constant", arguments.count == 1 {
                return .binding(.constant(try evaluate(arguments[0].value, in: scope, expected: nil)))
            }
            if name == "init", case .named(let typeName)? = type { return try construct(typeName, arguments, in: scope, at: location) }
            // `_draft = .init(initialValue: draft)` in an initializer: the wrapper's first value.
            if name == "init", arguments.count == 1, ["initialValue", "wrappedValue"].contains(arguments[0].label ?? "") {
                return try evaluate(arguments[0].value, in: scope, expected: nil)
            }
            guard case .named(let typeName)? = type, table.enums[typeName] != nil else {
                let owners = table.enums.values.filter { $0.cases[name] != nil }.map(\.name).sorted()
                if owners.count != 1, readsOtherModules {
                    return assumeOpaque("." + name + "(…)", note: "'.\(name)(…)' is not declared in the source; its value is opaque", at: location)
                }
                guard owners.count == 1 else { throw EvaluationError("cannot tell which enum '.\(name)' belongs to", at: location) }
                return try enumCase(owners[0], name, arguments, in: scope, at: location)
            }
            return try enumCase(typeName, name, arguments, in: scope, at: location)
        case .member(let base, let name, let optional):
            if case .identifier(let typeName) = base.kind, scope.locals[typeName] == nil, typeName == "Self" || isTypeName(typeName, in: scope) {
                return try callOnType(typeName, name, arguments, base: base, optional: optional, in: scope, at: location, calleeAt: callee.location)
            }
            let value = try evaluateBase(base, in: scope)
            if optional, value.isNone { return .none }
            return try method(name, on: value, arguments, in: scope, at: callee.location)
        default:
            return try callOther(callee, arguments, in: scope, at: location)
        }
    }

    /// A callee that is no name or member: `{ let store = Store(); store.load(); return store }()` runs
    /// the closure's statements now; anything else is opaque in app source and an error in a scenario.
    ///
    /// In a frame of its own: `call` is on the stack of every nested call.
    @inline(never)
    private mutating func callOther(_ callee: ExprSyntax, _ arguments: [ArgumentSyntax], in scope: Scope,
                                    at location: SourceLocation) throws(EvaluationError) -> Value {
        if case .closure(let closure) = callee.kind, arguments.isEmpty, closure.parameters.isEmpty {
            return try callImmediately(closure, in: scope)
        }
        if readsOtherModules {
            return assumeOpaque(callee.rendered + "(…)", note: "calling '\(callee.rendered)' is not simulated; its result is opaque", at: location)
        }
        throw EvaluationError("'\(callee.rendered)' cannot be called", at: location)
    }

    /// `Type.name(…)`: a static method the type declares, a case of an enum, a type nested in an enum used as
    /// a namespace (`StatusEditor.Assistant()`), or else a method of what the type's name evaluates to.
    ///
    /// In a frame of its own: `call` is on the stack of every nested call, and a debug build gives each of
    /// its locals a place in its one frame.
    @inline(never)
    private mutating func callOnType(_ typeName: String, _ name: String, _ arguments: [ArgumentSyntax], base: ExprSyntax, optional: Bool,
                                     in scope: Scope, at location: SourceLocation, calleeAt calleeLocation: SourceLocation) throws(EvaluationError) -> Value {
        if let value = try callStaticMethod(typeName, name, arguments, in: scope, at: location) { return value }
        if table.enums[typeName] != nil {
            if table.enums[typeName]?.cases[name] == nil, table.data[name] != nil { return try construct(name, arguments, in: scope, at: location) }
            return try enumCase(typeName, name, arguments, in: scope, at: location)
        }
        let value = try evaluateBase(base, in: scope)
        if optional, value.isNone { return .none }
        return try method(name, on: value, arguments, in: scope, at: calleeLocation)
    }

    /// `Name(…)`: inside a static method, another static method of its type (`format(count)`); otherwise a
    /// value of the type `Name`.
    @inline(never)
    private mutating func constructOrCallOwnStatic(_ name: String, _ arguments: [ArgumentSyntax], in scope: Scope,
                                                   at location: SourceLocation) throws(EvaluationError) -> Value {
        if !staticOwners.isEmpty, let value = try callStaticMethod(nil, name, arguments, in: scope, at: location) { return value }
        return try construct(name, arguments, in: scope, at: location)
    }

    mutating func enumCase(_ type: String, _ name: String, _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        guard let count = table.enums[type]?.cases[name] else {
            throw EvaluationError("enum '\(type)' has no case '\(name)'\(Suggestion.didYouMean(name, in: table.enums[type]?.caseOrder ?? []))", at: location)
        }
        guard count == arguments.count else {
            throw EvaluationError("case '\(name)' of '\(type)' takes \(count) associated value\(count == 1 ? "" : "s")", at: location)
        }
        var payload: [Value] = []
        for argument in arguments { payload.append(try evaluate(argument.value, in: scope, expected: nil)) }
        try checkNesting(payload, at: location)
        return .enumCase(type: type, name: name, payload: payload)
    }

    /// `User(id: 1, name: "Ada")`, `AppState()`, `UUID()`, `Binding(get:set:)`.
    mutating func construct(_ name: String, _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        try chargeCall(at: location)
        switch name {
        case "UUID":
            nextUUID += 1
            return .opaque(type: "UUID", text: "UUID-\(nextUUID)")
        case "Date":
            // Each `Date()` is a later instant: two never compare equal.
            nextUUID += 1
            return .opaque(type: "Date", text: "now+\(nextUUID)")
        case "URL":
            guard let argument = arguments.first else { throw EvaluationError("'URL' needs 'string:'", at: location) }
            let text = try evaluate(argument.value, in: scope, expected: .string)
            return .opaque(type: "URL", text: interpolated(text))
        case "String":
            guard let argument = arguments.first else { return .string("") }
            let value = try evaluate(argument.value, in: scope, expected: nil)
            return .string(interpolated(value))
        case "Int":
            guard let argument = arguments.first else { return .int(0) }
            let value = try evaluate(argument.value, in: scope, expected: nil)
            if case .double(let d) = value {
                // Swift traps where the value has no Int: infinity, NaN, beyond Int's range.
                guard let integer = Int(exactly: d.rounded(.towardZero)) else {
                    throw EvaluationError("'Int(…)' of \(d.isNaN ? "nan" : String(d)) cannot be represented as an Int", at: location)
                }
                return .int(integer)
            }
            return value
        case "Double":
            guard let argument = arguments.first else { return .double(0) }
            return .double(try evaluate(argument.value, in: scope, expected: .double).doubleValue ?? 0)
        case "Array":
            // `Array(repeating: x, count: n)`: n copies of x.
            if arguments.map(\.label) == ["repeating", "count"] {
                let element = try evaluate(arguments[0].value, in: scope, expected: nil)
                guard case .int(let count) = try evaluate(arguments[1].value, in: scope, expected: .int), count >= 0 else {
                    throw EvaluationError("'Array(repeating:count:)' needs a count of zero or more", at: arguments[1].location)
                }
                try charge(count, at: location)
                return .array(Array(repeating: element, count: count))
            }
            // `Array(0..<n)`: a range as an array.
            guard let argument = arguments.first, arguments.count == 1, argument.label == nil else {
                if readsOtherModules {
                    return assumeOpaque("Array(…)", note: "this 'Array(…)' is not simulated; its value is opaque", at: location)
                }
                throw EvaluationError("'Array' is built here from a range or an array: 'Array(0..<10)' or 'Array(repeating:count:)'", at: location)
            }
            let value = try evaluate(argument.value, in: scope, expected: nil)
            guard case .array = value else { throw EvaluationError("'Array' needs a range or an array, not \(describe(value))", at: location) }
            return value
        case "Set":
            // A set is kept as an array of distinct elements, in the order first given.
            guard let argument = arguments.first else { return .array([]) }
            guard arguments.count == 1, argument.label == nil, case .array(let elements) = try evaluate(argument.value, in: scope, expected: nil) else {
                if readsOtherModules { return assumeOpaque("Set(…)", note: "this 'Set(…)' is not simulated; its value is opaque", at: location) }
                throw EvaluationError("'Set' is built here empty or from an array: 'Set<Int>()', 'Set([1, 2])'", at: location)
            }
            try charge(elements.count, at: location)
            var distinct: [Value] = []
            var seen: Set<Value> = []
            for element in elements where seen.insert(element).inserted { distinct.append(element) }
            return .array(distinct)
        case "Dictionary" where arguments.isEmpty:
            return .dictionary(keys: [], values: [])
        case "IndexSet":
            guard let argument = arguments.first else { return .array([]) }
            let value = try evaluate(argument.value, in: scope, expected: .int)
            if case .array = value { return value }
            return .array([value])
        case "Binding":
            guard arguments.count == 2, arguments[0].label == "get", arguments[1].label == "set" else {
                throw EvaluationError("'Binding' is built here with 'Binding(get:set:)'", at: location)
            }
            let getter = try evaluate(arguments[0].value, in: scope, expected: nil)
            guard case .closure(let id) = getter else { throw EvaluationError("'get:' takes a closure", at: arguments[0].location) }
            let setter = try evaluate(arguments[1].value, in: scope, expected: nil)
            if case .closure(let set) = setter { return .binding(.closures(id: id, set: set)) }
            return .binding(.closures(id: id, set: nil))
        case "State", "StateObject", "FocusState":
            guard let argument = arguments.first, ["initialValue", "wrappedValue"].contains(argument.label ?? "") else {
                throw EvaluationError("'\(name)' is built with '\(name)(initialValue:)' or '\(name)(wrappedValue:)'", at: location)
            }
            return try evaluate(argument.value, in: scope, expected: nil)
        default:
            break
        }
        // `Filter(rawValue: "done")`: the case with that raw value, or nil.
        if let enumeration = table.enums[name], !enumeration.rawValues.isEmpty, arguments.count == 1, arguments[0].label == "rawValue" {
            let wanted = try evaluate(arguments[0].value, in: scope, expected: nil)
            if readsOtherModules, wanted.holdsUnmodelled {
                return .opaque(type: Value.unmodelledType, text: name + "(rawValue: …)")
            }
            for caseName in enumeration.caseOrder where enumeration.cases[caseName] == 0 {
                guard let raw = enumeration.rawValues[caseName] else { continue }
                if try evaluate(raw, in: Scope(), expected: nil) == wanted { return .enumCase(type: name, name: caseName, payload: []) }
            }
            return .none
        }
        guard let declaration = table.data[name] else {
            if table.views[name] != nil {
                throw EvaluationError("view '\(name)' can only be built inside a body", at: location)
            }
            if readsOtherModules {
                return assumeOpaque(name + "(…)", note: "'\(name)' is not declared in the source; '\(name)(…)' is opaque", at: location)
            }
            throw EvaluationError("unknown type or function '\(name)'\(Suggestion.didYouMean(name, in: table.allTypeNames))", at: location)
        }
        // Its `init` or its default values can build another value of the type: the depth of calls bounds that.
        let caller = try enterChargedCall(.initializer(name), at: location)
        defer { leaveCall(restoring: caller) }
        if let initialized = try initialize(declaration, arguments, in: scope, at: location) { return initialized }
        var fields: [Value] = []
        // Sized once: a model of 100,000 objects keeps every one of these arrays.
        fields.reserveCapacity(declaration.stored.count)
        var next = 0
        for property in declaration.stored {
            if next < arguments.count, arguments[next].fills(label: property.name, takesFunction: property.type == .function) {
                fields.append(try evaluate(arguments[next].value, in: scope, expected: property.type))
                next += 1
            } else if let initial = property.defaultValue {
                if property.isLet && declaration.isClass == false && arguments.contains(where: { $0.label == property.name }) {
                    throw EvaluationError("'\(property.name)' is a 'let' with a default value and cannot be passed", at: location)
                }
                fields.append(try evaluate(initial, in: Scope(), expected: property.type))
            } else if case .optional = property.type, !property.isLet {
                fields.append(.none)
            } else {
                if let argument = arguments.first(where: { $0.label == property.name }) {
                    throw EvaluationError("argument '\(property.name)' is out of order in call to '\(name)'", at: argument.location)
                }
                if readsOtherModules {
                    fields.append(try standIn(for: property.type, "'\(property.name)' of '\(name)', which the call does not pass,", at: location))
                    continue
                }
                throw EvaluationError("missing argument for '\(property.name)' in call to '\(name)'", at: location)
            }
        }
        if next < arguments.count {
            let extra = arguments[next]
            if let label = extra.label, declaration.storedIndex(of: label) != nil {
                throw EvaluationError("argument '\(label)' is out of order in call to '\(name)'", at: extra.location)
            }
            throw EvaluationError("extra argument '\(extra.label ?? "_")' in call to '\(name)'\(Suggestion.didYouMean(extra.label ?? "", in: declaration.stored.map(\.name)))", at: extra.location)
        }
        try checkNesting(fields, at: location)
        if declaration.isClass {
            let id = ObjectID(raw: objects.count)
            objects.append(ObjectRecord(info: dataInfos[name]!, fields: fields))
            return .object(id)
        }
        return .record(type: name, fields: fields)
    }

    /// Refuses values nested deeper than the nesting limit, or holding more than the value-size limit of
    /// elements in all (`Engine.maximumValueSize`). A step can wrap the previous step's value once more
    /// (`model.n = Node(next: [model.n])`), and everything that walks values (labels, comparisons,
    /// descriptions) recurses through them: unbounded, 3,000 steps of that would overflow the stack. A value
    /// can also hold another many times over without copying it (`xs.append(xs)` in every step), so the walk
    /// stops once it has seen more than the limit: what it sees, it charges as work, like building.
    /// `depth` is the level of `values` themselves: 2 for the elements of a value being built.
    mutating func checkNesting(_ values: [Value], at location: SourceLocation, depth: Int = 2) throws(EvaluationError) {
        var visited = 0
        var refused = false
        for index in values.indices where Self.tooDeep(values[index], depth, visited: &visited) {
            refused = true
            break
        }
        try charge(visited, at: location)
        if refused && visited > Self.maximumValueSize {
            throw EvaluationError("value holds more than \(Self.maximumValueSize) elements (limit: value size)", at: location)
        }
        if refused {
            throw EvaluationError("value is nested more than \(Limits.maximumNestingDepth) levels deep (limit: nesting depth)", at: location)
        }
    }

    /// Whether a value at `depth` is nested past the limit, or holds more than the size limit counting the
    /// `visited` values before it; counts the values it visits, stopping at the first past a limit.
    private static func tooDeep(_ value: Value, _ depth: Int, visited: inout Int) -> Bool {
        visited += 1
        if depth > Limits.maximumNestingDepth || visited > maximumValueSize { return true }
        switch value {
        case .array(let elements), .record(_, let elements), .enumCase(_, _, let elements):
            for index in elements.indices where tooDeep(elements[index], depth + 1, visited: &visited) { return true }
            return false
        case .binding(.constant(let inner)):
            return tooDeep(inner, depth + 1, visited: &visited)
        default:
            return false
        }
    }

    /// The methods bodies and computed properties call on values. An array's are in `arrayMethod`, in a
    /// frame of their own: a debug build gives every local of a function a place in its one frame, and a
    /// closure's body runs with this function on the stack.
    mutating func method(_ name: String, on value: Value, _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        if let (object, declared) = modelMethod(name, of: value, for: arguments) {
            return try callModelMethod(declared, of: object, arguments: arguments, in: scope, at: location)
        }
        switch value {
        case .array(let elements):
            if let result = try arrayMethod(name, on: elements, arguments, in: scope, at: location) { return result }
        case .string(let text):
            switch name {
            case "uppercased", "lowercased":
                try charge(text.utf8.count, at: location)
                return .string(name == "uppercased" ? text.uppercased() : text.lowercased())
            case "trimmingCharacters":
                // `.whitespaces` and `.whitespacesAndNewlines`: both trim what Swift calls whitespace here.
                try charge(text.utf8.count, at: location)
                return .string(String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()))
            case "replacingOccurrences":
                guard arguments.count == 2, arguments[0].label == "of", arguments[1].label == "with",
                      case .string(let target) = try evaluate(arguments[0].value, in: scope, expected: .string),
                      case .string(let replacement) = try evaluate(arguments[1].value, in: scope, expected: .string), !target.isEmpty else {
                    throw EvaluationError("'replacingOccurrences' takes 'of:' and 'with:' strings", at: location)
                }
                try charge(text.utf8.count, at: location)
                return .string(text.split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement))
            case "hasPrefix", "hasSuffix", "contains":
                guard let argument = arguments.first, case .string(let other) = try evaluate(argument.value, in: scope, expected: .string) else {
                    throw EvaluationError("'\(name)' needs a string", at: location)
                }
                return .bool(name == "hasPrefix" ? text.hasPrefix(other) : name == "hasSuffix" ? text.hasSuffix(other) : text.contains(other))
            default: break
            }
        case .opaque(let type, _) where type == "objectWillChange" && name == "send":
            throw EvaluationError("'objectWillChange.send()' is a write: call it in a step", at: location)
        case .opaque(Value.unmodelledType, let text):
            return .opaque(type: Value.unmodelledType, text: text + "." + name + "(…)")
        case .int, .double:
            if name == "formatted" { return .string(interpolated(value)) }
        default:
            break
        }
        if ["append", "insert", "remove", "removeAll", "removeLast", "removeFirst", "toggle", "move", "swapAt", "sort", "reverse"].contains(name) {
            throw EvaluationError("'\(name)' mutates; mutations are allowed only in steps", at: location)
        }
        if readsOtherModules {
            return assumeOpaque(name + "(…)", note: "method '\(name)' of '\(typeName(of: value))' is not simulated; its result is opaque", at: location)
        }
        throw EvaluationError("value of type '\(typeName(of: value))' has no method '\(name)'", at: location)
    }

    /// `method` for an array: nil when arrays have no method `name`. Each group of methods is a function
    /// of its own, for the reason `method` gives.
    private mutating func arrayMethod(_ name: String, on elements: [Value], _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value? {
        switch name {
        case "first", "last", "filter", "contains", "allSatisfy", "firstIndex", "count":
            return try search(name, elements, arguments, in: scope, at: location)
        case "map", "compactMap":
            var inner = scope
            inner.recordsReads = false
            let closure = try closureArgument(of: name, arguments, at: location)
            var mapped: [Value] = []
            for element in elements {
                let result = try runClosure(closure, arguments: [element], in: inner)
                if name == "compactMap" && result.isNone { continue }
                mapped.append(result)
            }
            // Each result can be a large value: the array can hold more than any of them.
            try checkNesting(mapped, at: location)
            return .array(mapped)
        case "sorted", "min", "max":
            return try order(name, elements, arguments, in: scope, at: location)
        case "reversed":
            try charge(elements.count, at: location)
            return .array(elements.reversed())
        default:
            return nil
        }
    }

    /// The closure a method is given last.
    private func closureArgument(of name: String, _ arguments: [ArgumentSyntax], at location: SourceLocation) throws(EvaluationError) -> ClosureSyntax {
        guard let argument = arguments.last else { throw EvaluationError("'\(name)' needs a closure", at: location) }
        switch argument.value.kind {
        case .closure(let closure):
            return closure
        case .keyPath(nil, let components) where !components.isEmpty:
            // `map(\.count)` is `map { $0.count }` (a key path used as a function, SE-0249).
            var body = ExprSyntax(.dollar("0"), at: argument.location)
            for component in components where component != "self" {
                body = ExprSyntax(.member(body, name: component, optional: false), at: argument.location)
            }
            return ClosureSyntax(parameters: [], body: [StatementSyntax(kind: .expression(body), location: argument.location)], location: argument.location)
        default:
            throw EvaluationError("'\(name)' needs a closure", at: location)
        }
    }

    /// `first`, `last`, `filter`, `contains`, `allSatisfy`, `firstIndex`, `count`: the elements tested
    /// with a closure (or, for `contains(x)`, compared with a value).
    private mutating func search(_ name: String, _ elements: [Value], _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        if name == "contains", arguments.count == 1, arguments[0].label == nil, !isClosure(arguments[0]) {
            let needle = try evaluate(arguments[0].value, in: scope, expected: nil)
            for element in elements where try equal(element, needle, at: location) { return .bool(true) }
            return .bool(false)
        }
        var inner = scope
        inner.recordsReads = false
        func predicate(_ element: Value) throws(EvaluationError) -> Bool {
            let result = try runClosure(try closureArgument(of: name, arguments, at: location), arguments: [element], in: inner)
            guard case .bool(let b) = result else { throw EvaluationError("'\(name)' needs a closure returning Bool", at: location) }
            return b
        }
        switch name {
        case "first": for element in elements where try predicate(element) { return element }; return .none
        case "last": for element in elements.reversed() where try predicate(element) { return element }; return .none
        case "firstIndex":
            for (index, element) in elements.enumerated() where try predicate(element) { return .int(index) }
            return .none
        case "filter":
            var kept: [Value] = []
            for element in elements where try predicate(element) { kept.append(element) }
            return .array(kept)
        case "count":
            var count = 0
            for element in elements where try predicate(element) { count += 1 }
            return .int(count)
        case "contains": for element in elements where try predicate(element) { return .bool(true) }; return .bool(false)
        default: for element in elements where !(try predicate(element)) { return .bool(false) }; return .bool(true)
        }
    }

    /// `sorted`, `min`, `max`: by a closure given as `by:` or trailing (the "are in increasing order"
    /// predicate), or by `<`.
    mutating func order(_ name: String, _ elements: [Value], _ arguments: [ArgumentSyntax], in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        let order: ClosureSyntax? = arguments.last.flatMap { argument in
            if case .closure(let closure) = argument.value.kind { closure } else { nil }
        }
        // `sorted(by: >)`: the operator's order, the other way round for `>`.
        var descending = false
        if order == nil, let argument = arguments.last {
            guard case .identifier(let op) = argument.value.kind, op == "<" || op == ">" else {
                throw EvaluationError("'\(name)' orders by a closure, '<' or '>'", at: argument.value.location)
            }
            descending = op == ">"
        }
        var inner = scope
        inner.recordsReads = false
        func less(_ a: Value, _ b: Value) throws(EvaluationError) -> Bool {
            guard let order else {
                let (lhs, rhs) = descending ? (b, a) : (a, b)
                if let ordered = Self.ordered(lhs, rhs) { return ordered }
                throw EvaluationError("cannot order \(describe(lhs)) and \(describe(rhs))", at: location)
            }
            guard case .bool(let result) = try runClosure(order, arguments: [a, b], in: inner) else {
                throw EvaluationError("'\(name)' needs a closure returning Bool", at: location)
            }
            return result
        }
        if name == "sorted" {
            try charge(elements.count, at: location)
            var failure: EvaluationError?
            let sorted = elements.sorted { a, b in
                do throws(EvaluationError) { return try less(a, b) } catch { failure = error; return false }
            }
            if let failure { throw failure }
            return .array(sorted)
        }
        guard var best = elements.first else { return .none }
        for element in elements.dropFirst() {
            if name == "min" ? try less(element, best) : try less(best, element) { best = element }
        }
        return best
    }

    func isClosure(_ argument: ArgumentSyntax) -> Bool {
        if case .closure = argument.value.kind { return true }
        return false
    }

    /// Whether `a < b`, for two numbers or two strings; nil for values `<` does not order. Static, so a
    /// sort's comparisons never copy the engine.
    static func ordered(_ a: Value, _ b: Value) -> Bool? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.string(let x), .string(let y)): return x < y
        default:
            guard let x = a.doubleValue, let y = b.doubleValue else { return nil }
            return x < y
        }
    }

    // MARK: - Projections

    /// `$draft`, `$model.name`, `$settings.fontSize`: the place a binding points at.
    mutating func projection(_ expression: ExprSyntax, in scope: Scope) throws(EvaluationError) -> BindingTarget {
        switch expression.kind {
        case .dollar(let name):
            if case .binding(let target)? = scope.locals["$" + name] { return target }
            guard case .view(let id) = scope.this, let property = table.views[instances[id].viewType]?.property(named: name) else {
                throw EvaluationError("unknown name '$\(name)'", at: expression.location)
            }
            switch property.role.kind.projection {
            case .slot?:
                guard let slot = instances[id].slots[name] else { break }
                if case .object(let object) = slots[slot.raw].value { return .property(object, "", []) }
                return .state(slot, [])
            case .carriedBinding?:
                if case .binding(let target)? = instances[id].description.fields[name] { return target }
            case .persisted(let key)?:
                return .appStorage(key)
            case .heldObject?, .slotObject?:
                let value = try viewProperty(name, of: id, at: expression.location, scope: scope) ?? Value.none
                if case .object(let object) = value { return .property(object, "", []) }
            case .input?, .environment?, nil:
                break
            }
            if readsOtherModules { return opaqueBinding(expression) }
            throw EvaluationError("'$\(name)' has no binding: '\(name)' is \(property.role)", at: expression.location)
        case .member(let base, let name, _):
            let target = try projection(base, in: scope)
            switch target {
            case .state(let slot, let path): return .state(slot, path + [.field(name)])
            case .property(let object, let property, let path):
                if property.isEmpty {
                    // A computed property with a `set` is bound as well: a write runs the setter.
                    guard objects[object.raw].info.storedIndex(of: name) != nil
                            || objects[object.raw].info.declaration.computedProperty(named: name)?.setter != nil else {
                        throw EvaluationError("unknown property '\(name)' on '\(objects[object.raw].type)'\(Suggestion.didYouMean(name, in: memberNames(objects[object.raw].type)))", at: expression.location)
                    }
                    return .property(object, name, [])
                }
                return .property(object, property, path + [.field(name)])
            default:
                if readsOtherModules { return opaqueBinding(expression) }
                throw EvaluationError("cannot project '\(name)' from this binding", at: expression.location)
            }
        case .subscriptAccess(let base, let arguments, _):
            let target = try projection(base, in: scope)
            guard arguments.count == 1, case .int(let index) = try evaluate(arguments[0].value, in: scope, expected: .int) else {
                throw EvaluationError("binding subscripts take one Int index", at: expression.location)
            }
            switch target {
            case .state(let slot, let path): return .state(slot, path + [.index(index)])
            case .property(let object, let property, let path) where !property.isEmpty: return .property(object, property, path + [.index(index)])
            default:
                if readsOtherModules { return opaqueBinding(expression) }
                throw EvaluationError("cannot subscript this binding", at: expression.location)
            }
        default:
            if readsOtherModules { return opaqueBinding(expression) }
            throw EvaluationError("'\(expression.rendered)' is not a binding", at: expression.location)
        }
    }

    /// A binding to something Ripple does not model (Swift source only): a constant binding of an opaque
    /// value, which nothing writes through.
    private mutating func opaqueBinding(_ expression: ExprSyntax) -> BindingTarget {
        .constant(assumeOpaque(expression.rendered, note: "the binding '\(expression.rendered)' is to a value Ripple does not model; it is constant",
                               at: expression.location))
    }

    // MARK: - Paths into values

    mutating func value(in value: Value, at path: [PathComponent]) throws(EvaluationError) -> Value {
        var current = value
        for component in path {
            switch (component, current) {
            case (.index(let i), .array(let elements)) where elements.indices.contains(i): current = elements[i]
            case (.key(let key, let fallback), .dictionary(let keys, let values)):
                current = Value.lookup(key, keys: keys, values: values) ?? fallback ?? .none
            case (.field(let name), .record(let type, let fields)):
                guard let index = rememberedInfos(ofType: type).data?.storedIndex(of: name) else {
                    throw EvaluationError("unknown property '\(name)' on '\(type)'", at: SourceLocation(file: "", line: 0, column: 0))
                }
                current = fields[index]
            case (.field(let name), .object(let object)):
                current = try readProperty(object, name, at: nil)
            default:
                return .none
            }
        }
        return current
    }
}

extension Value {
    var doubleValue: Double? {
        switch self {
        case .double(let d): d
        case .int(let i): Double(i)
        default: nil
        }
    }
}
