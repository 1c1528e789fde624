// Ripple's side: load the generated scenario (parse, resolve, simulate once), then simulate its steps again.

import RippleCore
import RippleSwift
#if canImport(Glibc)
import Glibc
#endif

struct EngineResult {
    var textBytes: Int
    /// `ScenarioFile.read` alone: the directives and the Swift, read and lowered.
    var parseSeconds: Double
    /// `Scenario(source:file:)`: parse, resolve, build the tree, every step simulated once.
    var loadSeconds: Double
    /// Second run: `Simulation(scenario:variant:semantics:)`, which builds and evaluates the tree.
    var simInitSeconds: Double
    /// Second run: `simulation.run(step)` over every step.
    var stepsSeconds: Double
    /// The part of `stepsSeconds` spent in the first `warmupSteps` steps, and the writes they hold.
    var warmupSeconds: Double
    var warmupWrites: Int
    var instances: Int
    var evaluations: Int
    var wasted: Int
    /// "ok", or what did not match what the workload must evaluate.
    var check: String
    /// Heap allocations per write during the steps, when `Scripts/count-allocations.sh` preloads its counter.
    var allocationsPerWrite: Double?
}

enum EngineBench {
    /// Steps at the start of the second run that the steady per-write time leaves out, a figure printed
    /// beside the one over every step: when the first steps after a simulation is built pay for what the
    /// load left behind (the allocator sorting 100,000 blocks freed together costs about 17 ms at 100,000
    /// rows), the two figures part. Twenty steps are about 110 of the 10,000 writes.
    static let warmupSteps = 20

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `ScenarioFile.read` alone, then `Scenario(source:file:)`: parse, resolve and simulate every step once.
    static func load(_ workload: Workload, text: String) throws -> (scenario: Scenario, parseSeconds: Double, loadSeconds: Double) {
        let file = "bench-\(workload.kind.rawValue)-\(workload.rows).ripple"
        let (parsed, parseSeconds) = timed { ScenarioFile.read(source: text, file: file) }
        if !parsed.errors.isEmpty { throw Failure(description: "parse: \(parsed.errors.prefix(3).map { "\($0)" }.joined(separator: "; "))") }
        let loaded: (Scenario, Double)
        do {
            loaded = try timed { () throws(DiagnosticError) -> Scenario in try Scenario(source: text, file: file) }
        } catch {
            throw Failure(description: "load: \(String(describing: error).prefix(2000))")
        }
        guard loaded.0.steps.count == workload.steps.count else {
            throw Failure(description: "the scenario has \(loaded.0.steps.count) steps, the workload \(workload.steps.count)")
        }
        return (loaded.0, parseSeconds, loaded.1)
    }

