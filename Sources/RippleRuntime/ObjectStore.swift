/// Stored objects by integer id, each with its fields and the nodes registered for each field.
///
/// An object's registrations live beside its fields, as Swift's Observation keeps them in the object's
/// registrar: a write finds who to tell next to the field it changed, with no hashing. They are made
/// for an object the first time a node registers for one of its fields.
public struct ObjectStore<Field, Info> {
    @usableFromInline
    var objects: [StoredObject<Field, Info>] = []

    /// An empty store.
    @inlinable
    public init() {}

    /// How many objects were stored: the id the next one gets.
    @inlinable
    public var count: Int { objects.count }

    /// The object with the id; its fields and label can be changed in place, its registrations only
    /// through the store.
    @inlinable
    public subscript(id: Int) -> StoredObject<Field, Info> {
        get { objects[id] }
        _modify { yield &objects[id] }
    }

    /// Stores an object and returns its id, the next number.
    @inlinable @discardableResult
    public mutating func append(_ object: StoredObject<Field, Info>) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// Removes the last `count` objects stored (those made by work that is being undone).
    @inlinable
    public mutating func removeLast(_ count: Int) { objects.removeLast(count) }

    // MARK: - Registrations

    /// The nodes a write to a field tells; empty before any node registered for the object.
    @inlinable
    public func dependents(of object: Int, _ field: Int) -> InstanceSet {
        objects[object].observers.isEmpty ? [] : objects[object].observersStorage[field].dependents
    }

    /// The nodes that read a field, told of a write or not.
    @inlinable
    public func readers(of object: Int, _ field: Int) -> InstanceSet {
        objects[object].observers.isEmpty ? [] : objects[object].observersStorage[field].readers
    }

    /// A field's dependents in increasing order, kept between calls while they stay the same.
    @inlinable
    public mutating func orderedDependents(of object: Int, _ field: Int) -> IteratorSequence<InstanceSet.SmallIterator<IndexingIterator<[Int]>>> {
        guard !objects[object].observers.isEmpty else { return InstanceSet().sortedMembers() }
        // One access at a time to the object's observers: the set is read, then the order is kept.
        let dependents = objects[object].observersStorage[field].dependents
        var order = objects[object].observersStorage[field].orderedDependents
        let members = dependents.sortedMembers(cachedIn: &order)
        if objects[object].observersStorage[field].orderedDependents == nil, order != nil {
            objects[object].observersStorage[field].orderedDependents = order
        }
        return members
    }

    /// Registers a node as a dependent of a field.
    @inlinable
    public mutating func insertDependent(_ node: Int, of object: Int, _ field: Int) {
        makeObservers(object)
        objects[object].observersStorage[field].dependents.insert(node)
        objects[object].observersStorage[field].orderedDependents = nil
    }

    /// Clears a node's registration as a dependent of a field.
    @inlinable
    public mutating func removeDependent(_ node: Int, of object: Int, _ field: Int) {
        makeObservers(object)
        objects[object].observersStorage[field].dependents.remove(node)
        objects[object].observersStorage[field].orderedDependents = nil
    }

    /// Registers a node as a reader of a field.
    @inlinable
    public mutating func insertReader(_ node: Int, of object: Int, _ field: Int) {
        makeObservers(object)
        objects[object].observersStorage[field].readers.insert(node)
    }

    /// Clears a node's registration as a reader of a field.
    @inlinable
    public mutating func removeReader(_ node: Int, of object: Int, _ field: Int) {
        makeObservers(object)
        objects[object].observersStorage[field].readers.remove(node)
    }

    /// The name kept for a field (`cacheName`); nil before any node registered for the object.
    @inlinable
    public func cachedName(of object: Int, _ field: Int) -> String? {
        objects[object].observers.isEmpty ? nil : objects[object].observersStorage[field].name
    }

    /// Keeps a field's name for people once nodes have registered for the object; returns whether it was kept.
    @inlinable @discardableResult
    public mutating func cacheName(_ name: String, of object: Int, _ field: Int) -> Bool {
        guard !objects[object].observers.isEmpty else { return false }
        objects[object].observersStorage[field].name = name
        return true
    }

    /// Whether a node has registered for any of the object's fields.
    @inlinable
    public func isObserved(_ object: Int) -> Bool { !objects[object].observers.isEmpty }

    /// Every field with dependents, as (object, field, dependents).
    public var allDependents: [(object: Int, field: Int, nodes: InstanceSet)] {
        registrations(\.dependents)
    }

    /// Every field with readers, as (object, field, readers).
    public var allReaders: [(object: Int, field: Int, nodes: InstanceSet)] {
        registrations(\.readers)
    }

    /// Whether each object's registrations, once made, cover each of its fields; tests call it.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        for (id, object) in objects.enumerated() where !object.observers.isEmpty && object.observers.count != object.fields.count {
            problems.append("object \(id): registrations for \(object.observers.count) fields, \(object.fields.count) fields")
        }
        return problems
    }

    private func registrations(_ set: KeyPath<FieldObservers, InstanceSet>) -> [(object: Int, field: Int, nodes: InstanceSet)] {
        var all: [(object: Int, field: Int, nodes: InstanceSet)] = []
        for (id, object) in objects.enumerated() where !object.observers.isEmpty {
            for (field, observers) in object.observers.enumerated() where !observers[keyPath: set].isEmpty {
                all.append((id, field, observers[keyPath: set]))
            }
        }
        return all
    }

    @inlinable
    mutating func makeObservers(_ object: Int) {
        if objects[object].observers.isEmpty {
            objects[object].observersStorage = Array(repeating: FieldObservers(), count: objects[object].fields.count)
        }
    }
}

/// The objects in id order, through `count` and the subscript.
extension ObjectStore: RandomAccessCollection {
    /// The first object's id, 0.
    @inlinable public var startIndex: Int { 0 }
    /// The id the next object gets.
    @inlinable public var endIndex: Int { count }
}

/// One stored object: what kind it is, its fields, where it was first stored, and the nodes registered
/// for each field (`ObjectStore`).
public struct StoredObject<Field, Info> {
    /// The object's kind, shared by every object of it.
    public var info: Info
    public var fields: [Field]
    /// Where the object was first stored (`label`).
    public var labelParts: ObjectLabel = .none
    /// The nodes registered for each field, by the field's index; empty until the first registration.
    @inlinable public var observers: [FieldObservers] { observersStorage }
    /// `observers`, set only by the store.
    @usableFromInline var observersStorage: [FieldObservers] = []

    /// An object with no label and no registrations.
    @inlinable
    public init(info: Info, fields: [Field]) {
        self.info = info
        self.fields = fields
    }

    /// Where the object was first stored, for people: `root.model`, `store.items[3]`; empty until it is stored.
    public var label: String {
        switch labelParts {
        case .none: ""
        case .text(let text): text
        case .element(let list, let index): list + "[" + String(index) + "]"
        }
    }

    /// Whether the object has been given a label.
    @inlinable
    public var hasLabel: Bool {
        if case .none = labelParts { false } else { true }
    }
}

extension StoredObject: Sendable where Field: Sendable, Info: Sendable {}

/// Where an object was first stored, in parts.
///
/// An element of a list keeps the list's text and its index, not a text of its own, so a list of many
/// items holds one text, and a write to an item's field reads no memory of the item's own to name it.
public enum ObjectLabel: Sendable {
    /// Not stored anywhere yet.
    case none
    /// Stored under a name.
    case text(String)
    /// Stored as the element at `index` of the list named by the text.
    case element(of: String, index: Int)
}
extension ObjectStore: Sendable where Field: Sendable, Info: Sendable {}
