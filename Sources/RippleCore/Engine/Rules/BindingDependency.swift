/// Rule 5 of `docs/Semantics.md`: `@Binding` versus a plain `let b: Binding<T>`.
///
/// `@Binding` is a dynamic property: a body that reads it depends on the binding's source, and updating the
/// view refreshes the value it carries. A plain `Binding` property is an ordinary value: reading through
/// it registers nothing, and it keeps the value it carried when the parent built the view. As an input,
/// a binding compares by its place and the value it carries; one built from closures never compares equal.
enum BindingDependency {
    /// Whether reading through the binding makes the body depend on its source: only for `@Binding`.
    static func readIsTracked(isDynamicProperty: Bool) -> Bool {
        isDynamicProperty
    }

    /// Whether evaluating the view refreshes the value the binding carries: only for `@Binding`.
    static func refreshesCarriedValue(isDynamicProperty: Bool) -> Bool {
        isDynamicProperty
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
