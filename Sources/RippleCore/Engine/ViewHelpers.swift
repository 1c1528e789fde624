// Rule 12 of docs/Semantics.md: a view's computed properties and methods (`var header: some View`,
// `func row(_ item: Item) -> some View`, `var subtitle: String`) are code its body runs, not views of their
// own. A helper has no identity, no inputs to compare and no evaluation of its own: what it reads is the
// calling body's read, and the views it builds are that body's children. Extracting a subview is what gives
// code an invalidation boundary; extracting a helper does not.

extension Engine {
    /// The helper named `name` of the view whose body is running in `scope`.
    func viewHelper(_ name: String, in scope: Scope) -> (id: Int, helper: ViewHelper)? {
        guard case .view(let id) = scope.this, let helper = instances[id].info?.declaration.helper(named: name) else { return nil }
        return (id, helper)
    }

    /// The scope a helper's statements run in: the view's, without the caller's locals, its parameters
    /// bound to the arguments (evaluated where they are written), reads recorded as the caller's are.
    private mutating func helperScope(_ helper: ViewHelper, of id: Int, arguments: [ArgumentSyntax], caller: Scope,
                                      at location: SourceLocation) throws(EvaluationError) -> Scope {
        var scope = Scope()
        scope.this = .view(id)
        scope.recordsReads = caller.recordsReads
        scope.contentParameter = caller.contentParameter
        try bind(helper.parameters ?? [], of: helper.name, to: arguments, into: &scope, at: location) { (engine, expression) throws(EvaluationError) in
            try engine.evaluate(expression, in: caller, expected: nil)
        }
        return scope
    }

    /// Runs a helper that computes a value and returns it; a helper that builds views, read as a value
    /// (`AnyView(header)`), is an opaque view.
    mutating func runViewHelper(_ helper: ViewHelper, of id: Int, arguments: [ArgumentSyntax], in caller: Scope,
                                at location: SourceLocation) throws(EvaluationError) -> Value {
        if helper.buildsViews { return .opaque(type: "View", text: helper.name) }
        let outer = try enterCall(.computedProperty(helper.name), at: location)
        defer { leaveCall(restoring: outer) }
        let scope = try helperScope(helper, of: id, arguments: arguments, caller: caller, at: location)
        return try runStatements(helper.statements, in: scope, expected: helper.type) ?? Value.none
    }

    /// Builds the views a helper builds, as children of the body that uses it.
    mutating func buildViewHelper(_ helper: ViewHelper, of id: Int, arguments: [ArgumentSyntax], in caller: Scope, context: BuildContext,
                                  into output: inout [ChildDescription], at location: SourceLocation) throws(EvaluationError) {
        let saved = try enterCall(.viewBuilder(helper.name), at: location)
        let savedAnchor = erasureAnchor
        erasureAnchor = helper.type == .named("AnyView") ? location : nil
        defer {
            leaveCall(restoring: saved)
            erasureAnchor = savedAnchor
        }
        let scope = try helperScope(helper, of: id, arguments: arguments, caller: caller, at: location)
        _ = try buildStatements(helper.statements, in: scope, context: context, into: &output)
    }
}
