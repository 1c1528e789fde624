// The syntax tree: what the parser read, before names are resolved.

/// A written type: `Int`, `[User]`, `String?`, `Binding<Bool>`, `() -> Void`, `some View`.
public indirect enum TypeSyntax: Hashable, Sendable, CustomStringConvertible {
    case named(String, arguments: [TypeSyntax])
    case optional(TypeSyntax)
    case array(TypeSyntax)
    case dictionary(TypeSyntax, TypeSyntax)
    case function(parameters: [TypeSyntax], result: TypeSyntax)
    case opaque(String)

    public var description: String {
        switch self {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .optional(let wrapped): return "\(wrapped)?"
        case .array(let element): return "[\(element)]"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .function(let parameters, let result):
            return "(\(parameters.map(\.description).joined(separator: ", "))) -> \(result)"
        case .opaque(let name): return "some \(name)"
        }
    }
}

/// An argument in a call or attribute: `label: value` or just `value`.
public struct ArgumentSyntax: Hashable, Sendable {
    public var label: String?
    public var value: ExprSyntax
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(label: String? = nil, value: ExprSyntax, location: SourceLocation) {
        self.label = label
        self.value = value
        self.location = location
    }
}

/// A closure literal: `{ index in ... }`, `{ $0.id == x }`.
public struct ClosureSyntax: Hashable, Sendable {
    /// Named parameters (`user`, `$task`); empty when the closure uses `$0` or nothing.
    public var parameters: [String]
    public var body: [StatementSyntax]
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(parameters: [String], body: [StatementSyntax], location: SourceLocation) {
        self.parameters = parameters
        self.body = body
        self.location = location
    }
}

/// A part of a string literal after parsing its interpolations.
public enum StringPartSyntax: Hashable, Sendable {
    case text(String)
    case interpolation(ExprSyntax)
}

/// An expression with its position.
public struct ExprSyntax: Hashable, Sendable {
    public var kind: ExprKind
    public var location: SourceLocation
    /// Levels in the tree below and including this node, closure bodies included: how deep anything
    /// that walks the expression recurses. The parser bounds it (chains nested in chains multiply).
    public let height: Int

    public init(_ kind: ExprKind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
        self.height = 1 + kind.childHeight
    }
}

extension ExprKind {
    /// The tallest child's height, from the heights the children already carry.
    fileprivate var childHeight: Int {
        switch self {
        case .identifier, .dollar, .implicitMember, .integer, .double, .bool, .nilLiteral, .keyPath, .opaque: 0
        case .string(let parts): parts.map { if case .interpolation(let e) = $0 { e.height } else { 0 } }.max() ?? 0
        case .array(let elements): elements.map(\.height).max() ?? 0
        case .dictionary(let keys, let values): (keys + values).map(\.height).max() ?? 0
        case .member(let base, _, _), .forceUnwrap(let base), .unary(_, let base), .paren(let base): base.height
        case .subscriptAccess(let base, let arguments, _): max(base.height, arguments.map(\.value.height).max() ?? 0)
        case .call(let callee, let arguments, let trailing):
            max(callee.height, arguments.map(\.value.height).max() ?? 0, trailing.map(\.value.height).max() ?? 0)
        case .closure(let closure): closure.body.map(\.height).max() ?? 0
        case .binary(_, let left, let right): max(left.height, right.height)
        case .ternary(let condition, let yes, let no): max(condition.height, yes.height, no.height)
        }
    }
}

extension StatementKind {
    /// Levels below the statement: its tallest expression, or for an `if` or a `for` one more than its
    /// tallest condition, sequence or statement, from the heights they already carry.
    fileprivate var height: Int {
        func tallest(_ statements: [StatementSyntax]) -> Int { statements.map(\.height).max() ?? 0 }
        switch self {
        case .expression(let e), .letDeclaration(_, let e), .environmentWrite(_, let e), .returnStatement(let e?), .viewAction(_, let e): return e.height
        case .returnStatement(nil): return 0
        case .assignment(let target, _, let value): return max(target.height, value.height)
        case .ifStatement(let clauses, let otherwise):
            let branches = clauses.map { clause in
                max(clause.conditions.map { condition in
                    condition.value.height
                }.max() ?? 0, tallest(clause.body))
            }
            return 1 + max(branches.max() ?? 0, tallest(otherwise ?? []))
        case .forIn(_, let sequence, let body):
            return 1 + max(sequence.height, tallest(body))
        }
    }
}

