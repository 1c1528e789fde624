/// Sorts a scenario's declarations into a `DeclarationTable` per variant, reporting what does not make sense.
struct DeclarationBuilder {
    var diagnostics: [Diagnostic] = []
    /// Swift source from an app (`ScenarioSyntax.readsOtherModules`): names another module may declare
    /// are notes, each noted once.
    var readsOtherModules = false
    private var noted: Set<String> = []
    /// Classes of Swift source that are both `@Observable` and `ObservableObject`: Observation tracks
    /// them, and Combine's wrappers may hold them.
    private var observableAndObservableObject: Set<String> = []

    /// Notes what Ripple assumes about a name it does not know, once per name.
    private mutating func noteOnce(_ key: String, _ message: String, at location: SourceLocation) {
        if noted.insert(key).inserted { diagnostics.append(.note(message, at: location)) }
    }

    /// Attributes accepted and ignored because they do not change how updates flow.
    private static let ignoredAttributes: Set<String> = ["MainActor", "ViewBuilder", "Sendable", "preconcurrency", "MainActor.self"]
    private static let builtinTypes: [String: ValueType] = [
        "Int": .int, "Double": .double, "CGFloat": .double, "Float": .double, "Bool": .bool, "String": .string,
        "URL": .url, "Date": .date, "UUID": .uuid, "Void": .void, "Character": .string,
    ]

    /// Builds the table for `variant` (nil: the base declarations alone).
    mutating func table(for scenario: ScenarioSyntax, variant: VariantSyntax?) -> DeclarationTable {
        var declarations: [DeclarationSyntax] = scenario.prelude
        var seen: [String: SourceLocation] = [:]
        for declaration in scenario.declarations {
            if let first = seen[declaration.name], readsOtherModules {
                // Two nested types of one name in different types (`Row.Style`, `Card.Style`), both declared
                // at the top level by the Swift front end: the first is kept.
                noteOnce("duplicate " + declaration.name, "a second type named '\(declaration.name)' (first declared at line \(first.line) of \(first.file)) is not simulated; the first is used",
                         at: declaration.location)
                continue
            } else if let first = seen[declaration.name] {
                diagnostics.append(.error("duplicate declaration of '\(declaration.name)' (first declared at line \(first.line))", at: declaration.location))
                continue
            }
            seen[declaration.name] = declaration.location
            declarations.append(declaration)
        }
        if let variant {
            var replaced: Set<String> = []
            for declaration in variant.declarations {
                if !replaced.insert(declaration.name).inserted {
                    diagnostics.append(.error("duplicate declaration of '\(declaration.name)' in variant '\(variant.name)'", at: declaration.location))
                    continue
                }
                declarations.removeAll { $0.name == declaration.name }
                declarations.append(declaration)
            }
        }
        declarations = ClassInheritance.flatten(declarations)
        var table = DeclarationTable()
        // First pass: names, so that types can refer to each other in any order.
        var typeNames: Set<String> = []
        for case .type(let type) in declarations { typeNames.insert(type.name) }
        for declaration in declarations {
            switch declaration {
            case .type(var type):
                // `static let samples = [Book(…)]`, `static var preview: Book { … }`: a global named
                // `Book.samples`, which `Book.samples` and, where a `Book` is expected, `.samples` read; a
                // getter's is computed at each use.
                type.members.removeAll { member in
                    guard case .property(let property) = member, property.modifiers.contains("static"),
                          let value = property.staticValue else { return false }
                    table.globals.append((type.name + "." + property.name, value, property.location, property.getter != nil))
                    return true
                }
                // `static func currentTimeZone() -> String`: run with no `self` when `Utility.currentTimeZone()`
                // calls it; `==` stays with the type as its equality.
                type.members.removeAll { member in
                    guard case .function(let function) = member, function.isStatic, function.name != "==" else { return false }
                    table.staticMethods[type.name + "." + function.name, default: []].append(function)
                    return true
                }
                switch type.kind {
                case .enumeration:
                    table.enums[type.name] = enumeration(type, typeNames: typeNames)
                case .structure where type.conforms(to: "View") || type.conforms(to: "ViewModifier"):
                    table.views[type.name] = view(type, typeNames: typeNames)
                case .structure, .classType:
                    table.data[type.name] = data(type, typeNames: typeNames)
                }
            case .global(let global):
                table.globals.append((global.name, global.value, global.location, false))
            case .environmentKey(let key):
                let type = key.type.map { resolve($0, typeNames: typeNames) } ?? inferType(of: key.defaultValue, typeNames: typeNames)
                table.environmentKeys[key.name] = EnvironmentKeyDeclaration(name: key.name, type: type, defaultValue: key.defaultValue, location: key.location)
            }
        }
        checkWrapperKinds(table)
        return table
    }

