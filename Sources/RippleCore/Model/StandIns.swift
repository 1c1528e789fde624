/// Values for the inputs of a root view that no caller sets: Swift source read on its own (a view file
/// without the parent that builds it) still has its body evaluated once, with each missing input given
/// the plainest value of its type, and a note saying which.
///
/// A stand-in is Swift that builds the value: `0`, `""`, `false`, `[]`, `nil`, `.constant(false)`, a
/// declared type through its memberwise initializer (`Book(id: 0, title: "")`), an enum's first case
/// without associated values. Anything else is an opaque value.
struct StandIns {
    let table: DeclarationTable
    /// Levels of memberwise initializers a stand-in may nest (`Library(books: [], owner: Person(name: ""))`).
    static let maximumDepth = 4

    /// The stand-in expression for a value of `type`, written at `location`.
    func expression(for type: ValueType, at location: SourceLocation, depth: Int = 0) -> ExprSyntax {
        func make(_ kind: ExprKind) -> ExprSyntax { ExprSyntax(kind, at: location) }
        switch type {
        case .int: return make(.integer(0))
        case .double: return make(.double(0))
        case .bool: return make(.bool(false))
        case .string: return make(.string([.text("")]))
        case .array: return make(.array([]))
        case .optional: return make(.nilLiteral)
        case .binding(let value):
            let inner = expression(for: value, at: location, depth: depth)
            return make(.call(make(.implicitMember("constant")), arguments: [ArgumentSyntax(value: inner, location: location)], trailing: []))
        case .named(let name):
            if let enumeration = table.enums[name], let first = enumeration.caseOrder.first(where: { enumeration.cases[$0] == 0 }) {
                return make(.member(make(.identifier(name)), name: first, optional: false))
            }
            if let data = table.data[name], depth < Self.maximumDepth {
                let arguments = data.stored.filter { $0.defaultValue == nil }.map { property in
                    ArgumentSyntax(label: property.name, value: expression(for: property.type, at: location, depth: depth + 1), location: location)
                }
                return make(.call(make(.identifier(name)), arguments: arguments, trailing: []))
            }
            return make(.opaque("stand-in \(name)"))
        case .url, .date, .uuid, .void, .function, .keyPath, .unknown:
            return make(.opaque("stand-in \(type)"))
        }
    }

    /// The stand-in for a value of a written type (an initializer's parameter).
    func expression(for syntax: TypeSyntax, at location: SourceLocation) -> ExprSyntax {
        expression(for: valueType(of: syntax), at: location)
    }

    /// The value type a written type names, as far as stand-ins need it.
    func valueType(of syntax: TypeSyntax) -> ValueType {
        switch syntax {
        case .named(let name, let arguments):
            switch name {
            case "Int": return .int
            case "Double", "CGFloat", "Float": return .double
            case "Bool": return .bool
            case "String": return .string
            case "Binding" where arguments.count == 1: return .binding(valueType(of: arguments[0]))
            case "Optional" where arguments.count == 1: return .optional(valueType(of: arguments[0]))
            case "Array" where arguments.count == 1: return .array(valueType(of: arguments[0]))
            default:
                // `Models.Visibility`: a type of another module, or one nested in another, is declared under its own name.
                let own = name.split(separator: ".").last.map(String.init) ?? name
                return table.data[own] != nil || table.enums[own] != nil ? .named(own) : .unknown
            }
        case .optional(let wrapped): return .optional(valueType(of: wrapped))
        case .array(let element): return .array(valueType(of: element))
        case .dictionary, .opaque: return .unknown
        case .function: return .function
        }
    }

    /// Gives the root's properties that `arguments` name by label (the `#Preview`'s or the window's
    /// call) those values as their first ones, with a note for each.
    static func fillRootInputs(of table: inout DeclarationTable, from arguments: [ArgumentSyntax], notes: inout [Diagnostic]) {
        guard var root = table.views[table.rootView] else { return }
        var filled = false
        for argument in arguments {
            guard let label = argument.label, let index = root.properties.firstIndex(where: { $0.name == label }) else { continue }
            let kind = root.properties[index].role.kind
            guard kind.isSetByParent || kind.isOwnedStorage else { continue }
            root.properties[index].defaultValue = argument.value
            filled = true
            notes.append(.note("'\(label)' of the root '\(root.name)' starts as the preview builds it: '\(argument.value.rendered)'",
                               at: argument.location))
        }
        if filled { table.views[table.rootView] = root }
    }