/// The kinds of expression the language has.
public indirect enum ExprKind: Hashable, Sendable {
    case identifier(String)
    /// `$name` (a projected value) or `$0` (a closure's anonymous parameter).
    case dollar(String)
    /// `.dark`, `.none`: a member of a type the context gives.
    case implicitMember(String)
    case integer(Int)
    case double(Double)
    case string([StringPartSyntax])
    case bool(Bool)
    case nilLiteral
    case array([ExprSyntax])
    /// `["a": 1, "b": 2]`, and `[:]`: the keys, each with the value at the same index.
    case dictionary(keys: [ExprSyntax], values: [ExprSyntax])
    /// `base.name`, or `base?.name` when `optional`.
    case member(ExprSyntax, name: String, optional: Bool)
    /// `base[arguments]`, or `base?[arguments]` when `optional`.
    case subscriptAccess(ExprSyntax, arguments: [ArgumentSyntax], optional: Bool)
    /// A call with its parenthesized arguments and trailing closures (label nil for the first).
    case call(ExprSyntax, arguments: [ArgumentSyntax], trailing: [ArgumentSyntax])
    case closure(ClosureSyntax)
    case unary(String, ExprSyntax)
    case binary(String, ExprSyntax, ExprSyntax)
    case ternary(ExprSyntax, ExprSyntax, ExprSyntax)
    case forceUnwrap(ExprSyntax)
    /// `\.self`, `\User.id`, `\.colorScheme`.
    case keyPath(root: String?, components: [String])
    /// A parenthesized expression, kept so printing round-trips.
    case paren(ExprSyntax)
    /// An expression of a kind Ripple does not model (a dictionary literal, a cast, a `switch`
    /// expression), by its source text: it evaluates to an opaque value that reads nothing, and the
    /// front end that met it says so in a note.
    case opaque(String)
}

/// A condition in an `if`: a Boolean expression or `let name = value`.
public enum ConditionSyntax: Hashable, Sendable {
    case expression(ExprSyntax)
    case optionalBinding(name: String, value: ExprSyntax)
    /// `case let .loaded(items) = state`: holds when the value is that case, binding its associated values.
    case casePattern(CasePatternSyntax, value: ExprSyntax)

    /// The expression the condition tests.
    public var value: ExprSyntax {
        switch self {
        case .expression(let e), .optionalBinding(_, let e), .casePattern(_, let e): e
        }
    }

    /// The names the condition binds when it holds.
    public var boundNames: [String] {
        switch self {
        case .expression: []
        case .optionalBinding(let name, _): [name]
        case .casePattern(let pattern, _): pattern.bindings.compactMap { $0 }
        }
    }

    /// The condition with its expression replaced.
    func replacingValue(_ value: ExprSyntax) -> ConditionSyntax {
        switch self {
        case .expression: .expression(value)
        case .optionalBinding(let name, _): .optionalBinding(name: name, value: value)
        case .casePattern(let pattern, _): .casePattern(pattern, value: value)
        }
    }
}

/// An enum case pattern that binds its associated values: `.loaded(let items)`, `let .pair(a, _)`,
/// `Loadable.failed(let error)`, `.some(let value)`.
public struct CasePatternSyntax: Hashable, Sendable {
    /// The type written before the case (`Loadable` in `Loadable.loaded`), nil for `.loaded`.
    public var type: String?
    public var name: String
    /// One per associated value: the name it is bound to, nil for `_`.
    public var bindings: [String?]

    package init(type: String?, name: String, bindings: [String?]) {
        self.type = type
        self.name = name
        self.bindings = bindings
    }

    /// As Swift writes it: `.loaded(let items, _)`.
    public var rendered: String {
        (type ?? "") + "." + name + "(" + bindings.map { $0.map { "let " + $0 } ?? "_" }.joined(separator: ", ") + ")"
    }
}

/// A statement: in a body (view builder), a closure, an `init` or a step.
public struct StatementSyntax: Hashable, Sendable {
    public var kind: StatementKind { didSet { height = kind.height } }
    public var location: SourceLocation
    /// Levels in the tree below the statement, its expressions and closure bodies included: how deep
    /// anything that walks it recurses. Kept from the children's own heights, so finding it walks
    /// nothing; the front end refuses a statement taller than its nesting limit.
    public private(set) var height: Int
    /// The statement holds an `await` outside its closures: an action a step runs stops before it, and
    /// a later `resume` step runs it and what follows (`ViewActions.swift`).
    public var suspends = false

