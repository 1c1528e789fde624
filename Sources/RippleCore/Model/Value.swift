/// Identifies one model object (an instance of a class) in a simulation.
public struct ObjectID: Hashable, Sendable, Comparable, Codable {
    public var raw: Int
    public static func < (a: ObjectID, b: ObjectID) -> Bool { a.raw < b.raw }
}

/// Identifies one `@State`, `@StateObject` or `@FocusState` storage slot, owned by a view instance.
public struct SlotID: Hashable, Sendable, Comparable, Codable {
    public var raw: Int
    public static func < (a: SlotID, b: SlotID) -> Bool { a.raw < b.raw }
}

/// One step below a stored value: a field of a struct or an element of an array.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
    case field(String)
    case index(Int)
    /// A dictionary's entry; with a `default:` (`counts[k, default: 0] += 1`), the value a missing
    /// entry reads as and starts from.
    indirect case key(Value, default: Value?)

    public var description: String {
        switch self {
        case .field(let name): ".\(name)"
        case .index(let index): "[\(index)]"
        case .key(let key, let fallback): fallback.map { "[\(key), default: \($0)]" } ?? "[\(key)]"
        }
    }
}

/// Where a binding reads and writes.
public enum BindingTarget: Hashable, Sendable {
    /// `$draft`: a state slot, possibly down to a field or element.
    case state(SlotID, [PathComponent])
    /// `$model.name`, `$task` from `ForEach($model.tasks)`: an object's property.
    case property(ObjectID, String, [PathComponent])
    /// `Binding(get:set:)`: built from closures, so never equal to another binding: the getter's
    /// closure and the setter's, nil when the setter is no closure literal Ripple holds.
    case closures(id: Int, set: Int?)
    /// `.constant(value)`.
    indirect case constant(Value)
    /// `$name` of an `@AppStorage` property: a user-defaults key.
    case appStorage(String)
}

/// A runtime value in the simulation. Scalars, strings, arrays and structs stay inline; the cases with
/// the widest payloads (enum cases with a payload, bindings, opaque values) are boxed, which keeps every
/// `Value` at 24 bytes: the model's arrays, every read and every input hold thousands of them.
public enum Value: Hashable, Sendable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// `nil`; optionals are otherwise flattened to their wrapped value.
    case none
    case array([Value])
    /// A dictionary: its keys in `Value.keyOrder`, each with the value at the same index. One order for
    /// any contents, so that two dictionaries with the same entries are equal, as Swift's are.
    case dictionary(keys: [Value], values: [Value])
    /// A struct value: its type and its fields in declaration order.
    case record(type: String, fields: [Value])
    indirect case enumCase(type: String, name: String, payload: [Value])
    /// A reference to a class instance.
    case object(ObjectID)
    /// A closure: each creation is distinct, which is why closures never compare equal.
    case closure(id: Int)
    indirect case binding(BindingTarget)
    case keyPath([String])
    /// A value of a type the simulation does not look into (a URL or a date built by a call).
    indirect case opaque(type: String, text: String)

    var isNone: Bool { if case .none = self { true } else { false } }
    var isOpaque: Bool { if case .opaque = self { true } else { false } }

    /// Whether both values are the same object (`===`).
    func isSameObject(as other: Value) -> Bool {
        if case .object(let a) = self, case .object(let b) = other { a == b } else { false }
    }

    /// Whether the value can hold a reference to an object: scalars cannot, so a write of one names nothing.
    var mayHoldObjects: Bool {
        switch self {
        case .int, .double, .bool, .string, .none, .closure, .keyPath, .opaque: false
        case .array, .dictionary, .record, .enumCase, .object, .binding: true
        }
    }

    /// Whether the value is, or holds somewhere inside it, an object or a binding: something a read
    /// through it can be told about.
    var holdsObjectOrBinding: Bool {
        switch self {
        case .int, .double, .bool, .string, .none, .closure, .keyPath, .opaque: false
        case .object, .binding: true
        case .array(let values), .record(_, let values), .enumCase(_, _, let values): values.contains { $0.holdsObjectOrBinding }
        case .dictionary(let keys, let values): keys.contains { $0.holdsObjectOrBinding } || values.contains { $0.holdsObjectOrBinding }
        }
    }
}

