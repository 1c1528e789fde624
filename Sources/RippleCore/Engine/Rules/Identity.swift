/// Rule 10 of `docs/Semantics.md`: identity.
///
/// A view's identity is its place in the static structure of its ancestors' bodies (the call site), the
/// `ForEach` element ids around it and any explicit `.id(…)`. A rebuilt child with the same identity, view
/// type and name is the same view: it is updated. Anything else ends the old identity and starts a new
/// one, whose `@State` and `@StateObject` start afresh and whose first evaluation is never wasted.
enum Identity {
    /// Whether a rebuilt child is the existing view: the same identity key (matched by the caller's table),
    /// view type and name.
    static func keeps(existingType: String, existingName: String, newType: String, newName: String) -> Bool {
        existingType == newType && existingName == newName
    }

    /// Why a view is new: `explicitID` is its `.id(…)` as shown, `replaced` whether an old view had its
    /// key, `ownedStorage` the names of the state it owns.
    static func reason(explicitID: String?, replaced: Bool, ownedStorage: [String]) -> String {
        let fresh = ownedStorage.isEmpty
            ? "" : "; its \(ownedStorage.map { "'\($0)'" }.joined(separator: ", ")) start\(ownedStorage.count == 1 ? "s" : "") afresh"
        if let explicitID { return "new identity .id(\(explicitID))\(fresh)" }
        if replaced { return "a new identity replaced the old one\(fresh)" }
        return "new instance\(fresh)"
    }
}
