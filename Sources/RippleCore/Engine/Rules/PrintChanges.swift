/// Rule 13 of `docs/Semantics.md`: the line SwiftUI's `Self._printChanges()` prints for an evaluation.
///
/// SwiftUI lists every reason in one line, in a fixed order: `@dependencies` (something the body read
/// through Observation or the environment), `@self` (the view's value differs from the last one), then
/// `@identity` (a new identity), then the dynamic properties whose storage changed, by field name
/// (`_count`), in declaration order. A first appearance lists every dynamic property.
enum PrintChanges {
    /// One reason in the line.
    enum Reason: Hashable, Sendable {
        case dependencies
        case selfValue
        case identity
        /// A dynamic property, as `_name`.
        case field(String)

        var text: String {
            switch self {
            case .dependencies: "@dependencies"
            case .selfValue: "@self"
            case .identity: "@identity"
            case .field(let name): name
            }
        }
    }

    /// The field name `_printChanges` gives a property: its wrapper's storage, `_name`.
    static func fieldName(_ property: String) -> String { "_" + property }

    /// Whether a property is a dynamic property, which `_printChanges` names: `@Bindable` and plain
    /// values are not (a `Binding` without its wrapper is an ordinary value).
    static func isDynamic(_ role: ViewPropertyRole) -> Bool { role.kind.isDynamicProperty }

    /// Whether a cause of this kind is printed as `@dependencies` and nothing else.
    static func isDependency(_ kind: Cause.Kind) -> Bool {
        switch kind {
        case .observation, .environment, .binding, .appStorage: true
        case .objectWillChange, .state, .input, .objectRecreated, .newIdentity, .untracked, .seededState: false
        }
    }

    /// The reasons one cause gives. `dynamicFields` are the view's dynamic properties as fields, in
    /// declaration order; `holders` are the fields that hold the `ObservableObject` a cause names.
    static func reasons(kind: Cause.Kind, subject: String, dynamicFields: [String], holders: [String]) -> [Reason] {
        switch kind {
        case .observation, .environment, .binding, .appStorage:
            return [.dependencies]
        case .objectWillChange:
            return holders.isEmpty ? [.dependencies] : holders.map(Reason.field)
        case .state:
            return [.field(subject)]
        case .input:
            return [.selfValue]
        case .objectRecreated:
            return [.selfValue, .field(fieldName(subject))]
        case .newIdentity:
            return [.selfValue, .identity] + dynamicFields.map(Reason.field)
        case .untracked, .seededState:
            return []
        }
    }

    /// The line for a view whose evaluation had `reasons`: each once, in SwiftUI's order (fields in the
    /// order of `dynamicFields`, others after them); a view with none was not updated.
    static func line(viewType: String, reasons: [Reason], dynamicFields: [String]) -> String {
        var unique: [Reason] = []
        for reason in reasons where !unique.contains(reason) { unique.append(reason) }
        guard !unique.isEmpty else { return viewType + ": (no update)" }
        // The rank of a reason: the three markers first, then fields in declaration order.
        func rank(_ reason: Reason) -> Int {
            switch reason {
            case .dependencies: 0
            case .selfValue: 1
            case .identity: 2
            case .field(let name): 3 + (dynamicFields.firstIndex(of: name) ?? dynamicFields.count)
            }
        }
        // A stable sort: fields Ripple does not know keep the order they came in.
        let ordered = unique.indices.sorted { (rank(unique[$0]), $0) < (rank(unique[$1]), $1) }.map { unique[$0].text }
        return viewType + ": " + ordered.joined(separator: ", ") + " changed."
    }
}
