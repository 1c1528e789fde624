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
    var locals: [String: Value] = [:]
    /// Locals that stand for a binding's value (`task` in `ForEach($m.tasks) { $task in ... }`).
    var bindingLocals: [String: BindingTarget] = [:]
    /// Whether access paths are recorded as the body's reads (not inside computed properties).
    var recordsReads = false
    /// A modifier's `content` parameter.
    var contentParameter: String?

    func with(_ name: String, _ value: Value) -> Scope {
        var copy = self
        copy.locals[name] = value
        copy.bindingLocals[name] = nil
        return copy
    }
}

/// Collects what one body evaluation reads: access paths with values, keys and places.
final class Tracker {
    var reads: [ReadRecord] = []
    var keyLog: [KeyUse] = []
    var keys: Set<DependencyKey> = []
    var places: Set<Place> = []
    /// The places in the order first read: what the instance keeps (a small array, not a set).
    var placeList: [Place] = []
    /// The keys in the order first used.
    var keyList: [DependencyKey] = []

    /// Notes a place the body read.
    func touch(_ place: Place) {
        if places.insert(place).inserted { placeList.append(place) }
    }
    /// Computed properties being evaluated, outermost first.
    var via: [String] = []
    /// Stale explanations for untracked places read: place → why nothing is told.
    var untracked: [Place: String] = [:]

    /// Identical reads (the same path and value, as in each element of a ForEach) are kept once.
    private var seen: Set<String> = []
    private var seenValues: [Int: Set<Value>] = [:]
    private var lastKeys: [KeyUse] = []

    func record(path: String, site: SourceLocation, value rawValue: Value, from mark: Int, rootRole: String) {
        // What a body shows does not depend on which closure it holds: closures are compared as one value.
        let value = rawValue.withClosuresErased
        guard seenValues[site.position, default: []].insert(value).inserted else { return }
        var keys: [KeyUse] = []
        for use in keyLog[mark...] where !keys.contains(use) { keys.append(use) }
        // Reads at one site usually create the same keys: share one array instead of one each.
        if keys == lastKeys { keys = lastKeys } else { lastKeys = keys }
        reads.append(ReadRecord(path: path, value: value, keys: keys, deferred: false, rootRole: rootRole))
    }

    func recordDeferred(path: String, rootRole: String) {
        guard seen.insert(path).inserted else { return }
        reads.append(ReadRecord(path: path, value: nil, keys: [], deferred: true, rootRole: rootRole))
    }

    func use(_ key: DependencyKey) {
        if keys.insert(key).inserted { keyList.append(key) }
        keyLog.append(KeyUse(key: key, via: via))
    }
}
