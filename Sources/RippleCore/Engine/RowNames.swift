// Rows named by a stored field of their `ForEach` element, `TaskRow[title: "Call Sam"]`: real models
// identify rows by `UUID()`, whose generated ids (`UUID-3`) say nothing to the reader of a scenario.

extension Engine {
    /// The identity, at `level` of its `ForEach` nesting, of the one live `viewType` row whose element
    /// stores `value` in `field`: what a step's `TaskRow[title: "Call Sam"]` stands for.
    mutating func rowIdentity(_ viewType: String, level: Int, field: String, equalTo value: Value, at location: SourceLocation) throws(EvaluationError) -> Value {
        var identities: [Value] = []
        var others: Set<String> = []
        for instance in instances where instance.alive && instance.viewType == viewType && instance.description.forEachElements.count > level {
            guard let stored = storedField(field, of: instance.description.forEachElements[level]) else { continue }
            if stored == value {
                let identity = instance.description.key.forEachIDs[level]
                if !identities.contains(identity) { identities.append(identity) }
            } else {
                others.insert(identityText(stored))
            }
        }
        let written = Self.instanceName(viewType, [field + ": " + identityText(value)])
        if identities.count == 1 { return identities[0] }
        if identities.isEmpty {
            let values = others.sorted().prefix(5).joined(separator: ", ")
            let known = others.isEmpty ? "; no live '\(viewType)' row's element stores '\(field)'" : "; its rows have \(field) \(values)\(others.count > 5 ? ", …" : "")"
            throw EvaluationError("no row '\(written)'\(known)", at: location)
        }
        let rows = identities.prefix(3).map { "'" + Self.instanceName(viewType, [identityText($0)]) + "'" }.joined(separator: ", ")
        throw EvaluationError("'\(written)' names \(identities.count) rows: \(rows); name one by its id", at: location)
    }

    /// Every spelling of each instance's path with one of its `ForEach` identities written as a field
    /// of its element (`Root/TaskRow[title: "Call Sam"]` for `Root/TaskRow[UUID-3]`), for the `fields`
    /// an expectation names, with the path it stands for. The element's values are those of the last
    /// time its row was built, or, for an object, its current ones: `Scenario` asks after every step.
    mutating func pathsByField(_ fields: Set<String>) -> [InstanceNames.Alias] {
        guard !fields.isEmpty else { return [] }
        var aliases: [InstanceNames.Alias] = []
        for instance in instances where !instance.description.forEachElements.isEmpty {
            let identities = instance.description.key.forEachIDs.map { identityText($0) }
            let written = Self.instanceName(instance.viewType, identities)
            // The last part of the path is the type and its identities, then at most a `#2`.
            let parentEnd = instance.path.lastIndex(of: "/").map { instance.path.index(after: $0) } ?? instance.path.startIndex
            guard instance.path[parentEnd...].hasPrefix(written) else { continue }
            let prefix = instance.path[..<parentEnd]
            let suffix = instance.path[instance.path.index(parentEnd, offsetBy: written.count)...]
            for (level, element) in instance.description.forEachElements.enumerated() {
                for field in fields.sorted() {
                    guard let stored = storedField(field, of: element) else { continue }
                    var parts = identities
                    parts[level] = field + ": " + identityText(stored)
                    aliases.append(InstanceNames.Alias(spelling: prefix + Self.instanceName(instance.viewType, parts) + suffix, path: instance.path))
                }
            }
        }
        return aliases
    }

    /// A stored property of a struct value or an object, read without recording a dependency; nil when
    /// the element has no stored property of that name.
    private mutating func storedField(_ field: String, of element: Value) -> Value? {
        switch element {
        case .object(let object):
            guard let index = objects[object.raw].info.storedIndex(of: field) else { return nil }
            let saved = isTracking
            isTracking = false
            defer { isTracking = saved }
            return readStoredProperty(object, index, name: field)
        case .record(let type, let fields):
            guard let index = dataInfos[type]?.storedIndex(of: field), index < fields.count else { return nil }
            return fields[index]
        default:
            return nil
        }
    }
}
