import Testing
@testable import RippleCore

/// Rule 18: which transaction an action's write is made in and when it ends the update before it, decided
/// alone. `TransactionTests` shows each decision end to end.
@Suite struct TransactionUpdatesTests {
    /// `withAnimation` and `withTransaction` make a transaction, written as they are called without their
    /// closures; the default animation is one transaction however it is written. Other calls make none.
    @Test(arguments: [
        ("withAnimation", [String](), "withAnimation"),
        ("withAnimation", [".default"], "withAnimation"),
        ("withAnimation", ["Animation.default"], "withAnimation"),
        ("withAnimation", [".spring"], "withAnimation(.spring)"),
        ("withAnimation", ["nil"], "withAnimation(nil)"),
        ("withTransaction", ["\\.disablesAnimations", "true"], "withTransaction(\\.disablesAnimations, true)"),
        ("withTransaction", ["transaction"], "withTransaction(transaction)"),
    ])
    func aCallThatSetsATransactionNamesIt(callee: String, arguments: [String], name: String) {
        #expect(TransactionUpdates.transaction(callee: callee, arguments: arguments) == name)
    }

    @Test(arguments: ["MainActor.assumeIsolated", "Task", "DispatchQueue.main.async", "print"])
    func anyOtherCallMakesNone(callee: String) {
        #expect(TransactionUpdates.transaction(callee: callee, arguments: []) == nil)
    }

    /// A transaction inside another is the outer one again when written alike, else both.
    @Test func aNestedTransactionMergesIntoTheOuterOne() {
        #expect(TransactionUpdates.nested("withAnimation", in: nil) == "withAnimation")
        #expect(TransactionUpdates.nested("withAnimation", in: "withAnimation") == "withAnimation")
        #expect(TransactionUpdates.nested("withTransaction(t)", in: "withAnimation") == "withAnimation + withTransaction(t)")
    }

    /// Must: a write that tells a view in another transaction than the writes that told views in the
    /// update ends it. Must not: the first such write, or one in the same transaction.
    @Test(arguments: [
        (true, String?.none, String?.some("withAnimation"), true),
        (true, "withAnimation", nil, true),
        (true, "withAnimation", "withAnimation(.spring)", true),
        (true, nil, nil, false),
        (true, "withAnimation", "withAnimation", false),
        (false, nil, "withAnimation", false),
        (false, "withAnimation", nil, false),
    ])
    func aWriteInAnotherTransactionEndsTheUpdate(tells: Bool, update: String?, write: String?, ends: Bool) {
        #expect(TransactionUpdates.endsUpdate(updateTells: tells, updateTransaction: update, writeTransaction: write) == ends)
    }

    @Test func anUpdateIsNamedForItsTransaction() {
        #expect(TransactionUpdates.updateName(transaction: "withAnimation", previous: nil) == "withAnimation")
        #expect(TransactionUpdates.updateName(transaction: nil, previous: "withAnimation(.spring)") == "after withAnimation(.spring)")
    }
}
