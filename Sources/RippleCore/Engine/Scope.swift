import RippleRuntime

/// What names mean while scenario code runs: `self`, locals, and whether reads are being recorded.
struct Scope: Sendable {
    enum This: Sendable {
        case none
        /// A view's body or a modifier's `body(content:)`.
        case view(Int)
        /// A computed property of a model object.
        case object(ObjectID)
        /// A computed property or `==` of a struct value.
        case record(Value)
    }

    var this: This = .none
    var locals = NameTable<Value>()
    /// Locals that stand for a binding's value (`task` in `ForEach($m.tasks) { $task in ... }`).
    var bindingLocals = NameTable<BindingTarget>()
    /// Whether access paths are recorded as the body's reads (not inside computed properties).
    var recordsReads = false
    /// A modifier's `content` parameter.
    var contentParameter: String?
    /// Locals whose paths are reads the body records: the element a `ForEach` row's closure takes
    /// (`book`, `$0`, Rule 14), the item a presentation presents and the `@State` values its content
    /// captured (Rule 15).
    var recordedLocals: [String] = []

    func with(_ name: String, _ value: Value) -> Scope {
        var copy = self
        copy.locals[name] = value
        copy.bindingLocals[name] = nil
        return copy
    }
}

/// What one body evaluation reads: access paths with values, keys and places.
struct ReadLog {
    var reads: [ReadRecord] = []
    /// The `.task` and `.refreshable` closures the body attached, which a step can run (`ViewActions.swift`).
    var actions: [ViewAction] = []
    /// What a person can do with the views the body built (`UserActions.swift`).
    var userActions: [UserAction] = []
    var keyLog: [KeyUse] = []
    /// The places in the order first read: what the instance keeps (a small array, not a set).
    private(set) var placeList: [Place] = []
    /// The keys in the order first used.
    private(set) var keyList: [DependencyKey] = []
    // Most bodies read a handful of places: the lists are searched directly, and sets are built only
    // for the few bodies that read many (a list's body reading every element).
    private var keySet: Set<DependencyKey>?
    private var placeSet: Set<Place>?
    private static let smallCount = 16

    /// Notes a place the body read.
    mutating func touch(_ place: Place) {
        _ = Self.insert(place, into: &placeList, index: &placeSet)
    }

    /// Whether the body read a place.
    func hasTouched(_ place: Place) -> Bool {
        placeSet?.contains(place) ?? placeList.contains(place)
    }

    /// Appends an element the list does not hold yet; returns whether it was new.
    private static func insert<Element: Hashable>(_ element: Element, into list: inout [Element], index: inout Set<Element>?) -> Bool {
        if index == nil {
            if list.contains(element) { return false }
            list.append(element)
            if list.count > smallCount { index = Set(list) }
            return true
        }
        guard index!.insert(element).inserted else { return false }
        list.append(element)
        return true
    }
    /// Computed properties being evaluated, outermost first.
    var via: [String] = []
    /// Stale explanations for untracked places read: place → why nothing is told.
    var untracked: [Place: String] = [:]

    /// Identical reads (the same path and value, as in each element of a ForEach) are kept once.
    private var seen: Set<String> = []
    /// A value recorded at a site (a struct, not a tuple: see `NameTable`).
    private struct Sighting {
        var site: Int
        var value: Value
    }
    /// Values already recorded, by site: a short list for the usual body, a table past `smallCount`.
    private var seenList: [Sighting] = []
    private var seenValues: [Int: Set<Value>]?
    private var lastKeys: [KeyUse] = []

    /// Whether the value was recorded at the site before; records it if not.
    private mutating func firstSight(of value: Value, at site: Int) -> Bool {
        if seenValues == nil {
            if seenList.contains(where: { $0.site == site && $0.value == value }) { return false }
            seenList.append(Sighting(site: site, value: value))
            if seenList.count > Self.smallCount {
                var table: [Int: Set<Value>] = [:]
                for entry in seenList { table[entry.site, default: []].insert(entry.value) }
                seenValues = table
            }
            return true
        }
        return seenValues![site, default: []].insert(value).inserted
    }

    /// Records a read of `site` made at `location`, with the value it saw and the keys used since `mark`.
    mutating func record(_ site: ReadSite, at location: SourceLocation, value rawValue: Value, from mark: Int) {
        // What a body shows does not depend on which closure it holds: closures are compared as one value.
        let value = rawValue.withClosuresErased
        guard firstSight(of: value, at: location.position) else { return }
        append(site, value: value, from: mark)
    }

    /// Replaces the reads recorded since `start` with one read of `site`: a call whose result is what the
    /// body shows, with every key used since `mark`. Always kept, whatever was seen before at the place:
    /// the reads it replaces began at the same place.
    mutating func replaceReads(since start: Int, with site: ReadSite, value rawValue: Value, from mark: Int) {
        reads.removeSubrange(start...)
        append(site, value: rawValue.withClosuresErased, from: mark)
    }

