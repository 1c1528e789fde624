/// The identity of a child within its parent's body: where it is built, which ForEach element, which `.id`.
struct ChildKey: Hashable, Sendable {
    /// The call site, numbered by the engine (`Engine.siteLocations` holds where it is).
    var site: Int
    var forEachIDs: [Value]
    var explicitID: Value?
}

/// A view value as a parent's body built it: what SwiftUI compares on the next evaluation.
struct ChildDescription: Sendable {
    var key: ChildKey
    var viewType: String
    /// Properties the parent sets (inputs, bindings, observed objects), by name.
    var fields: NameTable<Value>
    /// Source of each field's argument, for display.
    var fieldSources: [String: String]
    /// `@State`-like properties the parent passed a first value for.
    var seeds: [String: Value]
    /// `@ObservedObject` properties whose object was created by the view's own default value.
    var inlineObjects: Set<String>
    /// `.environment(...)` values set between the parent and this view.
    var environmentOverrides: [String: Value]
    /// `.equatable()` was applied: compare with the view's own `==`.
    var usesEquatable: Bool
    /// For a `ViewModifier`, the views it wraps.
    var content: [ChildDescription]
    /// The value each binding input pointed at when the view was built: SwiftUI compares it too.
    var bindingValues: [String: Value] = [:]
}

/// One view instance in the simulated tree.
struct Instance: Sendable {
    // Fields a write and the evaluation it causes read come first, so that they share the instance's
    // first cache lines: at 100,000 rows most instances are out of cache when a write reaches them.
    var depth: Int
    /// Creation order among all instances: ties in top-down order are broken by it.
    var sequence: Int
    var alive = true
    /// Whether the name carries a duplicate's number (`Row#2`), found once: a parent re-evaluated with the
    /// same children checks it for every child.
    let isNumberedDuplicate: Bool
    /// The declaration of `viewType`; nil only for a type the table does not declare.
    var info: ViewInfo?
    var reads: [ReadRecord] = []
    /// Keys and places as small arrays: most instances have one or two, and a set costs more memory.
    var keys: [DependencyKey] = []
    var places: [Place] = []
    var parent: Int?
    /// Position among the parent's children, for tree order.
    var childIndex = 0
    var path: String
    let name: String
    var viewType: String
    var id: Int
    var children: [Int] = []
    /// Owned storage: `@State`, `@StateObject`, `@FocusState`, by property name (a view has a few).
    var slots = NameTable<SlotID>()
    /// The last value seen of each environment key the view declares.
    var environmentSeen: [String: Value] = [:]
    var description: ChildDescription

    init(id: Int, viewType: String, info: ViewInfo?, name: String, path: String, parent: Int?, depth: Int,
         description: ChildDescription, sequence: Int) {
        self.id = id
        self.viewType = viewType
        self.info = info
        self.name = name
        isNumberedDuplicate = name.utf8.contains(UInt8(ascii: "#"))
        self.path = path
        self.parent = parent
        self.depth = depth
        self.description = description
        self.sequence = sequence
    }

    /// The identity within the parent: kept once, in the description the parent built.
    var key: ChildKey { description.key }
}
