import RippleRuntime

/// The identity of a child within its parent's body: where it is built, which ForEach element, which `.id`.
struct ChildKey: Hashable, Sendable {
    /// The call site, numbered by the engine (`Engine.siteLocations` holds where it is).
    var site: Int
    var forEachIDs: IdentityPath
    var explicitID: Value?
    /// The type the `AnyView` it is built in wraps, when it is built in one (Rule 10.6): a view built there
    /// again is the same view only while the type is.
    var erasedType: String? = nil
}

/// The identities of the `ForEach` elements a view was built in, outermost first.
///
/// Most views are inside at most one `ForEach`, and their one identity is kept inline: as an array it would
/// be one more heap block for every row a list rebuilds, on every evaluation of the list.
struct IdentityPath: Hashable, Sendable, RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    private enum Storage: Hashable, Sendable {
        case empty
        case one(Value)
        /// Two or more.
        case many([Value])
    }

    private var storage: Storage = .empty

    init() {}

    init(arrayLiteral elements: Value...) {
        for element in elements { append(element) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .many(let values): values.count
        }
    }

    subscript(position: Int) -> Value {
        get {
            switch storage {
            case .empty: preconditionFailure("index out of range")
            case .one(let value):
                precondition(position == 0, "index out of range")
                return value
            case .many(let values): return values[position]
            }
        }
        set {
            switch storage {
            case .empty: preconditionFailure("index out of range")
            case .one:
                precondition(position == 0, "index out of range")
                storage = .one(newValue)
            case .many(var values):
                storage = .empty
                values[position] = newValue
                storage = .many(values)
            }
        }
    }

    mutating func append(_ value: Value) {
        switch storage {
        case .empty: storage = .one(value)
        case .one(let first): storage = .many([first, value])
        case .many(var values):
            storage = .empty
            values.append(value)
            storage = .many(values)
        }
    }
}

/// A view value as a parent's body built it: what SwiftUI compares on the next evaluation.
struct ChildDescription: Sendable {
    /// Properties the parent sets (inputs, bindings, observed objects), by name. First, so that it is in
    /// the instance's first cache lines (`Instance`).
    var fields: NameTable<Value>
    var key: ChildKey
    var viewType: String
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
    /// For a container whose content its caller builds (`Card { Text(title) }`), what building that content
    /// read, in the caller's body: when one of those values changes, the content the container holds
    /// changed, and SwiftUI re-runs the container to place it.
    var contentReads: [ReadRecord] = []
    /// The value each binding input pointed at when the view was built: SwiftUI compares it too.
    var bindingValues: [String: Value] = [:]
    /// The `ForEach` elements the view was built for, outermost first, as `key.forEachIDs` holds their
    /// identities: a step or an expectation can name the row by a field of its element (`Row[title: "A"]`).
    var forEachElements = IdentityPath()
    /// For a `ForEach` row that runs its own content closure (Rule 14), a presentation's content
    /// (Rule 15) or a `GeometryReader`'s or `TimelineView`'s content (Rules 19 and 21), the closure and what it captured. A reference: most descriptions have none, and held
    /// inline it would make every description, and every instance that keeps one, several times larger.
    var contentClosure: ContentClosure?
    /// The initial values of the view's own storage evaluated where the parent made it (`InitialValue`), by
    /// property name: the storage of a new identity starts from them; an existing one drops them.
    var initials: [String: Value] = [:]
    /// For a row of a lazy container (Rule 20), the container and the row's position: the row gets an
    /// instance only while it is in the container's window.
    var lazyRow: LazyRow?

    /// A description that describes nothing, left where one was moved out of a list: it allocates nothing.
    static var placeholder: ChildDescription {
        ChildDescription(fields: [:], key: ChildKey(site: 0, forEachIDs: [], explicitID: nil), viewType: "", fieldSources: [:], seeds: [:],
                         inlineObjects: [], environmentOverrides: [:], usesEquatable: false, content: [])
    }
}