    /// Combine's wrappers hold `ObservableObject`s; Observation's hold `@Observable` classes. Swift rejects a mix.
    private mutating func checkWrapperKinds(_ table: DeclarationTable) {
        for view in table.views.values.sorted(by: { $0.location < $1.location }) {
            for property in view.properties {
                guard case .named(let typeName) = property.type, let model = table.data[typeName] else { continue }
                guard let required = property.role.kind.requiredModelKind, model.modelKind != required else { continue }
                if required == .observableObject, observableAndObservableObject.contains(typeName) { continue }
                switch required {
                case .observableObject:
                    let advice = model.modelKind == .observable ? "; hold an '@Observable' class with '@State', 'let' or '@Bindable'" : ""
                    diagnostics.append(.error("'\(property.role)' needs an 'ObservableObject'; '\(typeName)' is \(model.modelKind == .observable ? "'@Observable'" : "a plain class")\(advice)", at: property.location))
                default:
                    diagnostics.append(.error("'\(property.role)' needs an '@Observable' class; '\(typeName)' is \(model.modelKind == .observableObject ? "an 'ObservableObject'" : "a plain class")", at: property.location))
                }
            }
        }
    }

    // MARK: - Types

    mutating func resolve(_ syntax: TypeSyntax, typeNames: Set<String>, at location: SourceLocation? = nil) -> ValueType {
        switch syntax {
        case .named(let name, let arguments):
            if let builtin = Self.builtinTypes[name] { return builtin }
            if name == "Binding", arguments.count == 1 { return .binding(resolve(arguments[0], typeNames: typeNames, at: location)) }
            if name == "Optional", arguments.count == 1 { return .optional(resolve(arguments[0], typeNames: typeNames, at: location)) }
            if name == "Array", arguments.count == 1 { return .array(resolve(arguments[0], typeNames: typeNames, at: location)) }
            if name == "Set", arguments.count == 1 { return .array(resolve(arguments[0], typeNames: typeNames, at: location)) }
            if name == "Self" || typeNames.contains(name) { return .named(name) }
            // `Models.Visibility`, `StatusEditor.Assistant`: nested types and other modules' are declared under their own name.
            if name.contains("."), let own = name.split(separator: ".").last.map(String.init), typeNames.contains(own) {
                return resolve(.named(own, arguments: arguments), typeNames: typeNames, at: location)
            }
            if ["Content", "Body", "IndexSet", "Color", "Font", "Image", "Text", "AnyView"].contains(name) { return .unknown }
            if readsOtherModules {
                if let location { noteOnce("type " + name, "type '\(name)' is not declared in the source; its values are opaque", at: location) }
                return .unknown
            }
            // Past the error limit, no more suggestions: each one compares the name with every type.
            if let location {
                let suggestion = diagnostics.count < Limits.maximumErrors ? Suggestion.didYouMean(name, in: Array(typeNames) + Self.builtinTypes.keys) : ""
                diagnostics.append(.error("unknown type '\(name)'\(suggestion)", at: location))
            }
            return .unknown
        case .optional(let wrapped): return .optional(resolve(wrapped, typeNames: typeNames, at: location))
        case .array(let element): return .array(resolve(element, typeNames: typeNames, at: location))
        case .dictionary(let key, let value):
            // A dictionary's values are checked where they are read; its key and value types must exist.
            _ = resolve(key, typeNames: typeNames, at: location)
            _ = resolve(value, typeNames: typeNames, at: location)
            return .unknown
        case .function: return .function
        case .opaque: return .unknown
        }
    }

    /// The type of an initializer expression, for properties written without one.
    func inferType(of expression: ExprSyntax?, typeNames: Set<String>) -> ValueType {
        guard let expression else { return .unknown }
        switch expression.kind {
        case .integer: return .int
        case .double: return .double
        case .bool: return .bool
        case .string: return .string
        case .closure: return .function
        case .call(let callee, _, _):
            if case .identifier(let name) = callee.kind {
                if let builtin = Self.builtinTypes[name] { return builtin }
                if typeNames.contains(name) { return .named(name) }
            }
            return .unknown
        case .array(let elements):
            return elements.first.map { .array(inferType(of: $0, typeNames: typeNames)) } ?? .unknown
        case .unary(_, let operand), .paren(let operand): return inferType(of: operand, typeNames: typeNames)
        default: return .unknown
        }
    }

