/// The fix for a view that reads a model's computed property: the property is stored, and each stored
/// property it reads updates it in a `didSet`, writing only when the value changes.
///
/// Observation records the stored properties a computed getter reads, so any change to them re-runs
/// the view, even when the computed value stays the same (Rule 1, tracked reads; `computed-vs-cached`).
/// A stored copy written only when it changes keeps the view quiet. When several stored properties
/// feed it, their `didSet`s call one private `updateName()` that holds the update.
///
/// The rewrite is offered only when it is exact: one class declares the property, its getter is one
/// expression, everything it reads is a stored property of the class (or another computed one that
/// is), none of them holds an object (a change inside it would not run the `didSet`), and the type has
/// a first value Swift accepts before the `init` sets it.
enum StoreComputedProperty {
    static func fix(property name: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        let owners = declarations.compactMap { declaration -> TypeDeclarationSyntax? in
            guard case .type(let type) = declaration, type.kind == .classType,
                  type.properties.contains(where: { $0.name == name && $0.getter != nil }) else { return nil }
            return type
        }
        guard owners.count == 1, let owner = owners.first, let property = owner.properties.first(where: { $0.name == name }),
              !property.modifiers.contains("static"), let type = property.type, let getter = property.getter,
              let value = Self.value(of: getter), let placeholder = DeclaredTypes.placeholder(for: type, at: property.location) else { return nil }

        // The stored properties the value reads, through the class's other computed properties.
        var sources: [String] = []
        var visited: Set<String> = [name]
        var exact = true
        func collect(_ expression: ExprSyntax) {
            expression.visit { part in
                let read: String
                switch part.kind {
                case .identifier(let n): read = n
                case .member(let base, let n, _) where base.kind == .identifier("self"): read = n
                default: return
                }
                if owner.functions.contains(where: { $0.name == read }) { exact = false }
                guard let member = owner.properties.first(where: { $0.name == read && !$0.modifiers.contains("static") }),
                      visited.insert(read).inserted else { return }
                if let getter = member.getter {
                    guard let inner = Self.value(of: getter) else { exact = false; return }
                    collect(inner)
                } else {
                    let memberType = member.type ?? member.initializer.flatMap(DeclaredTypes.literalType)
                    // A stored object changes inside without being written, and an unknown type may be one.
                    guard let memberType, !Self.holdsObject(memberType, types) else { exact = false; return }
                    sources.append(read)
                }
            }
        }
        collect(value)
        guard exact, !sources.isEmpty else { return nil }

        let location = property.location
        let updated = "updated" + name.prefix(1).uppercased() + name.dropFirst()
        func statement(_ kind: StatementKind) -> StatementSyntax { StatementSyntax(kind: kind, location: location) }
        func identifier(_ n: String) -> ExprSyntax { ExprSyntax(.identifier(n), at: location) }
        // Written only when it changes, so an equal result notifies no one whatever the setter does.
        let update: [StatementSyntax] = types.isEquatable(type)
            ? [statement(.letDeclaration(name: updated, value: value)),
               statement(.ifStatement(clauses: [IfClauseSyntax(conditions: [.expression(ExprSyntax(.binary("!=", identifier(updated), identifier(name)), at: location))],
                                                               body: [statement(.assignment(target: identifier(name), op: "=", value: identifier(updated)))],
                                                               location: location)], otherwise: nil))]
            : [statement(.assignment(target: identifier(name), op: "=", value: value))]
        let first = statement(.assignment(target: identifier(name), op: "=", value: value))
        // Several observers call one update function rather than each holding a copy of it, unless the
        // class already uses its name.
        let function = "update" + name.prefix(1).uppercased() + name.dropFirst()
        let shared = sources.count > 1 && !owner.members.contains { member in
            switch member {
            case .property(let p): p.name == function
            case .function(let f): f.name == function
            case .initializer: false
            }
        }
        let observer = shared ? [statement(.expression(ExprSyntax(.call(identifier(function), arguments: [], trailing: []), at: location)))] : update

        var fixed = owner
        fixed.members = owner.members.map { member in
            switch member {
            case .property(var stored) where stored.name == name:
                stored.getter = nil
                stored.initializer = placeholder
                return .property(stored)
            case .property(var stored) where sources.contains(stored.name):
                if stored.didSet == nil { stored.didSet = PropertyObserverSyntax(parameter: "oldValue", body: [], location: location) }
                stored.didSet!.body += observer
                return .property(stored)
            case .initializer(var initializer):
                initializer.body.append(first)
                return .initializer(initializer)
            default:
                return member
            }
        }
        if owner.initializers.isEmpty {
            fixed.members.append(.initializer(InitializerSyntax(parameters: [], body: [first], location: location)))
        }
        if shared {
            var updater = FunctionSyntax(isStatic: false, name: function, parameters: [], body: update, location: location)
            updater.modifiers = ["private"]
            fixed.members.append(.function(updater))
        }
        let names = sources.map { "`\($0)`" }
        let summary = "store `\(owner.name).\(name)` and update it when " + (names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names[0])
            + " changes, writing it only when its value changes"
        return ProvenFix(kind: .computedProperty, type: owner.name, summary: summary, before: [.type(owner)], after: [.type(fixed)])
    }

    /// The one expression a getter returns; nil for a getter of several statements.
    static func value(of getter: [StatementSyntax]) -> ExprSyntax? {
        guard getter.count == 1 else { return nil }
        switch getter[0].kind {
        case .expression(let value), .returnStatement(let value?): return value
        default: return nil
        }
    }

    /// Whether a value of the type holds an object the class does not write when it changes: a declared
    /// class, or a type the declarations do not describe.
    static func holdsObject(_ type: TypeSyntax, _ types: DeclaredTypes) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return holdsObject(wrapped, types)
        case .dictionary(let key, let value): return holdsObject(key, types) || holdsObject(value, types)
        case .named(let name, arguments: []):
            if ["Int", "Double", "Float", "Bool", "String", "UUID", "Date", "CGFloat"].contains(name) { return false }
            guard let declaration = types.types[name] else { return true }
            return declaration.kind == .classType
        default: return true
        }
    }
}