/// A content closure with the scope and build context it captured, which an instance runs as its body:
/// a `ForEach` row's (Rule 14, `RowContent`) or a presentation's (Rule 15, `Presentation`). Immutable,
/// so sharing one between copies of a description is the same as copying it.
final class ContentClosure: Sendable {
    let body: [StatementSyntax]
    /// The closure's parameter: the element (`book`), the presented item; nil for one that uses `$0`.
    let parameter: String?
    let scope: Scope
    let context: BuildContext
    /// For a presentation, the state that says whether, and what, it presents.
    let presentation: Presentation.Trigger?
    /// Whether the content is a presentation's: asked after every evaluation, and answered without
    /// copying the trigger out to compare it with nil.
    let isPresentation: Bool
    /// For the content of a view SwiftUI runs apart from the body (`GeometryReader`, `TimelineView`, Rules 19
    /// and 21), that view's name; it is always shown as an instance of its own.
    let layoutView: String?

    init(body: [StatementSyntax], parameter: String?, scope: Scope, context: BuildContext, presentation: Presentation.Trigger? = nil,
         layoutView: String? = nil) {
        self.body = body
        self.parameter = parameter
        self.scope = scope
        self.context = context
        self.presentation = presentation
        isPresentation = presentation != nil
        self.layoutView = layoutView
    }
}

/// One view instance in the simulated tree.
struct Instance: TreeNode, Sendable {
    // Fields a write and the evaluation it causes read come first, so that they share the instance's
    // first cache lines: at 100,000 rows most instances are out of cache when a write reaches them.
    /// Parent, children, depth and whether it is alive, which only the tree changes (`InstanceTree`).
    var links = TreeLinks.unplaced
    /// Creation order among all instances: ties in top-down order are broken by it.
    var sequence: Int
    /// Whether the name carries a duplicate's number (`Row#2`), found once: a parent re-evaluated with the
    /// same children checks it for every child.
    let isNumberedDuplicate: Bool
    /// The declaration of `viewType`; nil only for a type the table does not declare.
    var info: ViewInfo?
    var reads: [ReadRecord] = []
    /// Keys and places as small arrays: most instances have one or two, and a set costs more memory.
    var keys: [DependencyKey] = []
    var places: [Place] = []
    var path: String
    let name: String
    var viewType: String
    /// What the parent built; its first field, the inputs, is what a body reads.
    var description: ChildDescription
    // Fields a write does not reach.
    var id: Int
    /// Owned storage: `@State`, `@StateObject`, `@FocusState`, by property name (a view has a few).
    var slots = NameTable<SlotID>()
    /// The last value seen of each environment key the view declares.
    var environmentSeen: [String: Value] = [:]
    /// The actions its last evaluation attached (`.task`, `.refreshable`), and those of them a step
    /// started that wait at an `await`, oldest first.
    var actions: [ViewAction] = []
    var suspended: [SuspendedAction] = []
    /// What a person can do with the views its last evaluation built.
    var userActions: [UserAction] = []
    /// A `ForEach` row whose closure built a custom view: that view stands for it (Rule 14), so the row
    /// is left out of paths, traces and pictures, and its path is its parent's.
    var isHiddenRow = false

    init(id: Int, viewType: String, info: ViewInfo?, name: String, path: String, description: ChildDescription, sequence: Int) {
        self.id = id
        self.viewType = viewType
        self.info = info
        self.name = name
        isNumberedDuplicate = name.utf8.contains(UInt8(ascii: "#"))
        self.path = path
        self.description = description
        self.sequence = sequence
    }

    /// The identity within the parent: kept once, in the description the parent built.
    var key: ChildKey { description.key }

    /// How many levels below the root.
    var depth: Int { links.depth }
    /// False once the instance has been destroyed.
    var alive: Bool { links.alive }
    /// The instance whose body built it; nil for the root.
    var parent: Int? { links.parent }
    /// The instances its body built, in order.
    var children: [Int] { links.children }
    /// Position among the parent's children, for tree order.
    var childIndex: Int { links.childIndex }
}
