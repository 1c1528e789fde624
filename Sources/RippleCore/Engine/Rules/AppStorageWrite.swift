/// Rule 7 of `docs/Semantics.md`: `@AppStorage`.
///
/// A view that declares `@AppStorage("k")` subscribes to the user default `k` whatever its body reads, and
/// every write to `k` tells it: the notification from user defaults is not documented to compare. An
/// `@AppStorage` inside a model gives its readers no subscription at all.
enum AppStorageWrite {
    /// Every write to a key tells the views that declare it.
    static func notifies(key: String) -> Bool { true }

    /// The trace's note for a write to `key`.
    static func note(key: String) -> String {
        "views declaring @AppStorage(\"\(key)\") are told"
    }

    /// Why a read of an `@AppStorage` property inside a model tells its reader nothing.
    static func untrackedInModel(name: String, key: String, model: String) -> String {
        "'\(name)' is '@AppStorage(\"\(key)\")' inside the model '\(model)': user defaults changes reach only views that declare '@AppStorage'"
    }
}
