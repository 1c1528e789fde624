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
        guard let view = types.types[name], view.kind == .structure else { return nil }
        guard let property = view.properties.first(where: { property in
            property.attribute("Environment")?.arguments?.first.map { $0.value.rendered == key } ?? false
        }) else { return nil }
        var used = false
        view.visitExpressions { part in
            switch part.kind {
            case .identifier(property.name), .dollar(property.name): used = true
            case .member(let base, property.name, _) where base.kind == .identifier("self"): used = true
            default: break
            }
        }
        guard !used else { return nil }
        var fixed = view
        fixed.members.removeAll { if case .property(let p) = $0 { p.name == property.name } else { false } }
        let summary = "remove `\(name)`'s `@Environment(\(key)) var \(property.name)`, which nothing in it reads"
        return ProvenFix(kind: .environmentKey, type: name, summary: summary, before: [.type(view)], after: [.type(fixed)])
    }
}
