/// The hint for a view that re-ran because a field it does not read changed inside a struct-typed
/// `@Observable` property.
///
/// Observation tracks a property, not the fields of the value it holds: a struct held in one property
/// of an `@Observable` class is one unit, so mutating any field of it (`account.profile.bio = …`) re-runs
/// every view that reads the property, whichever field it shows (Semantics Rule 1,
/// `struct-property-vs-flattened`). The hint is given for a wasted view whose dependency is such a
/// property (a struct the code declares, in a class marked `@Observable`), changed in place or assigned
/// a new value whole. An equal value assigned whole to a non-`Equatable` struct is the
/// `equatable-property-type` hint's, which is looked for first.
///
/// The fix flattens the struct into the class: `var profile = Profile(name: "Ada", bio: "…")` becomes
/// `var name: String = "Ada"` and `var bio: String = "…"`, and every read through the property
/// (`account.profile.name`, `$account.profile.bio`, `profile.name` inside the class) reads the field
/// itself (`account.name`). It is offered only when that is exact: the property is a stored `var` or
/// `let` with no observers or attributes, whose first value builds the struct with labeled fields
/// (`Profile(name: …)`, the others taking their own first values); the struct declares only stored
/// properties, each of a known type, and no `init`; no field's name is taken in the class; no other
/// declared type has a member of the property's name, nor does the class's code bind it as a local or
/// a parameter; and the property is never used whole (handed on,
/// copied, assigned, or named in a key path), only to reach a field; a step's read through it
/// (`AccountForm.account.profile.bio`) reads the field in the fixed code.
enum StructObservableProperty {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .wasted else { return nil }
        for cause in instance.causes where cause.kind == .observation {
            guard case .dependency(let key, let via, let read, _, _) = cause.explanation, via.isEmpty,
                  let (owner, property, type) = types.property(atKey: key), owner.hasAttribute("Observable"),
                  let value = types.valueStruct(type) else { continue }
            return AuditHint(kind: .structObservableProperty, view: instance.viewType,
                             text: "`\(instance.viewType)` reads \(read.map { "`\($0)`" } ?? "`\(property.name)`"), but `\(owner.name).\(property.name)` holds a `\(value.name)` struct, which Observation tracks as one value: a change to any of its fields re-runs every view that reads the property; flatten its fields into `\(owner.name)`, or make `\(value.name)` an `@Observable` class",
                             guidance: "struct-property-vs-flattened", subject: owner.name + "." + property.name)
        }
        return nil
    }

    static func fix(property subject: String, in declarations: [DeclarationSyntax], steps: [StatementSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        let parts = subject.split(separator: ".").map(String.init)
        guard parts.count == 2, let owner = types.types[parts[0]], owner.kind == .classType, owner.hasAttribute("Observable"),
              let property = owner.properties.first(where: { $0.name == parts[1] }), property.attributes.isEmpty,
              let (value, flattened) = fields(of: property, in: types) else { return nil }
        let name = property.name
        let fields = DeclaredTypes.storedProperties(of: value)
        let ownerNames = Set(owner.properties.map(\.name) + owner.functions.map(\.name))
        guard !flattened.contains(where: { ownerNames.contains($0.name) }) else { return nil }
        let fieldNames = Set(fields.map(\.name))
        // No other type has a member of the property's name, so `.profile` always names this one.
        guard !nameIsTakenElsewhere(name, owner: owner.name, in: types), !LocalNames.type(owner, binds: name) else { return nil }
        // Every use of the property reaches a field: `x.profile.name`, or `profile.name` in the class.
        func isProperty(_ e: ExprSyntax, inOwner: Bool) -> Bool {
            switch e.kind {
            case .member(_, let member, false): member == name
            case .identifier(let identifier): inOwner && identifier == name
            default: false
            }
        }
        var uses = 0
        var reaching = 0
        var exact = true
        func count(_ e: ExprSyntax, inOwner: Bool) {
            if isProperty(e, inOwner: inOwner) { uses += 1 }
            switch e.kind {
            case .member(let base, let member, false) where fieldNames.contains(member) && isProperty(base, inOwner: inOwner): reaching += 1
            case .member(_, name, true): exact = false
            case .keyPath(_, let components) where components.contains(name): exact = false
            case .dollar(name) where inOwner: exact = false
            default: break
            }
        }
        for declaration in declarations {
            let inOwner = declaration.name == owner.name
            _ = declaration.replacingExpressions { count($0, inOwner: inOwner); return nil }
        }
        for statement in steps { statement.visit { count($0, inOwner: false) } }
        guard exact, uses == reaching, uses > 0 else { return nil }
        var before: [DeclarationSyntax] = []
        var after: [DeclarationSyntax] = []
        for declaration in declarations {
            let inOwner = declaration.name == owner.name
            var rewritten = declaration.replacingExpressions { e in
                guard case .member(let base, let member, false) = e.kind, fieldNames.contains(member), isProperty(base, inOwner: inOwner) else { return nil }
                if case .member(let root, _, _) = base.kind { return ExprSyntax(.member(root, name: member, optional: false), at: e.location) }
                return ExprSyntax(.identifier(member), at: e.location)
            }
            if inOwner, case .type(var type) = rewritten {
                type.members = type.members.flatMap { member -> [MemberSyntax] in
                    if case .property(let p) = member, p.name == name { return flattened.map(MemberSyntax.property) }
                    return [member]
                }
                rewritten = .type(type)
            }
            if rewritten != declaration {
                before.append(declaration)
                after.append(rewritten)
            }
        }
        var fix = ProvenFix(kind: .structObservableProperty, type: owner.name,
                            summary: "flatten `\(owner.name).\(name)` into " + fields.map { "`\($0.name)`" }.joined(separator: ", ") + ", each observed on its own",
                            before: before, after: after)
        fix.flattened = [(name, fieldNames)]
        return fix
    }

    /// The struct a stored property holds, and one property per field of it in the property's place, with
    /// its attributes and modifiers, the field's type, and the first value the property's initial value
    /// gives the field (`Profile(name: "Ada")`) or the field's own; nil when the property is not built
    /// that way, or the struct declares more than stored properties.
    static func fields(of property: PropertySyntax, in types: DeclaredTypes) -> (value: TypeDeclarationSyntax, fields: [PropertySyntax])? {
        guard property.getter == nil, property.willSet == nil, property.didSet == nil, !property.modifiers.contains("static"),
              let type = property.type ?? property.initializer.flatMap(DeclaredTypes.literalType), case .named = type,
              let value = types.valueStruct(type), value.initializers.isEmpty, value.functions.isEmpty,
              case .call(let callee, let arguments, let trailing)? = property.initializer?.kind, trailing.isEmpty,
              case .identifier(value.name) = callee.kind else { return nil }
        let fields = DeclaredTypes.storedProperties(of: value)
        guard fields.count == value.properties.count, !fields.isEmpty else { return nil }
        var given: [String: ExprSyntax] = [:]
        for argument in arguments {
            guard let label = argument.label, fields.contains(where: { $0.name == label }) else { return nil }
            given[label] = argument.value
        }
        var flattened: [PropertySyntax] = []
        for field in fields {
            guard let fieldType = field.type ?? field.initializer.flatMap(DeclaredTypes.literalType),
                  let first = given[field.name] ?? field.initializer else { return nil }
            flattened.append(PropertySyntax(attributes: property.attributes, modifiers: property.modifiers, isLet: property.isLet || field.isLet,
                                            name: field.name, type: fieldType, initializer: first, location: property.location))
        }
        return (value, flattened)
    }

    /// Whether a declared type other than `owner` has a member named `name`: then `.name` does not always
    /// name the owner's property, and a rewrite of it is not exact.
    static func nameIsTakenElsewhere(_ name: String, owner: String, in types: DeclaredTypes) -> Bool {
        types.types.values.contains { other in
            other.name != owner && (other.properties.contains { $0.name == name } || other.functions.contains { $0.name == name })
        }
    }
}
