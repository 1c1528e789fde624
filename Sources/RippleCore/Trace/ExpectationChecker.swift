/// The result of one `expect` block in one variant.
public struct ExpectationResult: Hashable, Sendable {
    /// A difference between what was expected and what happened.
    public struct Mismatch: Hashable, Sendable {
        /// `evaluates`, `wasted`, `stale`, `needed` or `evaluations`.
        public var clause: String
        /// Instances expected but not found, with what actually happened to them.
        public var missing: [(path: String, actual: String)]
        /// Instances found but not expected, with their causes.
        public var extra: [(path: String, causes: String)]
        public var message: String?

        public static func == (a: Mismatch, b: Mismatch) -> Bool {
            a.clause == b.clause && a.message == b.message && a.missing.map(\.path) == b.missing.map(\.path) && a.extra.map(\.path) == b.extra.map(\.path)
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(clause) }

        package init(clause: String, missing: [(path: String, actual: String)] = [], extra: [(path: String, causes: String)] = [], message: String? = nil) {
            self.clause = clause
            self.missing = missing
            self.extra = extra
            self.message = message
        }
    }

    public var step: String
    public var variant: String
    public var semantics: Semantics
    /// The update of the step the block held its clauses against (`update 2`); nil for the step's own.
    public var update: Int?
    public var location: SourceLocation
    public var mismatches: [Mismatch]
    public var passed: Bool { mismatches.isEmpty }

    package init(step: String, variant: String, semantics: Semantics, update: Int? = nil, location: SourceLocation, mismatches: [Mismatch]) {
        self.step = step
        self.variant = variant
        self.semantics = semantics
        self.update = update
        self.location = location
        self.mismatches = mismatches
    }
}

/// Runs a scenario's `expect` blocks against its simulation.
public enum ExpectationChecker {
    /// Checks every expectation; simulates other semantics where an `under` clause asks for it.
    public static func check(_ scenario: Scenario) throws(DiagnosticError) -> [ExpectationResult] {
        var traces: [Semantics: ScenarioTrace] = [scenario.semantics: scenario.trace]
        var results: [ExpectationResult] = []
        for expectation in scenario.expectations {
            let semantics = expectation.semantics ?? scenario.semantics
            if traces[semantics] == nil { traces[semantics] = try scenario.simulate(semantics: semantics) }
            let trace = traces[semantics]!
            for variant in trace.variants where expectation.variant == nil || expectation.variant == variant.name {
                let found = expectation.isInitial ? variant.initial : variant.steps.first(where: { $0.name == expectation.step })
                guard let whole = found else { continue }
                let paths = scenario.instanceNames[variant.name] ?? InstanceNames(paths: [])
                // The step's own update, then those after it (Rules 11, 16–18): `update N` picks the Nth.
                let updates = [whole] + (whole.followUps ?? [])
                var mismatches: [ExpectationResult.Mismatch] = []
                let number = expectation.update ?? 1
                guard number <= updates.count else {
                    mismatches.append(.init(clause: "update", message: "the step made \(describeUpdates(updates)); it has no update \(number)"))
                    results.append(ExpectationResult(step: expectation.step, variant: variant.name, semantics: semantics, update: expectation.update,
                                                     location: expectation.location, mismatches: mismatches))
                    continue
                }
                let step = updates[number - 1]
                for clause in expectation.clauses {
                    switch clause {
                    case .evaluates(let references, _):
                        mismatches += compare("evaluates", references, step, paths) { $0.outcome == .needed || $0.outcome == .wasted }
                    case .wasted(let references, _):
                        mismatches += compare("wasted", references, step, paths) { $0.outcome == .wasted }
                    case .needed(let references, _):
                        mismatches += compare("needed", references, step, paths) { $0.outcome == .needed }
                    case .stale(let references, _):
                        mismatches += compare("stale", references, step, paths) { $0.outcome == .stale }
                    case .runs(let references, _):
                        mismatches += compare("runs", references, step, paths, partial: .allOf) { $0.outcome == .needed || $0.outcome == .wasted }
                    case .skips(let references, _):
                        mismatches += compare("skips", references, step, paths, partial: .noneOf) { $0.outcome == .needed || $0.outcome == .wasted }
                    case .appears(let references, _):
                        mismatches += compareLifecycle("appears", references, happened: step.created, paths, instead: "did not appear")
                    case .disappears(let references, _):
                        mismatches += compareLifecycle("disappears", references, happened: step.destroyed, paths, instead: "did not disappear")
                    case .evaluationsAtMost(let limit, _):
                        if step.counts.evaluations > limit {
                            mismatches.append(.init(clause: "evaluations", missing: [], extra: [],
                                                    message: "expected at most \(limit) evaluations, got \(step.counts.evaluations)"))
                        }
                    case .updates(let count, _):
                        if updates.count != count {
                            mismatches.append(.init(clause: "updates", message: "expected \(count) update\(count == 1 ? "" : "s"), got \(describeUpdates(updates))"))
                        }
                    }
                }
                results.append(ExpectationResult(step: expectation.step, variant: variant.name, semantics: semantics, update: expectation.update,
                                                 location: expectation.location, mismatches: mismatches))
            }
        }
        return results
    }

