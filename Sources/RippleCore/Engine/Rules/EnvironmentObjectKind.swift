/// An object an ancestor puts in the environment: `@Environment(Model.self)` for an `@Observable` class,
/// `@EnvironmentObject` for an `ObservableObject`.
///
/// Either is found by its type and must be there. `@Environment(Model.self)` registers nothing itself: a
/// body depends on what it reads of the object (`ObservationTracking`). `@EnvironmentObject` makes the
/// view depend on the object's `objectWillChange` by declaring it (`PublishedWrite`).
struct EnvironmentObjectKind: StorageKind {
    /// Which wrapper finds the object.
    enum Source: Hashable, Sendable {
        /// `@Environment(Model.self)`.
        case model(type: String)
        /// `@EnvironmentObject`, whose type is the property's.
        case environmentObject
    }

    var source: Source

    var description: String {
        switch source {
        case .model(let type): "@Environment(\(type).self)"
        case .environmentObject: "@EnvironmentObject"
        }
    }

    func read(type: ValueType) -> StorageRead {
        switch source {
        case .model(let model): return .environmentObject(entry: "type:" + model)
        case .environmentObject:
            let name: String = if case .named(let t) = type { t } else { "" }
            return .environmentObject(entry: "object:" + name)
        }
    }

    var declaredDependency: DeclaredDependency? { source == .environmentObject ? .heldObject : nil }
    var projection: StoragePlace? { .heldObject }
    var writePlace: StoragePlace { .heldObject }
    var requiredModelKind: ModelKind? { source == .environmentObject ? .observableObject : .observable }
    var needsTypeOrValue: Bool { source == .environmentObject }

    func impliedType(isWritten: Bool) -> ValueType? {
        if case .model(let type) = source { return .named(type) }
        return nil
    }

    func missingFromEnvironment(type: ValueType, above path: String) -> String {
        switch source {
        case .model(let model):
            return "no '\(model)' in the environment of '\(path)'; add '.environment(\(model.prefix(1).lowercased() + model.dropFirst()))' to an ancestor"
        case .environmentObject:
            let name: String = if case .named(let t) = type { t } else { "" }
            return "no '\(name)' environment object above '\(path)'; add '.environmentObject(...)' to an ancestor"
        }
    }
}
