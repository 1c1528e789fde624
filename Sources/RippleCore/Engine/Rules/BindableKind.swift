/// `@Bindable`: an `@Observable` object the parent passes, from which `$name.property` makes bindings.
///
/// The wrapper registers nothing itself: a body depends on what it reads of the object through
/// Observation (`ObservationTracking`), and `_printChanges` does not name it.
struct BindableKind: StorageKind {
    var description: String { "@Bindable" }
    var isSetByParent: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !isPrivate }
    func read(type: ValueType) -> StorageRead { .field }
    var isPlainValue: Bool { true }
    var projection: StoragePlace? { .heldObject }
    var writePlace: StoragePlace { .heldObject }
    var isDynamicProperty: Bool { false }
    var requiredModelKind: ModelKind? { .observable }
}
