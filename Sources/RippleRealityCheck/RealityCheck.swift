import RippleCore

/// A recorded change log held against Ripple's prediction for the same actions, step by step and view
/// type by view type.
///
/// The log names view types, not instances, and says `@dependencies changed` without the property, so
/// the comparison is by type and count: for each step and each view type, the body evaluations the log
/// recorded against those Ripple predicted (the step's update and the `.onChange` updates it fired;
/// `ForEach` row closures are no bodies and are left out), graded:
/// - **confirmed**: the counts are equal;
/// - **extra in the app**: the app ran the body more often than predicted, so Ripple missed a re-run;
/// - **extra in Ripple**: Ripple predicted more runs than the app made;
/// - **not recorded**: the type appears nowhere in the log, so its body was not instrumented: never a
///   disagreement;
/// - **not in the scenario**: the log names a type no instance of the scenario has, so Ripple says
///   nothing of it: never a disagreement.
public struct RealityCheck: Sendable {
    /// How a view type's counts in one step compare.
    public enum Grade: String, Sendable, Codable, CaseIterable {
        case confirmed
        case extraInApp
        case extraInRipple
        case notRecorded
        case notInScenario

        /// The grade in words: `extra in the app`.
        public var words: String {
            switch self {
            case .confirmed: "confirmed"
            case .extraInApp: "extra in the app"
            case .extraInRipple: "extra in Ripple"
            case .notRecorded: "not recorded"
            case .notInScenario: "not in the scenario"
            }
        }

        /// Whether the app and Ripple disagree.
        public var isDisagreement: Bool { self == .extraInApp || self == .extraInRipple }
    }

    /// How the log's steps were paired with the scenario's.
    public enum Matching: String, Sendable, Codable {
        /// Each marker's name is a step's name.
        case names
        /// In order: the log has no markers, or a marker names no step of the scenario.
        case order
    }

    /// Lines of the log that read alike, counted: `@self, _count changed` twice.
    public struct LoggedChange: Sendable, Hashable, Codable {
        /// The line without its type and final period: `@self, _count changed`.
        public var reasons: String
        public var count: Int
        /// The 1-based log lines.
        public var lines: [Int]
    }

    /// Predicted evaluations whose `_printChanges` lines read alike, counted, with Ripple's causes.
    public struct PredictedChange: Sendable, Hashable, Codable {
        /// The `_printChanges` line without its type and final period: `@dependencies changed`.
        public var reasons: String
        public var count: Int
        /// The instances' paths: `RootView/UserList/UserRow[1]`.
        public var instances: [String]
        /// Ripple's causes, each once, as `kind subject`: `observation RootView.state.users`.
        public var causes: [String]
    }

    /// One view type in one step; in the JSON form as it is.
    public struct Row: Sendable, Hashable, Codable {
        public var viewType: String
        /// Body evaluations the log recorded.
        public var logged: Int
        /// Body evaluations Ripple predicted.
        public var predicted: Int
        public var grade: Grade
        public var loggedChanges: [LoggedChange]
        public var predictedChanges: [PredictedChange]
    }

    /// One step of the scenario, or the first render, with the log's step paired with it.
    public struct Step: Sendable, Hashable {
        /// The scenario's step name, or `initial`.
        public var name: String
        /// The log's step paired with it: its marker's name, `pause N` or `initial`; nil when the log has
        /// none, so the step was not performed while recording (or the capture began after the first render).
        public var logStep: String?
        /// The 1-based line where the log's step begins; nil for `initial` and a step not in the log.
        public var logLine: Int?
        /// One row per view type that either side evaluated, in the order the prediction lists the types,
        /// then the log's others in log order; empty when the step is not in the log.
        public var rows: [Row]
    }

