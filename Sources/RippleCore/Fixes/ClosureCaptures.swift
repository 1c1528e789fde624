/// What a closure handed to a view captures from the view that builds it, and whether each captured
/// value can change while the closure is kept: what `EquatableOnData` asks before it leaves a closure
/// out of `==`.
///
/// A view left out of an update keeps the closure its parent handed it last. That closure still reads
/// storage SwiftUI keeps outside the view (`@State`, a `@Binding`'s location, `@AppStorage`) as it is
/// now, but a value it copied when it was made (a `let` input of the parent, a `ForEach` element, a
/// local, an environment value) stays as it was then: leaving such a closure out of `==` would make the
/// view act on an old value.
enum ClosureCaptures {
    /// Property wrappers whose value a closure reads from storage SwiftUI keeps, as it is when the
    /// closure runs, or whose object stays the same for the view's life.
    static let readThroughStorage: Set<String> = ["State", "StateObject", "Binding", "AppStorage", "SceneStorage", "FocusState",
                                                  "GestureState", "Namespace", "Query"]

    /// Environment values that are actions SwiftUI gives, the same whichever copy of the view holds them.
    static let environmentActions: Set<String> = ["\\.dismiss", "\\.openURL", "\\.openWindow", "\\.dismissWindow", "\\.dismissSearch"]

    /// The first value a closure given to one of `inputs` of `view` captures that can change, as a phrase
    /// (`` `item` (a parameter or a local of the code around it), given to `onTap` where `Board` builds `Card` ``);
    /// nil when every closure given to them reads only what cannot go stale.
    static func changingCapture(inputs: Set<String>, of view: String, in declarations: [DeclarationSyntax]) -> String? {
        let types = DeclaredTypes(declarations)
        var globals: Set<String> = []
        for declaration in declarations { globals.insert(declaration.name) }
        for declaration in declarations {
            guard case .type(let builder) = declaration, builder.name != view else { continue }
            var found: String?
            let identities = rowIdentities(buildingViewsNamed: view, in: builder)
            builder.visitExpressions { part in
                guard found == nil, case .call(let callee, let arguments, let trailing) = part.kind,
                      case .identifier(view) = callee.kind else { return }
                let rows = identities[part.location] ?? [:]
                let given = arguments.filter { $0.label.map(inputs.contains) ?? false } + trailing
                for argument in given where found == nil {
                    let names: FreeNames
                    if case .closure(let closure) = argument.value.kind {
                        names = freeNames(of: closure.body, bound: Set(closure.parameters + ["$0"]))
                    } else {
                        names = freeNames(of: [StatementSyntax(kind: .expression(argument.value), location: argument.location)], bound: [])
                    }
                    for name in names.names where found == nil {
                        // A row's element used only for the row's identity is the same in every build of the row.
                        if let identity = rows[name], identity.isSelf || names.usesOnlyID(name) { continue }
                        if let why = changes(name, in: builder, called: names.called, types: types, globals: globals, depth: 0) {
                            found = "`\(name)` (\(why)), given to `\(argument.label ?? "its trailing closure")` where `\(builder.name)` builds `\(view)`"
                        }
                    }
                }
            }
            if let found { return found }
        }
        return nil
    }

    /// How a `ForEach` or `List` identifies its rows by their element: by the element itself
    /// (`id: \.self`), or by its `id` (`Identifiable`, `id: \.id`).
    struct RowIdentity {
        var isSelf: Bool
    }

    /// For each place in `builder` that builds `view` inside the row closure of a `ForEach` or `List`
    /// that identifies its rows by their element, the name of the element and how it identifies them.
    private static func rowIdentities(buildingViewsNamed view: String, in builder: TypeDeclarationSyntax) -> [SourceLocation: [String: RowIdentity]] {
        var found: [SourceLocation: [String: RowIdentity]] = [:]
        builder.visitExpressions { part in
            guard case .call(let callee, let arguments, let trailing) = part.kind, case .identifier(let name) = callee.kind,
                  name == "ForEach" || name == "List", case .closure(let rows)? = trailing.last?.value.kind,
                  rows.parameters.count == 1, let element = rows.parameters.first else { return }
            let identity: RowIdentity
            switch arguments.first(where: { $0.label == "id" })?.value.kind {
            case nil: identity = RowIdentity(isSelf: false)
            case .keyPath(_, let components)? where components == ["self"]: identity = RowIdentity(isSelf: true)
            case .keyPath(_, let components)? where components == ["id"]: identity = RowIdentity(isSelf: false)
            default: return
            }
            for statement in rows.body {
                statement.visit { inner in
                    guard case .call(let callee, _, _) = inner.kind, case .identifier(view) = callee.kind else { return }
                    // A closure nested inside rebinding the name is left to the general rule: it is not the element.
                    found[inner.location, default: [:]][element] = identity
                }
            }
        }
        return found
    }