    // MARK: - Declarations

    private mutating func enumeration(_ type: TypeDeclarationSyntax, typeNames: Set<String>) -> EnumDeclaration {
        var cases: [String: Int] = [:]
        var order: [String] = []
        for enumCase in type.cases {
            if cases[enumCase.name] != nil {
                diagnostics.append(.error("duplicate case '\(enumCase.name)' in enum '\(type.name)'", at: enumCase.location))
                continue
            }
            cases[enumCase.name] = enumCase.payload.count
            order.append(enumCase.name)
        }
        // Swift makes an enum without associated values Equatable on its own.
        let hasPayload = type.cases.contains { !$0.payload.isEmpty }
        let equatable = !hasPayload || type.conforms(to: "Equatable") || type.conforms(to: "Hashable")
        var declaration = EnumDeclaration(name: type.name, cases: cases, caseOrder: order, isEquatable: equatable, location: type.location)
        for member in type.members {
            guard case .property(let property) = member else { continue }
            if let getter = property.getter, !property.modifiers.contains("static") {
                let declared = property.type.map { resolve($0, typeNames: typeNames, at: property.typeLocation ?? property.location) }
                declaration.computed.append(ComputedProperty(name: property.name, type: declared ?? .unknown, getter: getter, location: property.location))
            } else if readsOtherModules {
                noteOnce("enum member " + type.name + "." + property.name,
                         "property '\(property.name)' of enum '\(type.name)' is not simulated", at: property.location)
            } else {
                diagnostics.append(.error("stored properties are not allowed in enum '\(type.name)'", at: property.location))
            }
        }
        declaration.rawValues = rawValues(of: type)
        return declaration
    }

    /// The raw value of each case of an enum whose first conformance is a raw type: the value written, or
    /// the one Swift derives — the case's name for `String`, the previous integer plus one (from 0) for an
    /// integer type. Empty for an enum without a raw type.
    private mutating func rawValues(of type: TypeDeclarationSyntax) -> [String: ExprSyntax] {
        let rawType = type.conformances.first
        let isString = rawType == "String", isInteger = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(rawType ?? "")
        guard isString || isInteger else {
            for enumCase in type.cases where enumCase.rawValue != nil {
                diagnostics.append(.error("the raw value of case '\(enumCase.name)' needs a 'String' or integer raw type", at: enumCase.location))
            }
            return [:]
        }
        var values: [String: ExprSyntax] = [:]
        var next = 0
        for enumCase in type.cases {
            if let written = enumCase.rawValue {
                values[enumCase.name] = written
                if case .integer(let number) = written.kind { next = number &+ 1 }
            } else if isString {
                values[enumCase.name] = ExprSyntax(.string([.text(enumCase.name)]), at: enumCase.location)
            } else {
                values[enumCase.name] = ExprSyntax(.integer(next), at: enumCase.location)
                next &+= 1
            }
        }
        return values
    }

    private mutating func checkAttributes(_ attributes: [AttributeSyntax], allowed: Set<String>) {
        for attribute in attributes where !allowed.contains(attribute.name) && !Self.ignoredAttributes.contains(attribute.name) {
            if readsOtherModules {
                noteOnce("attribute " + attribute.name, "attribute '@\(attribute.name)' is not simulated", at: attribute.location)
                continue
            }
            diagnostics.append(.error("attribute '@\(attribute.name)' is not supported here", at: attribute.location))
        }
    }

    private mutating func checkDuplicateMembers(_ type: TypeDeclarationSyntax) {
        var names: Set<String> = []
        for property in type.properties where !names.insert(property.name).inserted {
            diagnostics.append(.error("duplicate property '\(property.name)' in '\(type.name)'", at: property.location))
        }
    }

