/// What SwiftUI does with one kind of view property (`@State`, `@Binding`, `@Environment`, a `let`
/// input…): where its value lives, what reading it registers, what writing to it reaches, who sets it and
/// how it starts.
///
/// Each kind is one type in a file of its own under `Engine/Rules/`, and `ViewPropertyRole.kind` is the
/// one table from a property's role to its kind. The engine asks the kind and acts on the answer; it never
/// switches on the role. A kind is a plain value: it decides from what it is given and holds no engine
/// state.
///
/// Most kinds answer most questions with "no"; the extension below gives those answers, so a kind's file
/// says only what makes it different.
protocol StorageKind: Sendable {
    /// The wrapper as Swift spells it (`@State`, `@Environment(\.colorScheme)`), as traces print the role.
    var description: String { get }

    // MARK: - Who sets it, and how it starts

    /// Whether the parent passes the value each time it builds the view.
    var isSetByParent: Bool { get }
    /// Whether SwiftUI keeps the value in the view's own storage: seeded once per identity, then owned.
    var isOwnedStorage: Bool { get }
    /// Whether the property is a parameter of the view's memberwise initializer.
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool
    /// What making an instance of the view does for the property.
    var construction: StorageConstruction { get }
    /// Whether an empty collection of a declared type it starts with is given `--rows` stand-in elements.
    var fillsEmptyCollections: Bool { get }
    /// Whether a default value, evaluated each time the parent builds the view, makes a new object that
    /// the trace names (an inline `@ObservedObject`).
    var defaultMakesInlineObject: Bool { get }
    /// Whether the wrapper takes its initial value as an autoclosure it runs once, when the identity
    /// appears (`@StateObject`), rather than as a value evaluated where the view is made (`@State`).
    var takesInitialValueAsAutoclosure: Bool { get }

    // MARK: - Reads

    /// Where a body's read of the property finds its value, and what the read registers; `type` is the
    /// property's declared type.
    func read(type: ValueType) -> StorageRead
    /// The key the view depends on by declaration, whatever its body reads.
    var declaredDependency: DeclaredDependency? { get }
    /// Whether reading the bare name is reading a plain value, with no dependency of its own.
    var isPlainValue: Bool { get }
    /// Whether the property holds an `ObservableObject` whose `objectWillChange` `_printChanges` names by
    /// the property's field.
    var holdsObservableObject: Bool { get }

    // MARK: - Bindings and writes

    /// Whether the value is a `@Binding` wrapper: a dynamic property, so reading through it tracks its
    /// source and updating the view refreshes the value it carries.
    var isBindingWrapper: Bool { get }
    /// Whether the value is a binding the parent passes (`@Binding`, or a plain `Binding` property).
    var carriesBinding: Bool { get }
    /// The place `$name` projects to, or nil when the property has no projection.
    var projection: StoragePlace? { get }
    /// The place a step's write to `Root.name` reaches.
    var writePlace: StoragePlace { get }

    /// What a write that stores a new value in the property's own storage does, or nil for a kind
    /// whose storage is written through what it holds (an object, a binding's source) or not at all;
    /// `differs` is whether the new whole value differs from the old (`ChildComparison`'s test).
    func write(differs: Bool) -> StorageWrite?
    /// Why a view told of a write to the storage re-runs: `isOwner` when the view declares the storage
    /// itself, not when it reads it through a binding.
    func causeKind(isOwner: Bool) -> Cause.Kind?

    // MARK: - Comparison, printing and checks

    /// Whether `_printChanges` names the property (a dynamic property).
    var isDynamicProperty: Bool { get }
    /// Whether the property is a plain `let`/`var` input, which a view of plain data compares field by field.
    var isPlainInput: Bool { get }
    /// Whether a presentation's content sees the value as of the presenter's last body run rather than
    /// its value now.
    func capturesValue(holdsObject: Bool) -> Bool
    /// The kind of model class the property's type must be, or nil for any type.
    var requiredModelKind: ModelKind? { get }
    /// Whether the declaration needs a type or an initial value.
    var needsTypeOrValue: Bool { get }
    /// The type the wrapper gives the property, over what is written (`isWritten`) or inferred; nil to keep that.
    func impliedType(isWritten: Bool) -> ValueType?
    /// The role as the variant graph labels it.
    func graphText(isLet: Bool) -> String
    /// Why a read finds nothing in the environment above `path`, for a kind read from there by type;
    /// `type` is the property's declared type.
    func missingFromEnvironment(type: ValueType, above path: String) -> String
}

