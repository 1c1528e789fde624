/// What would have avoided a wasted evaluation or a stale view, from why it happened, named after the
/// guidance it follows (the gallery scenario that shows the rule): the hints `ripple audit` prints.
public struct AuditHint: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A row given a whole model and an index reads one field of one element.
        case passTheField = "pass-the-field"
        /// A computed property read by the body drags every stored property it reads.
        case computedProperty = "computed-property"
        /// An `ObservableObject` re-runs every view holding it for any `@Published` write.
        case observableObject = "observable-object"
        /// A closure input never compares equal, so the view re-runs whenever its parent does.
        case closureInput = "closure-input"
        /// A view given a whole value re-runs when any part of it changes, though it shows few.
        case passTheFieldsItShows = "pass-the-fields-it-shows"
        /// A view declares an environment key it does not show.
        case environmentKey = "environment-key"
        /// A `@State` seeded from an input keeps its first value.
        case seededState = "seeded-state"
        /// Rows written inline in a `ForEach` run their content again whenever the body around them
        /// runs, which hands them a new closure.
        case inlineRows = "inline-rows"
        /// A body re-ran, needed, only to hand `.onChange(of:)` a new value.
        case onChangeInParentBody = "onchange-in-parent-body"
        /// A body re-ran, needed, only to pass an `@Observable` property's new value to a child view,
        /// which could read it itself.
        case readOnlyToPassOn = "read-only-to-pass-on"
        /// A body re-ran, needed, for a read one of its views makes, and made views inside it re-run for
        /// nothing: that view could be a child view of its own.
        case readInChild = "read-in-child"
        /// Rows given a binding to a whole element of a collection (`ForEach($items) { $item in … }`)
        /// re-run whenever any element changes.
        case wholeElementBinding = "whole-element-binding"
        /// A view bound to a whole `@State` struct re-runs when any field of it changes.
        case largeStateStruct = "large-state-struct"
        /// A struct held in an `@Observable` property is observed as one value: a change to any field
        /// re-runs every reader of the property.
        case structObservableProperty = "struct-observable-property"
        /// An `@Observable` property whose struct type is not `Equatable` notifies on an equal value.
        case equatablePropertyType = "equatable-property-type"
        /// A body re-ran, needed, only to hand down a value of an `@Observable` object it reads from the
        /// environment, which the view that shows it could read there itself.
        case environmentObjectAtTop = "environment-object-at-top"
    }

    public var kind: Kind
    /// The view type the hint is about.
    public var view: String
    public var text: String
    /// The gallery scenario that shows the rule: `list-rows`, `observable-vs-observableobject`.
    public var guidance: String
    /// What the hint is about besides the view, for the fix that follows it: the computed property a
    /// computed-property hint names, the key an environment-key hint names, the read (or reads, joined
    /// by ", ") a read-only-to-pass-on or read-in-child hint names; nil for the other kinds.
    public var subject: String? = nil
}

/// The hints for what happened in one step.
public enum AuditHints {
    /// One hint per view type and kind, in the order the step lists the views.
    public static func hints(for step: StepTrace) -> [AuditHint] {
        hints(for: step, types: nil)
    }

    /// `hints(for:)`, and those the code of the variant the step ran in shows for a needed evaluation: a
    /// body that re-ran only for its `.onChange(of:)` (`OnChangeInParentBody`), only to pass a value on
    /// (`ReadOnlyToPassOn`), or for a read one of its views could make on its own (`MoveReadIntoChild`),
    /// and for a wasted one the code's shape explains (`WholeElementBinding`, `LargeStateStruct`,
    /// `EquatablePropertyType`, `StructObservableProperty`).
    package static func hints(for step: StepTrace, declarations: [DeclarationSyntax]) -> [AuditHint] {
        hints(for: step, types: DeclaredTypes(declarations))
    }

    private static func hints(for step: StepTrace, types: DeclaredTypes?) -> [AuditHint] {
        var hints: [AuditHint] = []
        var seen: Set<String> = []
        for instance in step.instances {
            let found: AuditHint?
            switch instance.outcome {
            case .wasted, .stale:
                found = hint(for: instance).map { hint in types.map { UnreadEnvironmentKey.hint(hint, in: $0) } ?? hint }
                    ?? types.flatMap { shapeHint(for: instance, in: $0) }
            case .needed:
                found = types.flatMap { types in
                    OnChangeInParentBody.hint(for: instance, in: types) ?? ReadOnlyToPassOn.hint(for: instance, in: types)
                        ?? MoveReadIntoChild.hint(for: instance, in: step, types: types) ?? EnvironmentObjectAtTop.hint(for: instance, in: types)
                }
            default: found = nil
            }
            guard let hint = found, seen.insert(hint.view + "|" + hint.kind.rawValue).inserted else { continue }
            hints.append(hint)
        }
        return hints
    }