    /// Why the value `name` names in code of `type` can change while a closure keeps it; nil when it
    /// cannot: storage read when the closure runs, a constant, a type or a declaration of the scenario.
    private static func changes(_ name: String, in type: TypeDeclarationSyntax, called: Set<String>, types: DeclaredTypes,
                                globals: Set<String>, depth: Int) -> String? {
        if name == "self" { return "the whole view" }
        if let property = type.properties.first(where: { $0.name == name }) {
            if property.modifiers.contains("static") { return nil }
            if property.attributes.contains(where: { readThroughStorage.contains($0.name) }) { return nil }
            if let environment = property.attribute("Environment") {
                let key = environment.arguments?.first?.value.rendered ?? ""
                if environmentActions.contains(key) || key.hasSuffix(".self") { return nil }
                return "an environment value"
            }
            if let getter = property.getter {
                guard depth < 3 else { return "a computed property that reads more than Ripple follows" }
                let inner = freeNames(of: getter, bound: [])
                for name in inner.names {
                    if let why = changes(name, in: type, called: inner.called, types: types, globals: globals, depth: depth + 1) {
                        return "a computed property that reads `\(name)`, \(why)"
                    }
                }
                return nil
            }
            if property.isLet, property.initializer != nil { return nil }
            return property.attributes.isEmpty ? "a value `\(type.name)` is given" : "a value its `@\(property.attributes[0].name)` holds"
        }
        if let function = type.functions.first(where: { $0.name == name }) {
            if function.isStatic { return nil }
            guard depth < 3 else { return "a method that calls more than Ripple follows" }
            let inner = freeNames(of: function.body, bound: Set(function.parameters.map(\.name)))
            for name in inner.names {
                if let why = changes(name, in: type, called: inner.called, types: types, globals: globals, depth: depth + 1) {
                    return "a method of `\(type.name)` that reads `\(name)`, \(why)"
                }
            }
            return nil
        }
        // A function the code does not declare in the type (`withAnimation`, `print`) is called, not copied.
        if name.first?.isUppercase == true || globals.contains(name) || types.types[name] != nil || called.contains(name) { return nil }
        return "a parameter or a local of the code around it"
    }

    /// The names `statements` use that they do not bind themselves, in the order first used: the root of
    /// each member chain (`item` for `item.id`, `count` for `self.count`), `name` for `$name`, and the
    /// names they call as functions (`refresh` for `refresh()`).
    static func freeNames(of statements: [StatementSyntax], bound: Set<String>) -> FreeNames {
        var walker = FreeNames(bound: bound)
        walker.walk(statements)
        return walker
    }
}

/// Collects `ClosureCaptures.freeNames(of:bound:)`: a `let` binds its name for the statements after it.
struct FreeNames: NameScopes {
    var bound: Set<String>
    var outerScopes: [Set<String>] = []
    var names: [String] = []
    /// The names among them used only as called functions (`refresh()`).
    var called: Set<String> = []
    /// The members read of each name (`id` for `item.id`), and the names used otherwise (bare, or called).
    var members: [String: Set<String>] = [:]
    var usedWhole: Set<String> = []

    /// Whether `name` is used only to read its `id`.
    func usesOnlyID(_ name: String) -> Bool {
        !usedWhole.contains(name) && members[name] == ["id"]
    }

    init(bound: Set<String>) { self.bound = bound }

    mutating func use(_ name: String) {
        if !bound.contains(name) && !names.contains(name) { names.append(name) }
    }

    mutating func visitPost(_ statement: StatementSyntax) {
        if case .letDeclaration(let name, _) = statement.kind { bound.insert(name) }
    }

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        switch expression.kind {
        case .identifier(let name):
            use(name)
            usedWhole.insert(name)
        case .dollar(let name) where name.first?.isNumber != true:
            use(name)
            usedWhole.insert(name)
        case .member(let base, let name, _) where base.kind == .identifier("self"):
            use(name)
            usedWhole.insert(name)
            return .skipChildren
        case .member(let base, let member, _):
            guard case .identifier(let name) = base.kind else { break }
            use(name)
            members[name, default: []].insert(member)
            return .skipChildren
        case .call(let callee, let arguments, let trailing):
            guard case .identifier(let name) = callee.kind else { break }
            if !bound.contains(name) && !names.contains(name) { called.insert(name) }
            use(name)
            usedWhole.insert(name)
            for argument in arguments + trailing { walk(argument.value) }
            return .skipChildren
        default: break
        }
        return .visitChildren
    }
}
