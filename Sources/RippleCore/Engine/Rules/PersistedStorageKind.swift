/// `@AppStorage("k")`: a value kept in a persisted store under a key, shared by every view that declares it.
///
/// A view that declares the key depends on it whatever its body reads, and every write to the key tells
/// it, equal or not (`AppStorageWrite`). The store starts from the first default a view declares. `Store`
/// names the store, so that another wrapper over a keyed store is one more case of it.
struct PersistedStorageKind: StorageKind {
    /// The store a wrapper keeps its values in.
    enum Store: Hashable, Sendable, CaseIterable {
        /// User defaults, through `@AppStorage`.
        case app

        /// The store whose wrapper is named `wrapper` (without the `@`), or nil for another attribute.
        init?(wrapper: String) {
            guard let store = Self.allCases.first(where: { $0.wrapper == wrapper }) else { return nil }
            self = store
        }

        /// The wrapper's name, without the `@`.
        var wrapper: String {
            switch self {
            case .app: "AppStorage"
            }
        }

        /// The role of a view property the wrapper declares with `key`.
        func role(key: String) -> ViewPropertyRole {
            switch self {
            case .app: .appStorage(key: key)
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

    init(store: Store, key: String) {
        self.store = store
        self.key = key
    }

    /// The kind whose values the engine keeps under `storageKey` (`Store.storageKey(_:)`).
    init(storageKey: String) {
        self.init(store: .app, key: storageKey)
    }

    var description: String { "@" + subject }
    /// How traces name the stored value: `AppStorage("k")`.
    var subject: String { "\(store.wrapper)(\"\(key)\")" }
    var construction: StorageConstruction { .seedsPersisted(key: store.storageKey(key)) }
    func read(type: ValueType) -> StorageRead { .persisted(key: store.storageKey(key)) }
    var declaredDependency: DeclaredDependency? { .persisted(key: store.storageKey(key)) }
    var projection: StoragePlace? { .persisted(key: store.storageKey(key)) }
    var writePlace: StoragePlace { .persisted(key: store.storageKey(key)) }

    /// Every write tells the declaring views, equal or not: the notification from user defaults is not
    /// documented to compare.
    func write(differs: Bool) -> StorageWrite? {
        StorageWrite(notifies: true, note: AppStorageWrite.note(key: key))
    }

    func causeKind(isOwner: Bool) -> Cause.Kind? { .appStorage }
}

/// Rule 7 of `docs/Semantics.md`: `@AppStorage`.
///
/// A view that declares `@AppStorage("k")` subscribes to the user default `k` whatever its body reads, and
/// every write to `k` tells it: the notification from user defaults is not documented to compare. An
/// `@AppStorage` inside a model gives its readers no subscription at all. `PersistedStorageKind.write(differs:)`
/// decides a write.
enum AppStorageWrite {
    /// The trace's note for a write to `key`.
    static func note(key: String) -> String {
        "views declaring \(PersistedStorageKind(storageKey: key).description) are told"
    }

    /// Why a read of an `@AppStorage` property inside a model tells its reader nothing.
    static func untrackedInModel(name: String, key: String, model: String) -> String {
        "'\(name)' is '@AppStorage(\"\(key)\")' inside the model '\(model)': user defaults changes reach only views that declare '@AppStorage'"
    }
}
