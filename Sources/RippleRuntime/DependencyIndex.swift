/// Who reads what, and who is told of a write: for each key, the nodes registered for it.
///
/// Each node keeps the list of keys it registered (its last reads); `update(_:from:to:)` moves the node
/// from the keys it no longer reads to the ones it now reads, so the index and the nodes' lists agree,
/// as `checkInvariants(keys:isAlive:)` verifies.
public struct DependencyIndex<Key: Hashable> {
    @usableFromInline
    var nodesByKey: [Key: InstanceSet] = [:]

    /// An empty index.
    @inlinable
    public init() {}

    /// The nodes registered for `key`: those a write to it tells.
    @inlinable
    public func nodes(for key: Key) -> InstanceSet { nodesByKey[key] ?? [] }

    /// Registers `node` as a reader of `key`.
    @inlinable
    public mutating func insert(_ node: Int, for key: Key) { nodesByKey[key, default: []].insert(node) }

    /// Clears `node`'s registration for `key`.
    @inlinable
    public mutating func remove(_ node: Int, for key: Key) { nodesByKey[key]?.remove(node) }

    /// Every key with its nodes, in no particular order.
    public var entries: [(key: Key, nodes: InstanceSet)] { nodesByKey.map { ($0.key, $0.value) } }

    /// Moves a node's registrations from the keys it read (`old`) to those it reads now (`new`), through
    /// `remove` and `insert`, which may keep some keys elsewhere than in an index (an object's fields).
    /// `stillRead` answers whether `new` holds a key. The lists are small: a node reads a few keys.
    @inlinable
    public static func update(from old: [Key], to new: [Key], stillRead: (Key) -> Bool,
                              remove: (Key) -> Void, insert: (Key) -> Void) {
        for key in old where !stillRead(key) { remove(key) }
        for key in new where !old.contains(key) { insert(key) }
    }

    /// Checks each registration against the node's own list of keys: a node listed for a key must be
    /// alive and list the key. `keys` and `isAlive` answer for a node.
    public func checkInvariants(keys: (Int) -> [Key], isAlive: (Int) -> Bool) -> [String] {
        Self.checkInvariants(entries, keys: keys, isAlive: isAlive)
    }

    /// `checkInvariants(keys:isAlive:)` over any list of registrations.
    public static func checkInvariants(_ entries: some Sequence<(key: Key, nodes: InstanceSet)>, keys: (Int) -> [Key],
                                       isAlive: (Int) -> Bool) -> [String] {
        var problems: [String] = []
        for (key, nodes) in entries {
            for node in nodes where !isAlive(node) || !keys(node).contains(key) {
                problems.append("index: \(key) lists node \(node) that does not read it")
            }
        }
        return problems
    }
}

/// The nodes registered for one field of a stored object, kept with the object (`ObjectStore`): those
/// told of a write (dependents) and those that read it whether told or not (readers).
public struct FieldObservers: Sendable {
    /// The nodes a write to the field tells.
    public var dependents = InstanceSet()
    /// The nodes that read the field, told of a write or not.
    public var readers = InstanceSet()
    /// The dependents in increasing order, once asked for; nil again when they change.
    public var orderedDependents: [Int]?
    /// The field's name for people, once asked for and final (`ObjectStore.cacheName`).
    public var name: String?

    /// No registrations.
    @inlinable
    public init() {}
}
