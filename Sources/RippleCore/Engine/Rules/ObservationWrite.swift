/// Rule 2 of `docs/Semantics.md`: when a write to a stored property of an `@Observable` class notifies.
///
/// The macro's setter compares before it notifies, from Swift 6.2 on: an assignment of a value equal to
/// the current one (for an `Equatable` type), or of the same instance (for a class type), tells nobody.
/// In-place mutation goes through `_modify`, which always notifies, and under Swift 5.9 every write does.
enum ObservationWrite {
    /// What the setter does, and why.
    enum Decision: Hashable, Sendable {
        /// `@ObservationIgnored`: the property has no Observation key.
        case ignored
        /// Swift 6.2: an `Equatable` value equal to the current one.
        case equalValue
        /// Swift 6.2: an instance of an `Equatable` class `==` to the current one, compared with the
        /// class's `==`, not identity. Readers keep tracking the instance it replaced (`ReplacedInstance`).
        case equalInstance
        /// Swift 6.2: the same class instance (`===`).
        case sameInstance
        /// `_modify` notifies whatever the new value is.
        case inPlace
        /// Swift 5.9's setter does not compare.
        case everyAssignment
        /// The type is neither `Equatable` nor a class: the setter cannot compare.
        case notComparable
        /// The value changed.
        case changed

        /// Whether the views that read the property are told.
        var notifies: Bool {
            switch self {
            case .ignored, .equalValue, .equalInstance, .sameInstance: false
            case .inPlace, .everyAssignment, .notComparable, .changed: true
            }
        }

        /// The trace's note for the write; `name` and `type` are the property's.
        func note(name: String, type: ValueType) -> String {
            switch self {
            case .ignored: "'\(name)' is '@ObservationIgnored': no notification"
            case .equalValue: "equal value of an Equatable type: the setter does not notify (swift6.2)"
            case .equalInstance: "an instance == to the current one, of an Equatable class: the setter does not notify (swift6.2)"
            case .sameInstance: "same instance (===): the setter does not notify (swift6.2)"
            case .inPlace: "in-place mutation through _modify always notifies"
            case .everyAssignment: "every assignment notifies (swift5.9)"
            case .notComparable: "'\(type)' is not Equatable: the setter always notifies"
            case .changed: "value changed: Observation notifies"
            }
        }
    }

    /// The property being written, as the setter sees it.
    struct Property: Sendable {
        var isIgnored: Bool
        /// `Equatable`, so the Swift 6.2 setter compares with `==`.
        var isEquatable: Bool
        /// A class type itself, so the Swift 6.2 setter compares with `===`. An Optional of a class is
        /// neither a class nor `Equatable`: the macro's generic overload notifies.
        var isClass: Bool
        /// A class or an Optional of one: a changed reference is a changed value, not an uncomparable one.
        var holdsClass: Bool
    }

    /// Decides a write. `equal` answers `old == new` with the type's own `==` and is called only when the
    /// setter would compare; `sameInstance` answers `old === new`.
    static func decide<Failure: Error>(
        _ property: Property, inPlace: Bool, semantics: Semantics,
        equal: () throws(Failure) -> Bool, sameInstance: () -> Bool
    ) throws(Failure) -> Decision {
        if property.isIgnored { return .ignored }
        if semantics == .swift62 && !inPlace {
            if property.isEquatable, try equal() { return property.isClass ? .equalInstance : .equalValue }
            if property.isClass, sameInstance() { return .sameInstance }
        }
        if inPlace { return .inPlace }
        if semantics == .swift59 { return .everyAssignment }
        if !property.isEquatable && !property.holdsClass { return .notComparable }
        return .changed
    }
}
