// Resolved declarations: what each type in one variant is, with its properties sorted into their roles.

/// A resolved type of a property or value.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case int, double, bool, string, url, date, uuid, void
    /// A struct, enum or class declared in the scenario or the prelude.
    case named(String)
    case optional(ValueType)
    case array(ValueType)
    case function
    case binding(ValueType)
    case keyPath
    /// A type the resolver could not pin down (an inferred property whose initializer is complex).
    case unknown

    /// The type an optional wraps, through every level (`T??` is `T`); the type itself otherwise.
    public var unwrappingOptionals: ValueType {
        if case .optional(let wrapped) = self { return wrapped.unwrappingOptionals }
        return self
    }

    public var description: String {
        switch self {
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .string: "String"
        case .url: "URL"
        case .date: "Date"
        case .uuid: "UUID"
        case .void: "Void"
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .function: "() -> Void"
        case .binding(let value): "Binding<\(value)>"
        case .keyPath: "KeyPath"
        case .unknown: "_"
        }
    }
}

/// How a view property takes part in updates: SwiftUI's property wrappers, or a plain stored input.
public enum ViewPropertyRole: Hashable, Sendable, CustomStringConvertible {
    /// `let`/`var` set by the parent: compared when the parent's body runs.
    case input
    case state
    case stateObject
    case focusState
    /// `@Binding`: a dynamic property; reading it tracks the place it points at.
    case binding
    /// `let b: Binding<T>` without the wrapper: not a dynamic property.
    case plainBinding
    case bindable
    /// `@Environment(\.key)`.
    case environment(key: String)
    /// `@Environment(Model.self)`.
    case environmentModel(type: String)
    case environmentObject
    case observedObject
    case appStorage(key: String)

    /// The wrapper as Swift spells it, as traces print the role.
    public var description: String { kind.description }
}

/// A stored property of a view or view modifier.
public struct ViewProperty: Hashable, Sendable {
    public var name: String
    public var role: ViewPropertyRole
    public var type: ValueType
    public var defaultValue: ExprSyntax?
    public var isPrivate: Bool
    public var isLet: Bool
    public var location: SourceLocation
}

/// A `struct X: View` or `struct M: ViewModifier`.
public struct ViewDeclaration: Hashable, Sendable {
    public var name: String
    public var properties: [ViewProperty]
    /// The body's statements (a view builder).
    public var body: [StatementSyntax]
    /// For a modifier, the name of `body(content:)`'s parameter; for a container, its content property
    /// (`@ViewBuilder let content: Content`). Either names the views the caller built for it.
    public var contentParameter: String?
    public var initializer: InitializerSyntax?
    /// `static func ==` for Equatable views.
    public var equality: FunctionSyntax?
    public var isEquatable: Bool
    public var isModifier: Bool
    public var location: SourceLocation
    /// Computed properties and methods other than `body`: `var header: some View`, `func row(_:)`.
    public var helpers: [ViewHelper] = []
    /// Every `init`, in source order; `initializer` is the first.
    public var initializers: [InitializerSyntax] = []
    /// Whether the view is `Animatable` (it conforms, or declares `animatableData`): within an animation
    /// SwiftUI runs its body on every frame, which Ripple does not count.
    public var isAnimatable = false
    /// Its `@Query` properties (`QuerySyntax`): what `modelContext.insert(_:)` and `delete(_:)` change (Rule 22).
    public var queries: [QuerySyntax] = []

    /// The initializer a call with these argument labels selects, as Swift's overload resolution does by
    /// labels: the first whose parameters take the labels in order, defaults filling the rest; the
    /// first initializer when none does.
    func initializer(forLabels labels: [String?]) -> InitializerSyntax? {
        guard initializers.count > 1 else { return initializer }
        return initializers.selected(forLabels: labels) ?? initializer
    }

    func property(named name: String) -> ViewProperty? { properties.first { $0.name == name } }
    func helper(named name: String) -> ViewHelper? { helpers.first { $0.name == name } }
}

/// A view's computed property or method other than `body`. It runs as part of the body that uses it:
/// what it reads is the body's read, and the views it builds are the body's children.
public struct ViewHelper: Hashable, Sendable {
    public var name: String
    /// The method's parameters; nil for a computed property.
    public var parameters: [ParameterSyntax]?
    public var statements: [StatementSyntax]
    /// Whether it builds views (`some View`, `AnyView`): used where a view goes, its statements are built
    /// as the body's are; otherwise it computes a value.
    public var buildsViews: Bool
    /// The value's declared type, for a helper that computes one.
    public var type: ValueType
    public var location: SourceLocation
}

