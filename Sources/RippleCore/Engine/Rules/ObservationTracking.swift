/// Rule 1 of `docs/Semantics.md`: what a body's read of a model's stored property registers.
///
/// A read of an `@Observable` class's tracked property registers the key (object, property); an
/// `@ObservationIgnored` one registers nothing. An `ObservableObject`'s properties have no keys of their
/// own: a view is told through `objectWillChange` when it holds the object (Rule 3). A plain class tells
/// nobody, and an `@AppStorage` inside a model is read from user defaults with no subscription (Rule 7).
enum ObservationTracking {
    /// How reading the property reaches a body.
    static func readKind(modelKind: ModelKind, isIgnored: Bool, isPublished: Bool, isAppStorage: Bool) -> StoredReadKind {
        if isAppStorage { return .appStorage }
        switch modelKind {
        case .observable: return isIgnored ? .ignored : .observed
        case .observableObject: return isPublished ? .published : .unpublished
        case .plain: return .plain
        }
    }

    /// Whether a read of that kind registers an Observation key.
    static func registersKey(_ kind: StoredReadKind) -> Bool {
        if case .observed = kind { true } else { false }
    }

    /// Why a read of that kind will not tell the reader of a change, for a stale view's cause; nil when the
    /// read is tracked, or (`.published`, `.appStorage`) when the reason depends on who holds the object
    /// or on the key and is given where that is known.
    static func untrackedReason(_ kind: StoredReadKind, name: String, model: String) -> String? {
        switch kind {
        case .observed, .published, .appStorage: nil
        case .ignored: "'\(name)' is '@ObservationIgnored'"
        case .unpublished: "'\(name)' is not '@Published'"
        case .plain: "'\(model)' is a plain class: nobody is told of its changes"
        }
    }

    /// Why a read of a `@Published` property tells the reader nothing when no wrapper of the view holds
    /// the object (`label` is where the object is stored).
    static func notHeldReason(label: String) -> String {
        "the view does not observe '\(label)' (no '@ObservedObject', '@StateObject' or '@EnvironmentObject' holds it)"
    }
}