    /// Creates the node; the front ends build the tree with it.
    package init(kind: StatementKind, location: SourceLocation) {
        self.kind = kind
        self.location = location
        self.height = kind.height
    }
}

/// One branch of an `if` statement: the `if` itself, an `else if`, or a `case` of a `switch`.
public struct IfClauseSyntax: Hashable, Sendable {
    public var conditions: [ConditionSyntax]
    public var body: [StatementSyntax]
    /// Where the branch starts: its `if`, or its `case`.
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(conditions: [ConditionSyntax], body: [StatementSyntax], location: SourceLocation) {
        self.conditions = conditions
        self.body = body
        self.location = location
    }
}

/// The kinds of statement.
public indirect enum StatementKind: Hashable, Sendable {
    case expression(ExprSyntax)
    /// `target = value`, `target += value`.
    case assignment(target: ExprSyntax, op: String, value: ExprSyntax)
    /// `if a { … } else if b { … } else { … }`, and a `switch`: the body of the first clause whose
    /// conditions hold runs, or `otherwise` when none does. One statement however many clauses it has,
    /// so a `switch` of thousands of cases is as deep as one of two.
    case ifStatement(clauses: [IfClauseSyntax], otherwise: [StatementSyntax]?)
    case letDeclaration(name: String, value: ExprSyntax)
    case returnStatement(ExprSyntax?)
    /// `environment \.key = value` in a step: a change to an environment value at the root.
    case environmentWrite(key: String, value: ExprSyntax)
    /// `for name in sequence { body }`, run once per element in a method, an initializer or a step.
    case forIn(name: String, sequence: ExprSyntax, body: [StatementSyntax])
    /// `refresh Row[2]`, `resume Root` in a step: runs an action of the view instance `target` names;
    /// `task Root` is read too, to say where it stands that a `.task` starts when its view appears.
    case viewAction(ViewActionKind, target: ExprSyntax)
}

/// What a step's view action does.
public enum ViewActionKind: String, Hashable, Sendable, CaseIterable {
    /// `task X`: an error at the statement, since a `.task` starts when its view appears (Rule 17).
    case task
    /// Runs the view's `.refreshable` closures up to their first `await`, as a pull to refresh does.
    case refresh
    /// Runs the view's oldest suspended action from its `await` up to the next one, as the awaited
    /// call returning does.
    case resume
    /// Takes an action a person can take on screen, named as `ripple audit` names it (`tap Button "Add"
    /// in TaskListView`) or for short by its instance and title (`tap TaskRow[2] "Done"`); the target is
    /// the statement's text as written, a string literal.
    case perform

    /// The modifier whose closures the action starts; nil for `resume` and `perform`.
    public var modifier: String? {
        switch self {
        case .task: "task"
        case .refresh: "refreshable"
        case .resume, .perform: nil
        }
    }

    /// The first words of the statements that take an action by name: the verbs of `ripple audit`'s
    /// action names, and `start`, read so that `start .task in X` is answered where it stands; `scroll`
    /// moves a lazy container's window (`scroll List to 40`, Rule 20) and `tick` a `TimelineView`'s schedule
    /// (`tick TimelineView`, Rule 21).
    public static let performVerbs: Set<String> = [
        "tap", "long", "submit", "toggle", "type", "increment", "choose", "delete", "move", "push", "select", "dismiss", "run", "receive",
        "start", "refresh", "resume", "scroll", "tick",
    ]
}

/// An attribute: `@State`, `@Environment(\.colorScheme)`, `@AppStorage("key")`.
/// A view's `@Query var books: [Book]`: the property, and whether its query filters or sorts
/// (`@Query(sort: \Book.title)`), which Ripple does not simulate.
public struct QuerySyntax: Hashable, Sendable {
    public var property: String
    public var filtersOrSorts: Bool

    package init(property: String, filtersOrSorts: Bool) {
        self.property = property
        self.filtersOrSorts = filtersOrSorts
    }
}

