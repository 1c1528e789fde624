internal import SwiftSyntax
internal import RippleCore

extension SwiftLowering {
    /// A written type, as the scenario parser reads it: `Int`, `[User]`, `String?`, `Binding<Bool>`,
    /// `() -> Void`, `some View`. Attributes on a type (`@escaping`, `@MainActor`) say nothing about updates.
    func lowerType(_ type: SwiftSyntax.TypeSyntax) -> RippleType {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return .named(identifier.name.nameText, arguments: genericArguments(identifier.genericArgumentClause))
        }
        if let member = type.as(MemberTypeSyntax.self) {
            // `Foo.Bar`: one name with its dots, as the scenario parser keeps it.
            var base = member.baseType.trimmedDescription
            if let generic = base.firstIndex(of: "<") { base = String(base[..<generic]) }
            return .named(base + "." + member.name.nameText, arguments: genericArguments(member.genericArgumentClause))
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return .optional(lowerType(optional.wrappedType)) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .optional(lowerType(unwrapped.wrappedType)) }
        if let array = type.as(ArrayTypeSyntax.self) { return .array(lowerType(array.element)) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) { return .dictionary(lowerType(dictionary.key), lowerType(dictionary.value)) }
        if let function = type.as(FunctionTypeSyntax.self) {
            return .function(parameters: function.parameters.map { lowerType($0.type) }, result: lowerType(function.returnClause.type))
        }
        if let opaque = type.as(SomeOrAnyTypeSyntax.self) {
            return .opaque(opaque.constraint.trimmedDescription)
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return lowerType(attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return lowerType(only.type)
        }
        // A tuple, a composition (`A & B`), a metatype: named by its text, which the resolver treats as an
        // unknown type.
        return .named(type.trimmedDescription, arguments: [])
    }

    private func genericArguments(_ clause: GenericArgumentClauseSyntax?) -> [RippleType] {
        guard let clause else { return [] }
        return clause.arguments.map { argument in
            switch argument.argument {
            case .type(let type): lowerType(type)
            default: .named(argument.argument.trimmedDescription, arguments: [])
            }
        }
    }
}
