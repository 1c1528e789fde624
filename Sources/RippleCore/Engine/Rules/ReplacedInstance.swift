/// Rule 2.7 of `docs/Semantics.md`: an assignment that tells nobody, yet stores other objects than the ones
/// the property held, leaves its readers tracking the objects it replaced.
///
/// Swift 6.2's setter skips an assignment of an `Equatable` class instance that is `==` to the current one
/// (`shouldNotifyObservers<Member: Equatable & AnyObject>` answers `lhs != rhs`), and stores it all the same.
/// A view that read `model.settings.size` registered `model.settings` and the old instance's `size`; as it is
/// not told, it is not evaluated and keeps those registrations. A later write to the new instance's `size`
/// tells nobody, and the view goes on showing the old instance's value: stale. The same holds for any write
/// that tells nobody and stores new objects (a plain property of an `ObservableObject`).
enum ReplacedInstance {
    /// The pairs (replaced object, object stored in its place) whose readers keep tracking the first: the
    /// objects of the old value and of the new one paired by position (a property holding one instance, or
    /// an array of them element by element), of the same type and not the same object. None when the write
    /// told the readers, who then read the new objects themselves.
    static func replacements(notified: Bool, old: [(ObjectID, type: String)], new: [(ObjectID, type: String)]) -> [(old: ObjectID, new: ObjectID)] {
        guard !notified else { return [] }
        return zip(old, new).compactMap { pair in
            pair.0.0 != pair.1.0 && pair.0.type == pair.1.type ? (pair.0.0, pair.1.0) : nil
        }
    }

    /// The objects a value holds, in order: itself, or those of its elements, fields and payloads.
    static func objects(in value: Value) -> [ObjectID] {
        var found: [ObjectID] = []
        collect(value, into: &found)
        return found
    }

    private static func collect(_ value: Value, into found: inout [ObjectID]) {
        switch value {
        case .object(let id): found.append(id)
        case .array(let values), .record(_, let values), .enumCase(_, _, let values):
            for element in values where element.mayHoldObjects { collect(element, into: &found) }
        case .dictionary(_, let values):
            for element in values where element.mayHoldObjects { collect(element, into: &found) }
        case .int, .double, .bool, .string, .none, .closure, .binding, .keyPath, .opaque: break
        }
    }

    /// Why a reader of the replaced object's property is not told of a write to the new object's, for the
    /// stale view's cause; `property` names the assignment's target (`app.settings`), `note` its decision.
    static func reason(property: String, note: String) -> String {
        "it tracks the instance '\(property)' held before an assignment replaced it without telling anyone (\(note))"
    }
}
