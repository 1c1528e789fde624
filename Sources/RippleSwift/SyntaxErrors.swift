internal import SwiftSyntax
internal import RippleCore

/// The syntax errors of a parsed file, from the tree Swift's parser recovered: each token it had to
/// supply (`expected ')'`) and each run of text it had to skip (`unexpected code '…'`), at its position.
///
/// swift-syntax's own message generator (`ParseDiagnosticsGenerator`) is not used: on some inputs the
/// toolchain's version of it stops the process (`A Fix-It must have at least one change associated with
/// it`, found by the fuzzer), and a file must never crash Ripple.
final class SyntaxErrors: SyntaxVisitor {
    private let positions: SourcePositions
    private var found: [Diagnostic] = []
    private var omitted = 0
    /// Most errors kept per file; a file that bad is reported by its first ones.
    static let maximumPerFile = Limits.maximumErrors

    private init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .all)
    }

    /// The first `maximumPerFile` errors in the tree, and how many more there are.
    static func find(in tree: SourceFileSyntax, positions: SourcePositions) -> (errors: [Diagnostic], omitted: Int) {
        let visitor = SyntaxErrors(positions: positions)
        visitor.walk(tree)
        return (visitor.found, visitor.omitted)
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if let problem = token.tokenDiagnostic, problem.severity == .error {
            let offset = token.position.utf8Offset + Int(problem.byteOffset)
            record(.error(Self.describe(problem.kind, in: token), at: positions.location(ofOffset: offset)))
            return .skipChildren
        }
        guard token.presence == .missing else { return .skipChildren }
        // A string literal without its closing quote is reported where the literal starts.
        if case .stringQuote = token.tokenKind, let literal = token.parent?.as(StringLiteralExprSyntax.self), token.id == literal.closingQuote.id {
            record(.error("unterminated string literal", at: positions.location(of: literal)))
            return .skipChildren
        }
        if case .multilineStringQuote = token.tokenKind, let literal = token.parent?.as(StringLiteralExprSyntax.self), token.id == literal.closingQuote.id {
            record(.error("unterminated string literal", at: positions.location(of: literal)))
            return .skipChildren
        }
        if token.tokenKind == .semicolon {
            record(missing: nil, after: token, message: "consecutive statements on a line must be separated by ';'")
            return .skipChildren
        }
        let text = token.text.isEmpty ? Self.describe(token) : "'\(token.text)'"
        let isName = { if case .identifier = token.tokenKind { return true } else { return false } }() && token.parent?.is(DeclReferenceExprSyntax.self) != true
        let purpose = Self.purpose(of: token) ?? (isName ? "" : Self.context(of: token))
        record(missing: "\(text)\(purpose)", after: token)
        return .skipChildren
    }

    /// Records an error, or only counts it past `maximumPerFile`.
    private func record(_ diagnostic: Diagnostic) {
        if found.count < Self.maximumPerFile { found.append(diagnostic) } else { omitted += 1 }
    }

    /// `expected …, found …`, at the token that was found instead: where the missing code belongs.
    private func record(missing what: String?, after node: some SyntaxProtocol, message: String? = nil) {
        var next = node.nextToken(viewMode: .sourceAccurate)
        while let token = next, token.presence == .missing || (token.text.isEmpty && token.tokenKind != .endOfFile) {
            next = token.nextToken(viewMode: .sourceAccurate)
        }
        let found = next.map { $0.tokenKind == .endOfFile ? positions.end : "'\(Self.shown($0.text, limit: 40))'" } ?? positions.end
        let offset = next?.positionAfterSkippingLeadingTrivia.utf8Offset ?? node.endPosition.utf8Offset
        record(.error(message ?? "expected \(what ?? "code"), found \(found)", at: positions.location(ofOffset: offset)))
    }

    /// A lexical error swift-syntax found in a token, in words: `invalidEscapeSequenceInStringLiteral`
    /// becomes "invalid escape sequence in string literal", the spelling of Swift's own message.
    private static func describe(_ kind: TokenDiagnostic.Kind, in token: TokenSyntax) -> String {
        var words = ""
        for character in String(describing: kind) {
            if character.isUppercase { words += " " + character.lowercased() } else { words.append(character) }
        }
        return String(words.drop { $0 == " " })
    }

    /// What a missing bracket closes or a missing name names, in the words of Ripple's other messages.
    private static func purpose(of token: TokenSyntax) -> String? {
        guard let parent = token.parent else { return nil }
        switch token.tokenKind {
        case .rightParen:
            if parent.is(FunctionCallExprSyntax.self) || parent.is(MacroExpansionExprSyntax.self) || parent.is(AttributeSyntax.self) { return " to close the argument list" }
            if parent.is(TupleExprSyntax.self) { return " to close the parenthesized expression" }
            if parent.is(FunctionParameterClauseSyntax.self) || parent.is(ClosureParameterClauseSyntax.self) || parent.is(EnumCaseParameterClauseSyntax.self) { return " to close the parameter list" }
            if parent.is(ExpressionSegmentSyntax.self) { return " to close the interpolation" }
            return nil
        case .rightSquare:
            if parent.is(ArrayExprSyntax.self) || parent.is(DictionaryExprSyntax.self) { return " to close the collection literal" }
            if parent.is(SubscriptCallExprSyntax.self) { return " to close the subscript" }
            return nil
        case .rightBrace:
            if parent.is(MemberBlockSyntax.self), let named = parent.parent?.asProtocol(NamedDeclSyntax.self) { return " to close '\(named.name.text)'" }
            if parent.is(MemberBlockSyntax.self), let extensionDecl = parent.parent?.as(ExtensionDeclSyntax.self) { return " to close the extension of '\(extensionDecl.extendedType.trimmedDescription)'" }
            if parent.is(ClosureExprSyntax.self) { return " to close the closure" }
            if parent.is(CodeBlockSyntax.self) || parent.is(AccessorBlockSyntax.self) { return " to close the block" }
            return nil
        default:
            return nil
        }
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        record(.error("unexpected code '\(Self.shown(node.trimmedDescription, limit: 40))'\(Self.context(of: Syntax(node)))", at: positions.location(of: node)))
        return .skipChildren
    }

    /// Code quoted in a message: at most `limit` characters, and invisible ones (controls, direction
    /// marks) by code point, which printed raw would vanish or reorder the message in a terminal.
    private static func shown(_ text: String, limit: Int) -> String {
        var shown = ""
        for (index, character) in text.enumerated() {
            if index == limit { return shown + "…" }
            let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .privateUse, .unassigned]
            if character.isNewline || character == "\t" {
                shown.append(" ")
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, invisible.contains(scalar.properties.generalCategory) {
                shown += "U+" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                shown.append(character)
            }
        }
        return shown
    }

    override func visit(_ node: MissingDeclSyntax) -> SyntaxVisitorContinueKind { missing("a declaration", node) }
    override func visit(_ node: MissingExprSyntax) -> SyntaxVisitorContinueKind { missing("an expression", node) }
    override func visit(_ node: MissingStmtSyntax) -> SyntaxVisitorContinueKind { missing("a statement", node) }
    override func visit(_ node: MissingTypeSyntax) -> SyntaxVisitorContinueKind { missing("a type", node) }
    override func visit(_ node: MissingPatternSyntax) -> SyntaxVisitorContinueKind { missing("a pattern", node) }

    private func missing(_ what: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        // An operator with nothing after it (`Text("a") ~ }`) is where the problem is.
        if let previous = node.previousToken(viewMode: .sourceAccurate), Self.isOperator(previous.tokenKind) {
            record(.error("expected \(what) after '\(previous.text)'", at: positions.location(of: previous)))
            return .skipChildren
        }
        record(missing: "\(what)\(Self.context(of: Syntax(node)))", after: node)
        return .skipChildren
    }

    private static func isOperator(_ kind: SwiftSyntax.TokenKind) -> Bool {
        switch kind {
        case .binaryOperator, .prefixOperator, .postfixOperator: true
        default: false
        }
    }

    /// ` in 'body'`-style context: the nearest declaration with a name.
    private static func context(of node: some SyntaxProtocol) -> String {
        var current = node.parent
        while let parent = current {
            if let named = parent.asProtocol(NamedDeclSyntax.self) { return named.name.text.isEmpty ? "" : " in '\(named.name.text)'" }
            current = parent.parent
        }
        return ""
    }

    private static func describe(_ token: TokenSyntax) -> String {
        switch token.tokenKind {
        case .identifier where token.parent.map({ $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) || $0.is(EnumDeclSyntax.self) }) == true: "a type name"
        case .identifier where token.parent?.is(EnumCaseElementSyntax.self) == true: "a case name"
        case .identifier: "a name"
        case .integerLiteral, .floatLiteral: "a number"
        case .stringSegment: "text"
        default: "'\(token.tokenKind)'"
        }
    }
}