public struct AttributeSyntax: Hashable, Sendable {
    public var name: String
    public var arguments: [ArgumentSyntax]?
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, arguments: [ArgumentSyntax]? = nil, location: SourceLocation) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }
}

/// `willSet { … }` or `didSet(previous) { … }`: the statements, and the name they see the new
/// (`newValue`) or the old value (`oldValue`) by.
public struct PropertyObserverSyntax: Hashable, Sendable {
    public var parameter: String
    public var body: [StatementSyntax]
    public var location: SourceLocation

    package init(parameter: String, body: [StatementSyntax], location: SourceLocation) {
        self.parameter = parameter
        self.body = body
        self.location = location
    }
}

/// A stored or computed property of a struct or class.
public struct PropertySyntax: Hashable, Sendable {
    public var attributes: [AttributeSyntax]
    public var modifiers: [String]
    public var isLet: Bool
    public var name: String
    public var type: TypeSyntax?
    /// Where the written type starts, for errors about it.
    public var typeLocation: SourceLocation?
    public var initializer: ExprSyntax?
    /// The getter's statements for a computed property (`var body: some View { ... }`).
    public var getter: [StatementSyntax]?
    /// `willSet { … }` and `didSet { … }` of a stored property.
    public var willSet: PropertyObserverSyntax?
    public var didSet: PropertyObserverSyntax?
    /// `set { … }` of a computed property, its parameter `newValue` unless it names one.
    public var setter: PropertyObserverSyntax?
    public var location: SourceLocation

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    public func attribute(_ name: String) -> AttributeSyntax? { attributes.first { $0.name == name } }

    /// Creates the node; the front ends build the tree with it.
    package init(attributes: [AttributeSyntax], modifiers: [String], isLet: Bool, name: String, type: TypeSyntax? = nil, typeLocation: SourceLocation? = nil, initializer: ExprSyntax? = nil, getter: [StatementSyntax]? = nil, location: SourceLocation) {
        self.attributes = attributes
        self.modifiers = modifiers
        self.isLet = isLet
        self.name = name
        self.type = type
        self.typeLocation = typeLocation
        self.initializer = initializer
        self.getter = getter
        self.location = location
    }

    /// The value of a static property Ripple computes once, as Swift does on first use: its initial
    /// value, or the one expression its getter returns; nil for any other.
    package var staticValue: ExprSyntax? {
        guard let getter else { return initializer }
        if getter.count == 1 {
            switch getter[0].kind {
            case .expression(let value), .returnStatement(let value?): return value
            default: break
            }
        }
        // `static var preview: Store { let store = Store(); store.load(); return store }`: its statements
        // run as a closure called at once, `{ … }()`, which is how Swift computes it too.
        guard !getter.isEmpty, setter == nil else { return nil }
        let closure = ExprSyntax(.closure(ClosureSyntax(parameters: [], body: getter, location: location)), at: location)
        return ExprSyntax(.call(closure, arguments: [], trailing: []), at: location)
    }
}

/// A parameter of an `init` or `func`.
public struct ParameterSyntax: Hashable, Sendable {
    /// The argument label; nil for `_`.
    public var label: String?
    public var name: String
    public var type: TypeSyntax
    public var defaultValue: ExprSyntax?
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(label: String? = nil, name: String, type: TypeSyntax, defaultValue: ExprSyntax? = nil, location: SourceLocation) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.location = location
    }
}

/// An `init(...) { ... }` of a view.
public struct InitializerSyntax: Hashable, Sendable {
    public var parameters: [ParameterSyntax]
    public var body: [StatementSyntax]
    public var location: SourceLocation
    /// The modifiers a fix writes on an initializer it makes (`private`); the front ends keep none.
    public var modifiers: [String] = []

    /// Creates the node; the front ends build the tree with it.
    package init(parameters: [ParameterSyntax], body: [StatementSyntax], location: SourceLocation) {
        self.parameters = parameters
        self.body = body
        self.location = location
    }
}

/// A function: `static func == (lhs: Self, rhs: Self) -> Bool` or a modifier's `func body(content:)`.
public struct FunctionSyntax: Hashable, Sendable {
    public var isStatic: Bool
    public var name: String
    public var parameters: [ParameterSyntax]
    public var result: TypeSyntax?
    public var body: [StatementSyntax]
    public var location: SourceLocation
    /// The modifiers a fix writes on a function it makes, besides `static` (`nonisolated`, `private`);
    /// the front ends keep none, since none changes what Ripple simulates.
    public var modifiers: [String] = []

