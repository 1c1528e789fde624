/// Where an instance's changed reads are read in the source, by the read's path: what JSON prints as
/// `"readLocations": {"item.title": {"file": …, "line": 3, "column": 14}}`.
///
/// An evaluation usually has one changed read, sometimes a few, and every evaluated instance of every
/// step has such a table. The first entry is therefore held inline and the others in a list, in the order
/// they were added: an entry is found by comparing paths, with no hashing and, for a single read, no heap
/// block. Two tables are equal when they hold the same entries, whatever their order, as dictionaries are.
public struct ReadLocations: Hashable, Sendable, Codable {
    /// One read's path and where it is read.
    private struct Entry: Hashable, Sendable {
        var path: String
        var location: TraceLocation
    }

    private var first: Entry?
    private var others: [Entry] = []

    /// An empty table.
    public init() {}

    /// How many reads have a location.
    public var count: Int { first == nil ? 0 : 1 + others.count }

    public var isEmpty: Bool { first == nil }

    /// The reads' paths, in the order they were added.
    public var paths: [String] { entries.map(\.path) }

    /// Where the read of `path` is, if the table holds it; setting nil removes it.
    public subscript(path: String) -> TraceLocation? {
        get { entries.first { $0.path == path }?.location }
        set {
            var all = entries.filter { $0.path != path }
            if let newValue {
                if let index = entries.firstIndex(where: { $0.path == path }) {
                    all.insert(Entry(path: path, location: newValue), at: index)
                } else {
                    all.append(Entry(path: path, location: newValue))
                }
            }
            first = all.first
            others = Array(all.dropFirst())
        }
    }

    /// Adds a read not yet in the table, without searching it: the engine adds each changed read once.
    mutating func append(path: String, location: TraceLocation) {
        assert(self[path] == nil, "each read is added once")
        let entry = Entry(path: path, location: location)
        if first == nil { first = entry } else { others.append(entry) }
    }

    private var entries: [Entry] {
        guard let first else { return [] }
        return [first] + others
    }

    /// The entries in order of their paths: what equality and hashing compare.
    private var sortedEntries: [Entry] {
        entries.sorted { $0.path < $1.path }
    }

    public static func == (lhs: ReadLocations, rhs: ReadLocations) -> Bool {
        lhs.count == rhs.count && lhs.sortedEntries == rhs.sortedEntries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(sortedEntries)
    }

    /// A JSON object keyed by path, as `[String: TraceLocation]` is encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PathKey.self)
        for entry in entries { try container.encode(entry.location, forKey: PathKey(entry.path)) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PathKey.self)
        self.init()
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            append(path: key.stringValue, location: try container.decode(TraceLocation.self, forKey: key))
        }
    }

    /// A read's path as a JSON key.
    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ path: String) { stringValue = path }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
