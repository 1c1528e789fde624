internal import SwiftSyntax
internal import SwiftIfConfig
internal import RippleCore

// Ripple's syntax tree and swift-syntax name some node types alike; inside the front end Ripple's are
// spelled through these names.
typealias RippleExpr = RippleCore.ExprSyntax
typealias RippleType = RippleCore.TypeSyntax
typealias RippleStatement = RippleCore.StatementSyntax
typealias RippleAttribute = RippleCore.AttributeSyntax

/// Lowers one parsed Swift file to Ripple's syntax tree: declarations first (this file), then types,
/// statements and expressions (the extensions beside it).
///
/// The rule throughout: what Ripple models is lowered to Ripple's tree at its own location; what it does
/// not model is left out, or becomes an opaque value, with a note that says what was assumed. In app
/// source that is all: swift-syntax has already reported what is not Swift, and the one error here is
/// what Swift would not compile either (an integer literal past `Int`). A scenario file is a closed
/// world, a model written for Ripple, so there each such assumption is an error instead (`closedWorld`).
struct SwiftLowering {
    let positions: SourcePositions
    /// Whether the text is a scenario file's, where what Ripple does not simulate is an error.
    let closedWorld: Bool
    /// Which clause of each `#if` is read.
    var build = BuildSettings()
    var declarations: [DeclarationSyntax] = []
    var rootCandidates: [RootCandidate] = []
    var notes: [Diagnostic] = []
    var errors: [Diagnostic] = []
    /// Members of each `extension T`, added to `T` once every file is read (`SwiftModule`).
    var extensions: [SwiftExtension] = []
    /// How many blocks (`if`, `else`, `case`, `for` bodies, and the rest of a block after a `guard`)
    /// the statements being lowered are inside: held to `Limits.maximumNestingDepth`.
    var statementDepth = 0
    /// The members of the app whose scenes are being read: a scene may build its view through one of
    /// the app's computed properties (`WindowGroup { contentView }`).
    private var appMembers: MemberBlockSyntax?
    /// The app's computed properties being followed, one inside another.
    private var followedAppProperties: Set<String> = []

    init(positions: SourcePositions, closedWorld: Bool = false) {
        self.positions = positions
        self.closedWorld = closedWorld
    }

    func location(_ node: some SyntaxProtocol) -> RippleCore.SourceLocation { positions.location(of: node) }

    /// Records what was assumed about code Ripple does not simulate: a note in app source; in a scenario
    /// file an error, which says what is not simulated and leaves out the assumption.
    mutating func note(_ message: String, at node: some SyntaxProtocol) {
        if closedWorld {
            let what = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
            errors.append(.error(what, at: location(node)))
        } else {
            notes.append(.note(message, at: location(node)))
        }
    }

    /// Records how something was read that Ripple does simulate: a note wherever it is.
    mutating func remark(_ message: String, at node: some SyntaxProtocol) {
        notes.append(.note(message, at: location(node)))
    }

    // MARK: - The file

    mutating func lower(_ file: SourceFileSyntax) {
        lowerTopLevel(file.statements)
    }

    private mutating func lowerTopLevel(_ items: CodeBlockItemListSyntax) {
        for item in items { lowerTopLevel(item) }
    }

    /// One item at a file's top level: a declaration, a `#Preview`, or a statement that is not simulated.
    mutating func lowerTopLevel(_ item: CodeBlockItemSyntax) {
        switch item.item {
        case .decl(let decl): lowerTopLevel(decl)
        case .stmt(let statement): note("top-level statement is not simulated", at: statement)
        case .expr(let expression):
            // `#Preview { ContentView() }` parses as a macro expansion expression at the top level.
            if let preview = expression.as(MacroExpansionExprSyntax.self) {
                lowerMacro(name: preview.macroName.text, arguments: preview.arguments, trailing: preview.trailingClosure, at: preview)
            } else {
                note("top-level expression is not simulated", at: expression)
            }
        @unknown default:
            note("this top-level item is not simulated", at: item)
        }
    }

