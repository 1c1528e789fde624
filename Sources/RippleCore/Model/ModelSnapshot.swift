/// The instance tree of one variant at a moment: what `ripple parse` prints and renderers draw.
public struct ModelSnapshot: Hashable, Sendable {
    /// A model object.
    public struct Object: Hashable, Sendable {
        public var name: String
        public var type: String
        public var kind: String
        /// Stored properties with their values and markers (`@Published`, `@ObservationIgnored`).
        public var properties: [(name: String, marker: String, value: String)]
        /// Computed properties with the stored properties they read.
        public var computed: [(name: String, reads: [String])]

        public static func == (a: Object, b: Object) -> Bool {
            a.name == b.name && a.type == b.type && a.kind == b.kind
                && a.properties.map { [$0.name, $0.marker, $0.value] } == b.properties.map { [$0.name, $0.marker, $0.value] }
                && a.computed.map { [$0.name] + $0.reads } == b.computed.map { [$0.name] + $0.reads }
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    /// One property of an instance: an input with its source, or a dynamic property with its value.
    public struct Property: Hashable, Sendable {
        public var name: String
        public var role: String
        /// The argument the parent passed, or the property's default.
        public var source: String?
        public var value: String
    }

    /// One key a read creates, for people: `RootView.state.users (Observation, via currentUser)`.
    public struct Key: Hashable, Sendable {
        public var key: String
        public var mechanism: String
        public var via: [String]
    }

    /// One read of a body.
    public struct Read: Hashable, Sendable {
        public var path: String
        public var value: String?
        public var deferred: Bool
        public var root: String
        public var keys: [Key]
    }

    /// One view instance.
    public struct Instance: Hashable, Sendable {
        public var path: String
        public var name: String
        public var viewType: String
        public var depth: Int
        public var isModifier: Bool
        public var properties: [Property]
        public var reads: [Read]
        /// Keys the view has by declaration (environment keys, app storage, held `ObservableObject`s).
        public var declaredKeys: [Key]
        public var children: [String]
    }

    public var objects: [Object]
    /// Instances in tree order.
    public var instances: [Instance]
}

extension Engine {
    func snapshot() -> ModelSnapshot {
        var objectSnapshots: [ModelSnapshot.Object] = []
        for record in objects where record.hasLabel {
            guard let declaration = table.data[record.type] else { continue }
            let properties = declaration.stored.enumerated().map { offset, property in
                (name: property.name,
                 marker: property.isPublished ? "@Published" : property.isIgnored ? "@ObservationIgnored" : property.isLet ? "let" : "",
                 value: describe(record.fields[offset]))
            }
            let computed = declaration.computed.map { property in
                (name: property.name, reads: computedReads(declaration, property.name))
            }
            objectSnapshots.append(ModelSnapshot.Object(name: record.label, type: record.type, kind: declaration.modelKind.rawValue,
                                                        properties: properties, computed: computed))
        }
        var ordered: [ModelSnapshot.Instance] = []
        func visit(_ id: Int) {
            let instance = instances[id]
            let declaration = table.views[instance.viewType]
            var properties: [ModelSnapshot.Property] = []
            for property in declaration?.properties ?? [] {
                let value: Value
                switch property.role {
                case .state, .stateObject, .focusState:
                    value = instance.slots[property.name].map { slots[$0.raw].value } ?? Value.none
                case .environment(let key): value = environmentValue(key, at: id)
                case .environmentModel(let type): value = environmentValue("type:" + type, at: id)
                case .environmentObject:
                    let type: String = if case .named(let t) = property.type { t } else { "" }
                    value = environmentValue("object:" + type, at: id)
                case .appStorage(let key): value = appStorage[key] ?? Value.none
                default: value = instance.description.fields[property.name] ?? Value.none
                }
                let source = instance.description.fieldSources[property.name]
                    ?? (property.role.isOwnedStorage ? property.defaultValue?.rendered : nil)
                properties.append(ModelSnapshot.Property(name: property.name, role: property.role.description, source: source, value: describe(value)))
            }
            let reads = instance.reads.map { read in
                ModelSnapshot.Read(path: read.path, value: read.value.map { describe($0) }, deferred: read.deferred, root: read.rootRole,
                                   keys: read.keys.map { ModelSnapshot.Key(key: describe($0.key), mechanism: mechanism($0.key), via: $0.via) })
            }
            let readKeys = Set(instance.reads.flatMap { $0.keys.map(\.key) })
            let declared = instance.keys.filter { !readKeys.contains($0) }.sorted { describe($0) < describe($1) }
                .map { ModelSnapshot.Key(key: describe($0), mechanism: mechanism($0), via: []) }
            ordered.append(ModelSnapshot.Instance(path: instance.path, name: instance.name, viewType: instance.viewType, depth: instance.depth,
                                                  isModifier: declaration?.isModifier ?? false, properties: properties, reads: reads,
                                                  declaredKeys: declared, children: instance.children.map { instances[$0].name }))
            for child in instance.children { visit(child) }
        }
        if !instances.isEmpty { visit(root) }
        return ModelSnapshot(objects: objectSnapshots, instances: ordered)
    }

    /// The stored properties a computed property reads, transitively, by name.
    func computedReads(_ declaration: DataDeclaration, _ name: String, visiting: Set<String> = []) -> [String] {
        guard let computed = declaration.computedProperty(named: name), !visiting.contains(name) else { return [] }
        var names: [String] = []
        func add(_ n: String) { if !names.contains(n) { names.append(n) } }
        var found: [(name: String, location: SourceLocation)] = []
        for statement in computed.getter { StatementSyntax.names(in: statement, into: &found) }
        for identifier in found.map(\.name) {
            if declaration.storedIndex(of: identifier) != nil { add(identifier) }
            else if declaration.computedProperty(named: identifier) != nil {
                for inner in computedReads(declaration, identifier, visiting: visiting.union([name])) { add(inner) }
            }
        }
        return names
    }
}

extension StatementSyntax {
    /// Names used in a statement (identifiers and `self.x` members) with where they are, in order.
    static func names(in statement: StatementSyntax, into names: inout [(name: String, location: SourceLocation)]) {
        func walk(_ e: ExprSyntax) {
            switch e.kind {
            case .identifier(let n): names.append((n, e.location))
            case .member(let base, let n, _):
                if case .identifier("self") = base.kind { names.append((n, e.location)) } else { walk(base) }
            case .call(let callee, let arguments, let trailing): walk(callee); for a in arguments + trailing { walk(a.value) }
            case .subscriptAccess(let base, let arguments, _): walk(base); for a in arguments { walk(a.value) }
            case .forceUnwrap(let b), .unary(_, let b), .paren(let b): walk(b)
            case .binary(_, let l, let r): walk(l); walk(r)
            case .ternary(let c, let a, let b): walk(c); walk(a); walk(b)
            case .closure(let c): for s in c.body { Self.names(in: s, into: &names) }
            case .array(let elements): elements.forEach(walk)
            case .string(let parts): for case .interpolation(let i) in parts { walk(i) }
            default: break
            }
        }
        switch statement.kind {
        case .expression(let e), .returnStatement(let e?), .letDeclaration(_, let e), .environmentWrite(_, let e): walk(e)
        case .assignment(let t, _, let v): walk(t); walk(v)
        case .ifStatement(let conditions, let then, let otherwise):
            for condition in conditions {
                switch condition { case .expression(let e), .optionalBinding(_, let e): walk(e) }
            }
            for s in then + (otherwise ?? []) { Self.names(in: s, into: &names) }
        case .returnStatement(nil): break
        }
    }
}
