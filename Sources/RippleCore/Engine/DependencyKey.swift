/// What a body subscribes to under SwiftUI's rules; a write that hits the key dirties its dependents.
public enum DependencyKey: Hashable, Sendable {
    /// Observation: `object.property` read during the body, the property by its index among the
    /// object's stored properties (`DataInfo.storedNames`): a key is made, compared and copied for every
    /// read, and a number costs none of a name's comparisons and reference counts.
    case observation(ObjectID, Int)
    /// `objectWillChange` of an `ObservableObject` the view holds through a wrapper.
    case objectWillChange(ObjectID)
    /// A `@State`/`@FocusState` slot read during the body, directly or through `@Binding`.
    case state(SlotID)
    /// `@Environment(\.key)` declared by the view.
    case environment(String)
    /// `@AppStorage("key")` declared by the view.
    case appStorage(String)
}

extension DependencyKey {
    /// `==`, answering the usual case, two Observation keys, by comparing their numbers directly.
    @inline(__always)
    func isSame(as other: DependencyKey) -> Bool {
        if case .observation(let a, let i) = self, case .observation(let b, let j) = other { return a == b && i == j }
        return self == other
    }
}

/// A place a body reads, tracked or not: used to find views left showing stale data.
enum Place: Hashable, Sendable {
    /// An object's stored property, by index (as in `DependencyKey.observation`).
    case property(ObjectID, Int)
    case state(SlotID)
    case appStorage(String)
}

/// A dependency key together with the computed properties it was reached through.
public struct KeyUse: Hashable, Sendable {
    public var key: DependencyKey
    /// Computed properties evaluated on the way, outermost first (`["currentUser"]`).
    public var via: [String]
}

/// What a read is, apart from what it saw: the path as written, how its root reaches the body, and
/// whether it runs later. One site is made per access path and root role (`Engine.readSite(of:role:)`) and
/// shared by every record of that read, on every evaluation: a record holds one reference rather than two
/// strings, and two records are of the same read when they share a site.
final class ReadSite: Sendable {
    /// The expression as written: `state.users[index].name`.
    let path: String
    /// How the root of the path reaches the body (`input`, `@State`, `global`, ...).
    let rootRole: String
    /// Read only inside a deferred closure (an action, `.task`, `.onAppear`).
    let deferred: Bool
    /// `[path]`: an evaluation whose only changed read is this one reports this list, made once.
    let alone: [String]
    /// Where the path is written, when it is known.
    let location: SourceLocation?

    init(path: String, rootRole: String, deferred: Bool, location: SourceLocation? = nil) {
        self.path = path
        self.rootRole = rootRole
        self.deferred = deferred
        self.location = location
        alone = [path]
    }

    /// Whether two sites name the same read, as comparing two evaluations' reads needs it: the same site,
    /// or the same text and kind (the root's role is not compared).
    func isSameRead(as other: ReadSite) -> Bool {
        self === other || (path == other.path && deferred == other.deferred)
    }
}

/// One access path a body reads, with the value it saw and the keys it created.
public struct ReadRecord: Hashable, Sendable {
    let site: ReadSite
    /// The value read; nil for reads inside deferred closures, which do not run during the body.
    public var value: Value?
    /// The keys the read created, in the order first used.
    public var keys: [KeyUse] {
        switch keyStorage {
        case .none: []
        case .one(let use): [use]
        case .many(let uses): uses
        }
    }
    var keyStorage: KeyStorage

    /// The expression as written: `state.users[index].name`.
    public var path: String { site.path }
    /// Read only inside a deferred closure (an action, `.task`, `.onAppear`).
    public var deferred: Bool { site.deferred }
    /// How the root of the path reaches the body (`input`, `@State`, `global`, ...).
    public var rootRole: String { site.rootRole }

    init(site: ReadSite, value: Value?, keys: KeyStorage) {
        self.site = site
        self.value = value
        self.keyStorage = keys
    }

    public static func == (a: ReadRecord, b: ReadRecord) -> Bool {
        (a.site === b.site || (a.path == b.path && a.deferred == b.deferred && a.rootRole == b.rootRole))
            && a.value == b.value && a.keyStorage == b.keyStorage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(value)
        hasher.combine(keyStorage)
        hasher.combine(deferred)
        hasher.combine(rootRole)
    }
}

/// A read's keys. Most reads create exactly one, kept inline: an array of its own would be one more heap
/// object per read, allocated on every evaluation and freed, cold, on the next.
enum KeyStorage: Hashable, Sendable {
    case none
    case one(KeyUse)
    case many([KeyUse])

    init(_ uses: [KeyUse]) {
        switch uses.count {
        case 0: self = .none
        case 1: self = .one(uses[0])
        default: self = .many(uses)
        }
    }

    /// Adds a use the storage does not hold yet.
    mutating func insert(_ use: KeyUse) {
        switch self {
        case .none: self = .one(use)
        case .one(let first) where first != use: self = .many([first, use])
        case .one: break
        case .many(var uses):
            guard !uses.contains(use) else { return }
            self = .none
            uses.append(use)
            self = .many(uses)
        }
    }
}
