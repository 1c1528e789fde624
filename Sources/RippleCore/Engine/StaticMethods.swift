// A type's static methods, run as Swift runs them: `Utility.currentTimeZone()` runs the statements of
// `static func currentTimeZone()` with no `self`, its parameters bound to the arguments, and returns what
// they return. Inside, the type's other static members are named without the type (`unit`,
// `format(count)`), as Swift allows. An enum without cases used as a namespace is such a type.

extension Engine {
    /// The static method `name` of `type` a call with these arguments selects by labels; nil when the
    /// type declares none of that name.
    func staticMethod(_ type: String, _ name: String, arguments: [ArgumentSyntax]) -> FunctionSyntax? {
        guard let candidates = table.staticMethods[type + "." + name] else { return nil }
        guard candidates.count > 1 else { return candidates.first }
        let labels = arguments.map(\.label)
        return candidates.first { function in
            function.parameters.filter { $0.defaultValue == nil }.count <= labels.count && function.parameters.count >= labels.count
                && zip(function.parameters, labels).allSatisfy { $0.label == $1 }
        } ?? candidates.first
    }

    /// The type whose static method is running, which names its other static members without the type.
    var staticOwner: String? { staticOwners.last }

    /// `Utility.currentTimeZone()`, `Self.format(count)`, or `format(count)` inside a static method of the
    /// same type (`type` nil): the static method's value; nil when the call names no static method.
    ///
    /// In a frame of its own: `call` is on the stack of every nested call, and a debug build gives each of
    /// its locals a place in its one frame.
    @inline(never)
    mutating func callStaticMethod(_ type: String?, _ name: String, _ arguments: [ArgumentSyntax], in scope: Scope,
                                   at location: SourceLocation) throws(EvaluationError) -> Value? {
        let owner: String
        if let type {
            guard scope.locals[type] == nil else { return nil }
            if type == "Self", let current = staticOwner { owner = current } else { owner = type }
            guard isTypeName(owner, in: scope) else { return nil }
        } else {
            guard let current = staticOwner else { return nil }
            owner = current
        }
        guard let function = staticMethod(owner, name, arguments: arguments) else { return nil }
        return try callStaticMethod(function, of: owner, arguments: arguments, in: scope, at: location)
    }

    /// A global's value, or inside a static method or static property, a static property of its type
    /// named without the type (`unit` for `static let unit`), which hides a global of that name.
    @inline(never)
    mutating func globalOrOwnStatic(named name: String) throws(EvaluationError) -> Value? {
        if let owner = staticOwner, let value = try global(named: owner + "." + name) { return value }
        return try global(named: name)
    }

    /// Calls a static method for its value: its arguments evaluated in `caller`, its statements run with
    /// no `self`.
    mutating func callStaticMethod(_ function: FunctionSyntax, of type: String, arguments: [ArgumentSyntax], in caller: Scope,
                                   at location: SourceLocation) throws(EvaluationError) -> Value {
        let outer = try enterCall(.computedProperty(type + "." + function.name), at: location)
        defer { leaveCall(restoring: outer) }
        var scope = Scope()
        try bind(function.parameters, of: type + "." + function.name, to: arguments, into: &scope, at: location) { (engine, expression) throws(EvaluationError) in
            try engine.evaluate(expression, in: caller, expected: nil)
        }
        staticOwners.append(type)
        defer { staticOwners.removeLast() }
        do throws(EvaluationError) {
            return try runStatements(function.body, in: scope, expected: nil) ?? Value.none
        } catch where readsOtherModules && !error.isLimit {
            // App code Ripple cannot run inside (a network request, another module's publisher) leaves the
            // value unknown; the view that called it is still built.
            return assumeOpaque(type + "." + function.name + "(…)",
                                note: "what '\(type).\(function.name)' returns is not simulated (\(error.diagnostic.message)); its value is opaque",
                                at: location)
        }
    }
}
