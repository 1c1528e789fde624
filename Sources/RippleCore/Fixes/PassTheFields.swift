/// The fix for a view given a whole model (or a model and an index) that shows a few of its fields:
/// the view is given those fields instead, and every place that builds it reads them there.
///
/// `UserRow(state: state, index: index)` whose body reads `state.users[index].name` becomes
/// `UserRow(name: state.users[index].name)` with `let name: String`; the row then compares equal unless
/// the name it shows changed (Rule 9, child comparison). The seeds call this "pass the data the view
/// needs, not the whole model" (`list-rows`, `whole-struct-vs-fields`).
///
/// The rewrite is offered only when it is exact: the view has no `init` of its own, every use of a
/// model input in it is a read of a member (not the model passed on, bound, or a method called on it),
/// an index input is used only inside those reads, and each read's type is known from the declarations.
enum PassTheFields {
    static func fix(view name: String, kind: AuditHint.Kind, in declarations: [DeclarationSyntax]) -> ProvenFix? {
        let types = DeclaredTypes(declarations)
        guard let view = types.types[name], view.kind == .structure, view.conforms(to: "View"), view.initializers.isEmpty else { return nil }
        let inputs = view.properties.filter { $0.attributes.isEmpty && $0.getter == nil && $0.initializer == nil && $0.type != nil }
        let inputTypes = Dictionary(inputs.map { ($0.name, $0.type!) }, uniquingKeysWith: { first, _ in first })
        // Model inputs: a struct or class the source declares that is no view. Every other input may be
        // used inside their reads, as an index is.
        let models = Set(inputs.filter { input in
            guard let declaration = types.declaration(of: input.type!) else { return false }
            return declaration.kind != .enumeration && !declaration.conforms(to: "View")
        }.map(\.name))
        guard !models.isEmpty else { return nil }
        let plain = Set(inputTypes.keys).subtracting(models)

        // The reads of model inputs, in the order the view's members make them.
        var scan = ReadScan(models: models, plain: plain)
        for member in view.members { scan.scan(member) }
        guard scan.isExact, !scan.reads.isEmpty else { return nil }
        // A plain input used only inside the reads goes too; one used on its own stays.
        let removed = models.union(plain.subtracting(scan.usedAlone).filter { scan.usedInReads.contains($0) })

        // Each read becomes a `let` named after its last member; a name taken twice or by a member the
        // view keeps is spelled out in full (`usersName`).
        let kept = Set(view.properties.map(\.name)).subtracting(removed)
        var fields: [(name: String, read: ExprSyntax, type: TypeSyntax)] = []
        var fieldByRead: [String: String] = [:]
        let lastNames = scan.reads.map(Self.lastName)
        for (read, last) in zip(scan.reads, lastNames) where fieldByRead[read.rendered] == nil {
            guard let type = types.type(of: read, names: inputTypes) else { return nil }
            var field = last
            if lastNames.filter({ $0 == last }).count > 1 || kept.contains(field) || scan.closureParameters.contains(field) {
                field = Self.spelledOut(read)
            }
            guard !kept.contains(field), !fields.contains(where: { $0.name == field }) else { return nil }
            fieldByRead[read.rendered] = field
            fields.append((field, read, type))
        }

        // Every place that builds the view, rewritten; none means the view is the root, whose inputs come
        // from outside, and it is left alone.
        var rewroteCall = false
        var failed = false
        var after: [DeclarationSyntax] = []
        var before: [DeclarationSyntax] = []
        for declaration in declarations {
            let rewritten = declaration.replacingExpressions { part in
                guard case .call(let callee, let arguments, let trailing) = part.kind, case .identifier(name) = callee.kind else { return nil }
                guard let call = Self.call(arguments, removed: removed, fields: fields, inputs: inputs) else {
                    failed = true
                    return nil
                }
                rewroteCall = true
                return ExprSyntax(.call(callee, arguments: call, trailing: trailing), at: part.location)
            }
            if rewritten != declaration || declaration.name == name {
                before.append(declaration)
                after.append(declaration.name == name ? .type(Self.rewrite(view, removed: removed, fields: fields, fieldByRead: fieldByRead)) : rewritten)
            }
        }
        guard rewroteCall, !failed else { return nil }
        let removedNames = inputs.map(\.name).filter(removed.contains)
        let summary = "pass `\(name)` " + fields.map { "`\($0.name)`" }.joined(separator: ", ")
            + " instead of " + removedNames.map { "`\($0)`" }.joined(separator: " and ")
        return ProvenFix(kind: kind, type: name, summary: summary, before: before, after: after)
    }

