// The actions a person can take on a variant's screen, and performing one (`ripple audit`).

/// An action a person can take on screen, as the first evaluation of the tree found it.
public struct AvailableAction: Hashable, Sendable {
    /// `tap Button "Add" in TaskListView`, `toggle Toggle "Done" in TaskRow[2]`.
    public var name: String
    /// `tap`, `long press`, `submit`, `toggle`, `type`, `increment`.
    public var kind: String
    /// Where the control or gesture is written.
    public var location: SourceLocation
    /// The path of the instance whose body offers it.
    public var instance: String
}

extension Simulation {
    /// Every action the screen offers now, in tree order. An action written once inside a `ForEach` is
    /// offered by every row; only the first and the last row's are listed unless `allRows`.
    public func availableActions(allRows: Bool = false) -> [AvailableAction] {
        engine.availableActions(allRows: allRows).map(\.action)
    }

    /// Performs the action `availableActions(allRows:)` lists at `index` as one step.
    public func perform(actionAt index: Int, allRows: Bool = false) throws(DiagnosticError) -> StepTrace {
        let actions = engine.availableActions(allRows: allRows)
        guard actions.indices.contains(index) else {
            throw DiagnosticError([.error("no action \(index) on this screen", at: SourceLocation(file: "", line: 1, column: 1))])
        }
        let chosen = actions[index]
        let trace: StepTrace
        do throws(EvaluationError) {
            trace = try engine.perform(engine.instances[chosen.id].userActions[chosen.offset], of: chosen.id, named: chosen.action.name)
        } catch {
            if !engine.errors.contains(error.diagnostic) { engine.errors.append(error.diagnostic) }
            throw DiagnosticError(engine.errors)
        }
        if !engine.errors.isEmpty { throw DiagnosticError(engine.errors) }
        return trace
    }
}

extension Engine {
    /// The actions of the live tree in tree order, with the instance and the position of each.
    func availableActions(allRows: Bool) -> [(action: AvailableAction, id: Int, offset: Int)] {
        var found: [(action: AvailableAction, id: Int, offset: Int)] = []
        func visit(_ id: Int) {
            guard alive(id) else { return }
            let shown = instances[id].isHiddenRow ? instances[id].parent ?? id : id
            for (offset, action) in instances[id].userActions.enumerated() {
                let label = action.label.map { " \"" + $0 + "\"" } ?? ""
                let name = "\(action.kind.verb) \(action.control)\(label) in \(instances[shown].name)"
                found.append((AvailableAction(name: name, kind: action.kind.rawValue, location: action.location, instance: instances[shown].path), id, offset))
            }
            for child in instances[id].children { visit(child) }
        }
        for id in instances.indices where instances[id].parent == nil { visit(id) }
        guard !allRows else { return found }
        // One written action offered by many rows: its first and its last row stand for the rest.
        var byPlace: [SourceLocation: [Int]] = [:]
        for (index, entry) in found.enumerated() { byPlace[entry.action.location, default: []].append(index) }
        let kept = Set(byPlace.values.flatMap { indices in indices.count > 2 ? [indices.first!, indices.last!] : indices })
        return found.indices.filter(kept.contains).map { found[$0] }
    }
}