    /// A step's updates in words, each after its own by name: `2 updates (its own, then withAnimation)`.
    private static func describeUpdates(_ updates: [StepTrace]) -> String {
        let names = ["its own"] + updates.dropFirst().map(\.name)
        return "\(updates.count) update\(updates.count == 1 ? "" : "s") (\(names.joined(separator: ", then ")))"
    }

    /// How a clause's list is held against what happened: as the whole list (`evaluates`), or in part:
    /// each listed instance must have the outcome (`runs`), or none may (`skips`).
    private enum Partial {
        case whole, allOf, noneOf
    }

    /// `appears` and `disappears`: the listed instances against those the step built or destroyed, as a
    /// whole list; `instead` is what happened to one listed that did not.
    private static func compareLifecycle(_ clause: String, _ references: [InstanceReferenceSyntax], happened: [String], _ names: InstanceNames,
                                         instead: String) -> [ExpectationResult.Mismatch] {
        let (listed, neverBuilt) = resolve(references, names)
        let actual = Set(happened)
        let missing = listed.subtracting(actual).sorted().map { (path: $0, actual: instead) } + neverBuilt
        let extra = happened.filter { !listed.contains($0) }.map { (path: $0, causes: clause == "appears" ? "appeared" : "disappeared") }
        if missing.isEmpty && extra.isEmpty { return [] }
        return [ExpectationResult.Mismatch(clause: clause, missing: missing, extra: extra, message: nil)]
    }

    /// The paths a clause's references name, and those of them the variant never built (which
    /// `Scenario.checkReferences` let through), each with what happened to it instead.
    private static func resolve(_ references: [InstanceReferenceSyntax], _ names: InstanceNames)
        -> (listed: Set<String>, neverBuilt: [(path: String, actual: String)]) {
        var listed: Set<String> = []
        var neverBuilt: [(path: String, actual: String)] = []
        for reference in references {
            let paths = names.paths(named: reference.path)
            if paths.isEmpty { neverBuilt.append((reference.path, Self.neverBuilt)) }
            listed.formUnion(paths)
        }
        return (listed, neverBuilt)
    }

    /// What happened to an instance the variant never built.
    static let neverBuilt = "never built in this variant: nothing presents it, or the condition that shows it never holds"

    private static func compare(_ clause: String, _ references: [InstanceReferenceSyntax], _ step: StepTrace, _ names: InstanceNames,
                                partial: Partial = .whole, where matches: (InstanceTrace) -> Bool) -> [ExpectationResult.Mismatch] {
        // A view the variant never built has no outcome but one that says so: only `skips` holds for it.
        let (listed, unbuilt) = resolve(references, names)
        let neverBuilt = partial == .noneOf ? [] : unbuilt
        let actualInstances = step.instances.filter(matches)
        let actual = Set(actualInstances.map(\.path))
        let expected = partial == .noneOf ? [] : listed
        let missing = expected.subtracting(actual).sorted().map { path in
            (path: path, actual: step.instances.first { $0.path == path }.map { $0.outcome.rawValue } ?? "not evaluated")
        } + neverBuilt
        let extra = actualInstances.filter { instance in
            switch partial {
            case .whole: !expected.contains(instance.path)
            case .allOf: false
            case .noneOf: listed.contains(instance.path)
            }
        }.map { instance in
            (path: instance.path, causes: TraceText.explanation(instance))
        }
        if missing.isEmpty && extra.isEmpty { return [] }
        return [ExpectationResult.Mismatch(clause: clause, missing: missing, extra: extra, message: nil)]
    }
}