/// A stored property of a model class or a struct.
public struct StoredProperty: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: ExprSyntax?
    public var isLet: Bool
    /// `@Published` in an `ObservableObject`.
    public var isPublished: Bool
    /// `@ObservationIgnored` in an `@Observable` class.
    public var isIgnored: Bool
    /// `@AppStorage("key")` in a model class: the value lives in user defaults.
    public var appStorageKey: String?
    public var location: SourceLocation
    /// `willSet` and `didSet`, which run on every write of the property (`PropertyObservers.swift`).
    public var willSet: PropertyObserverSyntax? = nil
    public var didSet: PropertyObserverSyntax? = nil
}

/// A computed property: its getter's statements.
public struct ComputedProperty: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var getter: [StatementSyntax]
    public var location: SourceLocation
    /// Its `set { … }`; nil for a read-only property.
    public var setter: PropertyObserverSyntax? = nil
}

/// How a class publishes its changes.
public enum ModelKind: String, Hashable, Sendable {
    /// `@Observable`: per-property tracking through Observation.
    case observable = "@Observable"
    /// `ObservableObject`: whole-object `objectWillChange`.
    case observableObject = "ObservableObject"
    /// A plain class: nobody is told about its changes.
    case plain = "class"
}

/// A struct (non-view) or class declaration: fields, computed properties, equality.
public struct DataDeclaration: Hashable, Sendable {
    public var name: String
    public var isClass: Bool
    public var modelKind: ModelKind
    public var stored: [StoredProperty]
    public var computed: [ComputedProperty]
    public var isEquatable: Bool
    public var isIdentifiable: Bool
    public var equality: FunctionSyntax?
    public var location: SourceLocation
    /// Methods other than `==`: run when a step (or another method) calls them, their writes the step's.
    public var methods: [FunctionSyntax] = []
    /// Every `init`, in source order: `Model(…)` runs the one its labels select (`ModelInitializers.swift`).
    public var initializers: [InitializerSyntax] = []

    func storedIndex(of name: String) -> Int? { stored.firstIndex { $0.name == name } }
    func method(named name: String) -> FunctionSyntax? { methods.first { $0.name == name } }
    /// The method `name` a call with these arguments selects: of several of that name, the first whose
    /// parameters take their labels, as Swift's overload resolution by labels does (`shoes(forCategory:)`
    /// beside `shoes(forRunType:)`); the first of that name when none does.
    func method(named name: String, for arguments: [ArgumentSyntax]) -> FunctionSyntax? {
        var first: FunctionSyntax?
        let labels = arguments.selectionLabels
        for method in methods where method.name == name {
            if method.parameters.accepts(labels: labels) { return method }
            if first == nil { first = method }
        }
        return first
    }
    func computedProperty(named name: String) -> ComputedProperty? { computed.first { $0.name == name } }
}

/// An enum declaration.
public struct EnumDeclaration: Hashable, Sendable {
    public var name: String
    public var cases: [String: Int]
    public var caseOrder: [String]
    public var isEquatable: Bool
    public var location: SourceLocation
    /// Each case's raw value, for an enum with a `String` or integer raw type (`enum Filter: String`):
    /// the one written, or the one Swift derives (the case's name; the previous integer plus one, from 0).
    public var rawValues: [String: ExprSyntax] = [:]
    /// Computed properties, run with `self` the case (`var title: String { switch self { … } }`).
    public var computed: [ComputedProperty] = []

    func computedProperty(named name: String) -> ComputedProperty? { computed.first { $0.name == name } }
}

/// A custom or built-in environment key.
public struct EnvironmentKeyDeclaration: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var defaultValue: ExprSyntax
    public var location: SourceLocation
}

