internal import SwiftSyntax
internal import RippleCore

extension SwiftLowering {
    /// The statements of a body, a closure, an accessor or a function. A `guard` takes the rest of the
    /// block as what runs when its conditions hold: `guard c else { e }; rest` is `if c { rest } else { e }`,
    /// so each `guard` nests the statements after it a level deeper in Ripple's tree than in Swift's.
    /// The block is lowered in order and its guards folded from the last, without recursion. Two limits
    /// hold what walks Ripple's tree: blocks nest at most `Limits.maximumNestingDepth` levels (what
    /// runs statements takes the most stack a level), and no statement is taller than
    /// `SwiftModule.maximumDepth`, the limit swift-syntax's tree was held to.
    mutating func lowerBlock(_ items: CodeBlockItemListSyntax) -> [RippleStatement] {
        let outerDepth = statementDepth
        defer { statementDepth = outerDepth }
        // The statements before each `guard`, with the guard; then those after the last.
        var runs: [(statements: [RippleStatement], guardStatement: GuardStmtSyntax)] = []
        var statements: [RippleStatement] = []
        for item in items {
            if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                guard enterBlock(at: guardStatement) else { break }
                runs.append((statements, guardStatement))
                statements = []
                continue
            }
            var lowered: [RippleStatement] = []
            lowerItem(item, into: &lowered)
            statements += lowered.filter { checkHeight($0, at: item) }
        }
        // Each guard's conditions and `else` are lowered after the statements it guards, the last
        // guard's first, in the order the notes about them have always come in.
        for (index, run) in zip(runs.indices, runs).reversed() {
            let guardStatement = run.guardStatement
            statementDepth = outerDepth + index
            let conditions = lowerConditions(guardStatement.conditions)
            var lowered = RippleStatement(kind: .ifStatement(clauses: [IfClauseSyntax(conditions: conditions, body: statements, location: location(guardStatement))],
                                                             otherwise: lowerNestedBlock(guardStatement.body.statements, at: guardStatement)),
                                          location: location(guardStatement))
            lowered.suspends = AwaitFinder.suspends(guardStatement.conditions)
            guard checkHeight(lowered, at: guardStatement) else { return run.statements }
            statements = run.statements + [lowered]
        }
        return statements
    }

    /// The statements of a block one level inside the statements being lowered: an `if`'s, an `else`,
    /// a `case`'s, a `for`'s body; none past `Limits.maximumNestingDepth`.
    private mutating func lowerNestedBlock(_ items: CodeBlockItemListSyntax, levels: Int = 1, at node: some SyntaxProtocol) -> [RippleStatement] {
        let outerDepth = statementDepth
        defer { statementDepth = outerDepth }
        for _ in 0..<levels { guard enterBlock(at: node) else { return [] } }
        return lowerBlock(items)
    }

    /// Goes one block deeper; reports the statement at `node` and returns false past
    /// `Limits.maximumNestingDepth`.
    private mutating func enterBlock(at node: some SyntaxProtocol) -> Bool {
        guard statementDepth < Limits.maximumNestingDepth else {
            errors.append(.error("statements are nested more than \(Limits.maximumNestingDepth) levels deep (limit: nesting depth)", at: location(node)))
            return false
        }
        statementDepth += 1
        return true
    }

    /// Whether `statement` is within `SwiftModule.maximumDepth` levels; reports it where it is not.
    /// Everything else the front end builds is no deeper than the swift-syntax tree it comes from,
    /// which `SwiftParse` has held to the same limit.
    private mutating func checkHeight(_ statement: RippleStatement, at node: some SyntaxProtocol) -> Bool {
        guard statement.height > SwiftModule.maximumDepth else { return true }
        errors.append(SwiftParse.nestingError(statement.height, at: location(node)))
        return false
    }

    /// The statements one item of a block lowers to, other than a `guard`.
    private mutating func lowerItem(_ item: CodeBlockItemSyntax, into statements: inout [RippleStatement]) {
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
            // `do { … } catch { … }`: the body's statements, each at its own place. Nothing Ripple
            // runs throws, so no `catch` runs.
            if let block = statement.as(DoStmtSyntax.self) {
                statements += lowerBlock(block.body.statements)
            } else if let expression = statement.as(ExpressionStmtSyntax.self) {
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

    /// `let x = value` inside a block; a local computed view (`@ViewBuilder var content: some View { … }`)
    /// is a local holding a closure of its getter's statements, which the view builder builds where the
    /// local stands in view position; any other local without a value is left out.
    private mutating func lowerLocals(_ variable: VariableDeclSyntax) -> [RippleStatement] {
        var statements: [RippleStatement] = []
        for binding in variable.bindings {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self), binding.initializer == nil,
               let getter = Self.localViewGetter(of: binding, in: variable) {
                let closure = ClosureSyntax(parameters: [], body: lowerNestedBlock(getter, at: binding), location: location(identifier))
                statements.append(RippleStatement(kind: .letDeclaration(name: identifier.identifier.nameText, value: ExprSyntax(.closure(closure), at: location(identifier))),
                                                  location: location(variable)))
                continue
            }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let initializer = binding.initializer else {
                note("a local without a value is not simulated", at: binding)
                continue
            }
            statements.append(RippleStatement(kind: .letDeclaration(name: identifier.identifier.nameText, value: lowerExpression(initializer.value)),
                                              location: location(variable)))
        }
        return statements
    }

    /// The getter's statements of a local computed property that builds views: one whose type is a view
    /// (`some View`, `AnyView`) or that is marked `@ViewBuilder`; nil for any other binding.
    private static func localViewGetter(of binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> CodeBlockItemListSyntax? {
        let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
        let isViewBuilder = variable.attributes.contains { $0.as(SwiftSyntax.AttributeSyntax.self)?.attributeName.trimmedDescription == "ViewBuilder" }
        guard isViewBuilder || type == "some View" || type == "AnyView" else { return nil }
        switch binding.accessorBlock?.accessors {
        case .getter(let items)?: return items
        case .accessors(let accessors)?: return accessors.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        default: return nil
        }
    }

    /// `if a, let b = c { … } else if … { … } else { … }`: one clause for the `if` and one for each `else if`.
    private mutating func lowerIf(_ ifExpression: IfExprSyntax) -> StatementKind {
        var clauses: [IfClauseSyntax] = []
        var otherwise: [RippleStatement]?
        var link: IfExprSyntax? = ifExpression
        while let ifExpression = link {
            link = nil
            clauses.append(IfClauseSyntax(conditions: lowerConditions(ifExpression.conditions),
                                          body: lowerNestedBlock(ifExpression.body.statements, at: ifExpression), location: location(ifExpression)))
            switch ifExpression.elseBody {
            case .ifExpr(let elseIf)?:
                link = elseIf
            case .codeBlock(let block)?:
                otherwise = lowerNestedBlock(block.statements, at: block)
            case nil:
                break
            @unknown default:
                note("this 'else' is not simulated", at: ifExpression)
            }
        }
        return .ifStatement(clauses: clauses, otherwise: otherwise)
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
                } else if let pattern = Self.casePattern(matching.pattern) {
                    conditions.append(.casePattern(pattern, value: lowerExpression(matching.initializer.value)))
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
    /// the same branches, built the same way (SwiftUI makes both conditional content), one clause per
    /// `case`, so a `switch` of any length is one level of Ripple's tree. A case whose pattern binds
    /// values (`case .loaded(let x)`) or has a `where` is not simulated.
    private mutating func lowerSwitch(_ switchExpression: SwitchExprSyntax) -> [RippleStatement] {
        let subject = lowerExpression(switchExpression.subject)
        var clauses: [IfClauseSyntax] = []
        var otherwise: [RippleStatement]?
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element else {
                note("this part of the 'switch' is not simulated", at: element)
                continue
            }
            switch switchCase.label {
            case .default:
                otherwise = lowerNestedBlock(switchCase.statements, at: switchCase)
            case .case(let label):
                // `case .loaded(let items):`, `case let .page(n) where n > 1:`: one pattern, whose names the body sees.
                if label.caseItems.count == 1, let item = label.caseItems.first, let pattern = Self.casePattern(item.pattern) {
                    let guarded = item.whereClause.map { [ConditionSyntax.expression(lowerExpression($0.condition))] } ?? []
                    clauses.append(IfClauseSyntax(conditions: [.casePattern(pattern, value: subject)] + guarded,
                                                  body: lowerNestedBlock(switchCase.statements, at: switchCase), location: location(switchCase)))
                    continue
                }
                var alternatives: [RippleExpr] = []
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
                    alternatives.append(matches)
                }
                if let condition = Self.either(alternatives[...]) {
                    clauses.append(IfClauseSyntax(conditions: [.expression(condition)], body: lowerNestedBlock(switchCase.statements, at: switchCase),
                                                  location: location(switchCase)))
                }
            @unknown default:
                note("this part of the 'switch' is not simulated", at: switchCase)
            }
        }
        guard let first = clauses.first else { return otherwise ?? [] }
        return [RippleStatement(kind: .ifStatement(clauses: clauses, otherwise: otherwise), location: first.location)]
    }

    /// `a || b || c`, split in halves so that a `case` of thousands of patterns nests a dozen levels,
    /// not thousands; it reads and prints the same (up to three, it is the same tree). Nil for none.
    private static func either(_ alternatives: ArraySlice<RippleExpr>) -> RippleExpr? {
        guard alternatives.count > 1 else { return alternatives.first }
        let middle = alternatives.startIndex + (alternatives.count + 1) / 2
        guard let left = either(alternatives[..<middle]), let right = either(alternatives[middle...]) else { return nil }
        return RippleExpr(.binary("||", left, right), at: left.location)
    }

    /// `for name in sequence where condition { … }`: the body runs once per element, the `where` as an
    /// `if` around it. A loop over tuples (`for (i, x) in …`), `for case`, `for try` and `for await` are
    /// not simulated.
    private mutating func lowerFor(_ loop: ForStmtSyntax) -> RippleStatement? {
        let name: String
        if let identifier = loop.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.nameText
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
        var body = lowerNestedBlock(loop.body.statements, levels: loop.whereClause == nil ? 1 : 2, at: loop)
        if let condition = loop.whereClause?.condition {
            body = [RippleStatement(kind: .ifStatement(clauses: [IfClauseSyntax(conditions: [.expression(lowerExpression(condition))], body: body,
                                                                                location: location(condition))], otherwise: nil),
                                    location: location(condition))]
        }
        return RippleStatement(kind: .forIn(name: name, sequence: lowerExpression(loop.sequence), body: body), location: location(loop))
    }

    /// An enum case pattern that binds its associated values: `.loaded(let items)`, `let .loaded(items)`,
    /// `Loadable.failed(let error)`, `.some(let value)`, `.pair(let a, _)`; nil for a pattern of another
    /// shape (a nested pattern, a value to compare, a tuple).
    static func casePattern(_ pattern: PatternSyntax) -> CasePatternSyntax? {
        var pattern = pattern
        var bindsAll = false
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            pattern = binding.pattern
            bindsAll = true
        }
        guard let call = pattern.as(ExpressionPatternSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
              call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        var type: String?
        if let base = member.base {
            guard base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) else { return nil }
            type = base.trimmedDescription
        }
        var bindings: [String?] = []
        for argument in call.arguments {
            guard let bound = boundName(argument.expression, bindsAll: bindsAll) else { return nil }
            bindings.append(bound)
        }
        guard bindings.contains(where: { $0 != nil }) else { return nil }
        return CasePatternSyntax(type: type, name: member.declName.baseName.text, bindings: bindings)
    }

    /// What one associated value of a case pattern binds: `.some(name)`, `.some(nil)` for `_`; nil when it
    /// is something else (a value, a nested pattern).
    private static func boundName(_ expression: SwiftSyntax.ExprSyntax, bindsAll: Bool) -> String?? {
        if expression.is(DiscardAssignmentExprSyntax.self) { return .some(nil) }
        if bindsAll, let reference = expression.as(DeclReferenceExprSyntax.self) { return .some(reference.baseName.text) }
        guard var pattern = expression.as(PatternExprSyntax.self)?.pattern else { return nil }
        if pattern.is(WildcardPatternSyntax.self) { return .some(nil) }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        else if !bindsAll { return nil }
        if pattern.is(WildcardPatternSyntax.self) { return .some(nil) }
        guard let identifier = pattern.as(IdentifierPatternSyntax.self) else { return nil }
        return .some(identifier.identifier.text)
    }

    /// Whether a pattern binds a name (`.loaded(let value)`), which Ripple does not simulate.
    private static func binds(_ pattern: ExpressionPatternSyntax) -> Bool {
        pattern.expression.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.let) || $0.tokenKind == .keyword(.var) }
    }
}
