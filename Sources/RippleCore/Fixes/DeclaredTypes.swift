/// The types a variant declares, by name, and the type a read has: what a proven fix needs to write a
/// property's type. Only what the declarations and a few standard members say is known; a read
/// through anything else has no known type, and the fix that needs it is not offered.
struct DeclaredTypes {
    var types: [String: TypeDeclarationSyntax] = [:]

    init(_ declarations: [DeclarationSyntax]) {
        for case .type(let type) in declarations where types[type.name] == nil { types[type.name] = type }
    }

    /// The declared struct or class a type names, through an optional.
    func declaration(of type: TypeSyntax) -> TypeDeclarationSyntax? {
        switch type {
        case .named(let name, arguments: []): types[name]
        case .optional(let wrapped): declaration(of: wrapped)
        default: nil
        }
    }

    /// The type of a read made of names, members and subscripts, given the types of the names it
    /// starts from; nil when some part of it has no known type.
    func type(of read: ExprSyntax, names: [String: TypeSyntax]) -> TypeSyntax? {
        switch read.kind {
        case .identifier(let name): return names[name]
        case .paren(let inner): return type(of: inner, names: names)
        case .forceUnwrap(let base):
            guard case .optional(let wrapped)? = type(of: base, names: names) else { return nil }
            return wrapped
        case .member(let base, let name, let optional):
            guard let baseType = type(of: base, names: names) else { return nil }
            if optional {
                guard case .optional(let wrapped) = baseType, let member = memberType(name, of: wrapped) else { return nil }
                return member.isOptional ? member : .optional(member)
            }
            return memberType(name, of: baseType)
        case .subscriptAccess(let base, _, let optional):
            guard var baseType = type(of: base, names: names) else { return nil }
            if optional {
                guard case .optional(let wrapped) = baseType else { return nil }
                baseType = wrapped
            }
            let element: TypeSyntax
            switch baseType {
            case .array(let e): element = e
            case .dictionary(_, let value): element = .optional(value)
            default: return nil
            }
            return optional && !element.isOptional ? .optional(element) : element
        default:
            return nil
        }
    }

    /// The type of a member of a value of `type`: a declared property, or a standard collection's
    /// `count`, `isEmpty`, `first` and `last`.
    func memberType(_ name: String, of type: TypeSyntax) -> TypeSyntax? {
        switch (type, name) {
        case (.array, "count"), (.dictionary, "count"), (.named("String", []), "count"): return .named("Int", arguments: [])
        case (.array, "isEmpty"), (.dictionary, "isEmpty"), (.named("String", []), "isEmpty"): return .named("Bool", arguments: [])
        case (.array(let element), "first"), (.array(let element), "last"): return element.isOptional ? element : .optional(element)
        default: break
        }
        guard case .named(let typeName, arguments: []) = type, let declaration = types[typeName],
              let property = declaration.properties.first(where: { $0.name == name }) else { return nil }
        return property.type ?? property.initializer.flatMap(Self.literalType)
    }

    /// The type of a literal initial value, or of a call that makes a declared type: `"People"` is a
    /// `String`, `[User(...)]` a `[User]`.
    static func literalType(_ value: ExprSyntax) -> TypeSyntax? {
        switch value.kind {
        case .integer: .named("Int", arguments: [])
        case .double: .named("Double", arguments: [])
        case .bool: .named("Bool", arguments: [])
        case .string: .named("String", arguments: [])
        case .array(let elements): elements.first.flatMap(literalType).map(TypeSyntax.array)
        case .call(let callee, _, _):
            if case .identifier(let name) = callee.kind, name.startsUppercase { .named(name, arguments: []) } else { nil }
        default: nil
        }
    }

    /// Whether values of the type can be compared with `==`: numbers, truth values, text, and declared
    /// types that say they are `Equatable`, in optionals and arrays of them.
    func isEquatable(_ type: TypeSyntax) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped): return isEquatable(wrapped)
        case .dictionary(let key, let value): return isEquatable(key) && isEquatable(value)
        case .named(let name, arguments: []):
            if ["Int", "Double", "Float", "Bool", "String", "UUID", "Date", "CGFloat"].contains(name) { return true }
            guard let declaration = types[name] else { return false }
            return declaration.conforms(to: "Equatable") || declaration.conforms(to: "Hashable")
                || (declaration.kind == .enumeration && declaration.cases.allSatisfy(\.payload.isEmpty))
        default: return false
        }
    }

    /// A value of the type that Swift accepts as a stored property's first value before an `init`
    /// sets it: `0`, `false`, `""`, `nil`, `[]`; nil for any other type.
    static func placeholder(for type: TypeSyntax, at location: SourceLocation) -> ExprSyntax? {
        let kind: ExprKind
        switch type {
        case .optional: kind = .nilLiteral
        case .array: kind = .array([])
        case .dictionary: kind = .dictionary(keys: [], values: [])
        case .named("Int", []): kind = .integer(0)
        case .named("Double", []), .named("Float", []), .named("CGFloat", []): kind = .double(0)
        case .named("Bool", []): kind = .bool(false)
        case .named("String", []): kind = .string([])
        default: return nil
        }
        return ExprSyntax(kind, at: location)
    }
}

extension TypeSyntax {
    var isOptional: Bool { if case .optional = self { true } else { false } }
}

extension DeclaredTypes {
    /// The property a dependency key names and the type that declares it: `Account.profile` for
    /// `AccountForm.account.profile`, followed from the view through each stored property's declared or
    /// first value's type; nil when some step has no known type, or the key goes through a subscript.
    func property(atKey key: String) -> (owner: TypeDeclarationSyntax, property: PropertySyntax, type: TypeSyntax)? {
        let names = key.split(separator: ".").map(String.init)
        guard names.count >= 2, names.allSatisfy({ !$0.contains("[") }), var owner = types[names[0]] else { return nil }
        for (index, name) in names.dropFirst().enumerated() {
            let stored = name.hasPrefix("_") ? String(name.dropFirst()) : name
            guard let property = owner.properties.first(where: { $0.name == stored }),
                  let type = memberType(stored, of: .named(owner.name, arguments: [])) else { return nil }
            if index == names.count - 2 { return (owner, property, type) }
            guard let next = declaration(of: type) else { return nil }
            owner = next
        }
        return nil
    }

    /// The declared struct a type names, through an optional, when it is no view: a value type whose
    /// fields a rewrite can name.
    func valueStruct(_ type: TypeSyntax) -> TypeDeclarationSyntax? {
        guard let declaration = declaration(of: type), declaration.kind == .structure, !declaration.conforms(to: "View") else { return nil }
        return declaration
    }

    /// The stored properties of a declared type's values: those with no getter that are not `static`.
    static func storedProperties(of type: TypeDeclarationSyntax) -> [PropertySyntax] {
        type.properties.filter { $0.getter == nil && !$0.modifiers.contains("static") }
    }
}
