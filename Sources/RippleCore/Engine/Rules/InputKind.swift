/// A plain `let`/`var` property: an input the parent sets each time it builds the view.
///
/// Reading it registers nothing: the view sees a new value only when the parent's body runs again and
/// passes one that compares unequal (`ChildComparison`). A `let` with a default is no parameter of the
/// memberwise initializer. A step cannot write it; it can write only into an object it holds.
struct InputKind: StorageKind {
    var description: String { "input" }
    var isSetByParent: Bool { true }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { !(isLet && hasDefault) && !isPrivate }
    func read(type: ValueType) -> StorageRead { .field }
    var isPlainValue: Bool { true }
    var projection: StoragePlace? { nil }
    var writePlace: StoragePlace { .input }
    var isDynamicProperty: Bool { false }
    var isPlainInput: Bool { true }
    func graphText(isLet: Bool) -> String { isLet ? "let" : "var" }
}
