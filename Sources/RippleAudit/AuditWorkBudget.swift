import Foundation
import RippleCore

/// The work `ripple audit` may spend on one variant's actions (`Simulation.maximumAuditWork`), counted
/// in the order the screen offers them, so which actions are performed does not depend on which thread
/// finished first: the first action whose earlier actions took more than the budget, and every one after
/// it, is not performed. A thread does not start an action once the actions before it are known to have
/// spent the budget.
package final class AuditWorkBudget: @unchecked Sendable {
    /// The evaluation steps the actions may take.
    package let limit: Int
    private let lock = NSLock()
    private var spent: [Int?]
    /// The actions at the start whose work is known, and what they took together.
    private var knownCount = 0
    private var knownWork = 0

    /// A budget of `limit` for `actions` actions, none yet performed.
    package init(actions: Int, limit: Int = Simulation.maximumAuditWork) {
        self.limit = limit
        spent = Array(repeating: nil, count: actions)
    }

    /// Whether the action at `index` may still be performed: false once the actions before it spent the budget.
    package func mayPerform(_ index: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return knownWork <= limit
    }

    /// What the action at `index` took (0 for one not performed).
    package func record(_ work: Int, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        spent[index] = work
        while knownCount < spent.count, let next = spent[knownCount] {
            knownWork += next
            knownCount += 1
        }
    }

    /// What the actions performed took, in all.
    package func spentWork() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return spent.reduce(0) { $0 + ($1 ?? 0) }
    }

    /// How many actions, from the first, count as performed: those that began within the budget.
    package func performedCount() -> Int {
        var total = 0
        for (index, work) in spent.enumerated() {
            if total > limit { return index }
            total += work ?? 0
        }
        return spent.count
    }
}

/// The work one audit may spend in all (`Audit.workLimit`): the load of each scenario and the actions of
/// every variant, one after another in order, share it. A variant's actions get what the scenarios and
/// variants before them left (`AuditWorkBudget`), so a run of many screens at the limit stops at the
/// limit once, not once a screen, and every action it did not reach is listed as not performed.
package final class AuditTotalWork: @unchecked Sendable {
    /// The evaluation steps the whole audit may take.
    package let limit: Int
    private let lock = NSLock()
    private var spent = 0

    package init(limit: Int) {
        self.limit = limit
    }

    /// What is left of the limit; below zero once it is spent.
    package var remaining: Int {
        lock.lock()
        defer { lock.unlock() }
        return limit - spent
    }

    /// Counts `work` against the limit.
    package func charge(_ work: Int) {
        lock.lock()
        defer { lock.unlock() }
        spent += work
    }
}
