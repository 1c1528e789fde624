/// `@ObservedObject`: an `ObservableObject` the parent passes.
///
/// The view depends on the object's `objectWillChange` by declaring it, whatever its body reads, and every
/// `@Published` write tells it (`PublishedWrite`). A default value runs each time the parent builds the
/// view, so an inline `@ObservedObject` is a new object every time.
struct ObservedObjectKind: StorageKind {
    var description: String { "@ObservedObject" }
    var isSetByParent: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !isPrivate }
    var defaultMakesInlineObject: Bool { true }
    func read(type: ValueType) -> StorageRead { .field }
    var declaredDependency: DeclaredDependency? { .heldObject }
    var holdsObservableObject: Bool { true }
    var projection: StoragePlace? { .heldObject }
    var writePlace: StoragePlace { .heldObject }
    var requiredModelKind: ModelKind? { .observableObject }
}