/// Every declaration visible in one variant: the base's, replaced by the variant's same-named ones.
public struct DeclarationTable: Sendable {
    public var views: [String: ViewDeclaration] = [:]
    public var data: [String: DataDeclaration] = [:]
    public var enums: [String: EnumDeclaration] = [:]
    public var environmentKeys: [String: EnvironmentKeyDeclaration] = [:]
    /// Each global and `static` property; `isComputed` for a `static` getter (`static var preview: Store
    /// { … }`), computed at each use, as Swift computes it, where any other is computed once. (Kept in the
    /// array, not in a table of its own: a debug build copies the table into deep frames.)
    public var globals: [(name: String, value: ExprSyntax, location: SourceLocation, isComputed: Bool)] = []
    /// Each type's `static func`s other than `==`, by `Type.name`, in source order: `Type.name(…)` runs
    /// the one its labels select (`Utility.currentTimeZone()`, an enum without cases used as a namespace).
    public var staticMethods: [String: [FunctionSyntax]] = [:]
    /// The view at the root of the tree.
    public var rootView: String = ""
    /// Views another module declares, which the source builds but does not declare (`ShimmerView()`):
    /// built like a built-in view, their arguments read and their closures built as their content.
    public var opaqueViews: Set<String> = []
    /// The files whose own type of a name is simulated with another file's (`ScenarioSyntax.replacedTypes`).
    public var replacedTypes: [String: Set<String>] = [:]
    /// Modifiers an `extension View` of the source declares, which Ripple does not simulate: a body that
    /// applies one may build views Ripple does not see (`ScenarioSyntax.unsimulatedModifiers`).
    public var unsimulatedModifiers: [String: SourceLocation] = [:]
    /// Swift source that uses other modules (`ScenarioSyntax.readsOtherModules`): a name the source does
    /// not declare is an opaque value, with a note, where a scenario would have an error.
    public var readsOtherModules = false
    /// How many rows a lazy container's window shows (Rule 20): `visible rows N`, `--visible-rows N`.
    public var visibleRows = LazyWindow.defaultVisibleRows

    var allTypeNames: [String] { Array(views.keys) + Array(data.keys) + Array(enums.keys) }

    /// Whether values of `type` are Equatable, as Swift would decide.
    func isEquatable(_ type: ValueType) -> Bool {
        switch type {
        case .int, .double, .bool, .string, .url, .date, .uuid, .keyPath: return true
        case .void, .function, .binding, .unknown: return false
        case .optional(let wrapped), .array(let wrapped): return isEquatable(wrapped)
        case .named(let name):
            if let data = data[name] { return data.isEquatable }
            if let enumeration = enums[name] { return enumeration.isEquatable }
            return false
        }
    }

    /// Whether values of `type` are class references.
    func isClass(_ type: ValueType) -> Bool {
        if case .named(let name) = type { return data[name]?.isClass ?? false }
        if case .optional(let wrapped) = type { return isClass(wrapped) }
        return false
    }
}

extension ParameterSyntax {
    /// Whether an argument with `label` is given to this parameter: the same label, or `_trailing` (a
    /// trailing closure) for a function-typed one.
    func takes(_ label: String?) -> Bool {
        label == self.label || (label == "_trailing" && type.isFunction)
    }
}

extension InitializerSyntax {
    /// Whether a call with these argument labels can call it: its parameters take the labels in order,
    /// defaults filling the rest.
    func accepts(labels: [String?]) -> Bool {
        parameters.accepts(labels: labels)
    }
}

extension [ParameterSyntax] {
    /// Whether a call with these argument labels can call a function of these parameters: they take the
    /// labels in order, defaults filling the rest.
    func accepts(labels: [String?]) -> Bool {
        var next = 0
        for parameter in self {
            if next < labels.count, parameter.takes(labels[next]) {
                next += 1
            } else if parameter.defaultValue == nil {
                return false
            }
        }
        return next == labels.count
    }
}

extension [ArgumentSyntax] {
    /// The labels a call's arguments select a function by: an unlabelled closure last is a trailing
    /// closure, `_trailing`, which the next parameter of a function type takes whatever its label.
    var selectionLabels: [String?] {
        var labels = map(\.label)
        if let last, last.label == nil, case .closure = last.value.kind { labels[labels.count - 1] = "_trailing" }
        return labels
    }
}

extension [InitializerSyntax] {
    /// The initializer a call with these argument labels selects, as Swift's overload resolution does by
    /// labels: the first that accepts them.
    func selected(forLabels labels: [String?]) -> InitializerSyntax? {
        first { $0.accepts(labels: labels) }
    }
}
