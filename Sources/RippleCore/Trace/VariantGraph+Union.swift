extension VariantGraph {
    /// The graph with what another simulation of the same variant drew added to it: every group,
    /// property, instance and dependency either has, in this graph's order and then the other's. An audit
    /// performs each action on a screen of its own and draws them all on one picture.
    public func union(_ other: VariantGraph) -> VariantGraph {
        var merged = self
        var groupIndex = Dictionary(groups.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        for group in other.groups {
            guard let index = groupIndex[group.key] else {
                groupIndex[group.key] = merged.groups.count
                merged.groups.append(group)
                continue
            }
            let known = Set(merged.groups[index].properties.map(\.key))
            merged.groups[index].properties += group.properties.filter { !known.contains($0.key) }
        }
        let paths = Set(instances.map(\.path))
        merged.instances += other.instances.filter { !paths.contains($0.path) }
        let edges = Set(dependencies)
        merged.dependencies += other.dependencies.filter { !edges.contains($0) }
        return merged
    }
}
