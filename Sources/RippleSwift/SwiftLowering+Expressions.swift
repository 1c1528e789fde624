internal import SwiftSyntax
internal import RippleCore

extension SwiftLowering {
    /// An expression, at the location the scenario parser gives it: a member at its name, a call at its
    /// callee, a subscript at its `[`, a binary operation at its left operand.
    mutating func lowerExpression(_ expression: SwiftSyntax.ExprSyntax) -> RippleExpr {
        let at = location(expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // `$name` (a projected value) and `$0` (an anonymous closure parameter).
            if name.hasPrefix("$") { return RippleExpr(.dollar(String(name.dropFirst())), at: at) }
            return RippleExpr(.identifier(reference.baseName.nameText), at: at)
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            guard let value = Self.integerValue(integer.literal.text) else {
                // A scenario's integers are Int. App source may give the literal a wider type (`UInt64`,
                // a seed or a hash), which Ripple does not model: its value is opaque there.
                let literal = integer.literal.text.prefix(40)
                if closedWorld {
                    errors.append(.error("integer literal '\(literal)' overflows Int", at: at))
                } else {
                    note("integer literal '\(literal)' is past Int; its value is opaque", at: integer)
                }
                return RippleExpr(.opaque("an integer literal past Int"), at: at)
            }
            return RippleExpr(.integer(value), at: at)
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            guard let value = Double(float.literal.text.replacingUnderscores) else { return opaque(expression, "float literal") }
            return RippleExpr(.double(value), at: at)
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return RippleExpr(.bool(boolean.literal.tokenKind == .keyword(.true)), at: at)
        }
        if expression.is(NilLiteralExprSyntax.self) { return RippleExpr(.nilLiteral, at: at) }
        if let string = expression.as(StringLiteralExprSyntax.self) { return lowerString(string) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return RippleExpr(.array(array.elements.map { lowerExpression($0.expression) }), at: at)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return RippleExpr(.dictionary(keys: [], values: []), at: at) }
            return RippleExpr(.dictionary(keys: elements.map { lowerExpression($0.key) }, values: elements.map { lowerExpression($0.value) }), at: at)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) { return lowerMember(member) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            var base = subscriptCall.calledExpression
            var optional = false
            if let chained = base.as(OptionalChainingExprSyntax.self) {
                base = chained.expression
                optional = true
            }
            let location = optional ? self.location(subscriptCall.calledExpression.as(OptionalChainingExprSyntax.self)!.questionMark)
                                    : self.location(subscriptCall.leftSquare)
            return RippleExpr(.subscriptAccess(lowerExpression(base), arguments: subscriptCall.arguments.map { lowerArgument($0) }, optional: optional),
                              at: location)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return lowerCall(call) }
        // `Set<Int>`, `Box<Item>`: the generic type under its own name; what it holds is not simulated.
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { return lowerExpression(generic.expression) }
        if let closure = expression.as(ClosureExprSyntax.self) { return lowerClosure(closure) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            let op = prefix.operator.text
            let operand = lowerExpression(prefix.expression)
            if op == "-", case .integer(let value) = operand.kind { return RippleExpr(.integer(-value), at: at) }
            if op == "-", case .double(let value) = operand.kind { return RippleExpr(.double(-value), at: at) }
            return RippleExpr(.unary(op, operand), at: at)
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
                return opaque(expression, "assignment inside an expression")
            }
            let left = lowerExpression(infix.leftOperand)
            return RippleExpr(.binary(op, left, lowerExpression(infix.rightOperand)), at: left.location)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = lowerExpression(ternary.condition)
            return RippleExpr(.ternary(condition, lowerExpression(ternary.thenExpression), lowerExpression(ternary.elseExpression)),
                              at: condition.location)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return RippleExpr(.forceUnwrap(lowerExpression(unwrap.expression)), at: location(unwrap.exclamationMark))
        }
        if let keyPath = expression.as(KeyPathExprSyntax.self) {
            var components: [String] = []
            for component in keyPath.components {
                switch component.component {
                case .property(let property): components.append(property.declName.baseName.nameText)
                case .optional: continue
                default: return opaque(expression, "key path")
                }
            }
            return RippleExpr(.keyPath(root: keyPath.root?.trimmedDescription, components: components), at: at)
        }
        if let tuple = expression.as(TupleExprSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return RippleExpr(.paren(lowerExpression(only.expression)), at: at)
            }
            return opaque(expression, "tuple")
        }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            // Ripple runs the expression; a throw is not simulated.
            return lowerExpression(tryExpression.expression)
        }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) {
            return lowerExpression(awaitExpression.expression)
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) {
            return lowerExpression(chained.expression)
        }
        if let asExpression = expression.as(AsExprSyntax.self) {
            note("the cast to '\(asExpression.type.trimmedDescription)' is not simulated; the value is used as it is", at: asExpression.asKeyword)
            return lowerExpression(asExpression.expression)
        }
        if expression.is(SuperExprSyntax.self) { return RippleExpr(.identifier("super"), at: at) }
        if let postfix = expression.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
            return lowerPostfix(postfix.config, onto: lowerExpression(base))
        }
        return opaque(expression, Self.describe(expression))
    }

    /// An expression Ripple does not model: an opaque value, with a note.
    mutating func opaque(_ expression: SwiftSyntax.ExprSyntax, _ what: String) -> RippleExpr {
        note("\(what) is not simulated; its value is opaque", at: expression)
        return RippleExpr(.opaque(expression.trimmedDescription), at: location(expression))
    }

    private static func describe(_ expression: SwiftSyntax.ExprSyntax) -> String {
        if expression.is(IsExprSyntax.self) { return "type check ('is')" }
        if expression.is(SwitchExprSyntax.self) { return "'switch' expression" }
        if expression.is(IfExprSyntax.self) { return "'if' expression" }
        if expression.is(MacroExpansionExprSyntax.self) { return "macro" }
        if expression.is(RegexLiteralExprSyntax.self) { return "regex literal" }
        return "expression"
    }

    private static func integerValue(_ text: String) -> Int? {
        let digits = text.replacingUnderscores
        if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
        if digits.hasPrefix("0b") { return Int(digits.dropFirst(2), radix: 2) }
        return Int(digits)
    }

    private mutating func lowerMember(_ member: MemberAccessExprSyntax) -> RippleExpr {
        let name = member.declName.baseName.nameText
        let nameLocation = location(member.declName)
        guard var base = member.base else {
            // `.dark`: the member of a type the context gives, at its dot.
            return RippleExpr(.implicitMember(name), at: location(member.period))
        }
        var optional = false
        if let chained = base.as(OptionalChainingExprSyntax.self) {
            base = chained.expression
            optional = true
        }
        return RippleExpr(.member(lowerExpression(base), name: name, optional: optional), at: nameLocation)
    }

    /// `Text("x") #if os(macOS) .padding() #endif`: the modifiers of the clause the build configuration
    /// takes, applied to what precedes them; none when no clause is taken.
    private mutating func lowerPostfix(_ config: IfConfigDeclSyntax, onto base: RippleExpr) -> RippleExpr {
        guard case .postfixExpression(let chain)? = activeClause(of: config) else { return base }
        return lowerChain(chain, onto: base)
    }

    /// A clause's chain (`.padding().font(.title)`), whose first member has no base written: `base` is it.
    private mutating func lowerChain(_ chain: SwiftSyntax.ExprSyntax, onto base: RippleExpr) -> RippleExpr {
        if let member = chain.as(MemberAccessExprSyntax.self) {
            let inner = member.base.map { lowerChain($0, onto: base) } ?? base
            return RippleExpr(.member(inner, name: member.declName.baseName.nameText, optional: false), at: location(member.declName))
        }
        if let call = chain.as(FunctionCallExprSyntax.self) { return lowerCall(call, callee: lowerChain(call.calledExpression, onto: base)) }
        if let postfix = chain.as(PostfixIfConfigExprSyntax.self), let inner = postfix.base {
            return lowerPostfix(postfix.config, onto: lowerChain(inner, onto: base))
        }
        note("this part of a postfix '#if' is not simulated; the modifiers before it are kept", at: chain)
        return base
    }

    private mutating func lowerCall(_ call: FunctionCallExprSyntax, callee lowered: RippleExpr? = nil) -> RippleExpr {
        let arguments = call.arguments.map { lowerArgument($0) }
        // A collection built by its type: `[Item]()` and `[String: Int]()` are empty, `[Int](repeating: 0, count: 3)`
        // is `Array`'s initializer.
        if lowered == nil, let type = Self.collectionTypeName(call.calledExpression) {
            let at = location(call.calledExpression)
            if arguments.isEmpty, call.trailingClosure == nil {
                return type == "Array" ? RippleExpr(.array([]), at: at) : RippleExpr(.dictionary(keys: [], values: []), at: at)
            }
            return RippleExpr(.call(RippleExpr(.identifier(type), at: at), arguments: arguments, trailing: []), at: at)
        }
        let callee = lowered ?? lowerExpression(call.calledExpression)
        var trailing: [ArgumentSyntax] = []
        if let closure = call.trailingClosure {
            trailing.append(ArgumentSyntax(label: nil, value: lowerClosure(closure), location: location(closure)))
        }
        for extra in call.additionalTrailingClosures {
            trailing.append(ArgumentSyntax(label: extra.label.text, value: lowerClosure(extra.closure), location: location(extra.label)))
        }
        return RippleExpr(.call(callee, arguments: arguments, trailing: trailing), at: callee.location)
    }

    /// `Array` for a callee written as an array type (`[Item]`), `Dictionary` for a dictionary type
    /// (`[String: Int]`); nil for anything else. Called, a literal of one element is a type: `[x]()` of
    /// a value does not compile.
    static func collectionTypeName(_ callee: SwiftSyntax.ExprSyntax) -> String? {
        if let array = callee.as(ArrayExprSyntax.self), array.elements.count == 1 { return "Array" }
        if let dictionary = callee.as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content, elements.count == 1 {
            return "Dictionary"
        }
        return nil
    }

    mutating func lowerArgument(_ argument: LabeledExprSyntax) -> ArgumentSyntax {
        ArgumentSyntax(label: argument.label?.text, value: lowerExpression(argument.expression), location: location(argument))
    }

    mutating func lowerClosure(_ closure: ClosureExprSyntax) -> RippleExpr {
        var parameters: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let names)?:
            parameters = names.map(\.name.nameText)
        case .parameterClause(let clause)?:
            parameters = clause.parameters.map { $0.secondName?.nameText ?? $0.firstName.nameText }
        case nil:
            break
        @unknown default:
            note("the closure's parameters are not simulated", at: closure)
        }
        let at = location(closure)
        return RippleExpr(.closure(ClosureSyntax(parameters: parameters, body: lowerBlock(closure.statements), location: at)), at: at)
    }

    /// A string literal with its interpolations; `\(value, specifier: "%.1f")` keeps the value only, as
    /// formatting is not simulated.
    private mutating func lowerString(_ string: StringLiteralExprSyntax) -> RippleExpr {
        var parts: [StringPartSyntax] = []
        var text = ""
        for segment in string.segments {
            switch segment {
            case .stringSegment(let piece):
                text += Self.unescaped(piece.content.text, multiline: string.openingQuote.tokenKind == .multilineStringQuote,
                                       pounds: string.openingPounds?.text.count ?? 0)
            case .expressionSegment(let interpolation):
                if !text.isEmpty { parts.append(.text(text)); text = "" }
                if let first = interpolation.expressions.first {
                    parts.append(.interpolation(lowerExpression(first.expression)))
                }
            @unknown default:
                note("a part of the string literal is not simulated", at: segment)
            }
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        return RippleExpr(.string(parts), at: location(string))
    }

    /// A literal segment's text with its escapes resolved (`\n`, `\"`, `\u{1F600}`). In a raw string
    /// (`#"…"#`, `pounds` of them) an escape is a backslash and as many `#`s (`\#n`); any other backslash
    /// is text, so `#"\u{41}"#` is the six characters it shows and `#"a\"#` ends in a backslash.
    static func unescaped(_ raw: String, multiline: Bool, pounds: Int = 0) -> String {
        guard raw.contains("\\") else { return raw }
        var result = ""
        var characters = raw[...]
        while let character = characters.popFirst() {
            guard character == "\\" else { result.append(character); continue }
            let delimiter = characters.prefix(pounds)
            guard delimiter.count == pounds, delimiter.allSatisfy({ $0 == "#" }) else {
                result.append(character)
                continue
            }
            characters = characters.dropFirst(pounds)
            guard let escape = characters.popFirst() else {
                result.append(character)
                result += delimiter
                break
            }
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "u":
                var digits = ""
                _ = characters.popFirst()  // {
                while let digit = characters.popFirst(), digit != "}" { digits.append(digit) }
                if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { result.unicodeScalars.append(scalar) }
            case "\n" where multiline: continue
            default: result.append(escape)
            }
        }
        return result
    }
}

extension String {
    var replacingUnderscores: String { filter { $0 != "_" } }
}
