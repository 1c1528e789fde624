extension Engine {
    /// Binds a call's arguments to a function's parameters as Swift matches them: in order, by label,
    /// defaults (evaluated in the callee's scope) filling the rest. `value` evaluates an argument where
    /// the call is written. The view helpers and the models' methods share it.
    mutating func bind(_ parameters: [ParameterSyntax], of function: String, to arguments: [ArgumentSyntax], into scope: inout Scope,
                       at location: SourceLocation, value: (inout Engine, ExprSyntax) throws(EvaluationError) -> Value) throws(EvaluationError) {
        var next = 0
        for parameter in parameters {
            if next < arguments.count, arguments[next].label == parameter.label {
                scope.locals[parameter.name] = try value(&self, arguments[next].value)
                next += 1
            } else if let defaultValue = parameter.defaultValue {
                scope.locals[parameter.name] = try evaluate(defaultValue, in: scope, expected: nil)
            } else {
                let label = parameter.label.map { "'\($0):'" } ?? "an unlabelled argument"
                throw EvaluationError("'\(function)' needs \(label) for parameter '\(parameter.name)'", at: location)
            }
        }
        if next < arguments.count {
            throw EvaluationError("'\(function)' takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"); '\(arguments[next].value.rendered)' is one too many",
                                  at: arguments[next].location)
        }
    }
}
