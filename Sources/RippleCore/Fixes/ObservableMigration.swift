/// The fix for a view that re-ran because an `ObservableObject` it holds sent `objectWillChange` for a
/// property it does not show: the whole migration to the Observation framework, as Apple's "Migrating
/// from the Observable Object protocol to the Observable macro" describes it by hand.
///
/// An `ObservableObject` tells every view that holds it about every `@Published` write, equal or not
/// (Rule 3); an `@Observable` object tells only the views whose bodies read the property that changed,
/// and only when the new value differs (Rule 1, `observable-vs-observableobject`). The rewrite:
/// - the class gets `@Observable` and loses `ObservableObject` (its other conformances stay), and its
///   properties lose `@Published`. A stored `var` that was not `@Published` becomes tracked: Ripple does
///   not invent an `@ObservationIgnored` for it, and the proof shows what tracking it changes;
/// - `@StateObject` becomes `@State`;
/// - `@ObservedObject` becomes a plain property, or `@Bindable` where the view makes bindings to it
///   (`$model.name`);
/// - `@EnvironmentObject var m: M` becomes `@Environment(M.self) var m: M`;
/// - `.environmentObject(m)` becomes `.environment(m)`.
///
/// The rewrite is offered only when it is mechanical; otherwise it is declined with the reason: the code
/// uses `objectWillChange` itself, or Combine (a `$property` publisher, `.sink`, `assign(to:)`, a
/// cancellable), the class is in a class hierarchy, a view's `init` sets the wrapper itself (`_model =
/// StateObject(…)`), a view makes bindings from an environment object (it would need a `@Bindable` copy
/// in its body), an `.environmentObject` is given a value whose class Ripple cannot tell, or the app or
/// a preview puts the object in the environment, code the fix does not rewrite.
enum ObservableMigration {
    /// The migration of the `ObservableObject` classes `view` holds through `@StateObject`,
    /// `@ObservedObject` or `@EnvironmentObject`; nil when it holds none. `steps` and `rootObject` are
    /// what the fix reads but does not rewrite: the statements of the scenario's steps, and the
    /// `.environmentObject(…)` with which the app or a preview puts an object in the environment, if any.
    static func fix(view name: String, in declarations: [DeclarationSyntax], steps: [StatementSyntax] = [],
                    rootObject: String? = nil) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name] else { return nil }
        let classes = view.properties.compactMap { property -> String? in
            guard property.attributes.contains(where: { Self.wrappers.contains($0.name) }),
                  let type = heldClass(property, types: types) else { return nil }
            return type
        }
        let migrated = Array(Set(classes)).sorted()
        guard !migrated.isEmpty else { return nil }
        let names = migrated.map { "`\($0)`" }.joined(separator: ", ")
        let type = migrated.joined(separator: ", ")
        let head = "migrate \(names) from `ObservableObject` to `@Observable`"
        if let reason = declineReason(migrating: Set(migrated), in: declarations, types: types, steps: steps, rootObject: rootObject) {
            return ProvenFix(kind: .observableObject, type: type, summary: head, before: [], after: [], declined: reason)
        }
        var before: [DeclarationSyntax] = []
        var after: [DeclarationSyntax] = []
        var changes = Changes()
        for case .type(let declaration) in declarations {
            let rewritten = migrated.contains(declaration.name) ? migratedClass(declaration, changes: &changes)
                : migratedHolder(declaration, holding: Set(migrated), types: types, changes: &changes)
            guard rewritten != declaration else { continue }
            before.append(.type(declaration))
            after.append(.type(rewritten))
        }
        return ProvenFix(kind: .observableObject, type: type, summary: head + ": " + changes.sentence, before: before, after: after)
    }

    /// What the rewrite changed, each change with the types it was made in, in the order first made:
    /// `@StateObject` → `@State` in `GameView`.
    private struct Changes {
        var places: [(change: String, types: [String])] = []

        mutating func note(_ change: String, in type: String) {
            if let index = places.firstIndex(where: { $0.change == change }) {
                if !places[index].types.contains(type) { places[index].types.append(type) }
            } else {
                places.append((change, [type]))
            }
        }

        var sentence: String {
            places.map { $0.change + " in " + $0.types.map { "`\($0)`" }.joined(separator: ", ") }.joined(separator: "; ")
        }
    }

    /// The wrappers that hold an `ObservableObject` and subscribe the view to it.
    static let wrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject"]

    /// The declared `ObservableObject` class a property holds, by its type or its first value (`Model()`).
    private static func heldClass(_ property: PropertySyntax, types: DeclaredTypes) -> String? {
        guard let type = property.type ?? property.initializer.flatMap(DeclaredTypes.literalType),
              case .named(let name, arguments: []) = type, isObservableObject(name, types: types) else { return nil }
        return name
    }

    /// Whether a declared class is an `ObservableObject`, itself or through the classes it inherits from.
    private static func isObservableObject(_ name: String, types: DeclaredTypes) -> Bool {
        var seen: Set<String> = []
        var current = name
        while seen.insert(current).inserted, let declaration = types.types[current], declaration.kind == .classType {
            if declaration.conforms(to: "ObservableObject") { return true }
            guard let superclass = declaration.conformances.first else { return false }
            current = superclass
        }
        return false
    }

    // MARK: - When the migration is not mechanical

    /// Why the migration of `classes` is not mechanical, the first reason found; nil when it is.
    private static func declineReason(migrating classes: Set<String>, in declarations: [DeclarationSyntax], types: DeclaredTypes,
                                      steps: [StatementSyntax], rootObject: String?) -> String? {
        let classNames = Set(types.types.values.filter { $0.kind == .classType }.map(\.name))
        for name in classes.sorted() {
            let declaration = types.types[name]!
            if let superclass = declaration.conformances.first(where: classNames.contains) {
                return "`\(name)` inherits from `\(superclass)`: a class hierarchy is not migrated mechanically (`@Observable` goes on each class that declares tracked properties)"
            }
            if let subclass = types.types.values.filter({ $0.kind == .classType && $0.conformances.contains(name) }).map(\.name).sorted().first {
                return "`\(subclass)` inherits from `\(name)`: a class hierarchy is not migrated mechanically (`@Observable` goes on each class that declares tracked properties)"
            }
            if let combine = combineUse(in: declaration) {
                return "`\(name)` uses Combine (\(combine)), which `@Observable` does not provide"
            }
        }
        // The properties whose `$` publishers the migration takes away.
        let published = Set(classes.flatMap { types.types[$0]?.properties.map { "$" + $0.name } ?? [] })
        var found: String?
        func look(_ part: ExprSyntax, in place: String) {
            guard found == nil else { return }
            switch part.kind {
            case .member(_, "objectWillChange", _), .identifier("objectWillChange"):
                found = "\(place) uses `objectWillChange` itself (`\(part.rendered)`), which an `@Observable` class does not have"
            case .member(_, let member, _) where published.contains(member):
                found = "\(place) uses `\(part.rendered)` as a Combine publisher, which an `@Observable` class does not make"
            case .opaque(let text) where text.contains("objectWillChange") || text.contains(".$"):
                found = "\(place) uses `objectWillChange` or a `$property` publisher (`\(text)`), which an `@Observable` class does not make"
            default: break
            }
        }
        for case .type(let declaration) in declarations {
            declaration.visitExpressions { look($0, in: "`\(declaration.name)`") }
        }
        for statement in steps { statement.visit { look($0, in: "a step") } }
        if let found { return found }
        if let rootObject {
            return "the app or a preview puts an object in the environment with \(rootObject), code the fix does not rewrite"
        }
        for case .type(let declaration) in declarations where declaration.kind == .structure {
            if let reason = holderDeclineReason(declaration, holding: classes, types: types) { return reason }
        }
        return nil
    }

    /// The Combine the class uses: a `$property` publisher, `.sink`, `assign(to:)`, `receive(on:)`, or
    /// a cancellable it stores.
    private static func combineUse(in declaration: TypeDeclarationSyntax) -> String? {
        for property in declaration.properties {
            let text = property.type?.description ?? ""
            if text.contains("Cancellable") || text.contains("Publisher") || text.contains("Subject") {
                return "`\(property.name): \(text)`"
            }
        }
        var found: String?
        declaration.visitExpressions { part in
            guard found == nil else { return }
            switch part.kind {
            case .dollar(let name) where name.first?.isLetter == true:
                found = "`$\(name)`, a publisher"
            case .member(_, let member, _) where ["sink", "assign", "receive", "eraseToAnyPublisher"].contains(member):
                found = "`.\(member)`"
            default: break
            }
        }
        return found
    }

    /// Why a view's use of the classes cannot be rewritten mechanically: its `init` sets a wrapper
    /// itself, it makes bindings from an environment object, or it gives `.environmentObject` a value
    /// whose class Ripple cannot tell while another `ObservableObject` class stays.
    private static func holderDeclineReason(_ view: TypeDeclarationSyntax, holding classes: Set<String>, types: DeclaredTypes) -> String? {
        let held = view.properties.filter { property in
            property.attributes.contains { wrappers.contains($0.name) } && heldClass(property, types: types).map(classes.contains) == true
        }
        let heldNames = Set(held.map(\.name))
        var found: String?
        for member in view.members {
            guard case .initializer(let initializer) = member else { continue }
            for statement in initializer.body {
                statement.visit { part in
                    guard found == nil else { return }
                    let name: String?
                    switch part.kind {
                    case .identifier(let identifier): name = identifier
                    case .member(let base, let member, false) where base.kind == .identifier("self"): name = member
                    default: name = nil
                    }
                    if let name, name.hasPrefix("_"), heldNames.contains(String(name.dropFirst())) {
                        found = "`\(view.name)`'s `init` sets `\(name)` itself; the wrapper it makes changes with the migration"
                    }
                }
            }
        }
        if let found { return found }
        let environmentObjects = Set(held.filter { $0.hasAttribute("EnvironmentObject") }.map(\.name))
        let bound = boundRoots(in: view)
        if let name = environmentObjects.intersection(bound).sorted().first {
            return "`\(view.name)` makes bindings from the environment object `\(name)` (`$\(name)…`): with `@Environment` it needs a `@Bindable` copy in its body, which the fix does not write"
        }
        let others = types.types.values.contains { isObservableObject($0.name, types: types) && !classes.contains($0.name) }
        view.visitExpressions { part in
            guard found == nil, let value = environmentObjectValue(part), others,
                  objectClass(of: value, in: view, types: types) == nil else { return }
            found = "`\(view.name)` gives `.environmentObject` `\(value.rendered)`, whose class Ripple cannot tell"
        }
        return found
    }

    // MARK: - The rewrite

    /// The class with `@Observable`, without `ObservableObject` and without `@Published`.
    private static func migratedClass(_ declaration: TypeDeclarationSyntax, changes: inout Changes) -> TypeDeclarationSyntax {
        var migrated = declaration
        if declaration.properties.contains(where: { $0.hasAttribute("Published") }) { changes.note("`@Published` removed", in: declaration.name) }
        migrated.conformances.removeAll { $0 == "ObservableObject" }
        if !migrated.hasAttribute("Observable") {
            migrated.attributes.insert(AttributeSyntax(name: "Observable", location: declaration.location), at: 0)
        }
        migrated.members = declaration.members.map { member in
            guard case .property(var property) = member else { return member }
            property.attributes.removeAll { $0.name == "Published" }
            return .property(property)
        }
        return migrated
    }

    /// A declaration that holds one of the classes: its wrappers replaced, and its `.environmentObject`
    /// modifiers given one of them made `.environment`.
    private static func migratedHolder(_ declaration: TypeDeclarationSyntax, holding classes: Set<String>, types: DeclaredTypes,
                                       changes: inout Changes) -> TypeDeclarationSyntax {
        var migrated = declaration
        let bound = boundRoots(in: declaration)
        var notes: [String] = []
        migrated.members = declaration.members.map { member in
            guard case .property(var property) = member, let held = heldClass(property, types: types), classes.contains(held) else { return member }
            property.attributes = property.attributes.compactMap { attribute in
                switch attribute.name {
                case "StateObject":
                    notes.append("`@StateObject` → `@State`")
                    return AttributeSyntax(name: "State", location: attribute.location)
                case "ObservedObject":
                    let binds = bound.contains(property.name)
                    notes.append(binds ? "`@ObservedObject` → `@Bindable`" : "`@ObservedObject` → a plain property")
                    return binds ? AttributeSyntax(name: "Bindable", location: attribute.location) : nil
                case "EnvironmentObject":
                    notes.append("`@EnvironmentObject` → `@Environment(\(held).self)`")
                    let type = ExprSyntax(.member(ExprSyntax(.identifier(held), at: attribute.location), name: "self", optional: false), at: attribute.location)
                    return AttributeSyntax(name: "Environment", arguments: [ArgumentSyntax(value: type, location: attribute.location)], location: attribute.location)
                default: return attribute
                }
            }
            if property.type == nil, property.attributes.contains(where: { $0.name == "Environment" }) {
                property.type = .named(held, arguments: [])
            }
            return .property(property)
        }
        let others = types.types.values.contains { isObservableObject($0.name, types: types) && !classes.contains($0.name) }
        migrated = migrated.replacingExpressions { part in
            guard case .call(let callee, let arguments, let trailing) = part.kind, case .member(let base, "environmentObject", false) = callee.kind,
                  let value = environmentObjectValue(part) else { return nil }
            let known = objectClass(of: value, in: declaration, types: types)
            guard known.map(classes.contains) ?? !others else { return nil }
            notes.append("`.environmentObject` → `.environment`")
            let modifier = ExprSyntax(.member(base, name: "environment", optional: false), at: callee.location)
            return ExprSyntax(.call(modifier, arguments: arguments, trailing: trailing), at: part.location)
        }
        for note in notes { changes.note(note, in: declaration.name) }
        return migrated
    }

    /// The value an `.environmentObject(value)` modifier puts in the environment.
    private static func environmentObjectValue(_ part: ExprSyntax) -> ExprSyntax? {
        guard case .call(let callee, let arguments, _) = part.kind, case .member(_, "environmentObject", false) = callee.kind,
              arguments.count == 1, arguments[0].label == nil else { return nil }
        return arguments[0].value
    }

    /// The declared class of an object a view names: one of its properties, or a new one (`Model()`).
    private static func objectClass(of value: ExprSyntax, in view: TypeDeclarationSyntax, types: DeclaredTypes) -> String? {
        let name: String
        switch value.kind {
        case .identifier(let identifier): name = identifier
        case .member(let base, let member, false) where base.kind == .identifier("self"): name = member
        case .call:
            guard case .named(let type, arguments: [])? = DeclaredTypes.literalType(value), types.types[type]?.kind == .classType else { return nil }
            return type
        default: return nil
        }
        guard let property = view.storedProperty(name),
              case .named(let type, arguments: [])? = property.type ?? property.initializer.flatMap(DeclaredTypes.literalType),
              types.types[type]?.kind == .classType else { return nil }
        return type
    }

    /// The names the declaration makes bindings from: `model` in `$model.name` or `$model`.
    private static func boundRoots(in declaration: TypeDeclarationSyntax) -> Set<String> {
        var names: Set<String> = []
        declaration.visitExpressions { part in
            if case .dollar(let name) = part.kind { names.insert(name) }
        }
        return names
    }
}
