// Builds `ModelSnapshot`, what `ripple parse` prints, from the engine's storage and tree.

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
                let kind = property.role.kind
                let value: Value
                switch kind.read(type: property.type) {
                case .slot: value = instance.slots[property.name].map { slots[$0.raw].value } ?? Value.none
                case .environmentValue(let key): value = environmentValue(key, at: id)
                case .environmentObject(let entry): value = environmentValue(entry, at: id)
                case .persisted(let key): value = appStorage[key] ?? Value.none
                case .field, .carriedBinding: value = instance.description.fields[property.name] ?? Value.none
                }
                let source = instance.description.fieldSources[property.name]
                    ?? (kind.isOwnedStorage ? property.defaultValue?.rendered : nil)
                properties.append(ModelSnapshot.Property(name: property.name, role: property.role.description, source: source, value: describe(value)))
            }
            let reads = instance.reads.map { read in
                ModelSnapshot.Read(path: read.path, value: read.value.map { describe($0) }, deferred: read.deferred, root: read.rootRole,
                                   keys: read.keys.map { ModelSnapshot.Key(key: describe($0.key), mechanism: mechanism($0.key), via: $0.via) })
            }
            let readKeys = Set(instance.reads.flatMap { $0.keys.map(\.key) })
            let declared = instance.keys.filter { !readKeys.contains($0) }.map { (text: describe($0), key: $0) }.sorted { $0.text < $1.text }
                .map { ModelSnapshot.Key(key: $0.text, mechanism: mechanism($0.key), via: []) }
            ordered.append(ModelSnapshot.Instance(path: instance.path, name: instance.name, viewType: instance.viewType, depth: instance.depth,
                                                  isModifier: declaration?.isModifier ?? false, isHiddenRow: instance.isHiddenRow,
                                                  properties: properties, reads: reads,
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
