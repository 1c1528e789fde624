/// A table from node numbers to values, for the tables of one update.
///
/// A step looks instances up in its tables many times (was it evaluated? queued? what caused it?), and a
/// `Dictionary` hashes each number with SipHash: 8% of a broad write, where a thousand rows go through
/// every table. Instance numbers are not chosen by anyone who could make them collide, so a multiplicative
/// hash and linear probing serve, and the table stays as small as the step's entries, which keeps it in
/// the cache however many instances the tree has. Entries are only added; `removeAll` empties the table
/// for the next step and keeps its storage. Numbers are never negative (-1 marks an empty slot).
public struct IDTable<Value> {
    /// The instance number in each slot, or -1 for an empty slot; the count is a power of two.
    @usableFromInline
    var ids: [Int] = []
    @usableFromInline
    var values: [Value?] = []
    /// Occupied slots in the order their entries were added.
    @usableFromInline
    var occupied: [Int] = []

    /// An empty table.
    @inlinable
    public init() {}

    /// The number of entries.
    @inlinable
    public var count: Int { occupied.count }
    /// Whether the table has no entry.
    @inlinable
    public var isEmpty: Bool { occupied.isEmpty }

    /// The slot holding `id`'s entry, if there is one.
    @inlinable
    public func slot(of id: Int) -> Int? {
        guard !ids.isEmpty else { return nil }
        let mask = ids.count - 1
        var slot = Self.hash(id) & mask
        while true {
            let found = ids[slot]
            if found == id { return slot }
            if found == -1 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The value in an occupied slot (see `slot(of:)`).
    @inlinable
    public subscript(slot slot: Int) -> Value {
        get { values[slot]! }
        set { values[slot] = newValue }
    }

    /// The value for `id`; setting adds the entry or replaces its value.
    @inlinable
    public subscript(id: Int) -> Value? {
        get { slot(of: id).map { values[$0]! } }
        set {
            guard let newValue else { preconditionFailure("an IDTable's entries are not removed one by one") }
            values[insertionSlot(for: id)] = newValue
        }
    }

    /// Appends to the list kept for `id`, starting it when there is none; the list is changed in place.
    @inlinable
    public mutating func append<Element>(_ element: Element, to id: Int) where Value == [Element] {
        let slot = insertionSlot(for: id)
        if values[slot] == nil { values[slot] = [element] } else { values[slot]!.append(element) }
    }

    /// The instance numbers with entries, in the order they were added.
    @inlinable
    public var keys: [Int] { occupied.map { ids[$0] } }

    /// Empties the table, keeping its storage.
    @inlinable
    public mutating func removeAll(keepingCapacity: Bool = true) {
        for slot in occupied {
            ids[slot] = -1
            values[slot] = nil
        }
        occupied.removeAllKeepingStorage()
    }

    /// The slot of `id`'s entry, added without a value when it is new; grows the table past half full.
    @inlinable
    mutating func insertionSlot(for id: Int) -> Int {
        precondition(id >= 0, "instance numbers are never negative")
        if let slot = slot(of: id) { return slot }
        if (occupied.count + 1) * 2 > ids.count { grow() }
        let mask = ids.count - 1
        var slot = Self.hash(id) & mask
        while ids[slot] != -1 { slot = (slot + 1) & mask }
        ids[slot] = id
        occupied.append(slot)
        return slot
    }

    /// Doubles the table and moves every entry to its slot in the new one, in the order they were added.
    /// The old storage is taken out of the table, not copied: the entries are moved straight across.
    @inlinable
    mutating func grow() {
        let capacity = max(16, ids.count * 2)
        var oldIDs = Array(repeating: -1, count: capacity)
        var oldValues = [Value?](repeating: nil, count: capacity)
        swap(&oldIDs, &ids)
        swap(&oldValues, &values)
        let mask = capacity - 1
        for index in occupied.indices {
            let old = occupied[index]
            let id = oldIDs[old]
            var slot = Self.hash(id) & mask
            while ids[slot] != -1 { slot = (slot + 1) & mask }
            ids[slot] = id
            swap(&values[slot], &oldValues[old])
            occupied[index] = slot
        }
    }

    /// Fibonacci hashing: consecutive numbers spread over the table.
    @inlinable
    static func hash(_ id: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}

/// A set of instance numbers with the same storage (`IDTable`).
public struct IDSet {
    @usableFromInline
    var table = IDTable<Void>()

    /// An empty set.
    @inlinable
    public init() {}

    /// Whether the set holds no number.
    @inlinable
    public var isEmpty: Bool { table.isEmpty }

    /// Whether the set holds `id`.
    @inlinable
    public func contains(_ id: Int) -> Bool { table.slot(of: id) != nil }

    /// Adds `id`; returns whether it was new.
    @inlinable @discardableResult
    public mutating func insert(_ id: Int) -> (inserted: Bool, memberAfterInsert: Int) {
        if contains(id) { return (false, id) }
        table[id] = ()
        return (true, id)
    }

    /// Empties the set, keeping its storage.
    @inlinable
    public mutating func removeAll(keepingCapacity: Bool = true) { table.removeAll(keepingCapacity: keepingCapacity) }
}