    private mutating func lowerTopLevel(_ decl: DeclSyntax) {
        if let type = decl.as(StructDeclSyntax.self) {
            lowerType(kind: .structure, name: type.name, attributes: type.attributes, modifiers: type.modifiers, inheritance: type.inheritanceClause,
                      generics: type.genericParameterClause, whereClause: type.genericWhereClause, members: type.memberBlock, at: type)
        } else if let type = decl.as(ClassDeclSyntax.self) {
            lowerType(kind: .classType, name: type.name, attributes: type.attributes, modifiers: type.modifiers, inheritance: type.inheritanceClause,
                      generics: type.genericParameterClause, whereClause: type.genericWhereClause, members: type.memberBlock, at: type)
        } else if let type = decl.as(EnumDeclSyntax.self) {
            lowerType(kind: .enumeration, name: type.name, attributes: type.attributes, modifiers: type.modifiers, inheritance: type.inheritanceClause,
                      generics: type.genericParameterClause, whereClause: type.genericWhereClause, members: type.memberBlock, at: type)
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            lowerGlobal(variable)
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            lowerExtension(extensionDecl)
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            if case .statements(let items)? = activeClause(of: ifConfig) { lowerTopLevel(items) }
        } else if let macro = decl.as(MacroExpansionDeclSyntax.self) {
            lowerMacro(name: macro.macroName.text, arguments: macro.arguments, trailing: macro.trailingClosure, at: macro)
        } else if decl.is(ImportDeclSyntax.self) {
            // SwiftUI, Observation, Foundation and any other module: names Ripple does not know are notes where they are used.
        } else {
            note("\(Self.describe(decl)) is not simulated", at: decl)
        }
    }

    /// The clause of an `#if` that the build configuration (`BuildSettings`) takes, as Swift's own
    /// `SwiftIfConfig` evaluates it; nil when none is.
    func activeClause(of ifConfig: IfConfigDeclSyntax) -> IfConfigClauseSyntax.Elements? {
        build.activeClause(of: ifConfig)?.elements
    }

    /// `#Preview("With data") { ContentView() }`: the view it builds is a root candidate, with what the
    /// preview puts in its environment (`.environmentObject(Store.preview)`), the values its `let`s name,
    /// and its title, the first argument when that is a plain string.
    private mutating func lowerMacro(name: String, arguments: LabeledExprListSyntax, trailing: ClosureExprSyntax?, at node: some SyntaxProtocol) {
        guard name == "Preview" else {
            note("macro '#\(name)' is not simulated", at: node)
            return
        }
        guard let body = trailing, var view = previewView(in: body.statements) else {
            note("'#Preview' builds no view Ripple can name; it is not used as the root", at: node)
            return
        }
        view.location = location(node)
        if let first = arguments.first, first.label == nil, let literal = first.expression.as(StringLiteralExprSyntax.self),
           let text = literal.representedLiteralValue {
            view.title = text
        }
        rootCandidates.append(view)
    }

