/// Why an instance was evaluated or left stale.
///
/// A write can dirty thousands of views at once (every row that reads an array), so a cause keeps its
/// explanation as parts shared between those views and joins them into text only when someone reads
/// ``detail``: the write path builds no string per view.
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

    /// An explanation not yet joined into text.
    enum Explanation: Hashable, Sendable {
        case text(String)
        /// `depends on <key>[ via a → b][ (reads <path>)] (<write kind> <written place>)`: each part is one
        /// string shared by every view the write dirtied (the kind a literal, the place the statement's),
        /// so a write builds no text of its own for its causes.
        case dependency(key: String, via: [String], read: String?, writeKind: String, written: String)

        var text: String {
            switch self {
            case .text(let text):
                return text
            case .dependency(let key, let via, let read, let writeKind, let written):
                var text = "depends on " + key
                if !via.isEmpty { text += " via " + via.joined(separator: " → ") }
                if let read { text += " (reads " + read + ")" }
                return text + " (" + writeKind + " " + written + ")"
            }
        }
    }

    /// Everything but the kind, in one box shared by every copy. A cause is built once per write and
    /// view and then copied: into the pass's table, into each view sharing it, into the step's trace.
    /// Kept inline, each copy counted a reference to each of its six strings and lists; a change makes a
    /// new box, and causes change only when a later write in the step merges into them.
    private final class Parts: Sendable {
        let subject: String
        let explanation: Explanation
        let laterWrites: Bool
        let old: String?
        let new: String?
        let source: String?

        init(subject: String, explanation: Explanation, laterWrites: Bool, old: String?, new: String?, source: String?) {
            self.subject = subject
            self.explanation = explanation
            self.laterWrites = laterWrites
            self.old = old
            self.new = new
            self.source = source
        }

        /// A copy with some parts replaced. For the optional parts, `.none` keeps the part as it is and
        /// `.some(nil)` empties it.
        func with(subject: String? = nil, explanation: Explanation? = nil, laterWrites: Bool? = nil,
                  old: String?? = .none, new: String?? = .none, source: String?? = .none) -> Parts {
            Parts(subject: subject ?? self.subject, explanation: explanation ?? self.explanation,
                  laterWrites: laterWrites ?? self.laterWrites, old: old ?? self.old, new: new ?? self.new,
                  source: source ?? self.source)
        }
    }

    public var kind: Kind
    private var parts: Parts

    /// What changed: `state.users`, `_expanded`, `\.colorScheme`, `input 'name'`.
    public var subject: String {
        get { parts.subject }
        set { parts = parts.with(subject: newValue) }
    }
    var explanation: Explanation { parts.explanation }
    /// Several writes in one step reached the view through this cause; the first is the one explained.
    var laterWrites: Bool { parts.laterWrites }
    public var old: String? {
        get { parts.old }
        set { parts = parts.with(old: .some(newValue)) }
    }
    public var new: String? {
        get { parts.new }
        set { parts = parts.with(new: .some(newValue)) }
    }
    /// Where the invalidation came from in the picture: a dependency key (`RootView.state.users`) or the parent's path.
    public var source: String? {
        get { parts.source }
        set { parts = parts.with(source: .some(newValue)) }
    }

    /// Extra explanation: the write, the reason inputs differ, the path through computed properties.
    public var detail: String {
        get { laterWrites ? explanation.text + " (and later writes in this step)" : explanation.text }
        set { parts = parts.with(explanation: .text(newValue), laterWrites: false) }
    }

    /// Marks that a later write in the step reached the view the same way; `keepingValues` false drops the
    /// old → new pair, which would mislead when the writes changed different places.
    mutating func markLaterWrite(keepingValues: Bool) {
        parts = keepingValues ? parts.with(laterWrites: true) : parts.with(laterWrites: true, old: .some(nil), new: .some(nil))
    }

    public init(kind: Kind, subject: String, detail: String, old: String? = nil, new: String? = nil, source: String? = nil) {
        self.init(kind: kind, subject: subject, explanation: .text(detail), old: old, new: new, source: source)
    }

    init(kind: Kind, subject: String, explanation: Explanation, old: String? = nil, new: String? = nil, source: String? = nil) {
        self.kind = kind
        parts = Parts(subject: subject, explanation: explanation, laterWrites: false, old: old, new: new, source: source)
    }

    // Equality, hashing and coding go by the text a reader sees, not by how it is kept.

    public static func == (a: Cause, b: Cause) -> Bool {
        a.kind == b.kind && a.subject == b.subject && a.old == b.old && a.new == b.new && a.source == b.source && a.detail == b.detail
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(subject)
        hasher.combine(detail)
        hasher.combine(old)
        hasher.combine(new)
        hasher.combine(source)
    }

    enum CodingKeys: String, CodingKey { case kind, subject, detail, old, new, source }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try container.decode(Kind.self, forKey: .kind),
                  subject: try container.decode(String.self, forKey: .subject),
                  detail: try container.decode(String.self, forKey: .detail),
                  old: try container.decodeIfPresent(String.self, forKey: .old),
                  new: try container.decodeIfPresent(String.self, forKey: .new),
                  source: try container.decodeIfPresent(String.self, forKey: .source))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(subject, forKey: .subject)
        try container.encode(detail, forKey: .detail)
        try container.encodeIfPresent(old, forKey: .old)
        try container.encodeIfPresent(new, forKey: .new)
        try container.encodeIfPresent(source, forKey: .source)
    }
}
