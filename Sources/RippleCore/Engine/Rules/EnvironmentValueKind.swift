/// `@Environment(\.key)`: a value an ancestor sets for its subtree.
///
/// The view declares the key, so it depends on it whatever its body reads, and a new value unequal to the
/// old tells it (`EnvironmentWrite`). A step writes the key with `environment \.key = value`, not
/// through the property. Without a written type, the property's type is the key's.
struct EnvironmentValueKind: StorageKind {
    /// The key path's name: `colorScheme` for `\.colorScheme`.
    var key: String

    var description: String { "@Environment(\\.\(key))" }
    var construction: StorageConstruction { .declaresEnvironment(key: key) }
    func read(type: ValueType) -> StorageRead { .environmentValue(key: key) }
    var declaredDependency: DeclaredDependency? { .environment(key: key) }
    var projection: StoragePlace? { nil }
    var writePlace: StoragePlace { .environment(key: key) }
    var needsTypeOrValue: Bool { false }
    func impliedType(isWritten: Bool) -> ValueType? { isWritten ? nil : .named("\\." + key) }

    func write(differs: Bool) -> StorageWrite? {
        let decision = EnvironmentWrite.decide(differs: differs)
        return StorageWrite(notifies: decision.notifies, note: decision.note(key: key))
    }

    func causeKind(isOwner: Bool) -> Cause.Kind? { .environment }
}

/// Rule 6 of `docs/Semantics.md`: `@Environment`.
///
/// A view that declares `@Environment(\.key)` depends on the key whatever its body reads. A new value that
/// is not equal to the old one tells every descendant that declares the key; an equal one tells nobody. A
/// closure is never equal to the last one, so a key holding a closure tells its declarers every time the
/// view that sets it re-runs.
enum EnvironmentWrite {
    /// What setting a key does.
    enum Decision: Hashable, Sendable {
        case equalValue
        case changed

        var notifies: Bool { self == .changed }

        /// The trace's note for a step's write of `key`.
        func note(key: String) -> String {
            switch self {
            case .equalValue: "equal value: no change"
            case .changed: "views declaring \\.\(key) are told"
            }
        }
    }

    /// Decides a write; `differs` is `ChildComparison`'s test of the old and the new value.
    static func decide(differs: Bool) -> Decision {
        differs ? .changed : .equalValue
    }

    /// The keys whose values a rebuilt child's `.environment(…)` overrides changed: those that differ, and
    /// when nothing differs by value, those that hold a closure.
    static func changedKeys(old: [String: Value], new: [String: Value], differ: (Value?, Value?) -> Bool,
                            holdsClosure: (Value) -> Bool) -> [String] {
        if old.isEmpty && new.isEmpty { return [] }
        if old != new {
            return Set(old.keys).union(new.keys).filter { differ(old[$0], new[$0]) }.sorted()
        }
        return new.keys.sorted().filter { holdsClosure(new[$0]!) }
    }
}
