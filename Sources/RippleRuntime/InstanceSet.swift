/// A set of instance ids tuned for the dependency indexes, where most keys have exactly one dependent:
/// one id is kept inline, and a `Set` is allocated only for the second.
public struct InstanceSet: Sequence, ExpressibleByArrayLiteral, Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case empty
        case one(Int)
        case many(Set<Int>)
    }

    @usableFromInline
    var storage: Storage = .empty

    /// An empty set.
    @inlinable
    public init() {}

    /// A set of the ids given.
    @inlinable
    public init(arrayLiteral elements: Int...) {
        for element in elements { insert(element) }
    }

    /// Whether the set holds no id.
    @inlinable
    public var isEmpty: Bool {
        if case .empty = storage { return true }
        return false
    }

    /// Whether the set holds `id`.
    @inlinable
    public func contains(_ id: Int) -> Bool {
        switch storage {
        case .empty: false
        case .one(let only): only == id
        case .many(let ids): ids.contains(id)
        }
    }

    /// Adds `id`.
    @inlinable
    public mutating func insert(_ id: Int) {
        switch storage {
        case .empty: storage = .one(id)
        case .one(let only) where only != id: storage = .many([only, id])
        case .one: break
        case .many(var ids):
            storage = .empty
            ids.insert(id)
            storage = .many(ids)
        }
    }

    /// Removes `id`, if the set holds it.
    @inlinable
    public mutating func remove(_ id: Int) {
        switch storage {
        case .one(let only) where only == id: storage = .empty
        case .many(var ids):
            storage = .empty
            ids.remove(id)
            storage = ids.count == 1 ? .one(ids.first!) : .many(ids)
        default: break
        }
    }

    /// The member of a set of one; nil for an empty set or a larger one.
    @inlinable
    public var onlyMember: Int? {
        if case .one(let only) = storage { only } else { nil }
    }

    /// Iterates without allocating: most sets hold one id, and indexes are iterated on every write.
    public typealias Iterator = SmallIterator<Set<Int>.Iterator>

    /// The ids, in no particular order.
    @inlinable
    public func makeIterator() -> Iterator {
        switch storage {
        case .empty: Iterator(state: .done)
        case .one(let only): Iterator(state: .one(only))
        case .many(let ids): Iterator(state: .many(ids.makeIterator()))
        }
    }

    /// How many ids the set holds.
    @inlinable
    public var underestimatedCount: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .many(let ids): ids.count
        }
    }

    /// The members in increasing order, as a write tells its dependents. No member and one member need no
    /// array: `sorted()` built one for every write, most of which reach a single node.
    @inlinable
    public func sortedMembers() -> IteratorSequence<SmallIterator<IndexingIterator<[Int]>>> {
        switch storage {
        case .empty: IteratorSequence(SmallIterator(state: .done))
        case .one(let only): IteratorSequence(SmallIterator(state: .one(only)))
        case .many(let ids): IteratorSequence(SmallIterator(state: .many(ids.sorted().makeIterator())))
        }
    }

    /// `sortedMembers()`, with the order of a set of several kept in `cache` until the set changes (its
    /// owner empties the cache then): a write to `model.items` sorted a thousand rows every time.
    @inlinable
    public func sortedMembers(cachedIn cache: inout [Int]?) -> IteratorSequence<SmallIterator<IndexingIterator<[Int]>>> {
        guard case .many(let ids) = storage else { return sortedMembers() }
        if cache == nil { cache = ids.sorted() }
        return IteratorSequence(SmallIterator(state: .many(cache!.makeIterator())))
    }

    /// Nothing, one id, or the ids another iterator gives: the one-id case allocates nothing.
    public struct SmallIterator<Wrapped: IteratorProtocol<Int>>: IteratorProtocol {
        @usableFromInline
        enum State {
            case done
            case one(Int)
            case many(Wrapped)
        }
        @usableFromInline
        var state: State

        @inlinable
        init(state: State) { self.state = state }

        /// The next id, or nil after the last.
        @inlinable
        public mutating func next() -> Int? {
            switch state {
            case .done:
                return nil
            case .one(let only):
                state = .done
                return only
            case .many(var iterator):
                let id = iterator.next()
                state = .many(iterator)
                return id
            }
        }
    }
}
