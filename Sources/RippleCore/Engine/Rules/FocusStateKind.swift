/// `@FocusState`: a value the view owns, as `@State` is, that starts unfocused (`false`) when nothing
/// seeds it.
///
/// A body that reads it depends on its slot, and a write that changes it tells that body (`StateWrite`).
struct FocusStateKind: StorageKind {
    var description: String { "@FocusState" }
    var isOwnedStorage: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !isPrivate }
    var construction: StorageConstruction { .ownedSlot(fallback: .bool(false)) }
    func read(type: ValueType) -> StorageRead { .slot(registersKey: true) }
    var projection: StoragePlace? { .slot }
    var writePlace: StoragePlace { .slot }
    func capturesValue(holdsObject: Bool) -> Bool { !holdsObject }

    func write(differs: Bool) -> StorageWrite? { StateWrite.slotWrite(differs: differs) }
    func causeKind(isOwner: Bool) -> Cause.Kind? { StateWrite.causeKind(isOwner: isOwner) }
}