    /// The view a preview's statements build, its `let`s and `var`s the names its environment's values use;
    /// any other statement is noted as not simulated.
    private mutating func previewView(in items: CodeBlockItemListSyntax) -> RootCandidate? {
        var properties: [PropertySyntax] = []
        for item in items {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                properties += lowerProperties(variable)
            } else if let view = builtView(in: item) {
                var view = view
                view.environment.properties = properties
                return view
            } else if item.item.is(StmtSyntax.self) || item.item.is(ExprSyntax.self) {
                note("this statement of a preview is not simulated", at: item)
            }
        }
        return nil
    }

    /// The first view a builder body constructs (`ContentView(...)`), looking through modifiers and
    /// containers, with the labelled arguments it is built with and the environment the modifiers on its
    /// way give it.
    mutating func firstBuiltView(in items: CodeBlockItemListSyntax) -> RootCandidate? {
        for item in items {
            if let view = builtView(in: item) { return view }
        }
        return nil
    }

    /// The view one item of a builder body constructs: an expression, `return` and an expression, or the
    /// clause of an `#if` the build takes.
    private mutating func builtView(in item: CodeBlockItemSyntax) -> RootCandidate? {
        switch item.item {
        case .expr(let expression): return builtView(expression)
        case .stmt(let statement):
            if let expression = statement.as(ReturnStmtSyntax.self)?.expression { return builtView(expression) }
            return statement.as(ExpressionStmtSyntax.self).flatMap { builtView($0.expression) }
        case .decl(let decl):
            guard let ifConfig = decl.as(IfConfigDeclSyntax.self), case .statements(let items)? = activeClause(of: ifConfig) else { return nil }
            return firstBuiltView(in: items)
        @unknown default: return nil
        }
    }

    private mutating func builtView(_ expression: SwiftSyntax.ExprSyntax) -> RootCandidate? {
        if let postfix = expression.as(PostfixIfConfigExprSyntax.self) { return builtView(postfix) }
        // `WindowGroup { contentView }`: a computed property of the app that builds the view.
        if let reference = expression.as(DeclReferenceExprSyntax.self), let members = appMembers {
            let name = reference.baseName.nameText
            guard !followedAppProperties.contains(name) else { return nil }
            followedAppProperties.insert(name)
            defer { followedAppProperties.remove(name) }
            return computedView(named: name, in: members)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.nameText
            if let closure = call.trailingClosure, let inner = firstBuiltView(in: closure.statements) { return inner }
            guard name.first?.isUppercase == true else { return nil }
            let arguments = call.arguments.filter { $0.label != nil }.map { lowerArgument($0) }
            return RootCandidate(name: name, location: location(call), arguments: arguments)
        }
        // `ContentView().environment(model)`: the modifier's base, in whose environment the modifier puts its value.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard var view = builtView(base) else { return nil }
            applyModifier(member, call, to: &view)
            return view
        }
        return nil
    }

    /// `ContentView().environmentObject(store) #if os(iOS) .onChange(…) #endif`: the view before the `#if`,
    /// with what the modifiers of the clause the build takes put in its environment.
    private mutating func builtView(_ postfix: PostfixIfConfigExprSyntax) -> RootCandidate? {
        guard let base = postfix.base, var view = builtView(base) else { return nil }
        if case .postfixExpression(let chain)? = activeClause(of: postfix.config) { applyModifiers(chain, to: &view) }
        return view
    }

    /// The modifiers of a postfix `#if` clause's chain (`.environmentObject(a).padding()`), innermost first.
    private mutating func applyModifiers(_ chain: SwiftSyntax.ExprSyntax, to view: inout RootCandidate) {
        if let postfix = chain.as(PostfixIfConfigExprSyntax.self) {
            if let base = postfix.base { applyModifiers(base, to: &view) }
            if case .postfixExpression(let inner)? = activeClause(of: postfix.config) { applyModifiers(inner, to: &view) }
            return
        }
        guard let call = chain.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return }
        if let base = member.base { applyModifiers(base, to: &view) }
        applyModifier(member, call, to: &view)
    }

    /// What one modifier on the way to a root view gives it: an environment entry, or a preview's title.
    private mutating func applyModifier(_ member: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax, to view: inout RootCandidate) {
        if let entry = environmentEntry(member, call) { view.environment.entries.insert(entry, at: 0) }
        // `.previewDisplayName("Empty")`: a `PreviewProvider`'s title for the preview.
        if member.declName.baseName.text == "previewDisplayName", let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
            view.title = literal.representedLiteralValue
        }
    }

    /// What `.environmentObject(store)`, `.environment(model)`, `.environment(\.key, value)` or
    /// `.modelContainer(…)` on the way to a root view puts in its environment; nil for any other modifier.
    private mutating func environmentEntry(_ member: MemberAccessExprSyntax, _ call: FunctionCallExprSyntax) -> RootEnvironmentSyntax.Entry? {
        let modifier = member.declName.baseName.text
        guard ["environmentObject", "environment", "modelContainer"].contains(modifier) else { return nil }
        let arguments = call.arguments.map { lowerArgument($0) }
        let text = "." + modifier + "(" + call.arguments.trimmedDescription + ")"
        let at = location(member.declName)
        switch modifier {
        case "environmentObject" where arguments.count == 1:
            return RootEnvironmentSyntax.Entry(kind: .object, value: arguments[0].value, text: text, location: at)
        case "environment" where arguments.count == 1:
            return RootEnvironmentSyntax.Entry(kind: .model, value: arguments[0].value, text: text, location: at)
        case "environment" where arguments.count == 2:
            guard case .keyPath(nil, let components) = arguments[0].value.kind, components.count == 1 else { return nil }
            return RootEnvironmentSyntax.Entry(kind: .key(components[0]), value: arguments[1].value, text: text, location: at)
        case "modelContainer":
            let value = arguments.first?.value ?? RippleExpr(.opaque(text), at: at)
            return RootEnvironmentSyntax.Entry(kind: .modelContainer, value: value, text: text, location: at)
        default:
            return nil
        }
    }

    // MARK: - Types

    /// A view a `#Preview`, a `PreviewProvider` or an app's `WindowGroup` builds: the root, unless `--root`
    /// names another, with the labelled arguments it is built with there, which give the root's inputs
    /// their values, and what is put in its environment there.
    struct RootCandidate: Sendable {
        enum Kind: Sendable {
            case preview, app, previewProvider
        }

        var name: String
        var location: RippleCore.SourceLocation
        var arguments: [ArgumentSyntax]
        var kind = Kind.preview
        /// A `#Preview`'s title (`#Preview("With data")`), or a `PreviewProvider`'s `.previewDisplayName`.
        var title: String?
        var environment = RootEnvironmentSyntax()
        /// For an app: what it puts in the environment of every scene.
        var appEnvironment = RootEnvironmentSyntax()

        /// Whether this builds the same view as `other` with the same arguments and environment, as
        /// written: the same state, which a preview of the app's own root often is. The properties the
        /// environment's values name count only where there are values.
        func builds(as other: RootCandidate) -> Bool {
            func written(_ candidate: RootCandidate) -> [String] {
                let environment = candidate.environment
                return candidate.arguments.map { ($0.label ?? "_") + ": " + $0.value.rendered } + environment.entries.map(\.text)
                    + (environment.isEmpty ? [] : environment.properties.map { $0.name + " = " + ($0.initializer?.rendered ?? "") })
            }
            return name == other.name && written(self) == written(other)
        }
    }

    private mutating func lowerType(kind: TypeDeclarationSyntax.Kind, name: TokenSyntax, attributes: AttributeListSyntax,
                                    modifiers: DeclModifierListSyntax, inheritance: InheritanceClauseSyntax?, generics: GenericParameterClauseSyntax?,
                                    whereClause: GenericWhereClauseSyntax?, members: MemberBlockSyntax, at node: some SyntaxProtocol) {
        // `Card<Content: View>`: a container, whose content Ripple builds from its caller's closure.
        let containerParameters = generics?.parameters.allSatisfy { $0.inheritedType?.trimmedDescription == "View" } == true
            && inheritance?.inheritedTypes.contains { $0.type.trimmedDescription == "View" } == true
        if let generics, !containerParameters { note("generic parameters of '\(name.nameText)' are not simulated", at: generics) }
        if let whereClause { note("the 'where' clause of '\(name.nameText)' is not simulated", at: whereClause) }
        for inherited in inheritance?.inheritedTypes ?? [] where inherited.type.as(IdentifierTypeSyntax.self)?.genericArgumentClause != nil {
            note("the conformance to '\(inherited.type.trimmedDescription)' is not simulated", at: inherited.type)
        }
        let conformances = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        var declaration = TypeDeclarationSyntax(kind: kind, attributes: lowerAttributes(attributes), name: name.nameText,
                                                conformances: conformances, members: [], cases: [], location: location(name))
        declaration.isFilePrivate = modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        lowerMembers(members.members, into: &declaration)
        // The app itself is not simulated: the view its window group builds is a root candidate, and what
        // its scenes put in the environment is its root's.
        if conformances.contains("App") {
            let stored = declaration.members.compactMap { member -> PropertySyntax? in
                if case .property(let property) = member, property.getter == nil { property } else { nil }
            }
            let properties = stored.filter { $0.initializer != nil } + appInitializerValues(members, stored: stored)
            if let scene = appRootView(declaration: members, properties: properties) {
                rootCandidates.append(scene)
            } else {
                note("app '\(name.nameText)' builds no window Ripple can name; it is not simulated", at: name)
            }
            return
        }
        if conformances.contains("PreviewProvider"), var preview = computedView(named: "previews", in: members) {
            preview.kind = .previewProvider
            rootCandidates.append(preview)
        }
        declarations.append(.type(declaration))
    }

    /// The view a computed property (`var body: some Scene`, `static var previews: some View`) builds first,
    /// at the property's place.
    private mutating func computedView(named name: String, in members: MemberBlockSyntax) -> RootCandidate? {
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                  binding.pattern.trimmedDescription == name, case .getter(let items)? = binding.accessorBlock?.accessors,
                  var view = firstBuiltView(in: items) else { continue }
            view.location = location(binding)
            return view
        }
        return nil
    }

    /// `@main struct MyApp: App { var body: some Scene { WindowGroup { ContentView() } } }`: the app
    /// itself is not simulated; the view its first scene builds is a root candidate, in the environment
    /// the app's `properties` and that scene give it. What every scene puts in the environment is the
    /// app's, which screens rooted at other views take.
    private mutating func appRootView(declaration members: MemberBlockSyntax, properties: [PropertySyntax]) -> RootCandidate? {
        appMembers = members
        defer { appMembers = nil }
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                  binding.pattern.trimmedDescription == "body", case .getter(let items)? = binding.accessorBlock?.accessors else { continue }
            let scenes = builtScenes(in: items)
            guard var root = scenes.first else { continue }
            var app = RootEnvironmentSyntax(properties: properties)
            for scene in scenes {
                for entry in scene.environment.entries where !app.entries.contains(where: { $0.kind == entry.kind && $0.text == entry.text }) {
                    app.entries.append(entry)
                }
            }
            root.location = location(binding)
            root.kind = .app
            root.environment.properties = properties
            root.appEnvironment = app
            return root
        }
        return nil
    }

    /// The values an app's `init()` gives its stored properties, in the order it gives them, as the
    /// properties' initial values: `_store = StateObject(wrappedValue: Store())`, `_flag = State(initialValue: x)`,
    /// `self.model = Model()`, and the `let`s those name. Any other statement of the initializer is noted
    /// as not simulated: the environment is built without it.
    private mutating func appInitializerValues(_ members: MemberBlockSyntax, stored: [PropertySyntax]) -> [PropertySyntax] {
        guard let initializer = members.members.lazy.compactMap({ $0.decl.as(InitializerDeclSyntax.self) })
            .first(where: { $0.signature.parameterClause.parameters.isEmpty }), let body = initializer.body else { return [] }
        var values: [PropertySyntax] = []
        for item in body.statements {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                values += lowerProperties(variable)
            } else if let assignment = Self.assignment(in: item), let target = Self.storedName(assignment.leftOperand),
                      var property = stored.first(where: { $0.name == target.name }), property.initializer == nil {
                let value = target.isWrapper ? Self.wrappedValue(assignment.rightOperand) : assignment.rightOperand
                guard let value else {
                    note("this assignment of the app's initializer is not simulated; '\(target.name)' has no value", at: item)
                    continue
                }
                property.initializer = lowerExpression(value)
                values.append(property)
            } else {
                note("this statement of the app's initializer is not simulated", at: item)
            }
        }
        return values
    }

    private static func assignment(in item: CodeBlockItemSyntax) -> InfixOperatorExprSyntax? {
        let expression = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let infix = expression?.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) else { return nil }
        return infix
    }

    /// `store`, `self.store` or `_store` (the wrapper, named by the property it wraps).
    private static func storedName(_ target: SwiftSyntax.ExprSyntax) -> (name: String, isWrapper: Bool)? {
        var target = target
        if let member = target.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true,
           member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            target = ExprSyntax(member.declName)
        }
        guard let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return name.hasPrefix("_") ? (String(name.dropFirst()), true) : (name, false)
    }

    /// The value in `StateObject(wrappedValue: Store())`, `State(initialValue: 0)` and the like.
    private static func wrappedValue(_ wrapper: SwiftSyntax.ExprSyntax) -> SwiftSyntax.ExprSyntax? {
        guard let call = wrapper.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
              ["wrappedValue", "initialValue"].contains(argument.label?.text) else { return nil }
        return argument.expression
    }

    /// The view each scene of an app's body builds (`WindowGroup`, `Settings`, `MenuBarExtra`…), with the
    /// clauses of `#if` the build takes.
    private mutating func builtScenes(in items: CodeBlockItemListSyntax) -> [RootCandidate] {
        var scenes: [RootCandidate] = []
        for item in items {
            if case .decl(let decl) = item.item, let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                if case .statements(let clause)? = activeClause(of: ifConfig) { scenes += builtScenes(in: clause) }
            } else if let view = builtView(in: item) {
                scenes.append(view)
            }
        }
        return scenes
    }

    private mutating func lowerMembers(_ members: MemberBlockItemListSyntax, into declaration: inout TypeDeclarationSyntax) {
        for member in members {
            lowerMember(member.decl, into: &declaration)
        }
    }

    private mutating func lowerMember(_ decl: DeclSyntax, into declaration: inout TypeDeclarationSyntax) {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for property in lowerProperties(variable) { declaration.members.append(.property(property)) }
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            guard let body = initializer.body else { return }
            declaration.members.append(.initializer(InitializerSyntax(
                parameters: lowerParameters(initializer.signature.parameterClause), body: lowerBlock(body.statements),
                location: location(initializer.initKeyword))))
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            guard let body = function.body else { return }
            let isStatic = function.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
            declaration.members.append(.function(FunctionSyntax(
                isStatic: isStatic, name: function.name.nameText, parameters: lowerParameters(function.signature.parameterClause),
                result: function.signature.returnClause.map { lowerType($0.type) }, body: lowerBlock(body.statements),
                location: location(function.funcKeyword))))
        } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            for element in enumCase.elements {
                let payload = element.parameterClause?.parameters.map { lowerType($0.type) } ?? []
                let rawValue = element.rawValue.map { lowerExpression($0.value) }
                declaration.cases.append(EnumCaseSyntax(name: element.name.nameText, payload: payload, rawValue: rawValue, location: location(element.name)))
            }
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            if case .decls(let members)? = activeClause(of: ifConfig) { lowerMembers(members, into: &declaration) }
        } else if decl.is(StructDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(EnumDeclSyntax.self) {
            // A nested type is declared at the top level under its own name.
            lowerTopLevel(decl)
            remark("nested type is declared at the top level under its own name", at: decl)
        } else {
            note("\(Self.describe(decl)) in '\(declaration.name)' is not simulated", at: decl)
        }
    }

    /// The properties one `var`/`let` declares (`var a = 1, b = 2` declares two).
    private mutating func lowerProperties(_ variable: VariableDeclSyntax) -> [PropertySyntax] {
        let attributes = lowerAttributes(variable.attributes)
        let modifiers = variable.modifiers.compactMap { modifier -> String? in
            // `private(set)`: the setter's access level changes nothing about updates.
            modifier.detail == nil ? modifier.name.text : nil
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var properties: [PropertySyntax] = []
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                note("a property declared by a pattern is not simulated", at: binding.pattern)
                continue
            }
            var property = PropertySyntax(attributes: attributes, modifiers: modifiers, isLet: isLet, name: identifier.identifier.nameText,
                                          location: location(identifier))
            if let annotation = binding.typeAnnotation {
                property.typeLocation = location(annotation.type)
                property.type = lowerType(annotation.type)
            }
            if let initializer = binding.initializer { property.initializer = lowerExpression(initializer.value) }
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?:
                property.getter = lowerBlock(items)
            case .accessors(let accessors)?:
                for accessor in accessors {
                    let kind = accessor.accessorSpecifier.text
                    if kind == "get", let body = accessor.body {
                        property.getter = lowerBlock(body.statements)
                    } else if kind == "set", let body = accessor.body {
                        property.setter = PropertyObserverSyntax(parameter: accessor.parameters?.name.nameText ?? "newValue",
                                                                 body: lowerBlock(body.statements), location: location(accessor))
                    } else if kind == "willSet" || kind == "didSet", let body = accessor.body {
                        let parameter = accessor.parameters?.name.nameText ?? (kind == "willSet" ? "newValue" : "oldValue")
                        let observer = PropertyObserverSyntax(parameter: parameter, body: lowerBlock(body.statements), location: location(accessor))
                        if kind == "willSet" { property.willSet = observer } else { property.didSet = observer }
                    } else {
                        note("the '\(kind)' accessor of '\(property.name)' is not simulated", at: accessor)
                    }
                }
            case nil:
                break
            @unknown default:
                note("an accessor of '\(property.name)' is not simulated", at: binding)
            }
            if property.setter != nil, property.getter == nil {
                note("'\(property.name)' has a 'set' and no 'get'; a computed property's setter needs its getter", at: identifier)
                property.setter = nil
            }
            properties.append(property)
        }
        return properties
    }

    private mutating func lowerGlobal(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let initializer = binding.initializer else {
                note("a global without a value is not simulated", at: binding)
                continue
            }
            declarations.append(.global(GlobalSyntax(name: identifier.identifier.nameText, type: binding.typeAnnotation.map { lowerType($0.type) },
                                                     value: lowerExpression(initializer.value), location: location(identifier))))
        }
    }

    private mutating func lowerExtension(_ extensionDecl: ExtensionDeclSyntax) {
        let name = extensionDecl.extendedType.trimmedDescription
        if name == "EnvironmentValues" {
            for member in extensionDecl.memberBlock.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                      variable.attributes.contains(where: { $0.as(SwiftSyntax.AttributeSyntax.self)?.attributeName.trimmedDescription == "Entry" }) else {
                    note("environment values are simulated when declared with '@Entry'", at: member)
                    continue
                }
                for binding in variable.bindings {
                    guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self), let initializer = binding.initializer else { continue }
                    declarations.append(.environmentKey(EnvironmentKeySyntax(
                        name: identifier.identifier.nameText, type: binding.typeAnnotation.map { lowerType($0.type) },
                        defaultValue: lowerExpression(initializer.value), location: location(identifier))))
                }
            }
            return
        }
        var holder = TypeDeclarationSyntax(kind: .structure, attributes: [], name: name, conformances: [], members: [], cases: [],
                                           location: location(extensionDecl.extendedType))
        lowerMembers(extensionDecl.memberBlock.members, into: &holder)
        let conformances = extensionDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        extensions.append(SwiftExtension(name: name, conformances: conformances, members: holder.members, location: holder.location))
    }

    // MARK: - Attributes and parameters

    mutating func lowerAttributes(_ list: AttributeListSyntax) -> [RippleAttribute] {
        list.compactMap { element -> RippleAttribute? in
            guard case .attribute(let attribute) = element else { return nil }
            var arguments: [ArgumentSyntax]?
            if case .argumentList(let list)? = attribute.arguments {
                arguments = list.map { lowerArgument($0) }
            }
            return RippleAttribute(name: attribute.attributeName.trimmedDescription, arguments: arguments, location: location(attribute))
        }
    }

    mutating func lowerParameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterSyntax] {
        clause.parameters.map { parameter in
            let first = parameter.firstName.nameText
            let name = parameter.secondName?.nameText ?? first
            return ParameterSyntax(label: first == "_" ? nil : first, name: name, type: lowerType(parameter.type),
                                   defaultValue: parameter.defaultValue.map { lowerExpression($0.value) }, location: location(parameter.firstName))
        }
    }

    /// A declaration's kind in words, for notes.
    static func describe(_ decl: DeclSyntax) -> String {
        if decl.is(FunctionDeclSyntax.self) { return "function" }
        if decl.is(ProtocolDeclSyntax.self) { return "protocol" }
        if decl.is(TypeAliasDeclSyntax.self) { return "type alias" }
        if decl.is(ActorDeclSyntax.self) { return "actor" }
        if decl.is(SubscriptDeclSyntax.self) { return "subscript" }
        if decl.is(DeinitializerDeclSyntax.self) { return "deinit" }
        if decl.is(OperatorDeclSyntax.self) || decl.is(PrecedenceGroupDeclSyntax.self) { return "operator declaration" }
        if decl.is(AssociatedTypeDeclSyntax.self) { return "associated type" }
        if decl.is(MacroDeclSyntax.self) { return "macro declaration" }
        return "declaration"
    }
}

extension TokenSyntax {
    /// The name a name token spells: its text without the backticks of `` `default` `` or of a raw
    /// identifier (`` `${x}` ``, `` `load data` ``, Swift 6.2), which is a name like any other.
    var nameText: String {
        let text = self.text
        guard text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