    /// The second run: a new `Simulation` (timed apart) and `run(step)` over every step, checked.
    static func simulate(_ scenario: Scenario, _ workload: Workload, parseSeconds: Double, loadSeconds: Double, textBytes: Int) throws -> EngineResult {
        let variant = scenario.variants[0].name
        let clock = ContinuousClock()
        let initStart = clock.now
        let simulation: Simulation
        do {
            simulation = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics)
        } catch {
            throw Failure(description: "simulation: \(error)")
        }
        let simInitSeconds = (clock.now - initStart).seconds
        var traces: [StepTrace] = []
        traces.reserveCapacity(scenario.steps.count)
        let warmupSteps = min(EngineBench.warmupSteps, scenario.steps.count)
        var warmupEnd = ContinuousClock.Instant.now
        let allocationCounter = AllocationCounter()
        let allocationsBefore = allocationCounter?.count
        let stepsStart = clock.now
        do {
            for (index, step) in scenario.steps.enumerated() {
                traces.append(try simulation.run(step))
                if index == warmupSteps - 1 { warmupEnd = clock.now }
            }
        } catch {
            throw Failure(description: "step: \(error)")
        }
        let stepsSeconds = (clock.now - stepsStart).seconds
        let writes = workload.steps.reduce(0) { $0 + $1.count }
        let allocationsPerWrite = allocationCounter.flatMap { counter in
            allocationsBefore.map { Double(counter.count - $0) / Double(max(writes, 1)) }
        }
        let warmupSeconds = warmupSteps == 0 ? 0 : (warmupEnd - stepsStart).seconds
        let warmupWrites = workload.steps.prefix(warmupSteps).reduce(0) { $0 + $1.count }
        let evaluations = traces.reduce(0) { $0 + $1.counts.evaluations }
        let wasted = traces.reduce(0) { $0 + $1.counts.wasted }
        var check = verify(workload, traces)
        let firstRun = scenario.trace.variants.first?.steps.reduce(0) { $0 + $1.counts.evaluations } ?? -1
        if check == "ok" && firstRun != evaluations {
            check = "load's run evaluated \(firstRun), the second run \(evaluations)"
        }
        return EngineResult(textBytes: textBytes, parseSeconds: parseSeconds, loadSeconds: loadSeconds,
                            simInitSeconds: simInitSeconds, stepsSeconds: stepsSeconds,
                            warmupSeconds: warmupSeconds, warmupWrites: warmupWrites,
                            instances: simulation.initialInstances, evaluations: evaluations, wasted: wasted, check: check,
                            allocationsPerWrite: allocationsPerWrite)
    }

    /// Times reading the text plus an expectation that names an unknown variant, and resolving it: the resolver
    /// rejects it after resolving everything, before any simulation. The file is read whole first
    /// (`ScenarioFile.read`), as `Scenario(source:)` does not: that builds the tree while the steps are parsed.
    /// Returns the time and whether it stopped there.
    static func parseAndResolve(_ workload: Workload, text: String) -> (Double, Bool) {
        let stopper = "\nexpect \"s1\" in \"zz-no-such-variant\" { evaluates nothing }\n"
        let source = text + stopper
        let (stopped, seconds) = timed { () -> Bool in
            do throws(DiagnosticError) {
                _ = try Scenario(reading: ScenarioFile.read(source: source, file: "bench-resolve.ripple"), file: "bench-resolve.ripple")
                return false
            } catch {
                return error.diagnostics.count == 1 && error.diagnostics[0].message.contains("zz-no-such-variant")
            }
        }
        return (seconds, stopped)
    }

    /// narrow: a step evaluates exactly the rows it wrote, none wasted, none stale.
    /// broad: every step evaluates the list and every row; only the written rows were needed.
    static func verify(_ workload: Workload, _ traces: [StepTrace]) -> String {
        // What each row shows, to know which written rows end a step with other values (needed) and which do not (wasted).
        var titles: [Int: String] = [:]
        var done: [Int: Bool] = [:]
        for (index, (step, trace)) in zip(workload.steps, traces).enumerated() {
            var before: [Int: (String?, Bool?)] = [:]
            for write in step {
                switch write {
                case .title(let row, let value):
                    if before[row] == nil { before[row] = (titles[row], done[row]) }
                    titles[row] = value
                case .done(let row, let value):
                    if before[row] == nil { before[row] = (titles[row], done[row]) }
                    done[row] = value
                default: break
                }
            }
            let changed = before.filter { row, old in old.0 != titles[row] || (old.1 ?? false) != (done[row] ?? false) }.count
            let counts = trace.counts
            switch workload.kind {
            case .narrow:
                let evaluated = Set(trace.instances.filter { $0.outcome != .stale }.map(\.name))
                let expected = Set(before.keys.map { "Row[\($0)]" })
                if evaluated != expected || counts.needed != changed || counts.stale != 0 {
                    return "step s\(index + 1): evaluated \(evaluated.sorted().prefix(5)) (\(counts.needed) needed, \(counts.stale) stale); expected \(expected.sorted().prefix(5)) (\(changed) needed)"
                }
            case .broad:
                if counts.evaluations != workload.rows + 1 || counts.needed != changed || counts.stale != 0 {
                    return "step s\(index + 1): \(counts.evaluations) evaluations, \(counts.needed) needed, \(counts.stale) stale; expected \(workload.rows + 1), \(changed), 0"
                }
            case .mixed:
                if counts.stale != 0 { return "step s\(index + 1): \(counts.stale) stale views" }
            }
        }
        return "ok"
    }
}

/// The allocation counter `Scripts/count-allocations.sh` preloads, when it is loaded.
struct AllocationCounter {
    private let pointer: UnsafeMutablePointer<UInt>

    init?() {
        #if canImport(Glibc)
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "ripple_malloc_count") else { return nil }
        pointer = symbol.assumingMemoryBound(to: UInt.self)
        #else
        return nil
        #endif
    }

    /// Calls to `malloc` so far.
    var count: UInt { pointer.pointee }
}
