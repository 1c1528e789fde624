import RippleCore

/// The audit of loaded code: every action a person can take on each screen, performed from its first
/// state, ranked by the work SwiftUI would do for nothing, with the fixes Ripple proves.
///
/// It reads no file and prints nothing: give it a `Scenario` (from a scenario file or app source, loaded
/// by `RippleSwift`) and read the `AuditResult`.
///
/// ```swift
/// let result = Audit().run(scenario, file: "Sources/App")
/// for row in result.ranked { print(row.action, row.wasted) }
/// ```
public struct Audit: Sendable {
    /// Whether every row of a list offers its actions, not only the first rows.
    public var allRows: Bool
    /// The threads the actions run on: one per core when nil.
    public var threads: Int?
    /// How many actions in a row the audit performs from the first state (`exploredRows`): 1 performs
    /// only the first state's actions.
    public var depth: Int
    /// Most evaluation steps the whole audit may take, every scenario's load and every variant's
    /// actions together, before the rest are not performed.
    public let workLimit: Int
    /// The work spent so far, shared by every copy of this audit: one budget for the run.
    let total: AuditTotalWork
    /// Whether each row records what every instance shows after its action (`AuditRow.shown`), which
    /// the proofs of fixes compare; off for a plain audit, which does not pay for it.
    package var recordsShown = false
    /// With `recordsShown`, the view types whose instances show their own values: an instance of another
    /// declared view type (one a fix made) shows its values as part of the view that built it.
    package var shownViewTypes: Set<String>?
    /// Whether the exploration lists every row it performs, not only those that do something new: the
    /// proofs of fixes compare every sequence.
    package var keepsEveryPath = false
    /// Most states past the first whose actions one screen's exploration performs.
    package var exploredStatesLimit = Audit.maximumExploredStates

    /// An audit with these settings.
    public init(allRows: Bool = false, threads: Int? = nil, depth: Int = Audit.defaultDepth, workLimit: Int = Simulation.maximumAuditWork) {
        self.allRows = allRows
        self.threads = threads
        self.depth = depth
        self.workLimit = workLimit
        total = AuditTotalWork(limit: workLimit)
    }

    /// The evaluation steps the audit has taken so far: the loads and actions `run(_:file:)` counted.
    public var workSpent: Int { workLimit - total.remaining }

    /// The error of an action the audit did not perform: the load and the actions before it spent the audit's work.
    public static let notPerformed = "not performed: the audit took more than \(Simulation.maximumAuditWork) evaluation steps before it (limit: audit work)"

    // MARK: - A scenario

    /// Every variant of `scenario` audited, each with its proven fixes, one after another and the actions
    /// of each on every core, within what is left of the audit's work once the scenario's load is
    /// counted (`AuditTotalWork`). `file` names the code in the rows.
    public func run(_ scenario: Scenario, file: String) -> AuditResult {
        total.charge(scenario.loadWork)
        let audits = scenario.variants.map { variant -> Result<AuditResult.Variant, DiagnosticError> in
            do throws(DiagnosticError) {
                return .success(try run(scenario, variant: variant.name, file: file))
            } catch {
                return .failure(error)
            }
        }
        var result = AuditResult(scenario: scenario, file: file)
        for outcome in audits {
            switch outcome {
            case .success(let variant): result.variants.append(variant)
            case .failure(let error): result.failures.append(error)
            }
        }
        result.coverage = Self.coverage(of: scenario, rows: result.rows)
        return result
    }

    /// One variant audited: its rows, each with what it does once every kept fix is applied, and the fixes.
    public func run(_ scenario: Scenario, variant: String, file: String) throws(DiagnosticError) -> AuditResult.Variant {
        var rows = try self.rows(of: scenario, variant: variant, file: file)
        let fixes = AuditFixes(scenario: scenario, variant: variant, file: file, rows: rows, allRows: allRows, threads: threads, depth: depth)
        for index in rows.indices {
            guard let fixed = fixes.fixedRows[rows[index].action], fixed.error == nil else { continue }
            rows[index].fixed = AuditRow.Counts(evaluations: fixed.evaluations, wasted: fixed.wasted, stale: fixed.stale,
                                                 rows: fixed.rows, wastedRows: fixed.wastedRows)
        }
        return AuditResult.Variant(name: variant, rows: rows, fixes: fixes)
    }

    // MARK: - The actions of a variant

    /// Every action of one variant, each performed on a screen of its own in its first state, then the
    /// actions each brings on screen performed after it, and then the steps a scenario file writes,
    /// replayed in order as `ripple run` replays them.
    public func rows(of scenario: Scenario, variant: String, file: String) throws(DiagnosticError) -> [AuditRow] {
        var drawing: AuditDrawing?
        return try rows(of: scenario, variant: variant, file: file, drawing: &drawing)
    }

