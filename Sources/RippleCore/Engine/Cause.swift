/// Why an instance was evaluated or left stale.
public struct Cause: Hashable, Sendable, Codable {
    /// The mechanism.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An `@Observable` property it depends on was written.
        case observation
        /// `objectWillChange` of an `ObservableObject` it holds.
        case objectWillChange
        /// A `@State` or `@FocusState` slot it read changed.
        case state
        /// A value it reads through `@Binding` changed.
        case binding
        /// An environment key it declares changed.
        case environment
        /// An `@AppStorage` key it declares was written.
        case appStorage
        /// Its parent re-evaluated and built it with a different input.
        case input
        /// It is a new instance: first appearance, a changed `.id`, a flipped branch, a new ForEach element.
        case newIdentity
        /// An `@ObservedObject` created inline was replaced by a new object, losing its state.
        case objectRecreated
        /// It reads a value that changed but nothing told SwiftUI (stale).
        case untracked
        /// Its `@State` was seeded from an argument that changed, but keeps its first value (stale).
        case seededState
    }

    public var kind: Kind
    /// What changed: `state.users`, `_expanded`, `\.colorScheme`, `input 'name'`.
    public var subject: String
    /// Extra explanation: the write, the reason inputs differ, the path through computed properties.
    public var detail: String
    public var old: String?
    public var new: String?
    /// Where the invalidation came from in the picture: a dependency key (`RootView.state.users`) or the parent's path.
    public var source: String?

    public init(kind: Kind, subject: String, detail: String, old: String? = nil, new: String? = nil, source: String? = nil) {
        self.kind = kind
        self.subject = subject
        self.detail = detail
        self.old = old
        self.new = new
        self.source = source
    }
}
