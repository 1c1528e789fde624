// Many generated cases at once: batched into shared scenarios and spread over the processor's cores.

import Foundation
@testable import RippleCore

/// Runs generated cases fast enough for thousands per test run.
///
/// Cases are grouped `batchSize` to a scenario (`ScenarioText.make(batch:)`): the model is declared and lexed
/// once per batch instead of once per case, and batches run on all cores. A case whose batch outcome disagrees with
/// Observation is run again on its own scenario; only that verdict counts. A case that disagrees in its batch but
/// not on its own is reported separately: it would mean cases in one scenario influence each other.
enum BatchRun {
    static let batchSize = 100

    /// Most suspects run again on their own scenario (a run of `.swift59` would otherwise re-run thousands).
    static let confirmationLimit = 50

    struct Result: Sendable {
        /// Indices of cases whose outcome in their batch disagrees with Observation.
        var suspects: [Int] = []
        /// Of the first `confirmationLimit` suspects, those that also disagree on their own scenario.
        var disagreeing: [Int] = []
        /// Of the first `confirmationLimit` suspects, those that agree on their own scenario.
        var batchOnly: [Int] = []
    }

    static func run(_ cases: [OracleCase], semantics: Semantics) async -> Result {
        let batches = stride(from: 0, to: cases.count, by: batchSize).map { $0..<min($0 + batchSize, cases.count) }
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, batches.count))
        let suspects = await withTaskGroup(of: [Int].self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var suspects: [Int] = []
                    for batch in stride(from: worker, to: batches.count, by: workers).map({ batches[$0] }) {
                        let outcomes = RippleRun.run(batch: Array(cases[batch]), semantics: semantics)
                        for (offset, index) in batch.enumerated() where outcomes[offset] != .firings(Oracle.run(cases[index])) {
                            suspects.append(index)
                        }
                    }
                    return suspects
                }
            }
            var all: [Int] = []
            for await suspects in group { all += suspects }
            return all.sorted()
        }
        var result = Result(suspects: suspects)
        for index in suspects.prefix(confirmationLimit) {
            if Verdict.check(cases[index], semantics: semantics).agrees {
                result.batchOnly.append(index)
            } else {
                result.disagreeing.append(index)
            }
        }
        return result
    }
}