    /// The view with the removed inputs replaced by the fields, at the place of the first, and every read
    /// replaced by its field.
    static func rewrite(_ view: TypeDeclarationSyntax, removed: Set<String>, fields: [(name: String, read: ExprSyntax, type: TypeSyntax)],
                        fieldByRead: [String: String]) -> TypeDeclarationSyntax {
        var members: [MemberSyntax] = []
        var placed = false
        for member in view.members {
            if case .property(let property) = member, removed.contains(property.name) {
                if !placed {
                    placed = true
                    for field in fields {
                        members.append(.property(PropertySyntax(attributes: [], modifiers: [], isLet: true, name: field.name, type: field.type,
                                                                initializer: nil, location: property.location)))
                    }
                }
                continue
            }
            members.append(member)
        }
        var rewritten = view
        rewritten.members = members
        return rewritten.replacingExpressions { part in
            guard let field = fieldByRead[part.rendered], ReadScan.isRead(part) else { return nil }
            return ExprSyntax(.identifier(field), at: part.location)
        }
    }

    /// The arguments of one place that builds the view: each removed input's argument gives way to the
    /// fields, read from the arguments it was given; nil when an input it needs is not passed.
    static func call(_ arguments: [ArgumentSyntax], removed: Set<String>, fields: [(name: String, read: ExprSyntax, type: TypeSyntax)],
                     inputs: [PropertySyntax]) -> [ArgumentSyntax]? {
        var given: [String: ExprSyntax] = [:]
        for argument in arguments {
            guard let label = argument.label else { return nil }
            given[label] = argument.value
        }
        // A field's value at the call reads from what the call passes; a plain input it reads that the
        // view keeps is passed as before.
        let passed = Dictionary(inputs.compactMap { input in given[input.name].map { (input.name, $0) } }, uniquingKeysWith: { first, _ in first })
        for input in inputs where removed.contains(input.name) && passed[input.name] == nil { return nil }
        var rewritten: [ArgumentSyntax] = []
        var placed = false
        for argument in arguments {
            guard removed.contains(argument.label!) else {
                rewritten.append(argument)
                continue
            }
            guard !placed else { continue }
            placed = true
            for field in fields {
                let value = field.read.replacing { part in
                    guard case .identifier(let name) = part.kind, let value = passed[name] else { return nil }
                    return value.isPostfixChain ? value : ExprSyntax(.paren(value), at: value.location)
                }
                rewritten.append(ArgumentSyntax(label: field.name, value: value, location: argument.location))
            }
        }
        return rewritten
    }

    /// `state.users[index].name` → `name`.
    static func lastName(_ read: ExprSyntax) -> String {
        switch read.kind {
        case .member(_, let name, _): name
        case .subscriptAccess(let base, _, _), .forceUnwrap(let base), .paren(let base): lastName(base)
        default: "value"
        }
    }

    /// `state.users[index].name` → `usersName`: the members after the input, joined.
    static func spelledOut(_ read: ExprSyntax) -> String {
        var names: [String] = []
        var current = read
        while true {
            switch current.kind {
            case .member(let base, let name, _): names.insert(name, at: 0); current = base
            case .subscriptAccess(let base, _, _), .forceUnwrap(let base), .paren(let base): current = base
            default:
                guard let first = names.first else { return "value" }
                return first + names.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            }
        }
    }
}

/// The reads of a view's model inputs, found member by member.
struct ReadScan: SyntaxWalker {
    let models: Set<String>
    let plain: Set<String>
    /// The reads, in order, once each.
    var reads: [ExprSyntax] = []
    /// Plain inputs used inside a read (an index), and those used on their own.
    var usedInReads: Set<String> = []
    var usedAlone: Set<String> = []
    /// Names closures in the view take, which a field must not be named.
    var closureParameters: Set<String> = []
    /// False once a model input is used other than by reading a member of it.
    var isExact = true

    init(models: Set<String>, plain: Set<String>) {
        self.models = models
        self.plain = plain
    }

