/// A read of an `@Observable` object's property that made a body re-run, as the two hints about where a
/// read belongs need it: the object is a property of the view (`mailbox`), and the read a chain of
/// members from it (`mailbox.unreadCount`), which a child view given the object can make itself.
struct ObservedRead {
    /// The read as the cause names it and the body writes it: `mailbox.unreadCount`.
    var text: String
    /// The view's property that holds the object: `mailbox`.
    var root: String
    /// The members read from it: `["unreadCount"]`.
    var members: [String]
    /// The object's type, as a child view's input declares it: `Mailbox`.
    var rootType: TypeSyntax

    /// The reads that made this evaluation happen, when every cause is a read of an `@Observable`
    /// property the view makes directly from an object it holds; nil when any cause is something else
    /// (an input, an environment key, a read through a computed property).
    static func causes(of instance: InstanceTrace, in view: TypeDeclarationSyntax, types: DeclaredTypes) -> [ObservedRead]? {
        guard !instance.causes.isEmpty else { return nil }
        var reads: [ObservedRead] = []
        for cause in instance.causes {
            guard cause.kind == .observation, case .dependency(_, let via, let text?, _, _) = cause.explanation, via.isEmpty,
                  let read = ObservedRead(text, in: view, types: types) else { return nil }
            if !reads.contains(where: { $0.text == read.text }) { reads.append(read) }
        }
        return reads
    }

    /// The read `text` names, when it is a chain of members from a stored property of the view that holds
    /// an `@Observable` class's instance (a plain `let`, a `@State` or a `@Bindable`).
    init?(_ text: String, in view: TypeDeclarationSyntax, types: DeclaredTypes) {
        var names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if names.first == "self" { names.removeFirst() }
        guard names.count >= 2, names.allSatisfy(\.isPlainName), let root = view.storedProperty(names[0]),
              root.attributes.allSatisfy({ ["State", "Bindable"].contains($0.name) }),
              let type = root.type ?? root.initializer.flatMap(DeclaredTypes.literalType),
              let declaration = types.declaration(of: type), declaration.kind == .classType, declaration.hasAttribute("Observable"),
              !type.isOptional else { return nil }
        self.text = names.joined(separator: ".")
        self.root = names[0]
        self.members = Array(names.dropFirst())
        self.rootType = type
    }

    /// Whether an expression is this read, written with or without `self.`.
    func isWritten(by expression: ExprSyntax) -> Bool {
        let rendered = expression.rendered
        return rendered == text || rendered == "self." + text
    }

    /// The read made from `base`: `base.unreadCount`.
    func made(from base: ExprSyntax) -> ExprSyntax {
        members.reduce(base) { ExprSyntax(.member($0, name: $1, optional: false), at: base.location) }
    }

    /// How many times the view's code writes the read, its helpers included.
    func uses(in view: TypeDeclarationSyntax) -> Int {
        var count = 0
        view.visitExpressions { if isWritten(by: $0) { count += 1 } }
        return count
    }

    /// How many times the expression writes the read.
    func uses(in expression: ExprSyntax) -> Int {
        var count = 0
        expression.visit { if isWritten(by: $0) { count += 1 } }
        return count
    }
}

extension TypeDeclarationSyntax {
    /// The stored property of that name: no getter of its own.
    func storedProperty(_ name: String) -> PropertySyntax? {
        properties.first { $0.name == name && $0.getter == nil && !$0.modifiers.contains("static") }
    }

    /// Whether the declaration is a view struct a fix can rewrite: a `View` and no `ViewModifier`.
    var isPlainView: Bool {
        kind == .structure && conforms(to: "View") && !conforms(to: "ViewModifier")
    }

    /// Every name the declaration binds inside its members (closure parameters, `let`s, `for` and
    /// `if let` names, function parameters), at any depth: a name a fix adds or replaces must not be
    /// one of them.
    var boundNames: Set<String> {
        var walker = BoundNames()
        walker.walk(members: members)
        for member in members {
            switch member {
            case .property: break
            case .initializer(let initializer): walker.names.formUnion(initializer.parameters.map(\.name))
            case .function(let function): walker.names.formUnion(function.parameters.map(\.name))
            }
        }
        return walker.names
    }
}

/// Collects `TypeDeclarationSyntax.boundNames`: what `let`s, `for`s, conditions and closures bind.
private struct BoundNames: SyntaxWalker {
    var names: Set<String> = []

    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        switch statement.kind {
        case .letDeclaration(let name, _), .forIn(let name, _, _): names.insert(name)
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation {
        names.formUnion(condition.boundNames)
        return .visitChildren
    }

    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation {
        names.formUnion(closure.parameters.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 })
        return .visitChildren
    }
}

extension String {
    /// A Swift name with no dots or brackets: `unreadCount`.
    var isPlainName: Bool {
        guard let first, first.isLetter || first == "_" else { return false }
        return allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