    private mutating func data(_ type: TypeDeclarationSyntax, typeNames: Set<String>) -> DataDeclaration {
        checkDuplicateMembers(type)
        if type.kind != .classType { checkNoPropertyObservers(type) }
        let isObservable = type.hasAttribute("Observable")
        let isObservableObject = type.conforms(to: "ObservableObject")
        checkAttributes(type.attributes, allowed: ["Observable"])
        if type.kind == .structure && (isObservable || isObservableObject) {
            diagnostics.append(.error("'\(type.name)' must be a class to be \(isObservable ? "'@Observable'" : "an 'ObservableObject'")", at: type.location))
        }
        if isObservable && isObservableObject {
            if readsOtherModules {
                // Swift compiles it: the macro's registrar tracks what a body reads, and the synthesized
                // `objectWillChange` sends nothing, for no property can be `@Published` under the macro.
                observableAndObservableObject.insert(type.name)
                noteOnce("both:" + type.name, "'\(type.name)' is both '@Observable' and 'ObservableObject': simulated as '@Observable', whichever wrapper holds it",
                         at: type.location)
            } else {
                diagnostics.append(.error("'\(type.name)' cannot be both '@Observable' and 'ObservableObject'", at: type.location))
            }
        }
        var stored: [StoredProperty] = []
        var computed: [ComputedProperty] = []
        for property in type.properties {
            checkAttributes(property.attributes, allowed: ["Published", "ObservationIgnored", "AppStorage"])
            var appStorageKey: String?
            if let attribute = property.attribute("AppStorage") {
                if let argument = attribute.arguments?.first, case .string(let parts) = argument.value.kind, case .text(let key)? = parts.first, parts.count == 1 {
                    appStorageKey = key
                } else {
                    diagnostics.append(.error("'@AppStorage' takes a key in quotes", at: attribute.location))
                }
                if isObservable && !property.hasAttribute("ObservationIgnored") {
                    diagnostics.append(.error("'@AppStorage' inside an '@Observable' class needs '@ObservationIgnored' (the macro cannot track a property wrapper)", at: attribute.location))
                }
            }
            if property.hasAttribute("Published") && !isObservableObject {
                diagnostics.append(.error("'@Published' is only meaningful in an 'ObservableObject' class", at: property.attribute("Published")!.location))
            }
            if property.hasAttribute("ObservationIgnored") && !isObservable {
                diagnostics.append(.error("'@ObservationIgnored' is only meaningful in an '@Observable' class", at: property.attribute("ObservationIgnored")!.location))
            }
            // A static property with a value or a one-expression getter is a global by now.
            if property.modifiers.contains("static") {
                diagnostics.append(.error("static property '\(property.name)' is simulated only with an initial value or a getter without a setter",
                                          at: property.location))
                continue
            }
            let declared = property.type.map { resolve($0, typeNames: typeNames, at: property.typeLocation ?? property.location) }
            if let getter = property.getter {
                computed.append(ComputedProperty(name: property.name, type: declared ?? .unknown, getter: getter, location: property.location,
                                                 setter: property.setter))
                continue
            }
            if declared == nil && property.initializer == nil {
                diagnostics.append(.error("property '\(property.name)' needs a type or an initial value", at: property.location))
            }
            stored.append(StoredProperty(name: property.name, type: declared ?? inferType(of: property.initializer, typeNames: typeNames),
                                         defaultValue: property.initializer, isLet: property.isLet,
                                         isPublished: property.hasAttribute("Published"),
                                         isIgnored: property.hasAttribute("ObservationIgnored"), appStorageKey: appStorageKey,
                                         location: property.location, willSet: property.willSet, didSet: property.didSet))
        }
        let equality = type.functions.first { $0.name == "==" && $0.isStatic }
        if let equality, !(type.conforms(to: "Equatable") || type.conforms(to: "Hashable")) {
            diagnostics.append(.error("'\(type.name)' defines '==' but does not conform to 'Equatable'", at: equality.location))
        }
        let kind: ModelKind = isObservable ? .observable : isObservableObject ? .observableObject : .plain
        return DataDeclaration(name: type.name, isClass: type.kind == .classType, modelKind: kind, stored: stored, computed: computed,
                               isEquatable: type.conforms(to: "Equatable") || type.conforms(to: "Hashable"),
                               isIdentifiable: type.conforms(to: "Identifiable"), equality: equality, location: type.location,
                               methods: type.functions.filter { $0.name != "==" }, initializers: type.initializers)
    }

