/// The hint and the fix for a read that could move into a child view of its own.
///
/// `Text(library.heading)` in the body that also holds a `ForEach` makes that body depend on the heading
/// (Rule 1): when it changes the body re-runs, needed for the text, and hands every inline row a new
/// closure, so they run again for nothing (Rule 14); a child view with a closure input, or any input that
/// never compares equal, re-runs with it (Rule 9). Moved into a view of its own that is given the object,
/// the read re-runs that view alone (`inline-rows`). The hint is given when the evaluation's causes are
/// reads of `@Observable` properties that one built-in view in the body makes, and its re-run made views
/// inside it re-run for nothing in the same step.
enum MoveReadIntoChild {
    static func hint(for instance: InstanceTrace, in step: StepTrace, types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .needed, let view = types.types[instance.viewType], view.isPlainView,
              let reads = ObservedRead.causes(of: instance, in: view, types: types),
              let leaf = leaf(making: reads, in: view, types: types) else { return nil }
        let inside = instance.path + "/"
        let wasted = step.instances.filter { $0.outcome == .wasted && $0.path.hasPrefix(inside) && $0.causes.contains { $0.kind == .input } }
        guard !wasted.isEmpty else { return nil }
        let names = reads.map { "`\($0.text)`" }.joined(separator: ", ")
        let shown = leaf.view.rendered
        let shownText = shown.count <= 60 ? "`\(shown)`" : "one of its views"
        return AuditHint(kind: .readInChild, view: instance.viewType,
                         text: "`\(instance.viewType)` re-ran for \(names), which only \(shownText) shows, and its re-run ran \(wasted.count) \(wasted.count == 1 ? "view" : "views") inside it for nothing: move that view into a view of its own given \(leaf.inputs.map { "`\($0.name)`" }.joined(separator: ", ")), so that only it re-runs",
                         guidance: "inline-rows", subject: reads.map(\.text).joined(separator: ", "))
    }

    /// One view the body builds (with its modifiers) that makes every one of the reads, the only place
    /// in the view that makes them, and the view's properties it uses, each of which can be given to a
    /// new view as a `let`; nil when there is no such view.
    static func leaf(making reads: [ObservedRead], in view: TypeDeclarationSyntax, types: DeclaredTypes)
        -> (view: ExprSyntax, inputs: [(name: String, type: TypeSyntax)])? {
        guard let body = view.properties.first(where: { $0.name == "body" })?.getter else { return nil }
        var leaves: [ExprSyntax] = []
        collectLeaves(body, into: &leaves)
        let holding = leaves.filter { leaf in reads.allSatisfy { read in read.uses(in: leaf) > 0 } }
        guard holding.count == 1, let leaf = holding.first,
              reads.allSatisfy({ $0.uses(in: leaf) == $0.uses(in: view) }) else { return nil }
        // A view the code declares, given the read, is the other hint's (`ReadOnlyToPassOn`).
        if case .identifier(let callee) = leaf.callRoot?.kind, types.types[callee] != nil { return nil }
        var inputs: [(name: String, type: TypeSyntax)] = []
        var exact = true
        leaf.visit { part in
            switch part.kind {
            case .identifier(let name) where !name.startsUppercase:
                guard !inputs.contains(where: { $0.name == name }) else { return }
                guard let property = view.storedProperty(name), let type = passableType(of: property, types: types) else {
                    exact = false
                    return
                }
                inputs.append((name, type))
            case .dollar, .closure:
                exact = false
            default:
                break
            }
        }
        guard exact, !inputs.isEmpty else { return nil }
        return (leaf, inputs)
    }

    /// The views a builder's statements make that hold no closure, looking inside the closures of
    /// those that do (`VStack { … }`, `List { … }`, `if … { … }`).
    static func collectLeaves(_ statements: [StatementSyntax], into leaves: inout [ExprSyntax]) {
        var walker = LeafViews()
        walker.walk(statements)
        leaves += walker.leaves
    }

