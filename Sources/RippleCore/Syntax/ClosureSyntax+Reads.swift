/// What running a closure can read besides the values of its parameters.
enum ClosureReads: Comparable, Sendable {
    /// Nothing: it hands its parameters on or builds literals (`{ item in Row(item: item) }`).
    case nothing
    /// Members or elements of its parameters (`{ book in Text(book.title) }`), and names whose plain
    /// value it hands on.
    case parameterMembers
    /// Anything else: a member of another name (`model.items`), a projection (`$model`), a call of a
    /// method or helper (`row(item)`), a name that may be a tracked property.
    case more
}

extension ClosureSyntax {
    /// What running the closure can read besides its parameters' values. `isPlainValue` says whether a
    /// name the closure did not declare is one whose bare value is no read (a view's plain `let`).
    ///
    /// Modifiers (`Text(item).bold()`) and their arguments are walked, and so are nested closures,
    /// with their own parameters.
    func reads(isPlainValue: (String) -> Bool) -> ClosureReads {
        withoutActuallyEscaping(isPlainValue) { isPlainValue in
            var walker = ClosureReadWalker(isPlainValue: isPlainValue)
            walker.bound = Set(parameters)
            walker.bound.insert("$0")
            for statement in body where walker.found < ClosureReads.more { walker.walk(statement) }
            return walker.found
        }
    }
}

extension ClosureSyntax {
    /// The names the closure projects (`name` for `$name`), its own parameters' aside.
    var projectedNames: Set<String> {
        var walker = ClosureReadWalker(isPlainValue: { _ in true })
        walker.bound = Set(parameters)
        body.forEach { walker.walk($0) }
        return walker.projected
    }
}

/// A walk that knows which names are bound where it is: what a `for`, an `if let` or `if case`
/// condition and a closure bind (its parameters and `$0`) are in `bound` inside their scope.
protocol NameScopes: SyntaxWalker {
    var bound: Set<String> { get set }
    /// The names bound outside each clause being walked.
    var outerScopes: [Set<String>] { get set }
}

extension NameScopes {
    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        guard case .forIn(let name, let sequence, let body) = statement.kind else { return .visitChildren }
        walk(sequence)
        let outer = bound
        bound.insert(name)
        walk(body)
        bound = outer
        return .skipChildren
    }

    mutating func visit(_ clause: IfClauseSyntax) -> WalkContinuation {
        outerScopes.append(bound)
        return .visitChildren
    }

    mutating func visitPost(_ condition: ConditionSyntax) {
        bound.formUnion(condition.boundNames)
    }

    mutating func visitPost(_ clause: IfClauseSyntax) {
        bound = outerScopes.removeLast()
    }

    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation {
        let outer = bound
        bound.formUnion(closure.parameters)
        bound.insert("$0")
        walk(closure.body)
        bound = outer
        return .skipChildren
    }
}

/// Walks a closure's statements for `ClosureSyntax.reads(isPlainValue:)`, keeping the most it found,
/// and the names it projects; the names bound inside it (`bound`) are its parameters.
private struct ClosureReadWalker: NameScopes {
    let isPlainValue: (String) -> Bool
    var bound: Set<String> = []
    var outerScopes: [Set<String>] = []
    var found = ClosureReads.nothing
    var projected: Set<String> = []

    mutating func note(_ reads: ClosureReads) { found = max(found, reads) }

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        switch expression.kind {
        case .identifier(let name):
            if !bound.contains(name) && !isPlainValue(name) { note(.more) }
        case .dollar(let name):
            if !bound.contains("$" + name) && !bound.contains(name) && name != "0" {
                note(.more)
                projected.insert(name)
            }
        case .member(let base, _, _):
            // A modifier on a view (`Text(x).bold()`) reads what its view's arguments read.
            if case .call = base.kind { walk(base) } else { noteAccess(rootedAt: base) }
            return .skipChildren
        case .subscriptAccess(let base, let arguments, _):
            noteAccess(rootedAt: base)
            arguments.forEach { walk($0.value) }
            return .skipChildren
        case .call(let callee, let arguments, let trailing):
            switch callee.kind {
            case .identifier(let name) where name.first?.isUppercase == true:
                // A type's initializer: a view, a value.
                break
            case .member(let base, _, _) where base.kind.isCall:
                walk(base)
            case .implicitMember:
                break
            default:
                note(.more)
            }
            arguments.forEach { walk($0.value) }
            trailing.forEach { walk($0.value) }
            return .skipChildren
        case .closure, .string, .array, .dictionary, .unary, .forceUnwrap, .paren, .binary, .ternary,
             .implicitMember, .integer, .double, .bool, .nilLiteral, .keyPath, .opaque:
            break
        }
        return .visitChildren
    }

    /// A member or element read: of a parameter, or of anything else.
    mutating func noteAccess(rootedAt base: ExprSyntax) {
        var root = base
        while true {
            switch root.kind {
            case .member(let inner, _, _), .forceUnwrap(let inner), .paren(let inner):
                root = inner
                continue
            case .subscriptAccess(let inner, let arguments, _):
                arguments.forEach { walk($0.value) }
                root = inner
                continue
            case .identifier(let name) where bound.contains(name):
                note(.parameterMembers)
            case .dollar(let name) where name == "0":
                note(.parameterMembers)
            case .dollar(let name):
                projected.insert(name)
                note(.more)
            default:
                note(.more)
            }
            return
        }
    }
}

extension ExprKind {
    fileprivate var isCall: Bool {
        if case .call = self { true } else { false }
    }
}
