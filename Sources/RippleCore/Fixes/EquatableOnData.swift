/// The fix for a view whose input is a closure: the view becomes `Equatable` on its data, so that a new
/// closure alone does not re-run it.
///
/// A closure never compares equal, so a view that stores one differs from its last value whenever its
/// parent re-runs (Rule 9, child comparison). A view that declares its own `==` and is not plain data is
/// compared with it (`equatable-view`); comparing the data it shows and not the closure keeps it quiet.
///
/// The rewrite is offered only when it is exact: the view declares no `==` yet, every input it
/// compares is of a type whose values `==` compares (not an object, not a binding), and what `==`
/// leaves out cannot change what the view shows or does. A view `==` keeps out of an update keeps the
/// closures it was given first, so every closure given to it may capture only what it reads when it
/// runs (`@State`, a `@Binding`, `@AppStorage`, an object held in `@State`), never a value it copied
/// (a `let` input of the parent, a `ForEach` element, a local): otherwise the fix is declined, with
/// that value named (`ClosureCaptures`).
enum EquatableOnData {
    static func fix(view name: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.kind == .structure, view.conforms(to: "View"),
              !view.conforms(to: "Equatable"), !view.functions.contains(where: { $0.name == "==" }) else { return nil }
        let inputs = view.properties.filter { $0.attributes.isEmpty && $0.getter == nil && !$0.modifiers.contains("static") }
        var data: [String] = []
        var closures = 0
        var closureInputs: Set<String> = []
        for input in inputs {
            guard let type = input.type ?? input.initializer.flatMap(DeclaredTypes.literalType) else { return nil }
            if case .function = type {
                closures += 1
                closureInputs.insert(input.name)
            } else {
                guard types.isEquatable(type) else { return nil }
                data.append(input.name)
            }
        }
        guard closures > 0 else { return nil }
        let equals = Self.equals(for: view, comparing: data)
        var fixed = view
        fixed.conformances.append("Equatable")
        fixed.members.append(.function(equals))
        let summary = "make `\(name)` `Equatable` on " + (data.isEmpty ? "nothing (it shows no data)" : data.map { "`\($0)`" }.joined(separator: ", "))
            + ", leaving out its closure" + (closures > 1 ? "s" : "")
        if let capture = ClosureCaptures.changingCapture(inputs: closureInputs, of: name, in: declarations) {
            return ProvenFix(kind: .closureInput, type: name, summary: summary, before: [.type(view)], after: [.type(view)],
                             declined: "the closure `==` would leave out captures \(capture); kept from re-running, the view would keep the old closure and act on the old value")
        }
        return ProvenFix(kind: .closureInput, type: name, summary: summary, before: [.type(view)], after: [.type(fixed)])
    }

    /// `static func == (lhs: T, rhs: T) -> Bool` comparing `fields`, `true` when there are none. A type
    /// isolated to the main actor (a `View`, or one marked `@MainActor`) gets `nonisolated`: `Equatable`
    /// asks for a `==` that runs anywhere, and Swift 6 rejects a main-actor `==` for it.
    static func equals(for type: TypeDeclarationSyntax, comparing fields: [String]) -> FunctionSyntax {
        let location = type.location
        func side(_ side: String, _ field: String) -> ExprSyntax {
            ExprSyntax(.member(ExprSyntax(.identifier(side), at: location), name: field, optional: false), at: location)
        }
        let comparisons = fields.map { ExprSyntax(.binary("==", side("lhs", $0), side("rhs", $0)), at: location) }
        let result = comparisons.dropFirst().reduce(comparisons.first ?? ExprSyntax(.bool(true), at: location)) {
            ExprSyntax(.binary("&&", $0, $1), at: location)
        }
        let selfType = TypeSyntax.named(type.name, arguments: [])
        var equals = FunctionSyntax(isStatic: true, name: "==",
                                    parameters: [ParameterSyntax(label: nil, name: "lhs", type: selfType, location: location),
                                                 ParameterSyntax(label: nil, name: "rhs", type: selfType, location: location)],
                                    result: .named("Bool", arguments: []),
                                    body: [StatementSyntax(kind: .expression(result), location: location)], location: location)
        if isMainActorIsolated(type) { equals.modifiers = ["nonisolated"] }
        return equals
    }

    /// Whether Swift 6 isolates the type's members to the main actor: SwiftUI's `View`, `App` and
    /// `Scene` are `@MainActor` protocols, and a conformance to one, or the attribute itself, isolates them.
    static func isMainActorIsolated(_ type: TypeDeclarationSyntax) -> Bool {
        type.hasAttribute("MainActor") || type.conformances.contains { ["View", "App", "Scene", "ViewModifier"].contains($0) }
    }
}