    /// The type a new view's `let` takes the property as: a plain input's own type, or the class of an
    /// `@Observable` object the view holds in `@State` or `@Bindable` (a reference, so the new view reads
    /// the same object); nil for any other wrapper, whose value a `let` would copy.
    static func passableType(of property: PropertySyntax, types: DeclaredTypes) -> TypeSyntax? {
        guard let type = property.type ?? property.initializer.flatMap(DeclaredTypes.literalType) else { return nil }
        if property.attributes.isEmpty { return type }
        guard property.attributes.allSatisfy({ ["State", "Bindable"].contains($0.name) }), let declaration = types.declaration(of: type),
              declaration.kind == .classType, declaration.hasAttribute("Observable"), !type.isOptional else { return nil }
        return type
    }

    /// The view moved into a new view named after the view and what it reads (`ShelfHeading`), given
    /// the properties it uses, and built where it was.
    static func fix(view name: String, in declarations: [DeclarationSyntax], reads texts: [String]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.isPlainView else { return nil }
        let reads = texts.compactMap { ObservedRead($0, in: view, types: types) }
        guard reads.count == texts.count, !reads.isEmpty, let (leaf, inputs) = leaf(making: reads, in: view, types: types) else { return nil }
        let last = reads[0].members.last!
        var newName = name + last.prefix(1).uppercased() + last.dropFirst()
        var suffix = 2
        while types.types[newName] != nil || declarations.contains(where: { $0.name == newName }) {
            newName = name + last.prefix(1).uppercased() + last.dropFirst() + String(suffix)
            suffix += 1
        }
        let location = leaf.location
        let body = PropertySyntax(attributes: [], modifiers: [], isLet: false, name: "body", type: .opaque("View"),
                                  getter: [StatementSyntax(kind: .expression(leaf), location: location)], location: location)
        let members = inputs.map { MemberSyntax.property(PropertySyntax(attributes: [], modifiers: [], isLet: true, name: $0.name, type: $0.type, location: location)) }
        let moved = TypeDeclarationSyntax(kind: .structure, attributes: [], name: newName, conformances: ["View"],
                                          members: members + [.property(body)], cases: [], location: view.location)
        let call = ExprSyntax(.call(ExprSyntax(.identifier(newName), at: location),
                                    arguments: inputs.map { ArgumentSyntax(label: $0.name, value: ExprSyntax(.identifier($0.name), at: location), location: location) },
                                    trailing: []), at: location)
        var replaced = 0
        let parent = view.replacingExpressions { part in
            guard part == leaf else { return nil }
            replaced += 1
            return call
        }
        guard replaced == 1 else { return nil }
        let summary = "move `\(leaf.rendered.count <= 60 ? leaf.rendered : "the view that reads " + reads[0].text)` into a view of its own, `\(newName)`, given "
            + inputs.map { "`\($0.name)`" }.joined(separator: ", ")
        return ProvenFix(kind: .readInChild, type: name, summary: summary, before: [.type(view)], after: [.type(parent), .type(moved)])
    }
}

extension ExprSyntax {
    /// The callee a chain of modifier calls starts from: `Text` for `Text(x).font(.headline).bold()`.
    var callRoot: ExprSyntax? {
        switch kind {
        case .call(let callee, _, _):
            if case .member(let base, _, _) = callee.kind { return base.callRoot ?? base }
            return callee
        case .member(let base, _, _): return base.callRoot
        default: return nil
        }
    }
}

/// Collects `MoveReadIntoChild.collectLeaves`: views that hold no closure, found inside the closures of
/// those that do.
private struct LeafViews: ViewStatementWalker {
    var leaves: [ExprSyntax] = []

    mutating func visitView(_ expression: ExprSyntax) {
        let closures = expression.outermostClosures
        if closures.isEmpty { leaves.append(expression) }
        for closure in closures { walk(closure.body) }
    }
}
