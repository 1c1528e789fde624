/// The fix for a view whose input is a closure: the view becomes `Equatable` on its data, so that a new
/// closure alone does not re-run it.
///
/// A closure never compares equal, so a view that stores one differs from its last value whenever its
/// parent re-runs (Rule 9, child comparison). A view that declares its own `==` and is not plain data is
/// compared with it (`equatable-view`); comparing the data it shows and not the closure keeps it quiet.
///
/// The rewrite is offered only when it is exact: the view declares no `==` yet, and every input it
/// compares is of a type whose values `==` compares (not an object, not a binding).
enum EquatableOnData {
    static func fix(view name: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.kind == .structure, view.conforms(to: "View"),
              !view.conforms(to: "Equatable"), !view.functions.contains(where: { $0.name == "==" }) else { return nil }
        let inputs = view.properties.filter { $0.attributes.isEmpty && $0.getter == nil && !$0.modifiers.contains("static") }
        var data: [String] = []
        var closures = 0
        for input in inputs {
            guard let type = input.type ?? input.initializer.flatMap(DeclaredTypes.literalType) else { return nil }
            if case .function = type {
                closures += 1
            } else {
                guard types.isEquatable(type) else { return nil }
                data.append(input.name)
            }
        }
        guard closures > 0 else { return nil }
        let location = view.location
        func side(_ side: String, _ field: String) -> ExprSyntax {
            ExprSyntax(.member(ExprSyntax(.identifier(side), at: location), name: field, optional: false), at: location)
        }
        let comparisons = data.map { ExprSyntax(.binary("==", side("lhs", $0), side("rhs", $0)), at: location) }
        let result = comparisons.dropFirst().reduce(comparisons.first ?? ExprSyntax(.bool(true), at: location)) {
            ExprSyntax(.binary("&&", $0, $1), at: location)
        }
        let selfType = TypeSyntax.named(name, arguments: [])
        let equals = FunctionSyntax(isStatic: true, name: "==",
                                    parameters: [ParameterSyntax(label: nil, name: "lhs", type: selfType, location: location),
                                                 ParameterSyntax(label: nil, name: "rhs", type: selfType, location: location)],
                                    result: .named("Bool", arguments: []),
                                    body: [StatementSyntax(kind: .expression(result), location: location)], location: location)
        var fixed = view
        fixed.conformances.append("Equatable")
        fixed.members.append(.function(equals))
        let summary = "make `\(name)` `Equatable` on " + (data.isEmpty ? "nothing (it shows no data)" : data.map { "`\($0)`" }.joined(separator: ", "))
            + ", leaving out its closure" + (closures > 1 ? "s" : "")
        return ProvenFix(kind: .closureInput, type: name, summary: summary, before: [.type(view)], after: [.type(fixed)])
    }
}
