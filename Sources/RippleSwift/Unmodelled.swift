internal import RippleCore

/// What ordinary app code declares and the engine does not simulate yet, taken out of the lowered tree
/// with a note, so that the rest of the file is simulated instead of the whole file being rejected.
///
/// Each rule says what Ripple assumes (docs/Import.md): an unknown property wrapper's property is an
/// opaque input; initializers that only store their parameters are the memberwise one; a `static`
/// property is run only when it is computed once.
enum Unmodelled {
    /// The property wrappers and attributes the resolver knows.
    static let knownAttributes = Set(ViewPropertyRole.wrapperNames).union([
        "Published", "ObservationIgnored", "Observable", "MainActor", "ViewBuilder",
        "Entry", "main", "MainActor", "preconcurrency", "discardableResult", "inlinable", "usableFromInline",
    ])

    static func simplify(_ declarations: [DeclarationSyntax], notes: inout [Diagnostic]) -> [DeclarationSyntax] {
        declarations.map { declaration in
            guard case .type(var type) = declaration else { return declaration }
            let isView = type.conforms(to: "View") || type.conforms(to: "ViewModifier")
            // SwiftData's `@Model` macro makes the class observable, as `@Observable` does; what it
            // persists is not simulated, nor its properties' `@Attribute`, `@Relationship`, `@Transient`.
            let isSwiftDataModel = type.kind == .classType && type.attributes.contains { $0.name == "Model" }
            if isSwiftDataModel, let index = type.attributes.firstIndex(where: { $0.name == "Model" }) {
                notes.append(.note("'@Model' class '\(type.name)' is simulated as '@Observable'; what SwiftData stores is not",
                                   at: type.attributes[index].location))
                type.attributes[index].name = "Observable"
            }
            let storedNames = type.properties.filter { $0.getter == nil }.map(\.name)
            // Initializers that only store their parameters are the memberwise one, which Ripple gives
            // every type; a type with any other keeps them all, and `Type(…)` runs the one it selects.
            let runsInitializers = isView || type.initializers.contains { !storesOnlyItsParameters($0, storedNames: storedNames) }
            for property in type.properties where isView {
                guard let query = property.attribute("Query") else { continue }
                type.queries.append(QuerySyntax(property: property.name, filtersOrSorts: !(query.arguments ?? []).isEmpty))
            }
            type.members = type.members.compactMap { member -> MemberSyntax? in
                switch member {
                case .property(var property):
                    // A `PreviewProvider`'s `previews` is read as a preview's state (`SwiftLowering`), not
                    // as a value.
                    if property.modifiers.contains("static"), property.name == "previews", type.conformances.contains("PreviewProvider") {
                        return nil
                    }
                    // One computed once (its value, or its getter's statements) is a global; not another.
                    if property.modifiers.contains("static") && property.staticValue == nil {
                        notes.append(.note("static property '\(property.name)' is not simulated", at: property.location))
                        return nil
                    }
                    // `@Query var books: [Book]`: the models the context holds, kept as the view's own
                    // storage, which starts empty; a step that writes it stands for the context changing.
                    if isView, let index = property.attributes.firstIndex(where: { $0.name == "Query" }) {
                        notes.append(.note("'@Query' is simulated as the view's own storage of what it fetches: '\(property.name)' starts empty "
                                           + "(--rows N gives it rows); 'modelContext.insert' and 'delete' in an action change it, as a step that writes it does",
                                           at: property.attributes[index].location))
                        property.attributes[index] = AttributeSyntax(name: "State", location: property.attributes[index].location)
                        if property.initializer == nil { property.initializer = ExprSyntax(.array([]), at: property.location) }
                    }
                    if isSwiftDataModel, let data = property.attributes.first(where: { Self.swiftDataAttributes.contains($0.name) }) {
                        notes.append(.note("'@\(data.name)' is not simulated; '\(property.name)' is a stored property of the model", at: data.location))
                        property.attributes.removeAll { Self.swiftDataAttributes.contains($0.name) }
                    }
                    let unknown = property.attributes.filter { !knownAttributes.contains($0.name) }
                    if let wrapper = unknown.first {
                        notes.append(.note("property wrapper '@\(wrapper.name)' is not simulated; '\(property.name)' is an opaque input",
                                           at: wrapper.location))
                        property.attributes.removeAll { !knownAttributes.contains($0.name) }
                        if property.initializer == nil && property.getter == nil {
                            property.initializer = ExprSyntax(.opaque("@\(wrapper.name) " + property.name), at: property.location)
                        }
                    }
                    return .property(property)
                case .initializer:
                    return runsInitializers ? member : nil
                case .function:
                    // A view's methods are its helpers (`func row(_:) -> some View`), run with its body; a
                    // model's run when a step calls them; a static one when `Type.name(…)` calls it.
                    return member
                }
            }
            return .type(type)
        }
    }