    mutating func scan(_ member: MemberSyntax) {
        switch member {
        case .property(let property):
            if let initializer = property.initializer { scan(initializer) }
            for statement in (property.getter ?? []) + (property.willSet?.body ?? []) + (property.didSet?.body ?? []) { scan(statement) }
        case .initializer(let initializer): for statement in initializer.body { scan(statement) }
        case .function(let function):
            // A parameter of the view's own function with an input's name hides it.
            if function.parameters.contains(where: { models.contains($0.name) || plain.contains($0.name) }) { isExact = false }
            for statement in function.body { scan(statement) }
        }
    }

    mutating func scan(_ expression: ExprSyntax) {
        walk(expression)
    }

    mutating func scan(_ statement: StatementSyntax) {
        walk(statement)
    }

    /// A name the view's code binds, at any depth: one that hides an input makes the scan inexact.
    private mutating func bind(_ name: String) {
        if models.contains(name) || plain.contains(name) { isExact = false }
        closureParameters.insert(name)
    }

    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        switch statement.kind {
        case .letDeclaration(let name, _), .forIn(let name, _, _): bind(name)
        default: break
        }
        return .visitChildren
    }

    mutating func visit(_ condition: ConditionSyntax) -> WalkContinuation {
        condition.boundNames.forEach { bind($0) }
        return .visitChildren
    }

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        look(at: expression) == nil ? .visitChildren : .skipChildren
    }

    /// Looks at one part, outermost first: a read of a model input is recorded whole, a method call
    /// on one has its receiver looked at, and a model input anywhere else is used whole.
    private mutating func look(at part: ExprSyntax) -> ExprSyntax? {
        switch part.kind {
        case .closure(let closure):
            closure.parameters.forEach { bind($0) }
            return nil
        case .call(let callee, let arguments, let trailing):
            // `state.users[index].name.uppercased()`: the read is the receiver, the method is not.
            if case .member(let receiver, _, _) = callee.kind, let root = Self.root(of: receiver), models.contains(root) {
                record(receiver)
                for argument in arguments + trailing { walk(argument.value) }
                return part
            }
            return nil
        case .identifier(let name):
            if models.contains(name) { isExact = false }
            if plain.contains(name) { usedAlone.insert(name) }
            return nil
        case .dollar(let name):
            if models.contains(name) || plain.contains(name) { isExact = false }
            return nil
        case .member(let base, let name, _) where base.kind == .identifier("self") && (models.contains(name) || plain.contains(name)):
            // `self.state` is left to the code as written.
            isExact = false
            return nil
        default:
            guard Self.isRead(part), let root = Self.root(of: part), models.contains(root) else { return nil }
            record(part)
            return part
        }
    }

    private mutating func record(_ read: ExprSyntax) {
        guard Self.isRead(read) else {
            // The model itself, as a method's receiver.
            isExact = false
            return
        }
        // The parts inside a read's subscripts: literals, or plain inputs.
        var exact = true
        var inner: Set<String> = []
        read.visit { part in
            if case .subscriptAccess(_, let arguments, _) = part.kind {
                for argument in arguments {
                    switch argument.value.kind {
                    case .integer, .string, .bool: break
                    case .identifier(let name) where plain.contains(name): inner.insert(name)
                    default: exact = false
                    }
                }
            }
        }
        guard exact else {
            isExact = false
            return
        }
        usedInReads.formUnion(inner)
        if !reads.contains(where: { $0.rendered == read.rendered }) { reads.append(read) }
    }

    /// Whether the expression is a chain of members and subscripts with at least one member, from a name.
    static func isRead(_ e: ExprSyntax) -> Bool {
        var current = e
        var members = 0
        while true {
            switch current.kind {
            case .member(let base, _, _): members += 1; current = base
            case .subscriptAccess(let base, _, _), .forceUnwrap(let base): current = base
            case .identifier: return members > 0
            default: return false
            }
        }
    }

    /// The name a chain of members and subscripts starts from.
    static func root(of e: ExprSyntax) -> String? {
        switch e.kind {
        case .identifier(let name): name
        case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base): root(of: base)
        default: nil
        }
    }
}

extension ExprSyntax {
    /// Whether the expression can have a member or a subscript written after it without parentheses.
    var isPostfixChain: Bool {
        switch kind {
        case .identifier, .member, .subscriptAccess, .call, .forceUnwrap, .paren, .integer, .string, .bool, .array, .implicitMember: true
        default: false
        }
    }
}
