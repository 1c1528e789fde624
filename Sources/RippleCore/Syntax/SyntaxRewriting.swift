// Rewriting a syntax tree expression by expression: what a proven fix (`ProvenFixes`) does to the
// declarations it changes. A replacement is taken as it is: its own parts are not visited again.

extension ExprSyntax {
    /// The expression with each part `replace` returns a replacement for replaced, outermost first.
    package func replacing(_ replace: (ExprSyntax) -> ExprSyntax?) -> ExprSyntax {
        if let replacement = replace(self) { return replacement }
        func each(_ e: ExprSyntax) -> ExprSyntax { e.replacing(replace) }
        func arguments(_ list: [ArgumentSyntax]) -> [ArgumentSyntax] {
            list.map { var a = $0; a.value = each(a.value); return a }
        }
        let kind: ExprKind
        switch self.kind {
        case .identifier, .dollar, .implicitMember, .integer, .double, .bool, .nilLiteral, .keyPath, .opaque:
            return self
        case .string(let parts):
            kind = .string(parts.map { part in
                if case .interpolation(let e) = part { .interpolation(each(e)) } else { part }
            })
        case .array(let elements): kind = .array(elements.map(each))
        case .dictionary(let keys, let values): kind = .dictionary(keys: keys.map(each), values: values.map(each))
        case .member(let base, let name, let optional): kind = .member(each(base), name: name, optional: optional)
        case .subscriptAccess(let base, let list, let optional): kind = .subscriptAccess(each(base), arguments: arguments(list), optional: optional)
        case .call(let callee, let list, let trailing): kind = .call(each(callee), arguments: arguments(list), trailing: arguments(trailing))
        case .closure(var closure):
            closure.body = closure.body.map { $0.replacing(replace) }
            kind = .closure(closure)
        case .unary(let op, let operand): kind = .unary(op, each(operand))
        case .binary(let op, let left, let right): kind = .binary(op, each(left), each(right))
        case .ternary(let condition, let yes, let no): kind = .ternary(each(condition), each(yes), each(no))
        case .forceUnwrap(let base): kind = .forceUnwrap(each(base))
        case .paren(let inner): kind = .paren(each(inner))
        }
        return ExprSyntax(kind, at: location)
    }

    /// Every part of the expression, outermost first, closure bodies included.
    package func visit(_ body: (ExprSyntax) -> Void) {
        ExpressionVisitor.visit(body) { $0.walk(self) }
    }
}

extension StatementSyntax {
    /// The statement with each expression part `replace` returns a replacement for replaced.
    package func replacing(_ replace: (ExprSyntax) -> ExprSyntax?) -> StatementSyntax {
        func each(_ e: ExprSyntax) -> ExprSyntax { e.replacing(replace) }
        func block(_ statements: [StatementSyntax]) -> [StatementSyntax] { statements.map { $0.replacing(replace) } }
        var statement = self
        switch kind {
        case .expression(let e): statement.kind = .expression(each(e))
        case .assignment(let target, let op, let value): statement.kind = .assignment(target: each(target), op: op, value: each(value))
        case .ifStatement(let clauses, let otherwise):
            statement.kind = .ifStatement(clauses: clauses.map { clause in
                var clause = clause
                clause.conditions = clause.conditions.map { $0.replacingValue(each($0.value)) }
                clause.body = block(clause.body)
                return clause
            }, otherwise: otherwise.map(block))
        case .letDeclaration(let name, let value): statement.kind = .letDeclaration(name: name, value: each(value))
        case .returnStatement(let value): statement.kind = .returnStatement(value.map(each))
        case .environmentWrite(let key, let value): statement.kind = .environmentWrite(key: key, value: each(value))
        case .forIn(let name, let sequence, let body): statement.kind = .forIn(name: name, sequence: each(sequence), body: block(body))
        case .viewAction(let action, let target): statement.kind = .viewAction(action, target: each(target))
        }
        return statement
    }

    /// Every expression part of the statement, outermost first.
    package func visit(_ body: (ExprSyntax) -> Void) {
        ExpressionVisitor.visit(body) { $0.walk(self) }
    }
}

extension TypeDeclarationSyntax {
    /// The declaration with each expression part of its members `replace` returns a replacement for
    /// replaced: initial values, getters, observers, initializers and functions.
    package func replacingExpressions(_ replace: (ExprSyntax) -> ExprSyntax?) -> TypeDeclarationSyntax {
        var type = self
        type.members = members.map { member in
            switch member {
            case .property(var property):
                property.initializer = property.initializer?.replacing(replace)
                property.getter = property.getter?.map { $0.replacing(replace) }
                if var observer = property.willSet {
                    observer.body = observer.body.map { $0.replacing(replace) }
                    property.willSet = observer
                }
                if var observer = property.didSet {
                    observer.body = observer.body.map { $0.replacing(replace) }
                    property.didSet = observer
                }
                return .property(property)
            case .initializer(var initializer):
                initializer.body = initializer.body.map { $0.replacing(replace) }
                return .initializer(initializer)
            case .function(var function):
                function.body = function.body.map { $0.replacing(replace) }
                return .function(function)
            }
        }
        return type
    }

    /// Every expression part of the declaration's members, outermost first.
    package func visitExpressions(_ body: (ExprSyntax) -> Void) {
        ExpressionVisitor.visit(body) { $0.walk(members: members) }
    }
}

extension DeclarationSyntax {
    /// The declaration with each expression part `replace` returns a replacement for replaced.
    package func replacingExpressions(_ replace: (ExprSyntax) -> ExprSyntax?) -> DeclarationSyntax {
        switch self {
        case .type(let type): return .type(type.replacingExpressions(replace))
        case .global(var global):
            global.value = global.value.replacing(replace)
            return .global(global)
        case .environmentKey(var key):
            key.defaultValue = key.defaultValue.replacing(replace)
            return .environmentKey(key)
        }
    }
}
