internal import SwiftSyntax
internal import RippleCore

extension SwiftLowering {
    /// The statements of a body, a closure, an accessor or a function.
    mutating func lowerBlock(_ items: CodeBlockItemListSyntax) -> [RippleStatement] {
        lowerBlock(Array(items)[...])
    }

    /// The statements of `items`. A `guard` takes the rest of the block as what runs when its
    /// conditions hold: `guard c else { e }; rest` is `if c { rest } else { e }`.
    private mutating func lowerBlock(_ items: ArraySlice<CodeBlockItemSyntax>) -> [RippleStatement] {
        var statements: [RippleStatement] = []
        for (index, item) in zip(items.indices, items) {
            // An `await` in the item, outside its closures, marks the first statement it lowers to: an
            // action a step runs stops there (`StatementSyntax.suspends`).
            let first = statements.count
            defer {
                if first < statements.count, AwaitFinder.suspends(item) { statements[first].suspends = true }
            }
            switch item.item {
            case .expr(let expression):
                statements += lowerExpressionStatements(expression)
            case .stmt(let statement):
                if let guardStatement = statement.as(GuardStmtSyntax.self) {
                    let rest = lowerBlock(items[(index + 1)...])
                    var lowered = RippleStatement(kind: .ifStatement(conditions: lowerConditions(guardStatement.conditions), then: rest,
                                                                     otherwise: lowerBlock(guardStatement.body.statements)),
                                                  location: location(guardStatement))
                    lowered.suspends = AwaitFinder.suspends(guardStatement.conditions)
                    statements.append(lowered)
                    return statements
                }
                // `do { … } catch { … }`: the body's statements, each at its own place. Nothing Ripple
                // runs throws, so no `catch` runs.
                if let block = statement.as(DoStmtSyntax.self) {
                    statements += lowerBlock(block.body.statements)
                    continue
                }
                if let expression = statement.as(ExpressionStmtSyntax.self) {
                    statements += lowerExpressionStatements(expression.expression)
                } else if let lowered = lowerStatement(statement) {
                    statements.append(lowered)
                }
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

    /// Finds an `await` outside closures: what a closure awaits runs when the closure does.
    private final class AwaitFinder: SyntaxVisitor {
        var found = false

        static func suspends(_ node: some SyntaxProtocol) -> Bool {
            // A `do` block's and a `guard`'s own statements mark themselves.
            if node.as(CodeBlockItemSyntax.self)?.item.as(DoStmtSyntax.self) != nil { return false }
            if node.as(CodeBlockItemSyntax.self)?.item.as(GuardStmtSyntax.self) != nil { return false }
            let finder = AwaitFinder(viewMode: .sourceAccurate)
            finder.walk(node)
            return finder.found
        }

        override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
            found = true
            return .skipChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    /// An expression in statement position; a `switch` becomes the chain of `if`s it is.
    private mutating func lowerExpressionStatements(_ expression: SwiftSyntax.ExprSyntax) -> [RippleStatement] {
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return lowerSwitch(switchExpression) }
        return [lowerExpressionStatement(expression)]
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
        if let loop = statement.as(ForStmtSyntax.self) {
            return lowerFor(loop)
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
        let conditions = lowerConditions(ifExpression.conditions)
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

    /// The conditions of an `if` or a `guard`: Boolean expressions, `let name = value`, and
    /// `case pattern = value` where the pattern binds nothing (it is `value == pattern`).
    private mutating func lowerConditions(_ list: ConditionElementListSyntax) -> [ConditionSyntax] {
        var conditions: [ConditionSyntax] = []
        for element in list {
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
            case .matchingPattern(let matching):
                if let pattern = matching.pattern.as(ExpressionPatternSyntax.self), !Self.binds(pattern) {
                    let value = lowerExpression(matching.initializer.value)
                    conditions.append(.expression(RippleExpr(.binary("==", value, lowerExpression(pattern.expression)), at: location(matching))))
                } else {
                    note("this condition is not simulated; it is taken as true", at: element)
                }
            default:
                note("this condition is not simulated; it is taken as true", at: element)
            }
        }
        return conditions
    }

    /// `switch subject { case a, b: … default: … }` as `if subject == a || subject == b { … } else { … }`:
    /// the same branches, built the same way (SwiftUI makes both conditional content). A case whose
    /// pattern binds values (`case .loaded(let x)`) or has a `where` is not simulated.
    private mutating func lowerSwitch(_ switchExpression: SwitchExprSyntax) -> [RippleStatement] {
        let subject = lowerExpression(switchExpression.subject)
        var clauses: [(condition: RippleExpr, body: [RippleStatement], location: RippleCore.SourceLocation)] = []
        var otherwise: [RippleStatement]?
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element else {
                note("this part of the 'switch' is not simulated", at: element)
                continue
            }
            switch switchCase.label {
            case .default:
                otherwise = lowerBlock(switchCase.statements)
            case .case(let label):
                var condition: RippleExpr?
                for item in label.caseItems {
                    let matches: RippleExpr
                    if item.whereClause == nil, item.pattern.is(WildcardPatternSyntax.self) {
                        matches = RippleExpr(.bool(true), at: location(item))
                    } else if item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self), !Self.binds(pattern) {
                        matches = RippleExpr(.binary("==", subject, lowerExpression(pattern.expression)), at: location(item))
                    } else {
                        note("this case pattern is not simulated; it is taken as not matching", at: item)
                        continue
                    }
                    condition = condition.map { RippleExpr(.binary("||", $0, matches), at: $0.location) } ?? matches
                }
                if let condition { clauses.append((condition, lowerBlock(switchCase.statements), location(switchCase))) }
            @unknown default:
                note("this part of the 'switch' is not simulated", at: switchCase)
            }
        }
        guard !clauses.isEmpty else { return otherwise ?? [] }
        for clause in clauses.reversed() {
            otherwise = [RippleStatement(kind: .ifStatement(conditions: [.expression(clause.condition)], then: clause.body, otherwise: otherwise),
                                         location: clause.location)]
        }
        return otherwise ?? []
    }

    /// `for name in sequence where condition { … }`: the body runs once per element, the `where` as an
    /// `if` around it. A loop over tuples (`for (i, x) in …`), `for case`, `for try` and `for await` are
    /// not simulated.
    private mutating func lowerFor(_ loop: ForStmtSyntax) -> RippleStatement? {
        let name: String
        if let identifier = loop.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if loop.pattern.is(WildcardPatternSyntax.self) {
            name = "_"
        } else {
            note("a 'for' loop over '\(loop.pattern.trimmedDescription)' is not simulated", at: loop)
            return nil
        }
        guard loop.caseKeyword == nil, loop.tryKeyword == nil, loop.awaitKeyword == nil else {
            note("'for case', 'for try' and 'for await' loops are not simulated", at: loop)
            return nil
        }
        var body = lowerBlock(loop.body.statements)
        if let condition = loop.whereClause?.condition {
            body = [RippleStatement(kind: .ifStatement(conditions: [.expression(lowerExpression(condition))], then: body, otherwise: nil),
                                    location: location(condition))]
        }
        return RippleStatement(kind: .forIn(name: name, sequence: lowerExpression(loop.sequence), body: body), location: location(loop))
    }

    /// Whether a pattern binds a name (`.loaded(let value)`), which Ripple does not simulate.
    private static func binds(_ pattern: ExpressionPatternSyntax) -> Bool {
        pattern.expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.let) || $0.tokenKind == .keyword(.var) }
    }
}
