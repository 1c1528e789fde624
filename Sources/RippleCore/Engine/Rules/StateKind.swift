/// `@State`: a value the view owns, kept in a slot of the instance's own, seeded once per identity.
///
/// A body that reads it depends on the slot; a write tells that body and the views reading it through a
/// binding, unless the new value equals the old (`StateWrite`). `$name` is a binding to the slot; a
/// presentation's content sees the value the presenter's body captured.
struct StateKind: StorageKind {
    var description: String { "@State" }
    var isOwnedStorage: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !isPrivate }
    var construction: StorageConstruction { .ownedSlot(fallback: nil) }
    var takesInitialValueAsAutoclosure: Bool { false }
    var fillsEmptyCollections: Bool { true }
    func read(type: ValueType) -> StorageRead { .slot(registersKey: true) }
    var projection: StoragePlace? { .slot }
    var writePlace: StoragePlace { .slot }
    func capturesValue(holdsObject: Bool) -> Bool { !holdsObject }

    func write(differs: Bool) -> StorageWrite? { StateWrite.slotWrite(differs: differs) }
    func causeKind(isOwner: Bool) -> Cause.Kind? { StateWrite.causeKind(isOwner: isOwner) }
}

/// Rule 4 of `docs/Semantics.md`: `@State`.
///
/// A write that stores a value equal to the slot's current one is ignored; any other tells the views that
/// depend on the slot: its owner, when its body read the value, and views reading it through a `@Binding`.
/// The slot belongs to the view's identity: a value the parent passes later does not replace it (the view
/// keeps its seed and goes stale).
enum StateWrite {
    /// What a write to a slot does.
    enum Decision: Hashable, Sendable {
        case ignoredEqualValue
        case changed

        var notifies: Bool { self == .changed }

        /// The trace's note for the write.
        var note: String {
            switch self {
            case .ignoredEqualValue: "equal value: @State ignores the write"
            case .changed: "state changed"
            }
        }
    }

    /// Decides a write; `differs` is whether the new whole value differs from the old (`ChildComparison`'s
    /// test, which is how SwiftUI compares a slot's values).
    static func decide(differs: Bool) -> Decision {
        differs ? .changed : .ignoredEqualValue
    }

    /// `decide(differs:)` as a storage kind answers it, for any slot a view owns.
    static func slotWrite(differs: Bool) -> StorageWrite {
        let decision = decide(differs: differs)
        return StorageWrite(notifies: decision.notifies, note: decision.note)
    }

    /// Why a view told of a slot's change re-runs: the owner read its own state; anyone else read it
    /// through a binding.
    static func causeKind(isOwner: Bool) -> Cause.Kind {
        isOwner ? .state : .binding
    }

    /// Whether a view's seeded `@State` is now stale: the parent passes a seed that differs from the one it
    /// passed before (`seedChanged`), and the slot does not hold it (`slotDiffersFromSeed`).
    static func seedIsStale(seedChanged: Bool, slotDiffersFromSeed: Bool) -> Bool {
        seedChanged && slotDiffersFromSeed
    }
}
