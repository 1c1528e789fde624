extension Engine {
    /// Binds a call's arguments to a function's parameters as Swift matches them: in order, by label,
    /// defaults (evaluated in the callee's scope) filling the rest. `value` evaluates an argument where
    /// the call is written. The view helpers and the models' methods share it.
    mutating func bind(_ parameters: [ParameterSyntax], of function: String, to arguments: [ArgumentSyntax], into scope: inout Scope,
                       at location: SourceLocation, value: (inout Engine, ExprSyntax) throws(EvaluationError) -> Value) throws(EvaluationError) {
        var next = 0
        for parameter in parameters {
            if next < arguments.count, arguments[next].fills(label: parameter.label, takesFunction: parameter.type.isFunction) {
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

extension ArgumentSyntax {
    /// Whether this argument is the one for a parameter with `label`: the labels agree, or the argument
    /// is an unlabelled closure and the parameter `takesFunction` — a trailing closure, which Swift
    /// matches to the next parameter of a function type whatever its label (`Monitor(mask: 1) { event in … }`
    /// for `init(mask:handler:)`).
    func fills(label: String?, takesFunction: Bool) -> Bool {
        if self.label == label { return true }
        guard self.label == nil, takesFunction, case .closure = value.kind else { return false }
        return true
    }
}
