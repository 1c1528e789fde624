/// The hint and the fix for an `@Observable` property whose struct type is not `Equatable`, assigned a
/// value equal to the one it holds.
///
/// Since Swift 6.2 the `@Observable` setter skips the notification when the new value equals the old,
/// but only for an `Equatable` type: a plain struct cannot be compared, so every assignment, an equal
/// one included, re-runs every view that reads the property (Semantics Rule 2,
/// `equatable-property-types`). The hint is given for a wasted view whose dependency is such a property
/// and whose change was an assignment of a whole value that prints as the one it replaced. Under
/// `semantics swift5.9` the setter has no equality check at all: the hint is still given, and the fix
/// is not kept, as it saves nothing there.
///
/// The fix adds `Equatable` to the struct's conformances, with the `==` Swift synthesizes. It is
/// offered only when that is exact: the struct declares no `==` of its own and conforms to neither
/// `Equatable` nor `Hashable` yet, and every stored property is of a type `==` compares (numbers, text,
/// truth values, `Equatable` types the code declares, in optionals, arrays and dictionaries), so Swift
/// can synthesize it.
enum EquatablePropertyType {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .wasted else { return nil }
        for cause in instance.causes where cause.kind == .observation {
            // The value assigned prints as the one it replaced: an equal value `==` could have skipped.
            guard cause.old != nil, cause.old == cause.new,
                  case .dependency(let key, let via, _, let writeKind, _) = cause.explanation, via.isEmpty, writeKind == "assignment",
                  let (owner, property, type) = types.property(atKey: key), owner.hasAttribute("Observable"),
                  let value = types.valueStruct(type), !types.isEquatable(type) else { continue }
            return AuditHint(kind: .equatablePropertyType, view: instance.viewType,
                             text: "`\(instance.viewType)` re-ran because `\(owner.name).\(property.name)` was assigned a `\(value.name)` equal to the one it held, and `\(value.name)` is not `Equatable`: the `@Observable` setter skips an equal value only for an `Equatable` type, so every assignment re-runs every view that reads it; make `\(value.name)` `Equatable`",
                             guidance: "equatable-property-types", subject: value.name)
        }
        return nil
    }

    static func fix(type name: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let value = types.types[name], value.kind == .structure, !value.conforms(to: "View"),
              !value.conforms(to: "Equatable"), !value.conforms(to: "Hashable"),
              !value.functions.contains(where: { $0.name == "==" }) else { return nil }
        for property in DeclaredTypes.storedProperties(of: value) {
            guard let type = property.type ?? property.initializer.flatMap(DeclaredTypes.literalType), types.isEquatable(type) else { return nil }
        }
        var fixed = value
        fixed.conformances.append("Equatable")
        return ProvenFix(kind: .equatablePropertyType, type: name, summary: "make `\(name)` `Equatable`, so an equal value assigned to it notifies no one",
                         before: [.type(value)], after: [.type(fixed)])
    }
}