    /// `willSet` and `didSet` run for a class's stored properties (`PropertyObservers.swift`); a view's
    /// or a struct's are not simulated.
    private mutating func checkNoPropertyObservers(_ type: TypeDeclarationSyntax) {
        for property in type.properties {
            if let observer = property.willSet ?? property.didSet {
                diagnostics.append(.error("the observers of '\(property.name)' in '\(type.name)' are not simulated; Ripple runs those of a class's stored properties", at: observer.location))
            }
        }
    }

    private mutating func view(_ type: TypeDeclarationSyntax, typeNames: Set<String>) -> ViewDeclaration {
        checkDuplicateMembers(type)
        checkNoPropertyObservers(type)
        checkAttributes(type.attributes, allowed: [])
        let isModifier = type.conforms(to: "ViewModifier")
        var properties: [ViewProperty] = []
        var helpers: [ViewHelper] = []
        var body: [StatementSyntax]?
        var contentParameter: String?
        for property in type.properties {
            if property.name == "body", let getter = property.getter, !isModifier {
                body = getter
                continue
            }
            if let getter = property.getter {
                helpers.append(viewHelper(property.name, parameters: nil, statements: getter, type: property.type,
                                          typeLocation: property.typeLocation ?? property.location, typeNames: typeNames, at: property.location))
                continue
            }
            // A container's content (`@ViewBuilder let content: Content`): the views its caller's closure
            // builds, placed where its body names them, as a modifier's `content` is.
            let isContent = !isModifier && contentParameter == nil && property.initializer == nil
                && (property.attributes.contains { $0.name == "ViewBuilder" } || property.type == .named("Content", arguments: []))
            if isContent { contentParameter = property.name }
            properties.append(viewProperty(property, in: type.name, typeNames: typeNames, isContent: isContent))
        }
        for function in type.functions {
            if isModifier && function.name == "body" && function.parameters.count == 1 {
                body = function.body
                contentParameter = function.parameters[0].name
            } else if function.name != "==" {
                helpers.append(viewHelper(function.name, parameters: function.parameters, statements: function.body, type: function.result,
                                          typeLocation: function.location, typeNames: typeNames, at: function.location))
            }
        }
        if body == nil {
            let what = isModifier ? "'func body(content: Content) -> some View'" : "'var body: some View'"
            diagnostics.append(.error("'\(type.name)' has no \(what)", at: type.location))
        }
        let equality = type.functions.first { $0.name == "==" && $0.isStatic }
        let isEquatable = type.conforms(to: "Equatable")
        if equality != nil && !isEquatable {
            diagnostics.append(.error("'\(type.name)' defines '==' but does not conform to 'Equatable'", at: equality!.location))
        }
        var view = ViewDeclaration(name: type.name, properties: properties, body: body ?? [], contentParameter: contentParameter,
                                   initializer: type.initializers.first, equality: equality, isEquatable: isEquatable,
                                   isModifier: isModifier, location: type.location, helpers: helpers, initializers: type.initializers)
        view.isAnimatable = type.conforms(to: "Animatable") || helpers.contains { $0.name == "animatableData" }
        view.queries = type.queries
        return view
    }

    /// A computed property or method of a view: it builds views when its type is `some View` or
    /// `AnyView`, and computes a value of its type otherwise.
    private mutating func viewHelper(_ name: String, parameters: [ParameterSyntax]?, statements: [StatementSyntax], type: TypeSyntax?,
                                     typeLocation: SourceLocation, typeNames: Set<String>, at location: SourceLocation) -> ViewHelper {
        let buildsViews: Bool = switch type {
        case .opaque("View")?, .named("AnyView", _)?, .named("View", _)?: true
        default: false
        }
        // A helper declared `AnyView` keeps that type: the views it returns are known by where it is used (Rule 10.6).
        var erased = false
        if case .named("AnyView", _)? = type { erased = true }
        let resolved = buildsViews ? (erased ? ValueType.named("AnyView") : ValueType.unknown) : type.map { resolve($0, typeNames: typeNames, at: typeLocation) } ?? .void
        return ViewHelper(name: name, parameters: parameters, statements: statements, buildsViews: buildsViews, type: resolved, location: location)
    }