    /// `rows(of:variant:file:)`, also keeping what the HTML report draws when `drawing` is not nil: each
    /// action's trace, and one graph of everything the actions touched.
    public func rows(of scenario: Scenario, variant: String, file: String, drawing: inout AuditDrawing?) throws(DiagnosticError) -> [AuditRow] {
        var rows = try performedRows(of: scenario, variant: variant, file: file, drawing: &drawing)
        // A preview's state is ranked apart from the launch state (`AuditRow.ranked`).
        if let state = scenario.variants.first(where: { $0.name == variant })?.state {
            for index in rows.indices { rows[index].state = state }
        }
        return rows
    }

    private func performedRows(of scenario: Scenario, variant: String, file: String, drawing: inout AuditDrawing?) throws(DiagnosticError) -> [AuditRow] {
        let drawn = drawing != nil
        let first = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, collectingGraph: drawn,
                                   recordingShown: recordsShown)
        let undecided = first.undecidedConditions
        let actions = first.availableActions(allRows: allRows)
        let declarations = ProvenFixes.declarations(of: scenario.syntax, variant: variant)
        let screens = FirstScreens(first, scenario: scenario, variant: variant, collectingGraph: drawn, recordingShown: recordsShown)
        let performed = perform(actions, on: screens, scenario: scenario, variant: variant, file: file, declarations: declarations, drawn: drawn)
        var rows: [AuditRow] = []
        for (action, result) in zip(actions, performed) {
            rows.append(result.row)
            if let step = result.step, let graph = result.graph { drawing?.add(step, named: action.name, graph: graph, startingFrom: nil) }
        }
        let other = otherSideRows(of: scenario, variant: variant, file: file, undecided: undecided, shown: actions, declarations: declarations)
        // An action the screen offers only on the side of a condition it took as true rests on that choice.
        for (index, action) in actions.enumerated() {
            guard let choice = other.onlyWhereTrue[ActionKey(action)], !rows[index].uncertainty.contains(where: { $0.hasSuffix(": " + choice) }) else { continue }
            rows[index].uncertainty.insert("action: " + choice, at: 0)
        }
        let explored = exploredRows(after: actions, firstRows: Array(rows.prefix(actions.count)), on: screens, scenario: scenario,
                                    variant: variant, file: file, declarations: declarations, drawn: drawn)
        for followUp in explored.rows {
            rows.append(followUp.row)
            if let step = followUp.step, let graph = followUp.graph {
                // It starts from the tree the actions before it left, which is where its graph begins.
                drawing?.add(step, named: followUp.row.action, graph: graph, startingFrom: followUp.starting)
            }
        }
        if !explored.notes.isEmpty, !rows.isEmpty { rows[0].notes += explored.notes }
        rows += other.rows
        // The steps were replayed when the scenario loaded; a drawing replays them again for their graph.
        guard let trace = scenario.trace.variants.first(where: { $0.name == variant }) else {
            AuditRow.judge(&rows)
            AuditIdentity.number(&rows)
            return rows
        }
        let steps = scenario.steps(of: variant)
        let replay = (drawing != nil || recordsShown) && !steps.isEmpty
            ? try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, collectingGraph: drawing != nil, recordingShown: recordsShown)
            : nil
        var alive = Set(replay?.graph().initialPaths ?? [])
        for (step, stepTrace) in zip(steps, trace.steps) {
            let name = "step \"\(step.name)\""
            var row = AuditRow(file: file, variant: variant, action: name, kind: "step", control: "step", location: TraceLocation(step.location))
            row.identity = name
            row.count(stepTrace, declarations: declarations)
            rows.append(row)
            if let replay {
                _ = try replay.run(step)
                if recordsShown { rows[rows.count - 1].shown = replay.shown(keeping: shownViewTypes) }
                guard drawing != nil else { continue }
                replay.collectDependencies()
                drawing!.add(stepTrace, named: name, graph: replay.graph(), startingFrom: alive)
                alive = alive.union(stepTrace.created).subtracting(stepTrace.destroyed)
            }
        }
        AuditRow.judge(&rows)
        AuditIdentity.number(&rows)
        return rows
    }

    /// Each of `actions` performed on a copy of a first screen from `screens`, on every core, within what
    /// is left of the audit's work; the rows come back in the screen's order whichever finishes first, and
    /// an action past the work is not performed. With `drawn`, each keeps its trace and graph.
    private func perform(_ actions: [AvailableAction], on screens: FirstScreens, scenario: Scenario, variant: String, file: String,
                         declarations: [DeclarationSyntax], drawn: Bool, selecting: Set<Int>? = nil) -> [(row: AuditRow, step: StepTrace?, graph: VariantGraph?)] {
        let allRows = allRows
        let shownViewTypes = shownViewTypes
        let loaded = Set(scenario.notes)
        let budget = AuditWorkBudget(actions: actions.count, limit: total.remaining)
        defer { total.charge(budget.spentWork()) }
        var performed = ParallelWork.map(actions.count, threads: threads) { index -> (row: AuditRow, step: StepTrace?, graph: VariantGraph?) in
            let action = actions[index]
            var row = AuditRow(file: file, variant: variant, action: action.name, kind: action.kind, control: action.control, location: TraceLocation(action.location))
            row.identity = AuditIdentity.control(of: action)
            guard selecting?.contains(index) ?? true, budget.mayPerform(index) else {
                budget.record(0, at: index)
                return (row, nil, nil)
            }
            do throws(DiagnosticError) {
                return try screens.withCopy { (simulation) throws(DiagnosticError) in
                    defer { budget.record(simulation.work, at: index) }
                    let step = try simulation.perform(actionAt: index, allRows: allRows)
                    Self.take(step, of: simulation, into: &row, declarations: declarations, loaded: loaded, shownViewTypes: shownViewTypes)
                    guard drawn else { return (row, nil, nil) }
                    simulation.collectDependencies()
                    return (row, step, simulation.graph())
                }
            } catch {
                row.error = error.diagnostics.first?.message ?? "\(error)"
                return (row, nil, nil)
            }
        }
        let performedCount = budget.performedCount()
        for index in performed.indices where index >= performedCount {
            let row = performed[index].row
            var skipped = AuditRow(file: row.file, variant: row.variant, action: row.action, kind: row.kind, control: row.control, location: row.location)
            skipped.identity = row.identity
            skipped.error = Self.notPerformed
            performed[index] = (skipped, nil, nil)
        }
        return performed
    }

    // MARK: - What an action brings on screen

    /// Takes into `row` what `step`, the action `simulation` just performed, did: its counts and hints,
    /// what each view shows when the simulation records it, and the notes the action met — those of its
    /// own step, and those loading had not met already.
    static func take(_ step: StepTrace, of simulation: Simulation, into row: inout AuditRow, declarations: [DeclarationSyntax],
                             loaded: Set<Diagnostic>, shownViewTypes: Set<String>?) {
        row.count(step, declarations: declarations)
        if simulation.recordsShown {
            row.shown = simulation.shown(keeping: shownViewTypes)
            let instances = ([step] + (step.followUps ?? [])).flatMap(\.instances)
            let evaluated = instances.filter { $0.outcome != .stale }
            row.evaluatedPaths = evaluated.map(\.path)
            row.neededPaths = evaluated.filter { $0.outcome == .needed }.map(\.path)
            row.toldBy = Dictionary(evaluated.map { instance in
                (instance.path, instance.causes.filter { ![.input, .newIdentity].contains($0.kind) }.map(\.subject))
            }, uniquingKeysWith: { first, second in first + second })
        }
        var met = simulation.notesOfLastStep
        for note in simulation.notes where !loaded.contains(note) && !met.contains(where: { $0.message == note.message }) { met.append(note) }
        row.notes = met.map { AuditNote(location: TraceLocation($0.location), message: $0.message) }
    }

    /// Most conditions on values Ripple does not know whose other side the audit reaches on one screen.
    public static let maximumOtherSides = 8

    /// The actions a screen shows only where a condition Ripple cannot decide is false: for each of the
    /// first `maximumOtherSides` such conditions the first screen took as true, the screen is built again
    /// with that one taken as false, and the actions it offers that the first screen does not are
    /// performed there. Each row is named `… (if 'condition' is false)` and is partial: it rests on that
    /// choice, which it names. Also, for each action of the first screen that the other build does not
    /// offer, the choice it rests on (`… taken as true at …`).
    private func otherSideRows(of scenario: Scenario, variant: String, file: String, undecided: [UndecidedCondition],
                               shown: [AvailableAction], declarations: [DeclarationSyntax]) -> (rows: [AuditRow], onlyWhereTrue: [ActionKey: String]) {
        var offered = Set(shown.map { ActionKey($0) })
        var onlyWhereTrue: [ActionKey: String] = [:]
        var rows: [AuditRow] = []
        for condition in undecided.prefix(Self.maximumOtherSides) where total.remaining > 0 {
            guard let other = try? Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, takingAsFalse: [condition.location],
                                              recordingShown: recordsShown)
            else { continue }
            // Building the other side is work of the audit's, as performing an action is.
            total.charge(other.work)
            let actions = other.availableActions(allRows: allRows)
            let there = Set(actions.map { ActionKey($0) })
            for action in shown where !there.contains(ActionKey(action)) && onlyWhereTrue[ActionKey(action)] == nil {
                onlyWhereTrue[ActionKey(action)] = condition.decision(takenAs: true)
            }
            let hidden = actions.indices.filter { offered.insert(ActionKey(actions[$0])).inserted }
            guard !hidden.isEmpty else { continue }
            let screens = FirstScreens(other, scenario: scenario, variant: variant, collectingGraph: false, takingAsFalse: [condition.location],
                                       recordingShown: recordsShown)
            let performed = perform(actions, on: screens, only: hidden, scenario: scenario, variant: variant, file: file, declarations: declarations)
            let choice = condition.decision(takenAs: false)
            for var row in performed {
                row.identity = (row.identity ?? row.action) + " (if '\(condition.text)' is false)"
                row.action += " (if '\(condition.text)' is false)"
                if !row.uncertainty.contains(where: { $0.hasSuffix(": " + choice) }) { row.uncertainty.insert("action: " + choice, at: 0) }
                rows.append(row)
            }
        }
        return (rows, onlyWhereTrue)
    }

    /// `perform` for the actions of `actions` at the indices `only`, which are what the screen offers.
    private func perform(_ actions: [AvailableAction], on screens: FirstScreens, only indices: [Int], scenario: Scenario, variant: String,
                         file: String, declarations: [DeclarationSyntax]) -> [AuditRow] {
        // The screen numbers its actions by its own list: an action is performed by its index there.
        let all = perform(actions, on: screens, scenario: scenario, variant: variant, file: file, declarations: declarations, drawn: false,
                          selecting: Set(indices))
        return indices.map { all[$0].row }
    }

    /// What tells two offered actions apart across two builds of a screen: what is done and to which
    /// control, by its place. A control the first build offers in one row of a list is not offered again
    /// for another row the other build makes.
    struct ActionKey: Hashable {
        var kind: String
        var location: SourceLocation
        init(kind: String, location: SourceLocation) {
            self.kind = kind
            self.location = location
        }
        init(_ action: AvailableAction) {
            kind = action.kind
            location = action.location
        }
    }

    // MARK: - Coverage

    /// The coverage of one audited file: its view types and controls against the actions performed.
    public static func coverage(of scenario: Scenario, rows: [AuditRow]) -> Coverage {
        var evaluated = Set(rows.flatMap { $0.views.map(\.view) })
        for paths in scenario.instancePaths.values { evaluated.formUnion(InstanceNames.viewTypes(inPaths: paths)) }
        let views = scenario.syntax.declarations.compactMap { declaration -> String? in
            guard case .type(let type) = declaration, type.conforms(to: "View"), !Coverage.isPreviewOnly(type.name) else { return nil }
            return type.name
        }
        let performed = rows.filter { $0.kind != "step" }
        var notes = scenario.notes
        for row in performed {
            for note in row.notes {
                let location = SourceLocation(note.location)
                notes.append(.note(note.message, at: location))
            }
        }
        return Coverage(sites: scenario.syntax.controlSites, viewTypes: views, evaluated: evaluated,
                        actions: performed.map {
                            Coverage.Action(control: $0.control, location: SourceLocation($0.location),
                                            confidence: $0.confidence, evaluations: $0.evaluations, notes: $0.notes.map(\.message),
                                            inPreview: $0.state != nil, depth: $0.path?.count ?? 0)
                        },
                        notes: notes,
                        failures: performed.compactMap { row in
                            row.error.map { ($0, SourceLocation(row.location)) }
                        },
                        screensLeftOut: scenario.screensNotSimulated.mapValues(\.message))
    }

    /// The actions each variant offers in its first state, none performed: what `coverage(of:rows:)`
    /// counts of code not yet audited. Variants whose first tree cannot be built are left out.
    public static func offeredRows(of scenario: Scenario, file: String) -> [AuditRow] {
        var rows: [AuditRow] = []
        for variant in scenario.variants {
            guard let simulation = try? Simulation(scenario: scenario, variant: variant.name, semantics: scenario.semantics) else { continue }
            for action in simulation.availableActions() {
                rows.append(AuditRow(file: file, variant: variant.name, action: action.name, kind: action.kind, control: action.control,
                                     location: TraceLocation(action.location)))
            }
        }
        return rows
    }
}
