/// The hint and the fix for a body that reads an `@Observable` property only to pass it to a child view.
///
/// `UnreadBadge(count: mailbox.unreadCount)` reads the count in the body that builds the badge, so that
/// body depends on it (Rule 1) and re-runs, needed, whenever it changes, with everything else it builds.
/// Given the object instead, `UnreadBadge(mailbox: mailbox)`, the badge compares equal by identity
/// (Rule 9) and reads the count in its own body: it is the only view that re-runs
/// (`read-where-shown`). The hint is given when every cause of the evaluation is such a read and every
/// use of it in the view is an argument of a view the code declares.
enum ReadOnlyToPassOn {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .needed, let view = types.types[instance.viewType], view.isPlainView,
              let reads = ObservedRead.causes(of: instance, in: view, types: types) else { return nil }
        var children: [String] = []
        for read in reads {
            guard let passes = passes(of: read, in: view, types: types) else { return nil }
            for pass in passes where !children.contains(pass.child) { children.append(pass.child) }
        }
        let names = reads.map { "`\($0.text)`" }.joined(separator: ", ")
        let given = children.map { "`\($0)`" }.joined(separator: ", ")
        let roots = Set(reads.map(\.root)).sorted().map { "`\($0)`" }.joined(separator: ", ")
        return AuditHint(kind: .readOnlyToPassOn, view: instance.viewType,
                         text: "`\(instance.viewType)` reads \(names) only to pass it to \(given), so its whole body re-runs to hand on each new value: give \(given) \(roots) and let it read \(names) in its own body, so that only \(given) re-runs",
                         guidance: "read-where-shown", subject: reads.count == 1 ? reads[0].text : nil)
    }

    /// The child views and the inputs the read is passed to, when passing it is all the view does with
    /// it; nil when the view also uses it otherwise (shows it, computes with it, passes it to a
    /// built-in view).
    static func passes(of read: ObservedRead, in view: TypeDeclarationSyntax, types: DeclaredTypes) -> [(child: String, input: String)]? {
        var passes: [(child: String, input: String)] = []
        view.visitExpressions { part in
            guard case .call(let callee, let arguments, _) = part.kind, case .identifier(let name) = callee.kind,
                  types.types[name]?.isPlainView == true else { return }
            for argument in arguments where read.isWritten(by: argument.value) {
                if let label = argument.label { passes.append((name, label)) }
            }
        }
        guard !passes.isEmpty, passes.count == read.uses(in: view) else { return nil }
        return passes
    }

    /// The child given the object the read starts from in place of the value, and reading the value
    /// itself. Offered only when it is exact: the read goes to one input of one child view, every place
    /// that builds that child is in this view and passes the same read, the child has no `init` of its
    /// own, and the object's name is free in the child.
    static func fix(view name: String, read text: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.isPlainView, let read = ObservedRead(text, in: view, types: types),
              let passes = passes(of: read, in: view, types: types),
              let first = passes.first, passes.allSatisfy({ $0.child == first.child && $0.input == first.input }),
              first.child != name, let child = types.types[first.child], child.initializers.isEmpty,
              let input = child.storedProperty(first.input), input.attributes.isEmpty, input.initializer == nil,
              child.properties.allSatisfy({ $0.name != read.root }), !child.boundNames.contains(read.root),
              !child.boundNames.contains(input.name) else { return nil }
        // Every construction of the child is one of the passes found.
        var builds = 0
        for declaration in declarations {
            if case .type(let type) = declaration, type.name == first.child { continue }
            _ = declaration.replacingExpressions { part in
                if case .call(let callee, _, _) = part.kind, case .identifier(first.child) = callee.kind { builds += 1 }
                return nil
            }
        }
        guard builds == passes.count else { return nil }

        // The parent passes the object.
        let object = ExprSyntax(.identifier(read.root), at: view.location)
        let parent = view.replacingExpressions { part in
            guard case .call(let callee, let arguments, let trailing) = part.kind, case .identifier(first.child) = callee.kind else { return nil }
            let rewritten = arguments.map { argument in
                argument.label == first.input ? ArgumentSyntax(label: read.root, value: object, location: argument.location) : argument
            }
            return ExprSyntax(.call(callee, arguments: rewritten, trailing: trailing), at: part.location)
        }
        // The child holds it and reads the value where it used the input.
        var fixed = child
        fixed.members = child.members.map { member in
            guard case .property(let property) = member, property.name == input.name, property.getter == nil else { return member }
            return .property(PropertySyntax(attributes: [], modifiers: property.modifiers, isLet: true, name: read.root, type: read.rootType,
                                            location: property.location))
        }
        fixed = fixed.replacingExpressions { part in
            switch part.kind {
            case .identifier(input.name):
                return read.made(from: ExprSyntax(.identifier(read.root), at: part.location))
            case .member(let base, input.name, false) where base.kind == .identifier("self"):
                return read.made(from: ExprSyntax(.member(base, name: read.root, optional: false), at: part.location))
            default:
                return nil
            }
        }
        let summary = "pass `\(first.child)` `\(read.root)` instead of `\(input.name)`, and read `\(read.root).\(read.members.joined(separator: "."))` in its body"
        return ProvenFix(kind: .readOnlyToPassOn, type: first.child, summary: summary,
                         before: [.type(view), .type(child)], after: [.type(parent), .type(fixed)])
    }
}
