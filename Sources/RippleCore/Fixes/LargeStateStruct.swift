/// The hint for a view bound to a whole `@State` struct that re-ran for a field it does not use.
///
/// A `@State` slot is one value: writing one field of a struct held in it changes the slot, and every
/// view that reads it through a binding (`NameSection(form: $form)`) re-runs, whichever field it shows
/// (Semantics Rule 4, `large-state-struct`). The hint is given for a wasted view, not a row, that re-ran
/// because a `@State` slot it reads through a binding changed, where its `@Binding` property holds a
/// struct the code declares with more than one stored property. A binding to one field (`$form.name`)
/// still reads the same slot, so passing field bindings alone saves nothing.
///
/// The fix splits the struct: `@State private var form = FormData()` becomes one `@State` per field
/// (`@State private var name: String = ""`), each child bound to the whole struct
/// (`NameSection(form: $form)`, `@Binding var form: FormData`) is bound instead to the fields it uses
/// (`NameSection(name: $name)`, `@Binding var name: String`), and every read through the struct reads
/// the field (`form.name` → `name`, `$form.name` → `$name`). It is offered only when that is exact: the
/// struct is built in the slot's first value with labeled fields and declares only stored properties of
/// known types and no `init`; the view uses the slot only to reach a field or to hand `$form` to a child
/// it declares, which has no `init`, is built nowhere else, and uses its binding only to reach a field;
/// no field's name is taken in the view or the child, nor the slot's or the binding's name bound there
/// as a local or a parameter; and no other type has a member of the slot's name. A step's read through the slot (`SignupForm.form.email`) reads the field in the fixed code.
enum LargeStateStruct {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .wasted, !WholeElementBinding.isRow(instance.path), let view = types.types[instance.viewType] else { return nil }
        for cause in instance.causes where cause.kind == .binding {
            // `SignupForm._form`: the slot of `@State var form` in `SignupForm`.
            guard let (owner, slot, _) = types.property(atKey: cause.subject), owner.conforms(to: "View"), slot.attribute("State") != nil else { continue }
            // The view's binding to a struct of the slot's type, with more than one field.
            let slotType = slot.type ?? slot.initializer.flatMap(DeclaredTypes.literalType)
            let bound = view.properties.filter { property in
                guard property.attribute("Binding") != nil, property.type == slotType, let type = property.type.flatMap(types.valueStruct) else { return false }
                return DeclaredTypes.storedProperties(of: type).count > 1
            }
            guard let binding = bound.count == 1 ? bound.first : nil, let type = binding.type.flatMap(types.valueStruct) else { continue }
            return AuditHint(kind: .largeStateStruct, view: instance.viewType,
                             text: "`\(instance.viewType)` is bound to all of `\(owner.name).\(slot.name)`, a `\(type.name)` held in one `@State`, and re-ran when a field of it changed: a `@State` struct is one value, so a change to any field re-runs every view bound to it; split it into `@State` properties of their own and pass each view the ones it uses, or make `\(type.name)` an `@Observable` class",
                             guidance: "large-state-struct", subject: owner.name + "." + slot.name)
        }
        return nil
    }

    static func fix(slot subject: String, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        let parts = subject.split(separator: ".").map(String.init)
        guard parts.count == 2, let owner = types.types[parts[0]], owner.kind == .structure, owner.conforms(to: "View"),
              let slot = owner.properties.first(where: { $0.name == parts[1] }), slot.attributes.map(\.name) == ["State"],
              let (value, split) = StructObservableProperty.fields(of: slot, in: types) else { return nil }
        let name = slot.name
        let fieldNames = Set(split.map(\.name))
        let ownerNames = Set(owner.properties.map(\.name) + owner.functions.map(\.name))
        guard fieldNames.isDisjoint(with: ownerNames), !LocalNames.type(owner, binds: name) else { return nil }

        // The children handed `$form` whole, by the label they take it with, and the fields each uses.
        var children: [String: (label: String, fields: [PropertySyntax])] = [:]
        var exact = true
        var uses = 0
        var reaching = 0
        owner.visitExpressions { e in
            switch e.kind {
            case .identifier(name), .dollar(name): uses += 1
            case .member(let base, let field, false) where fieldNames.contains(field):
                if case .identifier(name) = base.kind { reaching += 1 }
                if case .dollar(name) = base.kind { reaching += 1 }
            case .call(let callee, let arguments, _):
                guard case .identifier(let child) = callee.kind else { break }
                for argument in arguments where argument.value.kind == .dollar(name) {
                    guard let label = argument.label, children[child] == nil || children[child]?.label == label,
                          let fields = Self.boundFields(child: child, label: label, value: value, split: split, in: types) else {
                        exact = false
                        continue
                    }
                    children[child] = (label, fields)
                    reaching += 1
                }
            case .keyPath(_, let components) where components.contains(name): exact = false
            default: break
            }
        }
        guard exact, uses == reaching, uses > 0 else { return nil }
        // No type but the children bound under the slot's name has a member of that name, so a step's
        // `.form.email` reads through a struct the fix splits.
        guard !types.types.values.contains(where: { other in
            other.name != owner.name && children[other.name]?.label != name
                && (other.properties.contains { $0.name == name } || other.functions.contains { $0.name == name })
        }) else { return nil }
        // Each child is built only by the view.
        for case .type(let other) in declarations where other.name != owner.name {
            var builds = false
            other.visitExpressions { e in
                if case .call(let callee, _, _) = e.kind, case .identifier(let child) = callee.kind, children[child] != nil { builds = true }
            }
            guard !builds else { return nil }
        }

        // `form.name` → `name` and `$form.name` → `$name`, for the binding or slot a view holds.
        func fieldRead(through binding: String, fields: Set<String>) -> (ExprSyntax) -> ExprSyntax? {
            { e in
                guard case .member(let base, let field, false) = e.kind, fields.contains(field) else { return nil }
                switch base.kind {
                case .identifier(binding): return ExprSyntax(.identifier(field), at: e.location)
                case .dollar(binding): return ExprSyntax(.dollar(field), at: e.location)
                default: return nil
                }
            }
        }
        let ownerRead = fieldRead(through: name, fields: fieldNames)
        var before: [DeclarationSyntax] = []
        var after: [DeclarationSyntax] = []
        var fixedOwner = owner.replacingExpressions { e in
            guard case .call(let callee, let arguments, let trailing) = e.kind, case .identifier(let child) = callee.kind,
                  let bound = children[child] else { return ownerRead(e) }
            // A replacement is not visited again: the arguments' own reads are rewritten here.
            let rewritten = arguments.flatMap { argument -> [ArgumentSyntax] in
                guard argument.label == bound.label, argument.value.kind == .dollar(name) else {
                    var argument = argument
                    argument.value = argument.value.replacing(ownerRead)
                    return [argument]
                }
                return bound.fields.map { ArgumentSyntax(label: $0.name, value: ExprSyntax(.dollar($0.name), at: argument.value.location), location: argument.location) }
            }
            let closures = trailing.map { argument in
                var argument = argument
                argument.value = argument.value.replacing(ownerRead)
                return argument
            }
            return ExprSyntax(.call(callee, arguments: rewritten, trailing: closures), at: e.location)
        }
        fixedOwner.members = fixedOwner.members.flatMap { member -> [MemberSyntax] in
            if case .property(let p) = member, p.name == name { return split.map(MemberSyntax.property) }
            return [member]
        }
        before.append(.type(owner))
        after.append(.type(fixedOwner))
        var flattened: [(property: String, fields: Set<String>)] = [(name, fieldNames)]
        for (child, bound) in children.sorted(by: { $0.key < $1.key }) {
            guard let declaration = types.types[child], let binding = declaration.properties.first(where: { $0.name == bound.label }) else { return nil }
            var fixed = declaration.replacingExpressions(fieldRead(through: bound.label, fields: Set(bound.fields.map(\.name))))
            fixed.members = fixed.members.flatMap { member -> [MemberSyntax] in
                guard case .property(let p) = member, p.name == bound.label else { return [member] }
                return bound.fields.map { field in
                    .property(PropertySyntax(attributes: binding.attributes, modifiers: binding.modifiers, isLet: false, name: field.name,
                                             type: field.type, location: binding.location))
                }
            }
            before.append(.type(declaration))
            after.append(.type(fixed))
            flattened.append((bound.label, Set(bound.fields.map(\.name))))
        }
        var fix = ProvenFix(kind: .largeStateStruct, type: owner.name,
                            summary: "split `\(owner.name).\(name)` into a `@State` per field, " + split.map { "`\($0.name)`" }.joined(separator: ", ")
                                + (children.isEmpty ? "" : ", and bind " + children.keys.sorted().map { "`\($0)`" }.joined(separator: ", ") + " to the fields each uses"),
                            before: before, after: after)
        fix.flattened = flattened
        return fix
    }

    /// The fields of the struct a child view uses through its `@Binding` property `label`, in the struct's
    /// order, with the field's type; nil when the child has an `init`, holds the struct otherwise, uses
    /// the binding other than to reach a field, or already has a member of a field's name.
    static func boundFields(child: String, label: String, value: TypeDeclarationSyntax, split: [PropertySyntax],
                            in types: DeclaredTypes) -> [PropertySyntax]? {
        guard let view = types.types[child], view.kind == .structure, view.conforms(to: "View"), view.initializers.isEmpty,
              let binding = view.properties.first(where: { $0.name == label }), binding.attributes.map(\.name) == ["Binding"],
              binding.type == .named(value.name, arguments: []) else { return nil }
        let fieldNames = Set(split.map(\.name))
        var used: Set<String> = []
        var uses = 0
        var exact = true
        view.visitExpressions { e in
            switch e.kind {
            case .identifier(label), .dollar(label): uses += 1
            case .member(let base, let field, false) where fieldNames.contains(field):
                if base.kind == .identifier(label) || base.kind == .dollar(label) { used.insert(field) }
            case .keyPath(_, let components) where components.contains(label): exact = false
            default: break
            }
        }
        var reaching = 0
        view.visitExpressions { e in
            if case .member(let base, let field, false) = e.kind, fieldNames.contains(field), base.kind == .identifier(label) || base.kind == .dollar(label) {
                reaching += 1
            }
        }
        let names = Set(view.properties.map(\.name) + view.functions.map(\.name)).subtracting([label])
        guard exact, uses == reaching, used.isDisjoint(with: names), !LocalNames.type(view, binds: label) else { return nil }
        return split.filter { used.contains($0.name) }
    }
}
