/// The hint for a screen that reads an `@Observable` object from the environment only to hand a value
/// of it down to a child view.
///
/// `@Environment(Mailbox.self) var mailbox` read in a screen's body as `Toolbar(unread:
/// mailbox.unreadCount)` makes the screen depend on the property (Rule 1): each new value re-runs the
/// screen's whole body, needed, and every view that hands the value on down to the one that shows it.
/// Read from the environment where it is shown, the value re-runs only that view; an object in the
/// environment reaches every view below without being passed (`read-where-shown`). The hint is given for
/// a needed evaluation when every cause of it is a read through a property the view declares with
/// `@Environment(Type.self)` of an `@Observable` class the code declares, and every use of each read in
/// the view is an argument of a view the code declares. There is no rewrite: the view that shows the
/// value may be several views down, each of which would change.
enum EnvironmentObjectAtTop {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .needed, !instance.causes.isEmpty, let view = types.types[instance.viewType], view.kind == .structure,
              view.conforms(to: "View") else { return nil }
        var reads: [String] = []
        var objects: [String] = []
        for cause in instance.causes {
            guard cause.kind == .observation, case .dependency(_, let via, let read?, _, _) = cause.explanation, via.isEmpty,
                  let object = environmentObject(read, in: view, types: types) else { return nil }
            if !reads.contains(read) { reads.append(read) }
            if !objects.contains(object) { objects.append(object) }
        }
        var children: [String] = []
        for read in reads {
            var uses = 0
            var passed = 0
            view.visitExpressions { part in
                if part.rendered == read { uses += 1 }
                guard case .call(let callee, let arguments, _) = part.kind, case .identifier(let name) = callee.kind,
                      let child = types.types[name], child.conforms(to: "View") else { return }
                for argument in arguments where argument.value.rendered == read {
                    passed += 1
                    if !children.contains(name) { children.append(name) }
                }
            }
            guard uses > 0, uses == passed else { return nil }
        }
        let names = reads.map { "`\($0)`" }.joined(separator: ", ")
        let given = children.map { "`\($0)`" }.joined(separator: ", ")
        return AuditHint(kind: .environmentObjectAtTop, view: instance.viewType,
                         text: "`\(instance.viewType)` reads \(names) from the environment's \(objects.map { "`\($0)`" }.joined(separator: ", ")) only to hand it down to \(given), so its whole body, and every view that passes the value on, re-runs for each new value: read it from the environment (`@Environment(\(objects[0]).self)`) in the view that shows it",
                         guidance: "read-where-shown", subject: reads.joined(separator: ", "))
    }

    /// The `@Observable` class a read reaches through a property the view declares with
    /// `@Environment(Type.self)`: `Mailbox` for `mailbox.unreadCount`; nil for any other read.
    static func environmentObject(_ read: String, in view: TypeDeclarationSyntax, types: DeclaredTypes) -> String? {
        let names = read.split(separator: ".").map(String.init)
        guard names.count >= 2, names.allSatisfy({ !$0.contains("[") && !$0.contains("(") }),
              let property = view.properties.first(where: { $0.name == names[0] }),
              let argument = property.attribute("Environment")?.arguments?.first?.value,
              case .member(let base, "self", false) = argument.kind, case .identifier(let type) = base.kind,
              let declaration = types.types[type], declaration.kind == .classType, declaration.hasAttribute("Observable") else { return nil }
        return type
    }
}