    /// The hint the code's shape gives for a wasted evaluation the cause alone has none for: a row bound
    /// to a whole element, a view bound to a whole `@State` struct, an equal value assigned to a
    /// non-`Equatable` struct property, a field changed inside a struct-typed `@Observable` property.
    private static func shapeHint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        WholeElementBinding.hint(for: instance, in: types) ?? LargeStateStruct.hint(for: instance, in: types)
            ?? EquatablePropertyType.hint(for: instance, in: types) ?? StructObservableProperty.hint(for: instance, in: types)
    }

    /// What would have avoided this wasted evaluation or stale view; nil when Ripple has no hint.
    public static func hint(for instance: InstanceTrace) -> AuditHint? {
        let view = instance.viewType
        for cause in instance.causes {
            switch (instance.outcome, cause.kind) {
            case (.stale, .seededState):
                return AuditHint(kind: .seededState, view: view,
                                 text: "`\(view)` keeps `\(cause.subject)` as its first value: its `@State` was seeded from a parent's input; show the input itself, or give the view a new identity when it changes",
                                 guidance: "state-from-parent-input")
            case (.wasted, .objectWillChange):
                return AuditHint(kind: .observableObject, view: view,
                                 text: "`\(view)` re-ran because \(cause.source ?? cause.subject) sent objectWillChange for a property it does not show: as an `@Observable` model it would re-run only the views that read that property",
                                 guidance: "observable-vs-observableobject")
            case (.wasted, .observation):
                guard case .dependency(let key, let via, let read, _, _) = cause.explanation else { continue }
                if !via.isEmpty {
                    return AuditHint(kind: .computedProperty, view: view,
                                     text: "`\(view)` reads \(read.map { "`\($0)`" } ?? "a value") through the computed `\(via.joined(separator: "` → `"))`, which reads `\(key)`: any change to it re-runs the view; store the computed value and update it on write, or read only what it needs",
                                     guidance: "computed-vs-cached", subject: via.first)
                }
                if let read, let (root, _) = modelPlusIndex(read) {
                    return AuditHint(kind: .passTheField, view: view,
                                     text: "`\(view)` receives `\(root)` and an index but reads only `\(read)`: pass it that value instead",
                                     guidance: "list-rows")
                }
            case (.wasted, .input):
                // A `ForEach` row is built by the closure its parent's body hands over, new each time.
                if view == "ForEach", cause.subject == "content" {
                    let parent = Self.parentType(of: instance.path)
                    return AuditHint(kind: .inlineRows, view: view,
                                     text: "`ForEach`'s rows in `\(parent)` run their content again whenever `\(parent)`'s body runs, which hands them a new closure, though nothing they show changed: move what else makes `\(parent)` re-run into a view of its own, or make each row a view given only what it shows",
                                     guidance: "inline-rows")
                }
                if cause.detail.contains(InputDifference.closure.explanation) {
                    return AuditHint(kind: .closureInput, view: view,
                                     text: "`\(view)`'s input `\(cause.subject)` is a closure, which never compares equal: make `\(view)` `Equatable` on its data, or pass a method reference",
                                     guidance: "equatable-view")
                }
                return AuditHint(kind: .passTheFieldsItShows, view: view,
                                 text: "`\(view)` receives `\(cause.subject)`, which changed, but nothing it shows did: pass it only the fields it shows",
                                 guidance: "whole-struct-vs-fields")
            case (.wasted, .environment):
                return AuditHint(kind: .environmentKey, view: view,
                                 text: "`\(view)` declares `\(cause.subject)`, which changed, but does not show it: declare the key only in the views that read it",
                                 guidance: "environment-keys", subject: cause.subject)
            default:
                continue
            }
        }
        return nil
    }

    /// The view type of the instance a path's last component sits in: `Shelf` for `Root/Shelf/ForEach[1]`.
    static func parentType(of path: String) -> String {
        let components = path.split(separator: "/")
        guard components.count >= 2 else { return "its parent" }
        let parent = components[components.count - 2]
        return String(parent.prefix { $0 != "[" && $0 != "#" })
    }

    /// `state.users[index].name` → (`state`, `index`): a read through a collection by an index that is
    /// a name, the "model plus index" pattern; nil for any other read.
    static func modelPlusIndex(_ read: String) -> (root: String, index: String)? {
        guard let open = read.firstIndex(of: "["), let close = read[open...].firstIndex(of: "]") else { return nil }
        let index = read[read.index(after: open)..<close]
        guard let first = index.first, first.isLetter || first == "_", index.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let root = read[..<open].split(separator: ".").first.map(String.init) ?? String(read[..<open])
        return (root, String(index))
    }
}
