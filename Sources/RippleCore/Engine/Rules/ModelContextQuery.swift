/// Rule 22 of `docs/Semantics.md`: a SwiftData model context's change reaches the views that query it.
///
/// A view's `@Query var books: [Book]` is kept as the view's own storage of what the context fetches
/// (`Unmodelled`). `modelContext.insert(book)` in an action adds the model to every `@Query` of its type on
/// screen, and `modelContext.delete(book)` removes it, each a write to that storage, so each view holding
/// such a query runs again, as SwiftUI re-runs a `@Query` view when the context's models of its type
/// change. `save()` changes nothing a query shows that the insert or delete did not already change.
enum ModelContextQuery {
    /// What a context call does to the models a query holds.
    enum Change: String, Sendable {
        case insert, delete
    }

    /// The change a call on the model context makes (`insert`, `delete`); nil for any other method.
    static func change(method: String) -> Change? {
        Change(rawValue: method)
    }

    /// The models a query of `elements` holds after `change` of `model`, nil when it holds the same:
    /// an insert adds a model it lacks at the end, a delete removes it. `same` tells whether two values
    /// are the same model (an object's identity).
    static func applied(_ change: Change, of model: Value, to elements: [Value], same: (Value, Value) -> Bool) -> [Value]? {
        switch change {
        case .insert:
            guard !elements.contains(where: { same($0, model) }) else { return nil }
            return elements + [model]
        case .delete:
            let kept = elements.filter { !same($0, model) }
            return kept.count == elements.count ? nil : kept
        }
    }

    /// The decision on what Ripple does not know that a query with a filter or a sort takes: whether it
    /// fetches the model, and where.
    static func unknownFilter(property: String, view: String) -> String {
        "'\(property)' of '\(view)' taken to hold the model, its '@Query' filter and sort not simulated,"
    }

    /// The decision an insert into a query without a sort that already holds models takes: SwiftData does
    /// not say in what order such a query returns them, and Ripple puts the new one last.
    static func unknownOrder(property: String, view: String) -> String {
        "the new model put last in '\(property)' of '\(view)', whose '@Query' has no sort,"
    }
}

extension Engine {
    /// `modelContext.insert(book)` or `modelContext.delete(book)` in an action, where `modelContext` is the
    /// view's `@Environment(\.modelContext)`: a write to every `@Query` of the model's type on screen (Rule
    /// 22), traced as such; `save()` writes nothing; nil for any other call, which runs as it did.
    @inline(never)
    mutating func modelContextChange(_ expression: ExprSyntax, in scope: Scope, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace]? {
        guard case .call(let callee, let arguments, _) = expression.kind, case .member(let base, let method, _) = callee.kind,
              isModelContext(base, in: scope) else { return nil }
        // `try? modelContext.save()`: what it makes lasting, the insert or the delete already showed.
        if method == "save", arguments.isEmpty { return [] }
        guard arguments.count == 1, arguments[0].label == nil, let change = ModelContextQuery.change(method: method) else { return nil }
        let model = try evaluate(arguments[0].value, in: scope, expected: nil)
        guard case .object(let object) = model else { return nil }
        let type = objects[object.raw].type
        var traces: [WriteTrace] = []
        for id in instances.indices where alive(id) {
            guard let declaration = instances[id].info?.declaration, !declaration.queries.isEmpty else { continue }
            for query in declaration.queries {
                guard declaration.properties.first(where: { $0.name == query.property })?.type == .array(.named(type)),
                      let slot = instances[id].slots[query.property], case .array(let elements) = slots[slot.raw].value,
                      let new = ModelContextQuery.applied(change, of: model, to: elements, same: { $0.isSameObject(as: $1) }) else { continue }
                if query.filtersOrSorts {
                    decidedOnUnknown(ModelContextQuery.unknownFilter(property: query.property, view: declaration.name), at: expression.location)
                } else if change == .insert, !elements.isEmpty {
                    decidedOnUnknown(ModelContextQuery.unknownOrder(property: query.property, view: declaration.name), at: expression.location)
                }
                let text = StatementText(full: expression.rendered, target: instances[id].path + "." + query.property)
                traces.append(try write(LValue(root: .slot(slot), path: []), leaf: .array(new), old: .array(elements), inPlace: true,
                                        text: text, pass: &pass, written: &written, at: expression.location))
            }
        }
        return traces
    }

    /// Whether `base` names the acting view's `@Environment(\.modelContext)` (`modelContext`, `self.context`).
    private func isModelContext(_ base: ExprSyntax, in scope: Scope) -> Bool {
        let name: String
        switch base.kind {
        case .identifier(let identifier): name = identifier
        case .member(let owner, let member, _) where owner.kind == .identifier("self"): name = member
        default: return false
        }
        guard scope.locals[name] == nil, case .view(let id)? = methodContext?.this,
              let property = instances[id].info?.declaration.properties.first(where: { $0.name == name }) else { return false }
        return property.role == .environment(key: "modelContext")
    }
}
