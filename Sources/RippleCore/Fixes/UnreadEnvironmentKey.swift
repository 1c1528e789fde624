/// The fix for a view that declares an environment key it never reads: the declaration goes.
///
/// A view re-runs when an environment key it declares changes, whether its body reads it or not (Rule 7,
/// environment; `environment-keys`). A view that does not use the value need not declare it.
///
/// The rewrite is offered only when it is exact: nothing in the view, its actions included, names the
/// property.
enum UnreadEnvironmentKey {
    static func fix(view name: String, key: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.kind == .structure, let property = property(declaring: key, in: view),
              !isNamed(property, in: view) else { return nil }
        var fixed = view
        fixed.members.removeAll { if case .property(let p) = $0 { p.name == property.name } else { false } }
        let summary = "remove `\(name)`'s `@Environment(\(key)) var \(property.name)`, which nothing in it reads"
        return ProvenFix(kind: .environmentKey, type: name, summary: summary, before: [.type(view)], after: [.type(fixed)])
    }

    /// The hint for a wasted evaluation of a view whose declared key changed, told apart by what the
    /// view does with the key: one that names it nowhere is told to drop the declaration; one that
    /// uses it (only in an action, as a body that showed it would have re-run needed) is not called
    /// unused, and is told to give the key a value that stays equal.
    static func hint(_ hint: AuditHint, in types: DeclaredTypes) -> AuditHint {
        guard hint.kind == .environmentKey, let key = hint.subject, let view = types.types[hint.view],
              let property = property(declaring: key, in: view), isNamed(property, in: view) else { return hint }
        var used = hint
        used.text = "`\(hint.view)` uses `\(key)` only in an action, not in what it shows, and `\(key)` changed: its body re-ran only to hand the action the new value; give the key a value that stays equal while nothing changed (put an object in the environment and call its method in the action)"
        return used
    }

    /// The `@Environment(key)` property of `view`.
    private static func property(declaring key: String, in view: TypeDeclarationSyntax) -> PropertySyntax? {
        view.properties.first { property in
            property.attribute("Environment")?.arguments?.first.map { $0.value.rendered == key } ?? false
        }
    }

    /// Whether anything in `view`, its actions included, names `property`.
    private static func isNamed(_ property: PropertySyntax, in view: TypeDeclarationSyntax) -> Bool {
        var used = false
        view.visitExpressions { part in
            switch part.kind {
            case .identifier(property.name), .dollar(property.name): used = true
            case .member(let base, property.name, _) where base.kind == .identifier("self"): used = true
            default: break
            }
        }
        return used
    }
}
