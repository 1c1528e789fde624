// What the app or the preview puts in the environment at the root (`ResolvedVariant.rootEnvironment`),
// evaluated once when a screen starts: the root and every view below it find it as they find what an
// ancestor's `.environmentObject(…)` or `.environment(…)` put there.

extension Engine {
    /// Evaluates the app's stored properties, then each entry into `rootEnvironment`, under the keys the
    /// environment's storage kinds read (`object:Store`, `type:Model`, a key's name). A value Ripple cannot
    /// build is left out, with a note at its place: the views that read it say that nothing provides it.
    mutating func startRootEnvironment(_ environment: RootEnvironmentSyntax) throws(EvaluationError) {
        guard !environment.isEmpty else { return }
        var scope = Scope()
        for property in environment.properties {
            guard let initial = property.initializer else { continue }
            let expected = property.type.map { StandIns(table: table).valueType(of: $0) }.flatMap { $0 == .unknown ? nil : $0 }
            let value = try evaluateOrOpaque(initial, naming: initial.rendered, in: scope, expected: expected)
            label(value, as: property.name)
            scope = scope.with(property.name, value)
        }
        for entry in environment.entries {
            try startRootEntry(entry, in: scope)
        }
    }

    private mutating func startRootEntry(_ entry: RootEnvironmentSyntax.Entry, in scope: Scope) throws(EvaluationError) {
        switch entry.kind {
        case .key(let key):
            guard let declaration = table.environmentKeys[key] else {
                assume("environment key '\\.\(key)' is not declared in the source; '\(Self.shortened(entry.text))' at the root is not simulated", at: entry.location)
                return
            }
            rootEnvironment[key] = try evaluateOrOpaque(entry.value, naming: entry.value.rendered, in: scope, expected: declaration.type)
        case .object, .model:
            let value = try evaluateOrOpaque(entry.value, naming: entry.value.rendered, in: scope, expected: nil)
            let wanted: ModelKind = entry.kind == .object ? .observableObject : .observable
            guard case .object(let object) = value, table.data[objects[object.raw].type]?.modelKind == wanted else {
                let what = entry.kind == .object ? "an 'ObservableObject'" : "an '@Observable' object"
                assume("'\(Self.shortened(entry.text))' at the root puts in '\(Self.shortened(entry.value.rendered))', which Ripple does not build as \(what); views that read it have none", at: entry.location)
                return
            }
            rootEnvironment[(entry.kind == .object ? "object:" : "type:") + objects[object.raw].type] = value
        case .modelContainer:
            assume("'\(Self.shortened(entry.text))' gives the root a SwiftData model context, which Ripple does not model: '@Environment(\\.modelContext)' is opaque below it", at: entry.location)
        }
    }
}