    /// The log's path.
    public var log: String
    /// How the log was written.
    public var format: ChangeLog.Format
    /// The variant compared and its semantics.
    public var variant: String
    public var semantics: Semantics
    public var boundaries: LoggedSteps.Boundaries
    /// The pause that separates steps when `boundaries` is `timeGaps`.
    public var gap: Double
    public var matching: Matching
    /// `initial`, then the scenario's steps in order.
    public var steps: [Step]
    /// How many steps the log holds after its first render: its markers, or its pauses.
    public var loggedStepCount: Int
    /// The log's steps no step of the scenario was paired with, as `name (line N)`.
    public var unpairedLogSteps: [String]
    /// Lines of the log that were neither changes nor markers.
    public var skippedLines: Int

    /// Compares `log` with `prediction`, which holds the first render as `initial`
    /// (`Scenario.predictionForRealityCheck`).
    public init(log: ChangeLog, prediction: VariantTrace, gap: Double = LoggedSteps.defaultGap) {
        let logged = LoggedSteps(log, gap: gap)
        self.log = log.file
        format = log.format
        variant = prediction.name
        semantics = prediction.semantics
        boundaries = logged.boundaries
        self.gap = gap
        skippedLines = log.skipped

        let predictedSteps = [prediction.initial ?? StepTrace(name: "initial", writes: [], instances: [], created: [], destroyed: [],
                                                              counts: StepCounts([], created: 0, destroyed: 0))]
            + prediction.steps
        let loggedSteps = Array(logged.steps.dropFirst())
        loggedStepCount = loggedSteps.count
        // Pair the log's steps with the scenario's: by name when every marker names a step still unpaired.
        var pairs = [Int?](repeating: nil, count: prediction.steps.count)
        var byName = boundaries == .markers
        for (logIndex, step) in loggedSteps.enumerated() where byName {
            if let index = prediction.steps.indices.first(where: { pairs[$0] == nil && prediction.steps[$0].name == step.name }) {
                pairs[index] = logIndex
            } else {
                byName = false
            }
        }
        if !byName {
            pairs = prediction.steps.indices.map { $0 < loggedSteps.count ? $0 : nil }
        }
        matching = byName ? .names : .order
        let paired = Set(pairs.compactMap { $0 })
        unpairedLogSteps = loggedSteps.indices.filter { !paired.contains($0) }.map { index in
            "\(loggedSteps[index].name)" + (loggedSteps[index].line.map { " (line \($0))" } ?? "")
        }

        let recorded = Set(log.changes.map(\.viewType))
        var known = Set<String>()
        for step in predictedSteps { Self.collect(step) { known.insert($0.viewType) } }
        // A log that begins after the first render has nothing before its first marker.
        let initial = logged.steps[0]
        let firstRendered = !initial.changes.isEmpty || boundaries == .none
        var steps = [Step(name: "initial", logStep: firstRendered ? "initial" : nil, logLine: nil,
                          rows: firstRendered ? Self.rows(logged: initial.changes, predicted: predictedSteps[0], recorded: recorded, known: known) : [])]
        for (index, predicted) in prediction.steps.enumerated() {
            guard let logIndex = pairs[index] else {
                steps.append(Step(name: predicted.name, logStep: nil, logLine: nil, rows: []))
                continue
            }
            let step = loggedSteps[logIndex]
            steps.append(Step(name: predicted.name, logStep: step.name, logLine: step.line,
                              rows: Self.rows(logged: step.changes, predicted: predicted, recorded: recorded, known: known)))
        }
        self.steps = steps
    }

    /// Every row that disagrees, with its step.
    public var disagreements: [(step: String, row: Row)] {
        steps.flatMap { step in step.rows.filter(\.grade.isDisagreement).map { (step.name, $0) } }
    }

    /// Whether every row is confirmed, not recorded or not in the scenario.
    public var agrees: Bool { disagreements.isEmpty }

