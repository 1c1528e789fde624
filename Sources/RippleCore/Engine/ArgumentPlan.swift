// Arguments of built-in views and styling modifiers, analysed once per place in the source.
//
// `Text(item.title)` or `.strikethrough(item.done)` is read the same way on every evaluation: is it a view
// built in place, a projection, or a handful of access paths? Answering that walked the argument three
// times and collected its paths into a fresh array on every evaluation of every row; the plan keeps the
// answer, and reading the argument only evaluates what it names.

/// What reading an argument does, from its syntax alone.
enum ArgumentPlan {
    /// A view built in place: `Section(header: Text("x"))`.
    case view
    /// A projection (`$model.name`), evaluated for what it reads.
    case projection
    /// The access paths in the argument, in order, each with its root name when that is capitalized:
    /// such a path is a styling constant (`Color.red`, `Font.title`) unless a local of that name shadows it.
    case paths([(path: ExprSyntax, capitalizedRoot: String?)])
}

extension Engine {
    /// The plan for an argument, made the first time it is read.
    mutating func argumentPlan(_ expression: ExprSyntax) -> ArgumentPlan {
        plan(for: expression, in: \.argumentPlans) { engine, expression in engine.makeArgumentPlan(expression) }
    }

    private func makeArgumentPlan(_ expression: ExprSyntax) -> ArgumentPlan {
        if case .call(let callee, _, _) = rootCall(expression).kind, case .identifier(let name) = callee.kind,
           table.views[name] != nil || isBuiltinView(name) {
            return .view
        }
        if case .dollar = rootOfChain(expression).kind { return .projection }
        var paths: [ExprSyntax] = []
        collectPaths(in: expression, into: &paths)
        return .paths(paths.map { path in
            if case .identifier(let root) = rootOfChain(path).kind, root.startsUppercase { (path, root) } else { (path, nil) }
        })
    }
}
