/// `@Binding`, and a plain `let b: Binding<T>` without the wrapper (`BindingDependency`).
///
/// Both hold a binding the parent passes, which `$name` and a step's write go through. Only the wrapper is
/// a dynamic property: reading through it makes the body depend on the binding's source, and updating the
/// view refreshes the value it carries. A plain `Binding` is an ordinary value, read as it is.
struct BindingKind: StorageKind {
    /// Whether the property is written `@Binding`.
    var isWrapper: Bool

    var description: String { isWrapper ? "@Binding" : "Binding (plain)" }
    var isSetByParent: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool {
        isWrapper ? !isPrivate : !(isLet && hasDefault) && !isPrivate
    }
    func read(type: ValueType) -> StorageRead {
        BindingDependency.readIsTracked(isDynamicProperty: isWrapper) ? .carriedBinding : .field
    }
    var isPlainValue: Bool { !isWrapper }
    var isBindingWrapper: Bool { BindingDependency.refreshesCarriedValue(isDynamicProperty: isWrapper) }
    var carriesBinding: Bool { true }
    var projection: StoragePlace? { .carriedBinding }
    var writePlace: StoragePlace { .carriedBinding }
    var isDynamicProperty: Bool { isWrapper }
}
