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
    /// Reading through `@Binding` makes the body depend on the binding's source; reading a plain
    /// `Binding` reads the value it carries, and registers nothing.
    func read(type: ValueType) -> StorageRead { isWrapper ? .carriedBinding : .field }
    var isPlainValue: Bool { !isWrapper }
    /// Evaluating the view refreshes the value `@Binding` carries; a plain `Binding` keeps what it was built with.
    var isBindingWrapper: Bool { isWrapper }
    var carriesBinding: Bool { true }
    var projection: StoragePlace? { .carriedBinding }
    var writePlace: StoragePlace { .carriedBinding }
    var isDynamicProperty: Bool { isWrapper }
}

/// Rule 5 of `docs/Semantics.md`: `@Binding` versus a plain `let b: Binding<T>`.
///
/// `@Binding` is a dynamic property: a body that reads it depends on the binding's source, and updating the
/// view refreshes the value it carries. A plain `Binding` property is an ordinary value: reading through
/// it registers nothing, and it keeps the value it carried when the parent built the view. As an input,
/// a binding compares by its place and the value it carries; one built from closures never compares equal.
enum BindingDependency {
    /// Whether making a binding to a property (`$model.isShown`) reads that property in the body that
    /// makes it. `Binding` keeps the value it was made with, so making one calls the getter, and where the
    /// getter registers an Observation key (a tracked property of an `@Observable` class) the body
    /// depends on it. A binding projected from another binding (`$item.title` where `item` is
    /// `@Binding`) is made from the value the outer binding carries and calls no getter. A getter that
    /// registers nothing (`@ObservationIgnored`, an `ObservableObject`'s `@Published`) makes no read: the
    /// body only passes the binding on, and shows nothing through it.
    static func makingReadsSource(getterRegistersKey: Bool, throughBinding: Bool) -> Bool {
        getterRegistersKey && !throughBinding
    }

    /// Whether a built-in view given this binding (`TextField(text: $name)`, `Toggle(isOn: $on)`) shows the
    /// value it carries, so that the body handing it over shows that value too: a body that re-runs to
    /// give a control a binding with a new value has done needed work. A binding made of closures
    /// carries no value of its own until the control calls it.
    static func controlShowsValue(of target: BindingTarget) -> Bool {
        if case .closures = target { return false }
        return true
    }

    /// Why a plain `Binding` read tells the reader nothing.
    static let untrackedReason = "read through a plain 'Binding' property, which SwiftUI does not track"

    /// How two bindings given as an input differ, or nil when they are equal; `valueDifference` compares
    /// the values two `.constant` bindings carry.
    static func difference(_ old: BindingTarget, _ new: BindingTarget,
                           valueDifference: (Value, Value) -> InputDifference?) -> InputDifference? {
        if case .closures = old { return .closureBinding }
        if case .closures = new { return .closureBinding }
        if case .constant(let a) = old, case .constant(let b) = new { return valueDifference(a, b) }
        return old == new ? nil : .value
    }
}