    /// Creates the node; the front ends build the tree with it.
    package init(isStatic: Bool, name: String, parameters: [ParameterSyntax], result: TypeSyntax? = nil, body: [StatementSyntax], location: SourceLocation) {
        self.isStatic = isStatic
        self.name = name
        self.parameters = parameters
        self.result = result
        self.body = body
        self.location = location
    }
}

/// A member of a struct or class.
public enum MemberSyntax: Hashable, Sendable {
    case property(PropertySyntax)
    case initializer(InitializerSyntax)
    case function(FunctionSyntax)
}

/// `struct`, `final class` (with its attributes), and `enum` declarations.
public struct TypeDeclarationSyntax: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case structure = "struct", classType = "class", enumeration = "enum" }
    public var kind: Kind
    public var attributes: [AttributeSyntax]
    public var name: String
    public var conformances: [String]
    public var members: [MemberSyntax]
    /// Enum cases with their payload types.
    public var cases: [EnumCaseSyntax]
    public var location: SourceLocation
    /// Whether Swift source declares it `private` or `fileprivate`: seen only in its own file.
    public var isFilePrivate = false
    /// A view's `@Query` properties, which hold what SwiftData's model context fetches (`Unmodelled`
    /// makes each the view's own storage), with whether the query filters or sorts.
    public var queries: [QuerySyntax] = []

    public func conforms(to name: String) -> Bool { conformances.contains(name) }
    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }

    public var properties: [PropertySyntax] {
        members.compactMap { if case .property(let p) = $0 { p } else { nil } }
    }
    public var initializers: [InitializerSyntax] {
        members.compactMap { if case .initializer(let i) = $0 { i } else { nil } }
    }
    public var functions: [FunctionSyntax] {
        members.compactMap { if case .function(let f) = $0 { f } else { nil } }
    }

    /// Creates the node; the front ends build the tree with it.
    package init(kind: Kind, attributes: [AttributeSyntax], name: String, conformances: [String], members: [MemberSyntax], cases: [EnumCaseSyntax], location: SourceLocation) {
        self.kind = kind
        self.attributes = attributes
        self.name = name
        self.conformances = conformances
        self.members = members
        self.cases = cases
        self.location = location
    }
}

/// One `case` of an enum.
public struct EnumCaseSyntax: Hashable, Sendable {
    public var name: String
    public var payload: [TypeSyntax]
    /// The raw value written for the case (`case all = "All"`); nil when Swift derives it.
    public var rawValue: ExprSyntax?
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, payload: [TypeSyntax], rawValue: ExprSyntax? = nil, location: SourceLocation) {
        self.name = name
        self.payload = payload
        self.rawValue = rawValue
        self.location = location
    }
}

/// A top-level `let name = value`: a model read as a global.
public struct GlobalSyntax: Hashable, Sendable {
    public var name: String
    public var type: TypeSyntax?
    public var value: ExprSyntax
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, type: TypeSyntax? = nil, value: ExprSyntax, location: SourceLocation) {
        self.name = name
        self.type = type
        self.value = value
        self.location = location
    }
}

/// `extension EnvironmentValues { @Entry var key: Type = value }`: a custom environment key.
public struct EnvironmentKeySyntax: Hashable, Sendable {
    public var name: String
    public var type: TypeSyntax?
    public var defaultValue: ExprSyntax
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, type: TypeSyntax? = nil, defaultValue: ExprSyntax, location: SourceLocation) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.location = location
    }
}

/// A declaration that may appear at the top level or inside a variant.
public enum DeclarationSyntax: Hashable, Sendable {
    case type(TypeDeclarationSyntax)
    case global(GlobalSyntax)
    case environmentKey(EnvironmentKeySyntax)

    public var name: String {
        switch self {
        case .type(let t): t.name
        case .global(let g): g.name
        case .environmentKey(let k): k.name
        }
    }
    public var location: SourceLocation {
        switch self {
        case .type(let t): t.location
        case .global(let g): g.location
        case .environmentKey(let k): k.location
        }
    }
}