extension Value {
    /// The value with every closure identity replaced by one: what reading it shows, not which closure it is.
    /// A value without closures is returned as it is: a list's body reads arrays of a thousand elements,
    /// and mapping them built a copy of each on every read.
    var withClosuresErased: Value {
        switch self {
        case .closure: return .closure(id: 0)
        case .binding(.closures): return .binding(.closures(id: 0, set: nil))
        case .array(let elements):
            guard elements.contains(where: \.holdsClosure) else { return self }
            return .array(elements.map(\.withClosuresErased))
        case .record(let type, let fields):
            guard fields.contains(where: \.holdsClosure) else { return self }
            return .record(type: type, fields: fields.map(\.withClosuresErased))
        case .enumCase(let type, let name, let payload):
            guard payload.contains(where: \.holdsClosure) else { return self }
            return .enumCase(type: type, name: name, payload: payload.map(\.withClosuresErased))
        default: return self
        }
    }

    /// Whether erasing closures would change the value: it holds a closure or a closure binding.
    var holdsClosure: Bool {
        switch self {
        case .closure, .binding(.closures): true
        case .array(let elements): elements.contains(where: \.holdsClosure)
        case .record(_, let fields): fields.contains(where: \.holdsClosure)
        case .enumCase(_, _, let payload): payload.contains(where: \.holdsClosure)
        default: false
        }
    }
}

extension Value {
    /// Whether two identities are one value written the same way. `==` also equates `0.0` with `-0.0` and
    /// canonically equivalent strings, which print, and so name instances, differently; this answers yes
    /// only for integers, booleans, strings with the same bytes and doubles with the same bits.
    func isWrittenAlike(_ other: Value) -> Bool {
        switch (self, other) {
        case (.int(let a), .int(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a.hasSameBytes(as: b)
        case (.double(let a), .double(let b)): a.bitPattern == b.bitPattern
        default: false
        }
    }
}

extension Value {
    /// The type of an opaque value that stands for code Ripple does not model (`ExprKind.opaque`, a stand-in
    /// for a type another module declares): its members and method results are opaque too, and two of them
    /// are equal when they print alike (built from the same expression).
    package static let unmodelledType = "unmodelled"

    /// Whether this is such an opaque value.
    var isUnmodelled: Bool {
        if case .opaque(Value.unmodelledType, _) = self { true } else { false }
    }

    /// Whether the value is, or holds somewhere inside it, such an opaque value: two of them that print
    /// alike compare equal although the values they stand for may differ, so a verdict that rests on the
    /// comparison is not exact.
    var holdsUnmodelled: Bool {
        switch self {
        case .opaque(let type, _): type == Value.unmodelledType
        case .int, .double, .bool, .string, .none, .closure, .keyPath, .object, .binding: false
        case .array(let values), .record(_, let values), .enumCase(_, _, let values): values.contains { $0.holdsUnmodelled }
        case .dictionary(let keys, let values): keys.contains { $0.holdsUnmodelled } || values.contains { $0.holdsUnmodelled }
        }
    }
}

extension Value {
    /// A dictionary of these entries, in key order; a later entry for a key replaces an earlier one.
    /// One sort, not an insertion per entry: a literal of many keys costs n log n.
    static func dictionary(_ entries: [(key: Value, value: Value)]) -> Value {
        let order = entries.indices.sorted { a, b in
            if keyOrder(entries[a].key, entries[b].key) { return true }
            if keyOrder(entries[b].key, entries[a].key) { return false }
            return a < b
        }
        var keys: [Value] = []
        var values: [Value] = []
        keys.reserveCapacity(entries.count)
        values.reserveCapacity(entries.count)
        for index in order {
            if let last = keys.last, last == entries[index].key {
                values[values.count - 1] = entries[index].value
            } else {
                keys.append(entries[index].key)
                values.append(entries[index].value)
            }
        }
        return .dictionary(keys: keys, values: values)
    }

    /// The value at `key` in a dictionary's sorted keys and values, or nil.
    static func lookup(_ key: Value, keys: [Value], values: [Value]) -> Value? {
        let index = insertionIndex(of: key, in: keys)
        return index < keys.count && keys[index] == key ? values[index] : nil
    }

    /// Where `key` is, or goes, in sorted `keys`.
    static func insertionIndex(of key: Value, in keys: [Value]) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keyOrder(keys[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The order a dictionary keeps its keys in: numbers, then `Bool`s, then strings, then any other
    /// value by its printed form. Swift's own order is a hash's, different on every run; this one
    /// makes every trace the same.
    static func keyOrder(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y
        case (.double(let x), .double(let y)): return x < y
        case (.bool(let x), .bool(let y)): return !x && y
        case (.string(let x), .string(let y)): return x < y
        default:
            let (rankA, rankB) = (a.keyRank, b.keyRank)
            return rankA != rankB ? rankA < rankB : String(describing: a) < String(describing: b)
        }
    }

    private var keyRank: Int {
        switch self {
        case .int: 0
        case .double: 1
        case .bool: 2
        case .string: 3
        default: 4
        }
    }
}
