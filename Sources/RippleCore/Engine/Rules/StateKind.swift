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
    var fillsEmptyCollections: Bool { true }
    func read(type: ValueType) -> StorageRead { .slot(registersKey: true) }
    var projection: StoragePlace? { .slot }
    var writePlace: StoragePlace { .slot }
    func capturesValue(holdsObject: Bool) -> Bool { !holdsObject }
}
