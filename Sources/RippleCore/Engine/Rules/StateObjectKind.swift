/// `@StateObject`: an `ObservableObject` the view owns, made once per identity.
///
/// Reading the property registers nothing; the view depends on the object's `objectWillChange` by
/// declaring it (`PublishedWrite`). A write reaches the object, never the slot.
struct StateObjectKind: StorageKind {
    var description: String { "@StateObject" }
    var isOwnedStorage: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !isPrivate }
    var construction: StorageConstruction { .ownedSlot(fallback: nil) }
    func read(type: ValueType) -> StorageRead { .slot(registersKey: false) }
    var declaredDependency: DeclaredDependency? { .heldObject }
    var holdsObservableObject: Bool { true }
    var projection: StoragePlace? { .heldObject }
    var writePlace: StoragePlace { .slotObject }
    var requiredModelKind: ModelKind? { .observableObject }
}