    /// Appends a read of `site` with `value` and the keys used since `mark`.
    private mutating func append(_ site: ReadSite, value: Value, from mark: Int) {
        // Most reads create no key (an input) or exactly one, taken as it is; only more go through `insert`.
        var keys: KeyStorage
        switch keyLog.count - mark {
        case 0: keys = .none
        case 1: keys = .one(keyLog[mark])
        default:
            keys = .none
            for use in keyLog[mark...] { keys.insert(use) }
        }
        // Reads at one site that create several keys usually create the same ones: share one array.
        if case .many(let uses) = keys {
            if uses == lastKeys { keys = .many(lastKeys) } else { lastKeys = uses }
        }
        // Appended empty, then filled in place: a record built first would be copied into the list whole and
        // the original destroyed, a dozen reference counts for every read.
        reads.append(ReadRecord(site: site, value: nil, keys: .none))
        let last = reads.count - 1
        reads[last].value = consume value
        reads[last].keyStorage = consume keys
    }

    /// Records a path read inside a closure that runs later: no value, no keys, each path once.
    mutating func recordDeferred(path: String, rootRole: String) {
        guard seen.insert(path).inserted else { return }
        reads.append(ReadRecord(site: ReadSite(path: path, rootRole: rootRole, deferred: true), value: nil, keys: .none))
    }

    /// Forgets everything recorded, keeping the storage: the engine evaluates body after body with one
    /// log, so an evaluation allocates, usually, no lists of its own.
    ///
    /// Only what holds something is emptied: a body reads a handful of paths, and most of the lists and
    /// tables are empty already (emptying an empty one still checks that its storage is its own).
    mutating func reset() {
        reads.removeAllKeepingStorage()
        keyLog.removeAllKeepingStorage()
        lastMark = 0
        placeList.removeAllKeepingStorage()
        keyList.removeAllKeepingStorage()
        if keySet != nil { keySet = nil }
        if placeSet != nil { placeSet = nil }
        // Key uses share these arrays; keeping their storage would only force a copy on the next append.
        if !via.isEmpty { via = [] }
        if !lastKeys.isEmpty { lastKeys = [] }
        if !untracked.isEmpty { untracked.removeAll() }
        if !seen.isEmpty { seen.removeAll() }
        seenList.removeAllKeepingStorage()
        if seenValues != nil { seenValues = nil }
        if !actions.isEmpty { actions = [] }
        if !userActions.isEmpty { userActions = [] }
    }

    /// Where the keys of the read about to be made begin, for `record(_:at:value:from:)`.
    mutating func markKeys() -> Int {
        lastMark = keyLog.count
        return lastMark
    }

    /// The latest `markKeys()`: a use equal to the last one logged after it adds nothing to any read
    /// still being made, whose keys all begin at or before it.
    private var lastMark = 0

    mutating func use(_ key: DependencyKey) {
        _ = Self.insert(key, into: &keyList, index: &keySet)
        // A computed property that reads another twice, each reading the next twice, uses one key through
        // the same chain 2^n times: logged each time, with its chain, they would take gigabytes before the
        // work limit stopped the body.
        if keyLog.count > lastMark, let last = keyLog.last, last.key == key, last.via == via { return }
        keyLog.append(KeyUse(key: key, via: via))
    }
}

/// A few names and their values, searched in order. A scope holds two or three locals and a view value a
/// few inputs, and both are looked up for every name a body mentions: comparing short strings costs less
/// than hashing them, and one small array takes less memory than a hash table.
///
/// Entries are a struct, not a tuple: an array of tuples is copied and destroyed through the runtime's
/// generic tuple witnesses, element by element, and every child a list rebuilds replaces one table.
struct NameTable<Element: Sendable>: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    fileprivate struct Entry: Sendable {
        var key: String
        var value: Element
    }

    private var entries: [Entry] = []

    init() {}

    init(dictionaryLiteral elements: (String, Element)...) {
        for (key, value) in elements { self[key] = value }
    }

    subscript(name: String) -> Element? {
        get {
            for entry in entries where entry.key == name { return entry.value }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.key == name }) {
                if let newValue {
                    entries[index].value = newValue
                } else {
                    entries.remove(at: index)
                }
            } else if let newValue {
                entries.append(Entry(key: name, value: newValue))
            }
        }
    }

    /// Makes room for `count` names in all.
    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// The names, in the order they were bound.
    var keys: [String] { entries.map(\.key) }
    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Entry]>
        mutating func next() -> (key: String, value: Element)? { base.next().map { ($0.key, $0.value) } }
    }

    func makeIterator() -> Iterator { Iterator(base: entries.makeIterator()) }
}