/// `variant "name" { declarations }`.
public struct VariantSyntax: Hashable, Sendable {
    public var name: String
    public var declarations: [DeclarationSyntax]
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, declarations: [DeclarationSyntax], location: SourceLocation) {
        self.name = name
        self.declarations = declarations
        self.location = location
    }
}

/// `step "name" { writes }`, at the top level or inside a `variant` block.
public struct StepSyntax: Hashable, Sendable {
    public var name: String
    public var statements: [StatementSyntax]
    public var location: SourceLocation
    /// The variant whose block holds the step, which that variant runs in place of the top-level step of
    /// the same name; nil for a step at the top level.
    public var variant: String?

    /// Creates the node; the front ends build the tree with it.
    package init(name: String, statements: [StatementSyntax], location: SourceLocation, variant: String? = nil) {
        self.name = name
        self.statements = statements
        self.location = location
        self.variant = variant
    }
}

/// A reference to a view instance in an expectation: `UserRow[1]`, `RootView/UserList/UserRow[1]`.
public struct InstanceReferenceSyntax: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation
    public var description: String { path }

    /// Creates the node; the front ends build the tree with it.
    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}

/// One line of an `expect` block.
public enum ExpectationClauseSyntax: Hashable, Sendable {
    case evaluates([InstanceReferenceSyntax], location: SourceLocation)
    case wasted([InstanceReferenceSyntax], location: SourceLocation)
    case stale([InstanceReferenceSyntax], location: SourceLocation)
    case needed([InstanceReferenceSyntax], location: SourceLocation)
    case evaluationsAtMost(Int, location: SourceLocation)
    /// `runs A, B`: each of them ran its body, whatever else ran.
    case runs([InstanceReferenceSyntax], location: SourceLocation)
    /// `skips A, B`: none of them ran its body, whatever else ran.
    case skips([InstanceReferenceSyntax], location: SourceLocation)
    /// `appears A, B`: exactly these instances appeared (were built with a new identity; `onAppear` runs).
    case appears([InstanceReferenceSyntax], location: SourceLocation)
    /// `disappears A, B`: exactly these instances were destroyed (`onDisappear` runs, their state is lost).
    case disappears([InstanceReferenceSyntax], location: SourceLocation)
    /// `updates 2`: the step made exactly this many updates, its own and those after it (Rules 11, 16–18).
    case updates(Int, location: SourceLocation)

    /// The instances the clause names (none for `evaluations <= N` and `updates N`).
    public var references: [InstanceReferenceSyntax] {
        switch self {
        case .evaluates(let references, _), .wasted(let references, _), .stale(let references, _), .needed(let references, _),
             .runs(let references, _), .skips(let references, _), .appears(let references, _), .disappears(let references, _): references
        case .evaluationsAtMost, .updates: []
        }
    }
}

/// `expect "step" [in "variant"] [under swift5.9] [update 2] { ... }`, or `expect initial …` for the first evaluation.
public struct ExpectationSyntax: Hashable, Sendable {
    /// The step's name; empty for `expect initial`.
    public var step: String
    /// `expect initial`: the block is held against the variant's first evaluation, before any step.
    public var isInitial = false
    public var stepLocation: SourceLocation
    public var variant: String?
    public var variantLocation: SourceLocation?
    public var semantics: Semantics?
    /// `update 2`: the clauses hold against the step's second update (the first after its own) rather
    /// than against its own; nil for its own.
    public var update: Int?
    public var clauses: [ExpectationClauseSyntax]
    public var location: SourceLocation

    /// Creates the node; the front ends build the tree with it.
    package init(step: String, stepLocation: SourceLocation, variant: String? = nil, variantLocation: SourceLocation? = nil, semantics: Semantics? = nil, clauses: [ExpectationClauseSyntax], location: SourceLocation) {
        self.step = step
        self.stepLocation = stepLocation
        self.variant = variant
        self.variantLocation = variantLocation
        self.semantics = semantics
        self.clauses = clauses
        self.location = location
    }
}

/// `expect audit [in "variant"] { rows 3; wasted <= 2; stale 0 }`: a budget `ripple check` holds the
/// audit of the scenario's screens to (`ripple audit`, every action performed from the first state).
public struct AuditBudgetSyntax: Hashable, Sendable {
    public var variant: String?
    public var variantLocation: SourceLocation?
    /// `rows N`: the stand-in rows the audit gives collections that start empty (`--rows N`).
    public var rows: Int?
    public var maximumWasted: Int?
    public var maximumStale: Int?
    public var maximumEvaluations: Int?
    public var location: SourceLocation

