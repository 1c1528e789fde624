internal import SwiftSyntax
internal import RippleCore

extension SwiftLowering {
    /// The statements of a body, a closure, an accessor or a function.
    mutating func lowerBlock(_ items: CodeBlockItemListSyntax) -> [RippleStatement] {
        var statements: [RippleStatement] = []
        for item in items {
            switch item.item {
            case .expr(let expression):
                statements.append(lowerExpressionStatement(expression))
            case .stmt(let statement):
                if let lowered = lowerStatement(statement) { statements.append(lowered) }
            case .decl(let decl):
                if let variable = decl.as(VariableDeclSyntax.self) {
                    statements += lowerLocals(variable)
                } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    if case .statements(let inner)? = activeClause(of: ifConfig) { statements += lowerBlock(inner) }
                } else {
                    note("local \(Self.describe(decl)) is not simulated", at: decl)
                }
            @unknown default:
                note("this statement is not simulated", at: item)
            }
        }
        return statements
    }

    /// An expression in statement position: an assignment (`a = b`, `a += b`), an `if`, or a value.
    private mutating func lowerExpressionStatement(_ expression: SwiftSyntax.ExprSyntax) -> RippleStatement {
        let at = location(expression)
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            if infix.operator.is(AssignmentExprSyntax.self) {
                return RippleStatement(kind: .assignment(target: lowerExpression(infix.leftOperand), op: "=", value: lowerExpression(infix.rightOperand)),
                                       location: at)
            }
            if let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+=", "-=", "*=", "/=", "%="].contains(op) {
                return RippleStatement(kind: .assignment(target: lowerExpression(infix.leftOperand), op: op, value: lowerExpression(infix.rightOperand)),
                                       location: at)
            }
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return RippleStatement(kind: lowerIf(ifExpression), location: at)
        }
        return RippleStatement(kind: .expression(lowerExpression(expression)), location: at)
    }

    private mutating func lowerStatement(_ statement: StmtSyntax) -> RippleStatement? {
        let at = location(statement)
        if let expression = statement.as(ExpressionStmtSyntax.self) {
            return lowerExpressionStatement(expression.expression)
        }
        if let returnStatement = statement.as(ReturnStmtSyntax.self) {
            return RippleStatement(kind: .returnStatement(returnStatement.expression.map { lowerExpression($0) }), location: at)
        }
        let keyword = statement.firstToken(viewMode: .sourceAccurate)?.text ?? "statement"
        note("'\(keyword)' statement is not simulated", at: statement)
        return nil
    }

    /// `let x = value` inside a block; a local without a value is left out.
    private mutating func lowerLocals(_ variable: VariableDeclSyntax) -> [RippleStatement] {
        var statements: [RippleStatement] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let initializer = binding.initializer else {
                note("a local without a value is not simulated", at: binding)
                continue
            }
            statements.append(RippleStatement(kind: .letDeclaration(name: identifier.identifier.text, value: lowerExpression(initializer.value)),
                                              location: location(variable)))
        }
        return statements
    }

    /// `if a, let b = c { … } else if … { … } else { … }`.
    private mutating func lowerIf(_ ifExpression: IfExprSyntax) -> StatementKind {
        var conditions: [ConditionSyntax] = []
        for element in ifExpression.conditions {
            switch element.condition {
            case .expression(let expression):
                conditions.append(.expression(lowerExpression(expression)))
            case .optionalBinding(let binding):
                let name = binding.pattern.trimmedDescription
                if let initializer = binding.initializer {
                    conditions.append(.optionalBinding(name: name, value: lowerExpression(initializer.value)))
                } else {
                    // `if let name` is shorthand for `if let name = name`.
                    conditions.append(.optionalBinding(name: name, value: RippleExpr(.identifier(name), at: location(binding.pattern))))
                }
            default:
                note("this condition is not simulated; it is taken as true", at: element)
            }
        }
        let then = lowerBlock(ifExpression.body.statements)
        var otherwise: [RippleStatement]?
        switch ifExpression.elseBody {
        case .ifExpr(let elseIf)?:
            otherwise = [RippleStatement(kind: lowerIf(elseIf), location: location(elseIf))]
        case .codeBlock(let block)?:
            otherwise = lowerBlock(block.statements)
        case nil:
            break
        @unknown default:
            note("this 'else' is not simulated", at: ifExpression)
        }
        return .ifStatement(conditions: conditions, then: then, otherwise: otherwise)
    }
}
