/// What a body subscribes to under SwiftUI's rules; a write that hits the key dirties its dependents.
public enum DependencyKey: Hashable, Sendable {
    /// Observation: `object.property` read during the body.
    case observation(ObjectID, String)
    /// `objectWillChange` of an `ObservableObject` the view holds through a wrapper.
    case objectWillChange(ObjectID)
    /// A `@State`/`@FocusState` slot read during the body, directly or through `@Binding`.
    case state(SlotID)
    /// `@Environment(\.key)` declared by the view.
    case environment(String)
    /// `@AppStorage("key")` declared by the view.
    case appStorage(String)
}

/// A place a body reads, tracked or not: used to find views left showing stale data.
enum Place: Hashable, Sendable {
    case property(ObjectID, String)
    case state(SlotID)
    case appStorage(String)
}

/// A dependency key together with the computed properties it was reached through.
public struct KeyUse: Hashable, Sendable {
    public var key: DependencyKey
    /// Computed properties evaluated on the way, outermost first (`["currentUser"]`).
    public var via: [String]
}

/// One access path a body reads, with the value it saw and the keys it created.
public struct ReadRecord: Hashable, Sendable {
    /// The expression as written: `state.users[index].name`.
    public var path: String
    /// The value read; nil for reads inside deferred closures, which do not run during the body.
    public var value: Value?
    public var keys: [KeyUse]
    /// Read only inside a deferred closure (an action, `.task`, `.onAppear`).
    public var deferred: Bool
    /// How the root of the path reaches the body (`input`, `@State`, `global`, ...).
    public var rootRole: String
}
