/// `@Environment(\.key)`: a value an ancestor sets for its subtree.
///
/// The view declares the key, so it depends on it whatever its body reads, and a new value unequal to the
/// old tells it (`EnvironmentWrite`). A step writes the key with `environment \.key = value`, not
/// through the property. Without a written type, the property's type is the key's.
struct EnvironmentValueKind: StorageKind {
    /// The key path's name: `colorScheme` for `\.colorScheme`.
    var key: String

    var description: String { "@Environment(\\.\(key))" }
    var construction: StorageConstruction { .declaresEnvironment(key: key) }
    func read(type: ValueType) -> StorageRead { .environmentValue(key: key) }
    var declaredDependency: DeclaredDependency? { .environment(key: key) }
    var projection: StoragePlace? { nil }
    var writePlace: StoragePlace { .environment(key: key) }
    var needsTypeOrValue: Bool { false }
    func impliedType(isWritten: Bool) -> ValueType? { isWritten ? nil : .named("\\." + key) }
}