    /// Gives each input of the root that has no default a stand-in, with a note for each.
    static func fillRootInputs(of table: inout DeclarationTable, notes: inout [Diagnostic]) {
        guard var root = table.views[table.rootView] else { return }
        let standIns = StandIns(table: table)
        var filled = false
        for index in root.properties.indices where root.properties[index].defaultValue == nil {
            let property = root.properties[index]
            let kind = property.role.kind
            guard kind.isSetByParent else { continue }
            // A `@Binding var x: T` holds a binding to a T.
            let type: ValueType = if kind.isBindingWrapper, !isBinding(property.type) { .binding(property.type) } else { property.type }
            let value = standIns.expression(for: type, at: property.location)
            root.properties[index].defaultValue = value
            filled = true
            notes.append(.note("no caller sets '\(property.name)' of the root '\(root.name)'; it is given the stand-in '\(value.rendered)'",
                               at: property.location))
        }
        // Writing the root back copies the table's views: each screen of an app shares them unless its root changed.
        if filled { table.views[table.rootView] = root }
    }

    /// Gives each stored collection of a declared type that starts empty (`var tasks: [TodoTask] = []`,
    /// in a model, a struct or a view's `@State`) `rows` stand-in elements, with a note for each
    /// (`--rows N`). Element `i` (from 1) holds `i` in its `Int` fields and `"title i"` in a `String`
    /// field named `title` and a new `UUID()` in a `UUID` field, so that rows differ in what they show
    /// and in their ids.
    static func fillEmptyCollections(of table: inout DeclarationTable, rows: Int, notes: inout [Diagnostic]) {
        let standIns = StandIns(table: table)
        func filled(_ type: ValueType, _ value: ExprSyntax?, owner: String, name: String, at location: SourceLocation) -> ExprSyntax? {
            guard case .array(.named(let element)) = type, table.data[element] != nil,
                  let value, case .array(let elements) = value.kind, elements.isEmpty else { return nil }
            let items = (1...max(1, rows)).map { standIns.element(element, row: $0, at: value.location) }
            notes.append(.note("'\(name)' of '\(owner)' starts empty; --rows \(rows) gives it \(rows) stand-in \(element) value\(rows == 1 ? "" : "s")",
                               at: location))
            return ExprSyntax(.array(items), at: value.location)
        }
        for name in table.data.keys.sorted() {
            for index in table.data[name]!.stored.indices {
                let property = table.data[name]!.stored[index]
                if let value = filled(property.type, property.defaultValue, owner: name, name: property.name, at: property.location) {
                    table.data[name]!.stored[index].defaultValue = value
                }
            }
        }
        for name in table.views.keys.sorted() {
            for index in table.views[name]!.properties.indices {
                let property = table.views[name]!.properties[index]
                guard property.role.kind.fillsEmptyCollections else { continue }
                if let value = filled(property.type, property.defaultValue, owner: name, name: property.name, at: property.location) {
                    table.views[name]!.properties[index].defaultValue = value
                }
            }
        }
    }

    /// Row `row` of a collection of `type`: built by its first `init`, or memberwise from the stored
    /// properties without a default, each argument numbered by the row.
    func element(_ type: String, row: Int, at location: SourceLocation) -> ExprSyntax {
        guard let data = table.data[type] else { return ExprSyntax(.opaque("stand-in \(type)"), at: location) }
        let parameters: [(label: String?, name: String, type: ValueType)] = if let initializer = data.initializers.first {
            initializer.parameters.filter { $0.defaultValue == nil }.map { ($0.label, $0.name, valueType(of: $0.type)) }
        } else {
            data.stored.filter { $0.defaultValue == nil }.map { ($0.name, $0.name, $0.type) }
        }
        let arguments = parameters.map { parameter in
            let value: ExprSyntax = switch parameter.type {
            case .int: ExprSyntax(.integer(row), at: location)
            case .double: ExprSyntax(.double(Double(row)), at: location)
            case .string: ExprSyntax(.string([.text("\(parameter.name) \(row)")]), at: location)
            // A new id for each row, as the app's own `UUID()` would give.
            case .uuid: ExprSyntax(.call(ExprSyntax(.identifier("UUID"), at: location), arguments: [], trailing: []), at: location)
            default: expression(for: parameter.type, at: location, depth: 1)
            }
            return ArgumentSyntax(label: parameter.label, value: value, location: location)
        }
        return ExprSyntax(.call(ExprSyntax(.identifier(type), at: location), arguments: arguments, trailing: []), at: location)
    }

    private static func isBinding(_ type: ValueType) -> Bool {
        if case .binding = type { true } else { false }
    }
}