extension StorageKind {
    var isSetByParent: Bool { false }
    var isOwnedStorage: Bool { false }
    func isMemberwiseParameter(isLet: Bool, hasDefault: Bool, isPrivate: Bool) -> Bool { false }
    var construction: StorageConstruction { .none }
    var fillsEmptyCollections: Bool { false }
    var defaultMakesInlineObject: Bool { false }
    var takesInitialValueAsAutoclosure: Bool { true }
    var declaredDependency: DeclaredDependency? { nil }
    var isPlainValue: Bool { false }
    var holdsObservableObject: Bool { false }
    var isBindingWrapper: Bool { false }
    var carriesBinding: Bool { false }
    func write(differs: Bool) -> StorageWrite? { nil }
    func causeKind(isOwner: Bool) -> Cause.Kind? { nil }
    var isDynamicProperty: Bool { true }
    var isPlainInput: Bool { false }
    func capturesValue(holdsObject: Bool) -> Bool { false }
    var requiredModelKind: ModelKind? { nil }
    var needsTypeOrValue: Bool { true }
    func impliedType(isWritten: Bool) -> ValueType? { nil }
    func graphText(isLet: Bool) -> String { description }
    func missingFromEnvironment(type: ValueType, above path: String) -> String { "" }
}

// MARK: - Decisions

/// Where a read of a view property finds its value.
enum StorageRead: Hashable, Sendable {
    /// The instance's own slot; `registersKey` says whether a body's read depends on it.
    case slot(registersKey: Bool)
    /// Through the binding the parent passed, tracking its source.
    case carriedBinding
    /// The value the parent passed, as it is.
    case field
    /// The environment value of a key (`\.colorScheme`).
    case environmentValue(key: String)
    /// The environment's entry for an object (`type:Model`, `object:Store`), which must be there.
    case environmentObject(entry: String)
    /// A persisted store's value under `key` (user defaults for `@AppStorage`).
    case persisted(key: String)
}

/// What a write to a property's own storage does.
struct StorageWrite: Hashable, Sendable {
    /// Whether the write tells the views that depend on the storage; false is a no-op.
    var notifies: Bool
    /// The trace's note for the write.
    var note: String
}

/// A key a view depends on by declaring the property.
enum DeclaredDependency: Hashable, Sendable {
    /// An environment key (`@Environment(\.key)`).
    case environment(key: String)
    /// A persisted store's key (`@AppStorage("k")`).
    case persisted(key: String)
    /// The `objectWillChange` of the `ObservableObject` the property holds.
    case heldObject
}

/// What making an instance does for a property.
enum StorageConstruction: Hashable, Sendable {
    case none
    /// A slot of the instance's own, from the parent's seed or the default; `fallback` when neither is
    /// given and the type is not optional.
    case ownedSlot(fallback: Value?)
    /// The instance declares an environment key, and starts from its value.
    case declaresEnvironment(key: String)
    /// The persisted store starts from the default, when it holds nothing under `key` yet.
    case seedsPersisted(key: String)
}

/// What a projection (`$name`) or a step's write (`Root.name = …`) reaches.
enum StoragePlace: Hashable, Sendable {
    /// The instance's slot, or the object it holds.
    case slot
    /// The object the instance's slot holds (`@StateObject`), never the slot.
    case slotObject
    /// The place the binding the parent passed points at.
    case carriedBinding
    /// A persisted store's key.
    case persisted(key: String)
    /// The object the property holds.
    case heldObject
    /// An input: only an object it holds can be written; its value is the parent's.
    case input
    /// An environment key, which a write names with `environment \.key = value`.
    case environment(key: String)
}

// MARK: - The table

extension ViewPropertyRole {
    /// The property wrappers a view's stored property may carry, without the `@`, as the front end and
    /// its suggestions know them.
    public static let wrapperNames = ["State", "StateObject", "FocusState", "Binding", "Bindable", "Environment", "EnvironmentObject",
                                      "ObservedObject"] + PersistedStorageKind.Store.allCases.map(\.wrapper)

    /// The kind of storage the role declares: the one place a role is switched on.
    var kind: any StorageKind {
        switch self {
        case .input: InputKind()
        case .state: StateKind()
        case .stateObject: StateObjectKind()
        case .focusState: FocusStateKind()
        case .binding: BindingKind(isWrapper: true)
        case .plainBinding: BindingKind(isWrapper: false)
        case .bindable: BindableKind()
        case .environment(let key): EnvironmentValueKind(key: key)
        case .environmentModel(let type): EnvironmentObjectKind(source: .model(type: type))
        case .environmentObject: EnvironmentObjectKind(source: .environmentObject)
        case .observedObject: ObservedObjectKind()
        case .appStorage(let key): PersistedStorageKind(store: .app, key: key)
        }
    }
}
