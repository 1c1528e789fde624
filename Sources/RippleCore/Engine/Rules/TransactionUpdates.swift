/// Rule 18 of `docs/Semantics.md`: the writes of an action made in a transaction of their own.
///
/// SwiftUI keeps the writes of an action in transactions: a write is made in the transaction
/// `withAnimation { }` or `withTransaction(…) { }` sets around it, or in none, and the writes of one
/// transaction are committed together. Writes made in another transaction than the writes before them are
/// committed apart, after those: each transaction is an update of its own, evaluated in order. So a write
/// that tells a view, made in another transaction than the writes that told views earlier in the update,
/// ends that update first. A write that tells nobody (an equal value) commits nothing and joins the update
/// that is open; closures whose transactions are written alike (two `withAnimation { }`) are one
/// transaction, as SwiftUI concatenates transactions that compare equal.
enum TransactionUpdates {
    /// The transaction a call that runs its closure at once makes the closure's writes in: the call as
    /// written, without its closures (`withAnimation`, `withAnimation(.spring)`,
    /// `withTransaction(\.disablesAnimations, true)`); nil for a call that makes none
    /// (`MainActor.assumeIsolated`). `withAnimation`'s default animation is the same transaction however it
    /// is written.
    static func transaction(callee: String, arguments: [String]) -> String? {
        guard callee == "withAnimation" || callee == "withTransaction" else { return nil }
        if callee == "withAnimation", arguments.isEmpty || arguments == [".default"] || arguments == ["Animation.default"] {
            return "withAnimation"
        }
        return "\(callee)(\(arguments.joined(separator: ", ")))"
    }

    /// The transaction of writes made in `inner` inside a closure run in `outer`: SwiftUI merges the inner
    /// transaction's values into the outer's, which is the outer one again when the two are written alike.
    static func nested(_ inner: String, in outer: String?) -> String {
        guard let outer, outer != inner else { return inner }
        return outer + " + " + inner
    }

    /// Whether a write that tells a view, made in `transaction`, ends the open update before it changes
    /// anything: it does when writes in the update told views already, in another transaction.
    static func endsUpdate(updateTells: Bool, updateTransaction: String?, writeTransaction: String?) -> Bool {
        updateTells && updateTransaction != writeTransaction
    }

    /// The name of an update of an action after its first: the transaction its writes were made in
    /// (`withAnimation`), or for the writes made in none after one, `after` it (`after withAnimation`).
    static func updateName(transaction: String?, previous: String?) -> String {
        if let transaction { return transaction }
        return "after " + (previous ?? "the transaction before")
    }

    // MARK: - Messages

    /// The note at a `completion:` closure, which runs once the animation ends.
    static let completionNotRun = "what 'completion:' runs once the animation ends is not simulated"
}
