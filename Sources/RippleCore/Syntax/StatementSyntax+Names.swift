extension StatementSyntax {
    /// Names used in a statement (identifiers and `self.x` members) with where they are, in order.
    static func names(in statement: StatementSyntax, into names: inout [(name: String, location: SourceLocation)]) {
        func walk(_ e: ExprSyntax) {
            switch e.kind {
            case .identifier(let n): names.append((n, e.location))
            case .member(let base, let n, _):
                if case .identifier("self") = base.kind { names.append((n, e.location)) } else { walk(base) }
            case .call(let callee, let arguments, let trailing): walk(callee); for a in arguments + trailing { walk(a.value) }
            case .subscriptAccess(let base, let arguments, _): walk(base); for a in arguments { walk(a.value) }
            case .forceUnwrap(let b), .unary(_, let b), .paren(let b): walk(b)
            case .binary(_, let l, let r): walk(l); walk(r)
            case .ternary(let c, let a, let b): walk(c); walk(a); walk(b)
            case .closure(let c): for s in c.body { Self.names(in: s, into: &names) }
            case .array(let elements): elements.forEach(walk)
            case .dictionary(let keys, let values): (keys + values).forEach(walk)
            case .string(let parts): for case .interpolation(let i) in parts { walk(i) }
            default: break
            }
        }
        switch statement.kind {
        case .expression(let e), .returnStatement(let e?), .letDeclaration(_, let e), .environmentWrite(_, let e), .viewAction(_, let e): walk(e)
        case .assignment(let t, _, let v): walk(t); walk(v)
        case .ifStatement(let clauses, let otherwise):
            for clause in clauses {
                for condition in clause.conditions {
                    walk(condition.value)
                }
                for s in clause.body { Self.names(in: s, into: &names) }
            }
            for s in otherwise ?? [] { Self.names(in: s, into: &names) }
        case .forIn(_, let sequence, let body):
            walk(sequence)
            for s in body { Self.names(in: s, into: &names) }
        case .returnStatement(nil): break
        }
    }
}