    /// SwiftData's attributes of a `@Model` class's properties.
    static let swiftDataAttributes: Set<String> = ["Attribute", "Relationship", "Transient"]

    /// `init(id: Int, title: String) { self.id = id; self.title = title }`: what the memberwise
    /// initializer does, so nothing is lost by using it.
    static func storesOnlyItsParameters(_ initializer: InitializerSyntax, storedNames: [String]) -> Bool {
        let parameters = initializer.parameters
        // `init(store: Store) {}` drops its argument and `init(count: Int = 1)` has a default of its own:
        // neither is the memberwise one, which takes each in the order the properties are declared.
        guard initializer.body.count == parameters.count, parameters.allSatisfy({ $0.defaultValue == nil && $0.label == $0.name }) else { return false }
        let order = parameters.map { storedNames.firstIndex(of: $0.name) ?? -1 }
        guard !order.contains(-1), order == order.sorted() else { return false }
        let names = Set(parameters.map(\.name))
        var stored: Set<String> = []
        for statement in initializer.body {
            guard case .assignment(let target, "=", let value) = statement.kind,
                  case .member(let base, let property, false) = target.kind, base.kind == .identifier("self"),
                  case .identifier(let parameter) = value.kind, parameter == property,
                  names.contains(parameter), stored.insert(property).inserted else { return false }
        }
        return true
    }

    // MARK: - Views from other modules

    /// Closures of these modifiers are view content; other modifiers' closures are actions.
    static let contentModifiers: Set<String> = [
        "toolbar", "overlay", "background", "sheet", "popover", "fullScreenCover", "safeAreaInset", "contextMenu",
        "swipeActions", "mask", "alert", "confirmationDialog", "inspector", "navigationDestination",
    ]

    /// The names the views' bodies build in view position that the source does not declare and Ripple
    /// does not know, each with a note at its first use: another module's views (`ShimmerView()`).
    static func opaqueViews(in declarations: [DeclarationSyntax], notes: inout [Diagnostic]) -> Set<String> {
        var declared: Set<String> = []
        for case .type(let type) in declarations { declared.insert(type.name) }
        let known = DeclarationTable.builtinViewNames.union(declared).union(["ForEach"])
        var found: [String: SourceLocation] = [:]
        for case .type(let type) in declarations where type.conforms(to: "View") || type.conforms(to: "ViewModifier") {
            for property in type.properties { if let getter = property.getter { views(in: getter, known: known, into: &found) } }
            for function in type.functions where function.name != "==" { views(in: function.body, known: known, into: &found) }
        }
        for (name, location) in found.sorted(by: { $0.value < $1.value }) {
            notes.append(.note("'\(name)' is not declared in the source; it is taken as another module's view that shows its content", at: location))
        }
        return Set(found.keys)
    }

    private static func views(in statements: [StatementSyntax], known: Set<String>, into found: inout [String: SourceLocation]) {
        var walker = ForeignViews(known: known, found: found)
        walker.walk(statements)
        found = walker.found
    }
}

/// Collects the views a view's code builds whose type is neither declared nor built in
/// (`Unmodelled.opaqueViews`), with where each is first built.
private struct ForeignViews: ViewStatementWalker {
    let known: Set<String>
    var found: [String: SourceLocation]

    /// A view expression: a view call, a modifier chain on one, a conditional between two.
    mutating func visitView(_ expression: ExprSyntax) {
        switch expression.kind {
        case .call(let callee, let arguments, let trailing):
            switch callee.kind {
            case .identifier(let name):
                guard name.first?.isUppercase == true else { return }
                if !known.contains(name) && found[name] == nil { found[name] = expression.location }
                // A button's first trailing closure is its action; every other closure of a view is content.
                for (index, argument) in (arguments + trailing).enumerated() {
                    guard case .closure(let closure) = argument.value.kind else { continue }
                    if name == "Button" && (argument.label == "action" || (index == arguments.count && argument.label == nil)) { continue }
                    if argument.label == "action" || argument.label == "perform" { continue }
                    walk(closure.body)
                }
            case .member(let base, let modifier, _):
                visitView(base)
                guard Unmodelled.contentModifiers.contains(modifier) else { return }
                for argument in arguments + trailing {
                    if case .closure(let closure) = argument.value.kind { walk(closure.body) }
                }
            default:
                break
            }
        case .member(let base, _, _):
            visitView(base)
        case .ternary(_, let yes, let no):
            visitView(yes)
            visitView(no)
        default:
            break
        }
    }
}
