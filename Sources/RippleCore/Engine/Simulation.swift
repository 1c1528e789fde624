/// One variant of a scenario being simulated, step by step.
public final class Simulation {
    var engine: Engine
    /// The variant's name.
    public let variant: String
    /// Instances after the first evaluation of the tree.
    public let initialInstances: Int
    /// Dependencies seen so far, for the picture.
    var collectedDependencies: Set<VariantGraph.Dependency> = []
    let initialPaths: [String]

    /// Builds the variant's tree and evaluates it once; `collectingGraph` keeps what a picture needs
    /// (every dependency ever seen, the first tree), which a plain run does not pay for.
    ///
    /// `takingAsFalse` names conditions on values Ripple does not know, by place, that this simulation
    /// takes as false; any other such condition is taken as true.
    ///
    /// `recordingShown` records what each instance shows after each evaluation (`shown(keeping:)`, and each
    /// step's `StepTrace.shown`), which the audit's proofs compare.
    public init(scenario: Scenario, variant: String, semantics: Semantics, collectingGraph: Bool = false,
                takingAsFalse: Set<SourceLocation> = [], recordingShown: Bool = false) throws(DiagnosticError) {
        guard let resolved = scenario.variant(named: variant) else {
            throw DiagnosticError([.error("unknown variant '\(variant)'\(Suggestion.didYouMean(variant, in: scenario.variants.map(\.name)))",
                                          at: SourceLocation(file: scenario.file, line: 1, column: 1))])
        }
        self.variant = variant
        engine = Engine(table: resolved.table, semantics: semantics)
        engine.conditionsTakenAsFalse = takingAsFalse
        engine.recordsShown = recordingShown
        do throws(EvaluationError) {
            try engine.start(environment: resolved.rootEnvironment)
        } catch {
            if !engine.errors.contains(error.diagnostic) { engine.errors.append(error.diagnostic) }
        }
        if !engine.errors.isEmpty { throw DiagnosticError(engine.errors) }
        initialInstances = engine.instances.reduce(0) { $0 + ($1.alive && !$1.isHiddenRow ? 1 : 0) }
        if collectingGraph {
            collectedDependencies = engine.currentDependencies()
            initialPaths = engine.instances.compactMap { $0.alive ? $0.path : nil }
        } else {
            initialPaths = []
        }
    }

    /// A screen of its own in the state `other` is in now, without evaluating the tree again: the engine is
    /// a value, and the copy shares its tables until it writes to one, which then copies that table alone
    /// (`ripple audit` performs each action on such a copy of the first screen; building the screen again
    /// for each of a list's rows would make the audit quadratic in the rows).
    public init(copying other: Simulation) {
        engine = other.engine
        variant = other.variant
        initialInstances = other.initialInstances
        collectedDependencies = other.collectedDependencies
        initialPaths = other.initialPaths
    }

    /// Most evaluation steps `ripple audit` spends on the actions of one variant, each action performed
    /// on a screen of its own (a documented limit, as large as a scenario's total work): past it, the
    /// actions after the one that crossed it are not performed, and the audit says how many.
    public static let maximumAuditWork = Engine.maximumTotalWork

    /// The conditions on values Ripple does not know that building the screen and its steps decided, each
    /// once, in the order first met.
    public var undecidedConditions: [UndecidedCondition] { engine.undecidedConditions }

    /// The evaluation steps the last step took (or the first tree, before any step), as the work limits count them.
    public var work: Int { engine.work }

    /// The paths of the instances alive now: where an action performed next starts from.
    public var alivePaths: Set<String> { Set(engine.instances.compactMap { $0.alive ? $0.path : nil }) }

    /// The first evaluation of the tree, as a step: call it before any step runs.
    public func initialTrace() -> StepTrace { engine.initialTrace() }

    /// Applies one step's writes and reports what they caused.
    public func run(_ step: ResolvedStep) throws(DiagnosticError) -> StepTrace {
        let trace: StepTrace
        do throws(EvaluationError) {
            trace = try engine.run(step: step)
        } catch {
            if !engine.errors.contains(error.diagnostic) { engine.errors.append(error.diagnostic) }
            throw DiagnosticError(engine.errors)
        }
        if !engine.errors.isEmpty { throw DiagnosticError(engine.errors) }
        return recordingShown(trace)
    }

    /// Whether the simulation records what each instance shows.
    public var recordsShown: Bool { engine.recordsShown }

    /// What each alive instance shows now, in tree order, as its last evaluation built it; empty unless the
    /// simulation records what is shown. With `keeping`, the instances of declared view types not in it
    /// show their values as part of the instance whose body built them, where it built them.
    public func shown(keeping viewTypes: Set<String>? = nil) -> [ShownInstance] {
        engine.recordsShown ? engine.shownInstances(keeping: viewTypes) : []
    }

    /// `trace` with what each instance shows after it, when the simulation records that.
    func recordingShown(_ trace: StepTrace) -> StepTrace {
        guard engine.recordsShown else { return trace }
        var trace = trace
        trace.shown = engine.shownInstances(keeping: nil)
        return trace
    }

    /// Problems with the tree and the dependency index; empty when all is consistent.
    public func checkInvariants() -> [String] { engine.checkInvariants() }

    /// Every spelling of each instance's path with one of its `ForEach` identities written as a field of
    /// its element, for the `fields` an expectation names rows by, with the path it stands for; the
    /// element's values are those of the last time its row was built.
    func instancePaths(byField fields: Set<String>) -> [InstanceNames.Alias] { engine.pathsByField(fields) }

    /// Every instance path the variant has had.
    public var allInstancePaths: [String] { engine.instances.map(\.path) }

    /// The instance tree as it stands, with inputs, storage and reads.
    public func snapshot() -> ModelSnapshot { engine.snapshot() }
}
