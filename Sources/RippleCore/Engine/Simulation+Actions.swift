// The actions a person can take on a variant's screen, and performing one (`ripple audit`).

/// An action a person can take on screen, as the first evaluation of the tree found it.
public struct AvailableAction: Hashable, Sendable {
    /// `tap Button "Add" in TaskListView`, `toggle Toggle "Done" in TaskRow[2]`.
    public var name: String
    /// `tap`, `long press`, `submit`, `toggle`, `type`, `increment`, `choose`, `delete`, `move`, `push`,
    /// `dismiss`, `change`, `receive`, `task`, `refresh`, `resume`.
    public var kind: String
    /// Where the control, gesture or modifier is written.
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
            switch chosen.source {
            case .user(let offset):
                trace = try engine.perform(engine.instances[chosen.id].userActions[offset], of: chosen.id, named: chosen.action.name)
            case .view(let offset, let resuming):
                trace = try engine.perform(engine.instances[chosen.id].actions[offset], resuming: resuming, of: chosen.id, named: chosen.action.name)
            }
        } catch {
            if !engine.errors.contains(error.diagnostic) { engine.errors.append(error.diagnostic) }
            throw DiagnosticError(engine.errors)
        }
        if !engine.errors.isEmpty { throw DiagnosticError(engine.errors) }
        return trace
    }

    /// What Ripple assumed so far about code it does not simulate, once each: the scenario's load, then
    /// every step and action performed.
    public var notes: [Diagnostic] { engine.notes }
}

/// Where the engine keeps an action the screen offers.
enum ActionSource {
    /// An instance's `userActions`, at this offset.
    case user(Int)
    /// An instance's `.task` or `.refreshable` closure (`actions`, at this offset): started, or resumed
    /// after its first `await`.
    case view(Int, resuming: Bool)
}

extension Engine {
    /// The actions of the live tree in tree order, with the instance and where each is kept.
    func availableActions(allRows: Bool) -> [(action: AvailableAction, id: Int, source: ActionSource)] {
        var found: [(action: AvailableAction, id: Int, source: ActionSource)] = []
        func visit(_ id: Int) {
            guard alive(id) else { return }
            let place = actionPlace(of: id)
            let path = instances[instances[id].isHiddenRow ? instances[id].parent ?? id : id].path
            for (offset, action) in instances[id].userActions.enumerated() {
                let label = action.label.map { " \"" + $0 + "\"" } ?? ""
                let menu = action.menu.map { " (\($0))" } ?? ""
                let name = "\(action.kind.verb) \(action.control)\(label)\(menu) in \(place)"
                found.append((AvailableAction(name: name, kind: action.kind.rawValue, location: action.location, instance: path), id, .user(offset)))
            }
            for (offset, action) in instances[id].actions.enumerated() {
                guard let modifier = action.kind.modifier else { continue }
                let start = AvailableAction(name: "\(action.kind == .task ? "start" : "refresh") .\(modifier) in \(place)",
                                            kind: action.kind.rawValue, location: action.location, instance: path)
                found.append((start, id, .view(offset, resuming: false)))
                // What follows its first `await` runs when the awaited call returns: an action of its own.
                if waits(action.closure.body) {
                    let resume = AvailableAction(name: "resume .\(modifier) in \(place)", kind: ViewActionKind.resume.rawValue,
                                                 location: action.location, instance: path)
                    found.append((resume, id, .view(offset, resuming: true)))
                }
            }
            for child in instances[id].children { visit(child) }
        }
        for id in instances.indices where instances[id].parent == nil { visit(id) }
        guard !allRows else { return found }
        // One written action offered by many rows: its first and its last row stand for the rest.
        var byPlace: [String: [Int]] = [:]
        for (index, entry) in found.enumerated() { byPlace["\(entry.action.kind) \(entry.action.location)", default: []].append(index) }
        let kept = Set(byPlace.values.flatMap { indices in indices.count > 2 ? [indices.first!, indices.last!] : indices })
        return found.indices.filter(kept.contains).map { found[$0] }
    }

    /// Whether statements stop at an `await` when run: one awaits something Ripple does not run (a
    /// network call, `Task.sleep`), or a model method that waits itself. A method that never waits runs
    /// through, as `runUntilAwait` runs it. The method is found by its name among the classes.
    func waits(_ statements: [StatementSyntax], depth: Int = 0) -> Bool {
        statements.contains { statement in
            guard statement.suspends else { return false }
            guard depth < Self.maximumMethodDepth, case .expression(let expression) = statement.kind,
                  case .call(let callee, _, _) = expression.kind else { return true }
            let name: String
            switch callee.kind {
            case .identifier(let called): name = called
            case .member(_, let called, _): name = called
            default: return true
            }
            let methods = table.data.values.compactMap { $0.method(named: name) }
            return methods.isEmpty || methods.contains { waits($0.body, depth: depth + 1) }
        }
    }

    /// The instance an action is named in: its own name, or for a row whose custom view stands for it
    /// (which has no name of its own), its parent's and the row's identity (`TaskList, row UUID-2`).
    private func actionPlace(of id: Int) -> String {
        guard instances[id].isHiddenRow, let parent = instances[id].parent else { return instances[id].name }
        let identities = instances[id].description.key.forEachIDs.map(identityText)
        return identities.isEmpty ? instances[parent].name : "\(instances[parent].name), row \(identities.joined(separator: ", "))"
    }

    /// A view's `.task` or `.refreshable` closure performed as one step, up to its first `await`; when
    /// `resuming`, started first in a step that is not counted, then resumed from that `await` to the next.
    func perform(_ action: ViewAction, resuming: Bool, of instance: Int, named name: String) throws(EvaluationError) -> StepTrace {
        var scope = action.scope
        scope.recordsReads = false
        for parameter in action.closure.parameters { scope = scope.with(parameter, .none) }
        let frames = [SuspendedAction.Frame(statements: action.closure.body[...], scope: scope)]
        func run(_ frames: [SuspendedAction.Frame], resuming: Bool, pass: inout Pass, written: inout [Place]) -> [WriteTrace] {
            do throws(EvaluationError) {
                return try runUntilAwait(frames, resuming: resuming, of: instance, pass: &pass, written: &written)
            } catch {
                report(error)
                return []
            }
        }
        guard resuming else {
            return try transaction(named: name) { pass, written in run(frames, resuming: false, pass: &pass, written: &written) }
        }
        _ = try transaction(named: "start " + name) { pass, written in run(frames, resuming: false, pass: &pass, written: &written) }
        guard !instances[instance].suspended.isEmpty else {
            throw EvaluationError("the closure did not reach an 'await', so nothing waits to resume", at: action.location)
        }
        let waiting = instances[instance].suspended.removeFirst()
        return try transaction(named: name) { pass, written in run(waiting.frames, resuming: true, pass: &pass, written: &written) }
    }
}
