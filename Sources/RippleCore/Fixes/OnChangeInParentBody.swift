/// The hint for a body that re-ran only to hand `.onChange(of:)` a new value.
///
/// `.onChange(of: value)` reads its value in the body that attaches it, so when the value changes that
/// whole body re-runs, needed, though nothing it builds changed; moved into a `ViewModifier` of its own,
/// the `.onChange` and what it watches re-run the modifier's one-line body instead
/// (`onchange-in-modifier`). It reads the view's code, not only the trace: the hint is given when every
/// cause of the evaluation is a value the body uses only inside its `.onChange` calls.
enum OnChangeInParentBody {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .needed, !instance.causes.isEmpty, let view = types.types[instance.viewType], view.kind == .structure,
              !view.conforms(to: "ViewModifier"), let body = view.properties.first(where: { $0.name == "body" })?.getter else { return nil }
        var watched: [String] = []
        for cause in instance.causes {
            switch cause.kind {
            case .environment:
                // The property that declares the key: `@Environment(\.unreadCount) var unreadCount`.
                guard let property = view.properties.first(where: { $0.attribute("Environment")?.arguments?.first?.value.rendered == cause.subject }) else { return nil }
                watched.append(property.name)
            case .observation:
                guard case .dependency(_, let via, let read?, _, _) = cause.explanation, via.isEmpty else { return nil }
                watched.append(read)
            default:
                return nil
            }
        }
        var handlers: [ExprSyntax] = []
        for statement in body {
            statement.visit { expression in
                if case .call(let callee, let arguments, _) = expression.kind, case .member(_, "onChange", _) = callee.kind,
                   arguments.contains(where: { $0.label == "of" }) {
                    handlers.append(expression)
                }
            }
        }
        guard !handlers.isEmpty else { return nil }
        for value in Set(watched) {
            func uses(_ expression: ExprSyntax) -> Bool { expression.rendered == value || expression.rendered == "self." + value }
            // Every use in the view, its helpers included: a value a helper shows is not only watched.
            var everywhere = 0
            view.visitExpressions { if uses($0) { everywhere += 1 } }
            var inHandlers = 0
            var watchedByOne = false
            for case .call(_, let arguments, let trailing) in handlers.map(\.kind) {
                if arguments.contains(where: { $0.label == "of" && uses($0.value) }) { watchedByOne = true }
                for argument in arguments + trailing { argument.value.visit { if uses($0) { inHandlers += 1 } } }
            }
            guard watchedByOne, everywhere == inHandlers else { return nil }
        }
        let names = Set(watched).sorted().map { "`\($0)`" }.joined(separator: ", ")
        return AuditHint(kind: .onChangeInParentBody, view: instance.viewType,
                         text: "`\(instance.viewType)` re-ran only to hand `.onChange(of:)` the new \(names): its whole body ran, though nothing it builds changed; move the `.onChange` and what it watches into a ViewModifier of its own, whose body is all that re-runs",
                         guidance: "onchange-in-modifier")
    }
}
