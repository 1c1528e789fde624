import Foundation
import RippleCore

/// The first screen of one variant, built once for each thread that performs actions, and copied for each
/// action (`Simulation(copying:)`), so an action costs what it changes and not a new tree.
///
/// A `Simulation` is not `Sendable`, and a copy shares the tables of the screen it was copied from until
/// it writes to one, so a screen is lent to one thread at a time, and taken back only when the action
/// performed on its copy is done.
package final class FirstScreens: @unchecked Sendable {
    private let scenario: Scenario
    private let variant: String
    private let collectingGraph: Bool
    private let takingAsFalse: Set<SourceLocation>
    private let recordingShown: Bool
    private let lock = NSLock()
    private var idle: [Simulation]
    /// How many first screens were built, the one given at the start included: one per thread at most.
    package private(set) var built = 1

    /// `first` is the variant's first screen, built with `collectingGraph` and `recordingShown`; it is lent like the others.
    package init(_ first: Simulation, scenario: Scenario, variant: String, collectingGraph: Bool, takingAsFalse: Set<SourceLocation> = [],
                 recordingShown: Bool = false) {
        self.scenario = scenario
        self.variant = variant
        self.collectingGraph = collectingGraph
        self.takingAsFalse = takingAsFalse
        self.recordingShown = recordingShown
        idle = [first]
    }

    /// Runs `body` on a copy of the first screen.
    package func withCopy<Result>(_ body: (Simulation) throws(DiagnosticError) -> Result) throws(DiagnosticError) -> Result {
        lock.lock()
        let lent = idle.popLast()
        lock.unlock()
        let screen: Simulation
        if let lent {
            screen = lent
        } else {
            lock.lock()
            built += 1
            lock.unlock()
            screen = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, collectingGraph: collectingGraph,
                                    takingAsFalse: takingAsFalse, recordingShown: recordingShown)
        }
        defer { lock.withLock { idle.append(screen) } }
        return try body(Simulation(copying: screen))
    }
}
