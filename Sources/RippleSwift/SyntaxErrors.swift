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
    /// Most errors kept per file; a file that bad is reported by its first ones.
    static let maximumPerFile = 100

    private init(positions: SourcePositions) {
        self.positions = positions
        super.init(viewMode: .all)
    }

    static func find(in tree: SourceFileSyntax, positions: SourcePositions) -> [Diagnostic] {
        let visitor = SyntaxErrors(positions: positions)
        visitor.walk(tree)
        return visitor.found
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard found.count < Self.maximumPerFile, token.presence == .missing else { return .skipChildren }
        let text = token.text.isEmpty ? Self.describe(token.tokenKind) : "'\(token.text)'"
        // Where Swift's own messages put it: right after the last token that is there.
        let offset = token.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia.utf8Offset ?? token.position.utf8Offset
        found.append(.error("expected \(text)\(Self.context(of: token))", at: positions.location(ofOffset: offset)))
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        guard found.count < Self.maximumPerFile else { return .skipChildren }
        var text = node.trimmedDescription
        if text.count > 40 { text = String(text.prefix(40)) + "…" }
        found.append(.error("unexpected code '\(text)'\(Self.context(of: Syntax(node)))", at: positions.location(of: node)))
        return .skipChildren
    }

    override func visit(_ node: MissingDeclSyntax) -> SyntaxVisitorContinueKind { missing("a declaration", node) }
    override func visit(_ node: MissingExprSyntax) -> SyntaxVisitorContinueKind { missing("an expression", node) }
    override func visit(_ node: MissingStmtSyntax) -> SyntaxVisitorContinueKind { missing("a statement", node) }
    override func visit(_ node: MissingTypeSyntax) -> SyntaxVisitorContinueKind { missing("a type", node) }
    override func visit(_ node: MissingPatternSyntax) -> SyntaxVisitorContinueKind { missing("a pattern", node) }

    private func missing(_ what: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        if found.count < Self.maximumPerFile {
            found.append(.error("expected \(what)\(Self.context(of: Syntax(node)))", at: positions.location(ofOffset: node.position.utf8Offset)))
        }
        return .skipChildren
    }

    /// ` in 'body'`-style context: the nearest declaration with a name.
    private static func context(of node: some SyntaxProtocol) -> String {
        var current = node.parent
        while let parent = current {
            if let named = parent.asProtocol(NamedDeclSyntax.self) { return " in '\(named.name.text)'" }
            current = parent.parent
        }
        return ""
    }

    private static func describe(_ kind: SwiftSyntax.TokenKind) -> String {
        switch kind {
        case .identifier: "a name"
        case .integerLiteral, .floatLiteral: "a number"
        case .stringSegment: "text"
        default: "'\(kind)'"
        }
    }
}
