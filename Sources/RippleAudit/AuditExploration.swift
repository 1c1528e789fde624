import RippleCore

// The audit's walk through the states a person reaches: after each action, the actions of the state it
// leaves, breadth first, to the audit's depth.

extension Audit {
    /// The depth the audit explores to unless told otherwise (`--depth`): the first state's actions, and
    /// each action of every state one of them leads to. Measured in docs/Audit.md ("Depth"): a third
    /// action found few new rows on the gallery and the measured apps for the work it cost.
    public static let defaultDepth = 2

    /// Most depth the audit explores to: `--depth` past it is refused.
    public static let maximumDepth = 6

    /// Most states past the first whose actions one screen's exploration performs; the states past it
    /// are not explored, and the audit's notes say how many.
    public static let maximumExploredStates = 64

    /// How many actions are performed at once, each on a copy of its state, before their states' keys
    /// are compared: bounds the copies of a screen alive at once.
    static let explorationBatch = 32

    /// What one performed action of the exploration gives back to the thread that gathers them.
    private struct Explored: @unchecked Sendable {
        var row: AuditRow
        /// What its verdicts rest on, before what the path to it rests on was added.
        var ownUncertainty: [String]
        var step: StepTrace?
        var graph: VariantGraph?
        /// The key of the state it leaves, and with `continuing`, that state.
        var reached: Simulation?
        var key: StateKey?
        /// Its action by its control (`AuditIdentity.control(of:)`).
        var control = ""
    }

    /// A state the exploration reached, and the actions that lead to it from the first state. The
    /// threads that perform its actions only copy its simulation (`Simulation(copying:)`), which reads
    /// it; none writes to it.
    private struct ReachedState: @unchecked Sendable {
        var simulation: Simulation
        var key: StateKey
        var path: [String]
        /// The actions of `path` by their controls (`AuditRow.identity`).
        var controls: [String]
        /// What the rows on the path rest on, each as `after 'action': what`.
        var uncertainty: [String]
    }

    /// The rows of every state the first state's actions lead to, to `depth` actions in all, breadth
    /// first. A state is explored once, however many paths reach it (`StateKey`), and at most
    /// `maximumExploredStates` of them. Each row is named by its path (`type in TextField "New task" in
    /// TaskListView, then tap Button "Add" in TaskListView`) and rests on what the rows on its path rest
    /// on. A row is listed when its action is one no state before offered (a dialog's button after the
    /// tap that presents it), or one that changed nothing wherever it was performed before and changes
    /// something here (an Add button that adds only once a title is typed); with `keepsEveryPath`, every
    /// row is listed, as the proofs of fixes compare them. The work is the audit's; a state past it is not explored, with a note.
    func exploredRows(after actions: [AvailableAction], firstRows: [AuditRow], on screens: FirstScreens, scenario: Scenario, variant: String,
                      file: String, declarations: [DeclarationSyntax], drawn: Bool) -> (rows: [ExploredRow], notes: [AuditNote]) {
        guard depth >= 2, !actions.isEmpty else { return ([], []) }
        guard let firstKey = try? screens.withCopy({ $0.stateKey() }) else { return ([], []) }
        var seen: Set<StateKey> = [firstKey]
        // Whether each action offered so far changed the state anywhere it was performed.
        var changes: [ActionKey: Bool] = [:]
        for (action, row) in zip(actions, firstRows) where row.error != nil { changes[ActionKey(action)] = false }
        var explored = 0
        var leftOut = 0
        var states: [ReachedState] = []
        // Whether a state an action reached is explored: one not seen before, within the limit.
        func admits(_ key: StateKey) -> Bool {
            guard seen.insert(key).inserted else { return false }
            guard explored < exploredStatesLimit else {
                leftOut += 1
                return false
            }
            explored += 1
            return true
        }
        // Records whether `action` changed the state this time; true when its row is listed: an action
        // not offered before, or one that changed nothing before and changes something now.
        func notes(_ action: ActionKey, changed: Bool) -> Bool {
            let listed = changes[action].map { !$0 && changed } ?? true
            changes[action] = (changes[action] ?? false) || changed
            return listed
        }
        // The first state's actions are performed again, each on a copy of the first screen, for the state each leaves.
        let startable = actions.indices.filter { firstRows[$0].error == nil }
        for batch in stride(from: 0, to: startable.count, by: Self.explorationBatch) where total.remaining > 0 {
            let indices = Array(startable[batch..<min(batch + Self.explorationBatch, startable.count)])
            let budget = AuditWorkBudget(actions: indices.count, limit: total.remaining)
            let reached = ParallelWork.map(indices.count, threads: threads) { position -> Explored? in
                guard budget.mayPerform(position) else {
                    budget.record(0, at: position)
                    return nil
                }
                return try? screens.withCopy { (simulation) throws(DiagnosticError) -> Explored in
                    defer { budget.record(simulation.work, at: position) }
                    _ = try simulation.perform(actionAt: indices[position], allRows: allRows)
                    let kept = Simulation(copying: simulation)
                    return Explored(row: firstRows[indices[position]], ownUncertainty: [], reached: kept, key: kept.stateKey())
                }
            }
            total.charge(budget.spentWork())
            for (position, result) in reached.prefix(budget.performedCount()).enumerated() {
                guard let result, let key = result.key else { continue }
                // A first-state action's row is listed already.
                _ = notes(ActionKey(actions[indices[position]]), changed: key != firstKey)
                guard let simulation = result.reached, admits(key) else { continue }
                let first = firstRows[indices[position]]
                states.append(ReachedState(simulation: simulation, key: key, path: [first.action], controls: [first.identity ?? first.action], uncertainty: Self.inherited(from: first, uncertainty: first.uncertainty)))
            }
        }
        var rows: [ExploredRow] = []
        for level in 2...depth {
            var next: [ReachedState] = []
            guard total.remaining > 0 else {
                leftOut += states.count
                break
            }
            let performed = perform(in: states, scenario: scenario, variant: variant, file: file, declarations: declarations, drawn: drawn,
                                    continuing: level < depth)
            for (state, results) in zip(states, performed) {
                for result in results {
                    let row = result.row
                    let listed = notes(ActionKey(kind: row.kind, location: SourceLocation(row.location)), changed: result.key.map { $0 != state.key } ?? false)
                    if keepsEveryPath || listed {
                        rows.append(ExploredRow(row: row, step: result.step, graph: result.graph, starting: drawn ? state.simulation.alivePaths : []))
                    }
                    guard let simulation = result.reached, let reachedKey = result.key, admits(reachedKey) else { continue }
                    next.append(ReachedState(simulation: simulation, key: reachedKey, path: state.path + [row.actionName],
                                             controls: state.controls + [result.control],
                                             uncertainty: state.uncertainty + Self.inherited(from: row, uncertainty: result.ownUncertainty)))
                }
            }
            states = next
        }
        guard leftOut > 0 else { return (rows, []) }
        let place = actions.first.map { TraceLocation($0.location) } ?? TraceLocation(SourceLocation(file: file, line: 1, column: 1))
        let note = AuditNote(location: place, message: "\(leftOut) states the actions lead to were not explored: the audit explores at most "
                             + "\(exploredStatesLimit) states past the first of a screen, within its work (limit: explored states)")
        return (rows, [note])
    }

