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
        return try runStatements(function.body, in: scope, expected: nil) ?? Value.none
    }
}