    /// How many rows have each grade.
    public var gradeCounts: [Grade: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Grade.allCases.map { ($0, 0) })
        for step in steps { for row in step.rows { counts[row.grade, default: 0] += 1 } }
        return counts
    }

    // MARK: - Rows

    /// Calls `body` with every body evaluation of `step` and of the updates it fired.
    private static func collect(_ step: StepTrace, _ body: (InstanceTrace) -> Void) {
        for instance in step.instances { body(instance) }
        for followUp in step.followUps ?? [] { collect(followUp, body) }
    }

    private static func rows(logged changes: [ChangeLog.Change], predicted step: StepTrace, recorded: Set<String>, known: Set<String>) -> [Row] {
        var order: [String] = []
        var predicted: [String: [InstanceTrace]] = [:]
        collect(step) { instance in
            guard instance.outcome == .needed || instance.outcome == .wasted, !instance.isRowClosure else { return }
            if predicted[instance.viewType] == nil { order.append(instance.viewType) }
            predicted[instance.viewType, default: []].append(instance)
        }
        var logged: [String: [ChangeLog.Change]] = [:]
        for change in changes {
            if predicted[change.viewType] == nil, logged[change.viewType] == nil { order.append(change.viewType) }
            logged[change.viewType, default: []].append(change)
        }
        return order.map { type in
            let fromLog = logged[type] ?? [], fromRipple = predicted[type] ?? []
            let grade: Grade = if !known.contains(type) { .notInScenario }
                else if !recorded.contains(type) { .notRecorded }
                else if fromLog.count > fromRipple.count { .extraInApp }
                else if fromLog.count < fromRipple.count { .extraInRipple }
                else { .confirmed }
            return Row(viewType: type, logged: fromLog.count, predicted: fromRipple.count, grade: grade,
                       loggedChanges: loggedChanges(fromLog), predictedChanges: predictedChanges(fromRipple))
        }
    }

    private static func loggedChanges(_ changes: [ChangeLog.Change]) -> [LoggedChange] {
        var result: [LoggedChange] = []
        for change in changes {
            if let index = result.firstIndex(where: { $0.reasons == change.reasonText }) {
                result[index].count += 1
                result[index].lines.append(change.line)
            } else {
                result.append(LoggedChange(reasons: change.reasonText, count: 1, lines: [change.line]))
            }
        }
        return result
    }

    private static func predictedChanges(_ instances: [InstanceTrace]) -> [PredictedChange] {
        var result: [PredictedChange] = []
        for instance in instances {
            let reasons = reasonText(instance.printChanges, viewType: instance.viewType)
            let causes = instance.causes.map { "\($0.kind.rawValue) \($0.subject)" }
            if let index = result.firstIndex(where: { $0.reasons == reasons }) {
                result[index].count += 1
                result[index].instances.append(instance.path)
                for cause in causes where !result[index].causes.contains(cause) { result[index].causes.append(cause) }
            } else {
                var unique: [String] = []
                for cause in causes where !unique.contains(cause) { unique.append(cause) }
                result.append(PredictedChange(reasons: reasons, count: 1, instances: [instance.path], causes: unique))
            }
        }
        return result
    }

    /// `Counter: @self, _count changed.` as `@self, _count changed`.
    static func reasonText(_ line: String, viewType: String) -> String {
        var text = line[...]
        if text.hasPrefix(viewType + ": ") { text = text.dropFirst(viewType.count + 2) }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}

extension Scenario {
    /// The prediction `ripple compare` holds a log against: `variant` simulated under `semantics` (the
    /// scenario's own by default), with its first render kept as `initial`.
    public func predictionForRealityCheck(variant: String, semantics override: Semantics? = nil) throws(DiagnosticError) -> VariantTrace {
        let semantics = override ?? self.semantics
        let simulation = try Simulation(scenario: self, variant: variant, semantics: semantics)
        let initial = simulation.initialTrace()
        var steps: [StepTrace] = []
        for step in self.steps(of: variant) { steps.append(try simulation.run(step)) }
        return VariantTrace(name: variant, semantics: semantics, initialInstances: simulation.initialInstances, initial: initial, steps: steps)
    }
}
