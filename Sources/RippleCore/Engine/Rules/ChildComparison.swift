/// Rule 9 of `docs/Semantics.md`: child comparison when a parent body re-runs.
///
/// A parent's re-run rebuilds each child's value; SwiftUI re-runs the child only if an input differs from
/// the last one. Values compare by their contents; a struct whose type declares `==` compares with it; an
/// object compares by identity (a new reference differs, whatever its contents); a closure never equals
/// another; bindings compare as Rule 5 says. A view that declares `==` is compared with it as a whole,
/// instead of input by input, when it is marked `.equatable()`, or when it is not plain data: SwiftUI's
/// default is "Equatable unless POD".
/// Why SwiftUI found an input different.
enum InputDifference: Sendable, Hashable {
    case value
    case closure
    case newReference
    case closureBinding
    case equatableSaysDifferent
    /// Same place, but the value the binding carries changed since the view was built.
    case boundValue

    var explanation: String {
        switch self {
        case .value: "value differs"
        case .closure: "a closure never compares equal"
        case .newReference: "a new object reference"
        case .closureBinding: "a binding built from closures never compares equal"
        case .equatableSaysDifferent: "the view's '==' returned false"
        case .boundValue: "the value the binding carries changed"
        }
    }
}


enum ChildComparison {
    /// How one input differs, or nil when it is equal. `ownEquality` answers a struct type's own `==`
    /// (nil when the type declares none).
    static func difference(_ old: Value?, _ new: Value?, ownEquality: (String, Value, Value) -> Bool?) -> InputDifference? {
        guard let old, let new else { return old == nil && new == nil ? nil : .value }
        func differs(_ a: Value, _ b: Value) -> InputDifference? { difference(a, b, ownEquality: ownEquality) }
        switch (old, new) {
        case (.closure(let a), .closure(let b)): return a == b ? nil : .closure
        case (.object(let x), .object(let y)): return x == y ? nil : .newReference
        case (.binding(let x), .binding(let y)):
            return BindingDependency.difference(x, y, valueDifference: differs)
        case (.record(let type, let x), .record(let otherType, let y)):
            guard type == otherType else { return .value }
            if let equal = ownEquality(type, old, new) { return equal ? nil : .value }
            for (a, b) in zip(x, y) { if let difference = differs(a, b) { return difference } }
            return nil
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return .value }
            for (a, b) in zip(x, y) { if let difference = differs(a, b) { return difference } }
            return nil
        case (.enumCase(let t1, let n1, let p1), .enumCase(let t2, let n2, let p2)):
            guard t1 == t2, n1 == n2, p1.count == p2.count else { return .value }
            for (a, b) in zip(p1, p2) { if let difference = differs(a, b) { return difference } }
            return nil
        default:
            if holdsClosure(old) || holdsClosure(new) { return .closure }
            return old == new ? nil : .value
        }
    }

    /// Whether a view is compared with its own `==` as a whole: it declares one, and it is marked
    /// `.equatable()` (`EquatableView` always asks `==`) or is not plain data (a POD view is compared
    /// field by field, its `==` ignored).
    static func comparesWithOwnEquality(markedEquatable: Bool, declaresEquality: Bool, isPlainData: Bool) -> Bool {
        declaresEquality && (markedEquatable || !isPlainData)
    }

    /// Whether a view's stored properties are all plain data, trivially copyable: numbers, `Bool`s,
    /// dates, ids, enums whose payloads are plain data, optionals and structs of them. A `String`, an
    /// array, a class reference, a closure, a binding or any property wrapper (`@State` holds a
    /// reference to its storage) is not. `fields` gives a declared struct's or enum's field types, nil
    /// for a class or a type Ripple does not know.
    static func isPlainData(_ properties: [(role: ViewPropertyRole, type: ValueType)], fields: (String) -> [ValueType]?) -> Bool {
        var visiting: Set<String> = []
        func plain(_ type: ValueType) -> Bool {
            switch type {
            case .int, .double, .bool, .date, .uuid, .void: return true
            case .optional(let wrapped): return plain(wrapped)
            case .named(let name):
                guard let types = fields(name) else { return false }
                guard visiting.insert(name).inserted else { return false }
                defer { visiting.remove(name) }
                return types.allSatisfy(plain)
            case .string, .url, .array, .function, .binding, .keyPath, .unknown: return false
            }
        }
        return properties.allSatisfy { $0.role.kind.isPlainInput && plain($0.type) }
    }

    /// Whether a value holds a closure anywhere, so that it never compares equal.
    static func holdsClosure(_ value: Value) -> Bool {
        switch value {
        case .closure: true
        case .array(let elements): elements.contains { holdsClosure($0) }
        case .dictionary(_, let values): values.contains { holdsClosure($0) }
        case .record(_, let fields): fields.contains { holdsClosure($0) }
        default: false
        }
    }
}