    package init(location: SourceLocation) {
        self.location = location
    }
}

/// A whole scenario file.
public struct ScenarioSyntax: Hashable, Sendable {
    public var file: String
    public var title: String?
    public var titleLocation: SourceLocation?
    public var semantics: Semantics?
    public var declarations: [DeclarationSyntax] = []
    public var variants: [VariantSyntax] = []
    public var steps: [StepSyntax] = []
    public var expectations: [ExpectationSyntax] = []
    /// `expect audit { … }` blocks, in file order.
    public var auditBudgets: [AuditBudgetSyntax] = []
    /// The root view a front end chose (`--root`, a `#Preview`, a `WindowGroup`); nil lets the resolver
    /// take the view no other view builds.
    public var root: String?
    /// Where the root was chosen, for an error about it; nil when it came from the command line.
    public var rootLocation: SourceLocation?
    /// The labelled arguments the view the root came from is built with there (`#Preview { BookList(books:
    /// Book.samples) }`): its inputs' first values.
    public var rootArguments: [ArgumentSyntax] = []
    /// What the preview or window the root came from puts in its environment (`.environmentObject(store)`).
    public var rootEnvironment = RootEnvironmentSyntax()
    /// The app's other previews, each a state of the screen it shows (`PreviewSyntax`), in source order;
    /// empty for a scenario file and when `--root` names the root.
    public var previews: [PreviewSyntax] = []
    /// What the `@main` app puts in the environment of its scenes: the environment of every other screen,
    /// each of which is shown inside the app.
    public var appEnvironment = RootEnvironmentSyntax()
    /// `--rows N`: how many stand-in elements a stored collection of a declared type that starts
    /// empty is given; nil leaves such collections empty.
    public var standInRows: Int?
    /// `visible rows N` or `--visible-rows N`: how many rows a lazy container's window shows (Rule 20);
    /// nil for the default, `LazyWindow.defaultVisibleRows`.
    public var visibleRows: Int?
    /// Views the Swift front end met in view position that the source does not declare and Ripple does
    /// not know (`DeclarationTable.opaqueViews`).
    public var opaqueViews: Set<String> = []
    /// Types of one name several files declare, by name: the files whose own declaration Ripple did not
    /// keep (a `fileprivate` type simulated with another file's, `DuplicateTypes`).
    public var replacedTypes: [String: Set<String>] = [:]
    /// Modifiers the source declares in an `extension View`, which Ripple does not simulate, by name, with
    /// where each is declared (`DeclarationTable.unsimulatedModifiers`).
    public var unsimulatedModifiers: [String: SourceLocation] = [:]
    /// The app source a scenario reads (`source "../App"`), in order: files or folders, relative to the
    /// scenario's file. Loading them is the command line's job; the scenario adds steps and expectations.
    public var sources: [SourceReference] = []
    /// Whether the source is part of an app that uses other modules (Swift source): a type or an
    /// attribute it does not declare may be declared there, so it is a note, not an error.
    public var readsOtherModules = false
    /// Declarations every scenario can use without writing them (SwiftUI's common environment keys),
    /// which the front end supplies; the resolver reads them before the scenario's own.
    public var prelude: [DeclarationSyntax] = []
    /// The controls and handlers the app source holds in code the build compiles, in file order: what
    /// the coverage summary measures the audit's actions against. Empty for a scenario file's own code.
    public var controlSites: [ControlSite] = []

    /// Creates the node; the front ends build the tree with it.
    package init(file: String, title: String? = nil, titleLocation: SourceLocation? = nil, semantics: Semantics? = nil, declarations: [DeclarationSyntax] = [], variants: [VariantSyntax] = [], steps: [StepSyntax] = [], expectations: [ExpectationSyntax] = []) {
        self.file = file
        self.title = title
        self.titleLocation = titleLocation
        self.semantics = semantics
        self.declarations = declarations
        self.variants = variants
        self.steps = steps
        self.expectations = expectations
    }
}

/// `source "path"` in a scenario: a `.swift` file or a folder of them.
public struct SourceReference: Hashable, Sendable {
    public var path: String
    public var location: SourceLocation

    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }
}