    /// The role of a property a persisted store's wrapper declares (`@AppStorage("k")`): nil, with an
    /// error, when its key is not a literal Ripple can read.
    private mutating func persistedRole(_ store: PersistedStorageKind.Store, _ attribute: AttributeSyntax) -> ViewPropertyRole? {
        let name = attribute.name
        if let argument = attribute.arguments?.first, case .string(let parts) = argument.value.kind,
           case .text(let key)? = parts.first, parts.count == 1 {
            return store.role(key: key)
        } else if readsOtherModules, let argument = attribute.arguments?.first {
            // A key computed from a constant (`@AppStorage(Keys.theme)`): its text stands for it.
            noteOnce("app storage " + argument.value.rendered, "the '@\(name)' key '\(argument.value.rendered)' is not a literal; its text is used as the key",
                     at: argument.location)
            return store.role(key: argument.value.rendered)
        }
        diagnostics.append(.error("'@\(name)' takes a key in quotes", at: attribute.location))
        return nil
    }

    private mutating func viewProperty(_ property: PropertySyntax, in view: String, typeNames: Set<String>, isContent: Bool = false) -> ViewProperty {
        var role = ViewPropertyRole.input
        var wrappers = 0
        // A value from another module (Swift source): the property holds an opaque stand-in.
        var standIn: String?
        for attribute in property.attributes where !Self.ignoredAttributes.contains(attribute.name) {
            wrappers += 1
            switch attribute.name {
            case "State": role = .state
            case "StateObject": role = .stateObject
            case "FocusState": role = .focusState
            case "Binding": role = .binding
            case "Bindable": role = .bindable
            case "EnvironmentObject": role = .environmentObject
            case "ObservedObject": role = .observedObject
            case "Environment":
                guard let argument = attribute.arguments?.first, attribute.arguments?.count == 1 else {
                    diagnostics.append(.error("'@Environment' takes one argument: '\\.key' or 'Model.self'", at: attribute.location))
                    continue
                }
                switch argument.value.kind {
                case .keyPath(nil, let components) where components.count == 1:
                    role = .environment(key: components[0])
                case .member(let base, "self", false):
                    if case .identifier(let name) = base.kind, typeNames.contains(name) {
                        role = .environmentModel(type: name)
                    } else if readsOtherModules {
                        standIn = "@Environment(\(base.rendered).self)"
                        diagnostics.append(.note("'\(base.rendered)' is not declared in the source; environment value '\(property.name)' is opaque", at: argument.location))
                    } else {
                        diagnostics.append(.error("'@Environment' needs a model type declared in the scenario", at: argument.location))
                    }
                default:
                    diagnostics.append(.error("'@Environment' takes '\\.key' or 'Model.self'", at: argument.location))
                }
            case "Published", "ObservationIgnored":
                diagnostics.append(.error("'@\(attribute.name)' belongs in a model class, not in view '\(view)'", at: attribute.location))
            default:
                if let store = PersistedStorageKind.Store(wrapper: attribute.name) {
                    role = persistedRole(store, attribute) ?? role
                } else {
                    diagnostics.append(.error("property wrapper '@\(attribute.name)' is not supported in scenarios\(Suggestion.didYouMean(attribute.name, in: ViewPropertyRole.wrapperNames))", at: attribute.location))
                }
            }
        }
        if wrappers > 1 {
            diagnostics.append(.error("property '\(property.name)' has more than one property wrapper", at: property.location))
        }
        // A container's content holds views, of the type its caller's closure gives.
        var type = isContent ? .unknown
            : property.type.map { resolve($0, typeNames: typeNames, at: property.typeLocation ?? property.location) } ?? inferType(of: property.initializer, typeNames: typeNames)
        if readsOtherModules, case .environmentObject = role, case .unknown = type {
            standIn = "@EnvironmentObject \(property.name)"
            diagnostics.append(.note("the type of environment object '\(property.name)' is not declared in the source; its value is opaque", at: property.location))
        }
        if let standIn {
            return ViewProperty(name: property.name, role: .input, type: .unknown, defaultValue: ExprSyntax(.opaque(standIn), at: property.location),
                                isPrivate: true, isLet: true, location: property.location)
        }
        if case .input = role, case .binding(let value) = type {
            role = .plainBinding
            type = .binding(value)
        }
        let kind = role.kind
        if let implied = kind.impliedType(isWritten: property.type != nil) { type = implied }
        if property.type == nil && property.initializer == nil && kind.needsTypeOrValue {
            diagnostics.append(.error("property '\(property.name)' needs a type or an initial value", at: property.location))
        }
        return ViewProperty(name: property.name, role: role, type: type, defaultValue: property.initializer,
                            isPrivate: property.modifiers.contains("private") || property.modifiers.contains("fileprivate"),
                            isLet: property.isLet, location: property.location)
    }
}
