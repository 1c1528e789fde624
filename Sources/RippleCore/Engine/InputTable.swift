/// The inputs a parent sets on a view (`ChildDescription.fields`), by name, in the order they were bound.
///
/// A `NameTable` whose first entry is kept inline. Most views take one or two inputs, and a row re-evaluated
/// by a write reads its input first thing: in a table of its own, the input was one more block per instance,
/// out of the cache at 100,000 rows, and one more allocation for every view a body built
/// (docs/Performance.md, "The seventh round").
///
/// An empty key marks the inline entry as unused; names are identifiers, never empty. While the inline
/// entry is unused, `rest` is empty too.
struct InputTable: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    fileprivate struct Entry: Sendable {
        var key: String
        var value: Value
    }

    private var firstKey = ""
    private var firstValue = Value.none
    private var rest: [Entry] = []

    init() {}

    init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }

    subscript(name: String) -> Value? {
        // The inline entry is compared first, in the caller; only a second input searches the list.
        @inline(__always) get {
            if firstKey == name { return firstKey.isEmpty ? nil : firstValue }
            return rest.isEmpty ? nil : value(inRest: name)
        }
        set {
            precondition(!name.isEmpty, "an input's name is never empty")
            if firstKey.isEmpty {
                // The usual first binding of a table being built.
                if let newValue {
                    firstKey = name
                    firstValue = newValue
                }
            } else if firstKey == name {
                if let newValue { firstValue = newValue } else { removeFirst() }
            } else if let index = rest.firstIndex(where: { $0.key == name }) {
                if let newValue { rest[index].value = newValue } else { rest.remove(at: index) }
            } else if let newValue {
                rest.append(Entry(key: name, value: newValue))
            }
        }
    }

    /// The value bound to `name` after the first entry, read in place.
    @inline(__always)
    private func value(inRest name: String) -> Value? {
        for index in rest.indices where rest[index].key == name { return rest[index].value }
        return nil
    }

    /// Drops the inline entry; the next one, if any, takes its place, so the order is kept.
    private mutating func removeFirst() {
        if rest.isEmpty {
            firstKey = ""
            firstValue = .none
        } else {
            let next = rest.removeFirst()
            firstKey = next.key
            firstValue = next.value
        }
    }

    /// Makes room for `count` names in all; one needs none.
    mutating func reserveCapacity(_ count: Int) {
        if count > 1 { rest.reserveCapacity(count - 1) }
    }

    /// The names, in the order they were bound.
    var keys: [String] { map(\.key) }
    var isEmpty: Bool { firstKey.isEmpty }
    var count: Int { firstKey.isEmpty ? 0 : 1 + rest.count }

    struct Iterator: IteratorProtocol {
        fileprivate var first: (key: String, value: Value)?
        fileprivate var base: IndexingIterator<[Entry]>

        mutating func next() -> (key: String, value: Value)? {
            if let entry = first {
                first = nil
                return entry
            }
            return base.next().map { ($0.key, $0.value) }
        }
    }

    func makeIterator() -> Iterator {
        Iterator(first: firstKey.isEmpty ? nil : (firstKey, firstValue), base: rest.makeIterator())
    }
}
