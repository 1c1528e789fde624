/// The hint for rows each given a binding to a whole element of a collection
/// (`ForEach($model.items) { $item in Row(item: $item) }`).
///
/// Writing through `$item.isDone` mutates the collection in place, so every row that reads its element
/// through the binding depends on the whole collection and re-runs when any element changes
/// (`task-list`). The hint is given for a wasted row (a view built inside a `ForEach`, its path's last
/// component indexed) whose `@Binding` property holds a struct the code declares, and which re-ran for
/// the collection it reads through that binding. There is no rewrite: which fields a row should be bound
/// to and which it should be handed as values depends on what it edits, and the design that avoids the
/// waste (an `@Observable` class per element) changes the model, not the view.
enum WholeElementBinding {
    static func hint(for instance: InstanceTrace, in types: DeclaredTypes) -> AuditHint? {
        guard instance.outcome == .wasted, isRow(instance.path), let view = types.types[instance.viewType] else { return nil }
        let bindings = view.properties.filter { property in
            property.attribute("Binding") != nil && property.type.flatMap(types.valueStruct) != nil
        }
        for cause in instance.causes {
            let binding: PropertySyntax?
            switch cause.kind {
            case .observation:
                // The read goes through the binding: `task.isDone` for `@Binding var task`.
                guard case .dependency(_, let via, let read?, _, _) = cause.explanation, via.isEmpty else { continue }
                let root = read.prefix { $0 != "." && $0 != "[" }
                binding = bindings.first { $0.name == root }
            case .binding:
                binding = bindings.count == 1 ? bindings.first : nil
            default:
                continue
            }
            guard let binding, let type = binding.type.flatMap(types.valueStruct) else { continue }
            let collection = cause.subject.split(separator: ".").dropFirst().joined(separator: ".")
            return AuditHint(kind: .wholeElementBinding, view: instance.viewType,
                             text: "`\(instance.viewType)` is given a binding to a whole `\(type.name)` (`@Binding var \(binding.name)`), an element of `\(collection.isEmpty ? cause.subject : collection)`: writing any element through its binding changes the whole collection, which re-runs every row; bind the row only to the fields it edits (`$\(binding.name).field`) and hand it the ones it shows as values, or make `\(type.name)` an `@Observable` class each row holds",
                             guidance: "task-list", subject: binding.name)
        }
        return nil
    }

    /// Whether the instance is a row a `ForEach` builds: its path's last component carries an index.
    static func isRow(_ path: String) -> Bool {
        path.split(separator: "/").last?.contains("[") == true
    }
}
