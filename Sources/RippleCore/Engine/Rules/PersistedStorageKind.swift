/// `@AppStorage("k")`: a value kept in a persisted store under a key, shared by every view that declares it.
///
/// A view that declares the key depends on it whatever its body reads, and every write to the key tells
/// it, equal or not (`AppStorageWrite`). The store starts from the first default a view declares. `Store`
/// names the store, so that another wrapper over a keyed store is one more case of it.
struct PersistedStorageKind: StorageKind {
    /// The store a wrapper keeps its values in.
    enum Store: Hashable, Sendable {
        /// User defaults, through `@AppStorage`.
        case app

        /// The wrapper's name, without the `@`.
        var wrapper: String {
            switch self {
            case .app: "AppStorage"
            }
        }

        /// The key under which the engine keeps the store's value for `key`.
        func storageKey(_ key: String) -> String {
            switch self {
            case .app: key
            }
        }
    }

    var store: Store
    /// The key as the wrapper is given it.
    var key: String

    var description: String { "@\(store.wrapper)(\"\(key)\")" }
    var construction: StorageConstruction { .seedsPersisted(key: store.storageKey(key)) }
    func read(type: ValueType) -> StorageRead { .persisted(key: store.storageKey(key)) }
    var declaredDependency: DeclaredDependency? { .persisted(key: store.storageKey(key)) }
    var projection: StoragePlace? { .persisted(key: store.storageKey(key)) }
    var writePlace: StoragePlace { .persisted(key: store.storageKey(key)) }
}