    /// Every action each of `states` offers, each performed on a copy of its state, all of a level's on
    /// every core at once, within what is left of the audit's work; per state, in the screen's order, each
    /// with the key of the state it leaves, and with `continuing`, that state.
    private func perform(in states: [ReachedState], scenario: Scenario, variant: String, file: String, declarations: [DeclarationSyntax],
                         drawn: Bool, continuing: Bool) -> [[Explored]] {
        let allRows = allRows
        let offered = states.map { $0.simulation.availableActions(allRows: allRows) }
        let pairs = offered.indices.flatMap { state in offered[state].indices.map { (state: state, action: $0) } }
        let shownViewTypes = shownViewTypes
        let loaded = Set(scenario.notes)
        var results = Array(repeating: [Explored](), count: states.count)
        for batch in stride(from: 0, to: pairs.count, by: Self.explorationBatch) where total.remaining > 0 {
            let chosen = Array(pairs[batch..<min(batch + Self.explorationBatch, pairs.count)])
            let budget = AuditWorkBudget(actions: chosen.count, limit: total.remaining)
            let performed = ParallelWork.map(chosen.count, threads: threads) { position -> Explored? in
                let (state, index) = chosen[position]
                guard budget.mayPerform(position) else {
                    budget.record(0, at: position)
                    return nil
                }
                let from = states[state]
                let actions = offered[state]
                let action = actions[index]
                let copy = Simulation(copying: from.simulation)
                defer { budget.record(copy.work, at: position) }
                var row = AuditRow(file: file, variant: variant, action: from.path.joined(separator: ", then ") + ", then " + action.name,
                                   kind: action.kind, control: action.control, location: TraceLocation(action.location))
                row.after = from.path.joined(separator: ", then ")
                row.path = from.path
                let control = AuditIdentity.control(of: action)
                row.identity = (from.controls + [control]).joined(separator: ", then ")
                var explored = Explored(row: row, ownUncertainty: [], control: control)
                do throws(DiagnosticError) {
                    let step = try copy.perform(actionAt: index, allRows: allRows)
                    Self.take(step, of: copy, into: &explored.row, declarations: declarations, loaded: loaded, shownViewTypes: shownViewTypes)
                    if drawn {
                        copy.collectDependencies()
                        (explored.step, explored.graph) = (step, copy.graph())
                    }
                    explored.key = copy.stateKey()
                    if continuing { explored.reached = copy }
                } catch {
                    explored.row.error = error.diagnostics.first?.message ?? "\(error)"
                }
                explored.ownUncertainty = explored.row.uncertainty
                // What the rows before it rest on, the state it starts from rests on too.
                explored.row.uncertainty += from.uncertainty
                return explored
            }
            total.charge(budget.spentWork())
            for (position, result) in performed.prefix(budget.performedCount()).enumerated() {
                if let result { results[chosen[position].state].append(result) }
            }
        }
        return results
    }

    /// What a state an action leaves rests on, from the action's row: each thing its verdicts rest on,
    /// and a code it did not simulate, as `after 'action': what`.
    private static func inherited(from row: AuditRow, uncertainty: [String]) -> [String] {
        var inherited = uncertainty.map { "after '\(row.actionName)': " + $0 }
        if row.isPartial, let note = row.notes.first(where: { $0.message.contains("not simulated") }) {
            inherited.append("after '\(row.actionName)': " + note.message)
        }
        return inherited
    }
}

/// A row the exploration performed, with what the HTML report draws of it.
struct ExploredRow {
    var row: AuditRow
    var step: StepTrace?
    var graph: VariantGraph?
    /// The instances alive when it was performed.
    var starting: Set<String>
}

extension AuditRow {
    /// The action's own name, without the path that leads to it.
    var actionName: String {
        guard let path, !path.isEmpty else { return action }
        return String(action.dropFirst(path.joined(separator: ", then ").count + ", then ".count))
    }
}
