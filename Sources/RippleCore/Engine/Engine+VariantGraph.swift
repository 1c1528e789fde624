// Gathers `VariantGraph`, what a variant's picture shows, from the engine's storage, tree and dependencies.

extension Simulation {
    /// The variant's graph: call after running every step, so it holds everything that ever existed.
    public func graph() -> VariantGraph {
        var graph = engine.graph(variant: variant, dependencies: collectedDependencies)
        graph.initialPaths = initialPaths
        return graph
    }

    /// Adds the dependencies of the instances the last step evaluated to those seen so far; the scenario
    /// runner calls it after each step. Only evaluated instances can have new ones.
    public func collectDependencies() { collectedDependencies.formUnion(engine.currentDependencies(of: engine.lastEvaluated)) }
}

extension Engine {
    func currentDependencies(of ids: [Int]? = nil) -> Set<VariantGraph.Dependency> {
        var result: Set<VariantGraph.Dependency> = []
        for instance in ids.map({ $0.map { instances[$0] } }) ?? instances where instance.alive {
            // A hidden `ForEach` row's reads make the views it builds run again: they are drawn to them.
            let readers = instance.isHiddenRow ? instance.children.map { instances[$0].path } : [instance.path]
            for reader in readers {
                dependencies(of: instance, drawnTo: reader, into: &result)
            }
        }
        return result
    }

    private func dependencies(of instance: Instance, drawnTo reader: String, into result: inout Set<VariantGraph.Dependency>) {
        for key in instance.keys {
            var mechanism: String
            switch key {
            case .observation: mechanism = "observation"
            case .objectWillChange: mechanism = "objectWillChange"
            case .state(let slot): mechanism = slots[slot.raw].owner == instance.id ? "state" : "binding"
            case .environment: mechanism = "environment"
            case .appStorage: mechanism = "appstorage"
            }
            result.insert(.init(key: describe(key), instance: reader, mechanism: mechanism))
        }
        for place in instance.places {
            let key: DependencyKey
            switch place {
            case .property(let object, let slot): key = .observation(object, slot)
            case .state(let slot): key = .state(slot)
            case .appStorage(let name): key = .appStorage(name)
            }
            if !instance.keys.contains(key) {
                result.insert(.init(key: describe(key), instance: reader, mechanism: "untracked"))
            }
        }
    }

    func graph(variant: String, dependencies: Set<VariantGraph.Dependency>) -> VariantGraph {
        var groups: [VariantGraph.Group] = []
        var seenKeys: Set<String> = []
        for (index, record) in objects.enumerated() where record.hasLabel {
            guard let declaration = table.data[record.type], declaration.isClass else { continue }
            let id = ObjectID(raw: index)
            var properties: [VariantGraph.Property] = []
            for (slot, property) in declaration.stored.enumerated() {
                let kind: String
                switch declaration.modelKind {
                case .observable: kind = property.isIgnored ? "ignored" : "observable"
                case .observableObject: kind = property.isPublished ? "published" : "plain"
                case .plain: kind = "plain"
                }
                let key = describe(.observation(id, slot))
                seenKeys.insert(key)
                let marker = property.isPublished ? "@Published " : property.isIgnored ? "@ObservationIgnored " : ""
                properties.append(.init(key: key, label: marker + property.name + ": " + property.type.description, kind: kind, reads: []))
            }
            for computed in declaration.computed {
                let reads = computedReads(declaration, computed.name).map { propertyText(id, $0) }
                properties.append(.init(key: objectName(id) + "." + computed.name, label: computed.name + " (computed)", kind: "computed", reads: reads))
            }
            groups.append(.init(name: record.label, kind: declaration.modelKind.rawValue, type: record.type,
                                key: describe(.objectWillChange(id)), properties: properties))
        }
        // View storage: one group per owning instance path.
        var storage: [String: [VariantGraph.Property]] = [:]
        var owners: [String] = []
        for (index, slot) in slots.enumerated() {
            let owner = instances[slot.owner].path
            let key = describe(.state(SlotID(raw: index)))
            if seenKeys.contains(key) { continue }
            seenKeys.insert(key)
            // A slot holding an object is drawn as the object's group.
            if case .object = slot.value { continue }
            if storage[owner] == nil { owners.append(owner) }
            let role = table.views[instances[slot.owner].viewType]?.property(named: slot.name)?.role.description ?? "@State"
            storage[owner, default: []].append(.init(key: key, label: role + " " + slot.name, kind: "state", reads: []))
        }
        for owner in owners where !(storage[owner] ?? []).isEmpty {
            groups.append(.init(name: owner + " storage", kind: "@State", type: "", key: owner + " storage", properties: storage[owner]!))
        }
        // An object a view's `@State` holds is drawn inside that view's storage, when it has more.
        var holders: [String: String] = [:]
        for slot in slots {
            if case .object(let object) = slot.value, storage[instances[slot.owner].path] != nil {
                holders[objects[object.raw].label] = instances[slot.owner].path + " storage"
            }
        }
        for index in groups.indices { groups[index].owner = holders[groups[index].name] }
        let used = Set(dependencies.map(\.key))
        let environment = environmentDeclarers.keys.sorted().filter { used.contains("\\." + $0) }
        if !environment.isEmpty {
            groups.append(.init(name: "Environment", kind: "environment", type: "", key: "Environment",
                                properties: environment.map { .init(key: "\\." + $0, label: "\\." + $0, kind: "environment", reads: []) }))
        }
        let storageKeys = appStorage.keys.sorted()
        if !storageKeys.isEmpty {
            groups.append(.init(name: "AppStorage", kind: "app storage", type: "", key: "AppStorage",
                                properties: storageKeys.map { .init(key: PersistedStorageKind(storageKey: $0).subject, label: $0, kind: "appstorage", reads: []) }))
        }
        // Instances: one per path, first identity wins; keep tree order by creation.
        var seenPaths: Set<String> = []
        var nodes: [VariantGraph.Instance] = []
        for instance in instances where seenPaths.insert(instance.path).inserted {
            let declaration = table.views[instance.viewType]
            let properties = (declaration?.properties ?? []).map { property -> String in
                let role = property.role.kind.graphText(isLet: property.isLet)
                let type = property.type == .unknown || property.type.description.hasPrefix("\\.") ? "" : ": \(property.type)"
                return "\(role) \(property.name)\(type)"
            }
            nodes.append(.init(path: instance.path, name: instance.name, viewType: instance.viewType,
                               parent: instance.parent.map { instances[$0].path }, isModifier: declaration?.isModifier ?? false,
                               properties: properties))
        }
        return VariantGraph(variant: variant, initialPaths: [], groups: groups, instances: nodes, dependencies: dependencies.sorted())
    }
}
