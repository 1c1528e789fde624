/// Whether a type's code binds a name of its own that hides a property: a function's or an
/// initializer's parameter, a `let` or `var` in a body, a `for` loop's variable, an `if let`, or a
/// closure's parameter. A rewrite that reads `profile.name` as the property's field must not rewrite a
/// local `profile`, so where one exists the rewrite is not offered.
struct LocalNames: SyntaxWalker {
    let name: String
    var binds = false

    /// Whether `type` binds `name` anywhere in its members' code or parameters.
    static func type(_ type: TypeDeclarationSyntax, binds name: String) -> Bool {
        var walker = LocalNames(name: name)
        for member in type.members {
            switch member {
            case .function(let function) where function.parameters.contains(where: { $0.name == name }): return true
            case .initializer(let initializer) where initializer.parameters.contains(where: { $0.name == name }): return true
            default: break
            }
        }
        walker.walk(members: type.members)
        return walker.binds
    }

    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        switch statement.kind {
        case .letDeclaration(name, _), .forIn(name, _, _): binds = true
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation {
        if condition.boundNames.contains(name) { binds = true }
        return .visitChildren
    }

    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation {
        if closure.parameters.contains(name) || closure.parameters.contains("$" + name) { binds = true }
        return .visitChildren
    }
}
