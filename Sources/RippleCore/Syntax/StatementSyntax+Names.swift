extension StatementSyntax {
    /// Names used in a statement (identifiers and `self.x` members) with where they are, in order.
    static func names(in statement: StatementSyntax, into names: inout [(name: String, location: SourceLocation)]) {
        var walker = NameWalker(names: [])
        swap(&names, &walker.names)
        walker.walk(statement)
        swap(&names, &walker.names)
    }
}

/// Collects the names `StatementSyntax.names(in:into:)` gives: every identifier, and the member of `self.x`.
private struct NameWalker: SyntaxWalker {
    var names: [(name: String, location: SourceLocation)]

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        switch expression.kind {
        case .identifier(let name):
            names.append((name, expression.location))
        case .member(let base, let name, _):
            if case .identifier("self") = base.kind {
                names.append((name, expression.location))
                return .skipChildren
            }
        default:
            break
        }
        return .visitChildren
    }
}
