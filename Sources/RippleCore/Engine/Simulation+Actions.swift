// The actions a person can take on a variant's screen, and performing one (`ripple audit`).

/// An action a person can take on screen, as the first evaluation of the tree found it.
public struct AvailableAction: Hashable, Sendable {
    /// `tap Button "Add" in TaskListView`, `toggle Toggle "Done" in TaskRow[2]`.
    public var name: String
    /// `tap`, `long press`, `submit`, `toggle`, `type`, `increment`, `choose`, `delete`, `move`, `push`,
    /// `select`, `dismiss`, `change`, `receive`, `refresh`, `resume` (a `.task` started when its view
    /// appeared, and its rest is resumed).
    public var kind: String
    /// Where the control, gesture or modifier is written.
    public var location: SourceLocation
    /// The path of the instance whose body offers it.
    public var instance: String
    /// The control as written: `Button`, `Toggle`, or a modifier with its dot, `.onTapGesture`, `.task`.
    public var control: String
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
            trace = try engine.perform(chosen)
        } catch {
            if !engine.errors.contains(error.diagnostic) { engine.errors.append(error.diagnostic) }
            throw DiagnosticError(engine.errors)
        }
        if !engine.errors.isEmpty { throw DiagnosticError(engine.errors) }
        return recordingShown(trace)
    }

    /// What Ripple assumed so far about code it does not simulate, once each: the scenario's load, then
    /// every step and action performed.
    public var notes: [Diagnostic] { engine.notes }
    /// What the last step or action performed assumed, each once, including what loading had assumed
    /// already and the step met again.
    public var notesOfLastStep: [Diagnostic] { engine.stepNotes }
}

/// Where the engine keeps an action the screen offers.
enum ActionSource {
    /// An instance's `userActions`, at this offset.
    case user(Int)
    /// An instance's `.task` or `.refreshable` closure (`actions`, at this offset): a `.refreshable`
    /// started, or either resumed after its `await`.
    case view(Int, resuming: Bool)
}

/// An action the live tree offers, with the instance that offers it, where the engine keeps it, and the
/// parts of its name a step can name it by for short (`tap TaskRow[2] "Done"`).
struct OfferedAction {
    var action: AvailableAction
    var id: Int
    var source: ActionSource
    /// `tap`, `type in`, `start`.
    var verb: String
    var label: String?
    /// The instance's name in the action's name: `TaskRow[2]`, `Shelf, row 3`.
    var place: String

    /// Whether a step's short name names it: its verb and instance (`toggle Settings`), and its title
    /// when one is given (`tap TaskRow[2] "Done"`).
    func isNamed(byShortName name: String) -> Bool {
        guard name.hasPrefix(verb + " ") else { return false }
        let rest = name.dropFirst(verb.count + 1)
        return rest == place || (label.map { rest == place + " \"" + $0 + "\"" } ?? false)
    }
}

extension Engine {
    /// The actions of the live tree in tree order, with the instance and where each is kept.
    func availableActions(allRows: Bool) -> [OfferedAction] {
        var found: [OfferedAction] = []
        func visit(_ id: Int) {
            guard alive(id) else { return }
            let instancePlace = actionPlace(of: id)
            let path = instances[instances[id].isHiddenRow ? instances[id].parent ?? id : id].path
            // A disabled control is nothing a person can use.
            for (offset, action) in instances[id].userActions.enumerated() where !action.kind.isLifetime && action.disablement != .disabled {
                // An action in a row the body builds itself (no instance of its own) is named by that row.
                // A row's or a presentation's content is built in its parent's rows, whose identities come first.
                let inherited = instances[id].description.contentClosure != nil ? instances[id].description.key.forEachIDs.count : 0
                let rows = action.rows.dropFirst(inherited)
                let place = rows.isEmpty || instances[id].isHiddenRow ? instancePlace : "\(instancePlace), row \(rows.map { identityText($0) }.joined(separator: ", "))"
                let menu = action.menu.map { " (\($0))" } ?? ""
                let name = Self.actionName("\(action.kind.verb) \(action.control)", label: action.label, "\(menu) in \(place)")
                found.append(OfferedAction(action: AvailableAction(name: name, kind: action.kind.rawValue, location: action.location, instance: path,
                                                                   control: String(action.control.prefix { $0 != "(" })),
                                           id: id, source: .user(offset), verb: action.kind.verb, label: action.label, place: place))
            }
            let place = instancePlace
            for (offset, action) in instances[id].actions.enumerated() {
                guard let modifier = action.kind.modifier else { continue }
                // A `.task` started when its view appeared (Rule 17): no person starts it, and what follows
                // the `await` it waits at is resumed. A `.refreshable` is a person's pull to refresh.
                let resumable: Bool
                if ViewLifetime.stepStarts(action.kind) {
                    let start = AvailableAction(name: Self.actionName("refresh .\(modifier)", label: nil, " in \(place)"), kind: action.kind.rawValue,
                                                location: action.location, instance: path, control: "." + modifier)
                    found.append(OfferedAction(action: start, id: id, source: .view(offset, resuming: false), verb: "refresh", place: place))
                    resumable = waits(action.closure.body, in: id)
                } else {
                    resumable = instances[id].suspended.contains { $0.origin == action.site }
                }
                // What follows its first `await` runs when the awaited call returns: an action of its own.
                if resumable {
                    let resume = AvailableAction(name: Self.actionName("resume .\(modifier)", label: nil, " in \(place)"), kind: ViewActionKind.resume.rawValue,
                                                 location: action.location, instance: path, control: "." + modifier)
                    found.append(OfferedAction(action: resume, id: id, source: .view(offset, resuming: true), verb: "resume", place: place))
                }
            }
            for child in instances[id].children { visit(child) }
        }
        for id in instances.indices where instances[id].parent == nil { visit(id) }
        // Two instances that share a name (one view type built twice in a body, a sheet's view beside
        // another) offer actions of one name: the second and later are told apart by their place in tree
        // order, `#2`.
        var named: [String: Int] = [:]
        for index in found.indices {
            let name = found[index].action.name
            named[name, default: 0] += 1
            if named[name]! > 1 { found[index].action.name += " #\(named[name]!)" }
        }
        guard !allRows else { return found }
        // One written action offered by many rows: its first and its last row stand for the rest.
        var byPlace: [String: [Int]] = [:]
        for (index, entry) in found.enumerated() { byPlace["\(entry.action.kind) \(entry.action.location)", default: []].append(index) }
        let kept = Set(byPlace.values.flatMap { indices in indices.count > 2 ? [indices.first!, indices.last!] : indices })
        return found.indices.filter(kept.contains).map { found[$0] }
    }

    /// Most characters of an action's name, before the ` #2` that tells apart two of one name: a name is a
    /// row of every output (text, JSON, HTML, notes), and a 100 KB button title would make a 200 KB row.
    static let maximumActionNameLength = 80

    /// `head "label"tail` (`tap Button "Add" in TaskListView`), at most `maximumActionNameLength`
    /// characters: a long title is cut first, with `…`, so the control and the instance stay; then, when
    /// the rest alone is too long (a row named by a long identity), the name's end.
    static func actionName(_ head: String, label: String?, _ tail: String) -> String {
        let limit = maximumActionNameLength
        func name(_ title: String?) -> String { head + (title.map { " \"" + $0 + "\"" } ?? "") + tail }
        let full = name(label)
        guard full.count > limit else { return full }
        if let label {
            let room = limit - name("").count - 1
            if room >= 8 { return name(String(label.prefix(room)) + "…") }
        }
        return String(full.prefix(limit - 1)) + "…"
    }

    /// Whether statements of a view's action stop at an `await` when run: one awaits something Ripple
    /// does not run (a network call), or a method that waits itself. A method that never waits runs
    /// through, as `runUntilAwait` runs it; so does waiting itself (`Task.sleep`), which changes nothing
    /// but is a wait. A view's own method is found on the view; any other by its name among the classes.
    func waits(_ statements: [StatementSyntax], in instance: Int, depth: Int = 0) -> Bool {
        statements.contains { statement in
            guard statement.suspends else { return false }
            guard depth < Self.maximumMethodDepth, case .expression(let expression) = statement.kind,
                  case .call(let callee, _, _) = expression.kind else { return true }
            if let own = callee.kind.ownMemberName, let method = viewFunction(own, of: instance) {
                return waits(method.body, in: instance, depth: depth + 1)
            }
            guard case .member(_, let name, _) = callee.kind else { return true }
            let methods = table.data.values.compactMap { $0.method(named: name) }
            return methods.isEmpty || methods.contains { waits($0.body, in: instance, depth: depth + 1) }
        }
    }

    /// The instance an action is named in: its own name, or for a row whose custom view stands for it
    /// (which has no name of its own), its parent's and the row's identity (`TaskList, row UUID-2`).
    private func actionPlace(of id: Int) -> String {
        guard instances[id].isHiddenRow, let parent = instances[id].parent else { return instances[id].name }
        let identities = instances[id].description.key.forEachIDs.map { identityText($0) }
        return identities.isEmpty ? instances[parent].name : "\(instances[parent].name), row \(identities.joined(separator: ", "))"
    }

    /// An action the screen offers performed as one step: the writes of its closure, its method or its
    /// control, then every body they dirty. What it needs first is a step of its own that is not counted:
    /// a presentation to dismiss is shown, a `.task` to resume is started.
    mutating func perform(_ offered: OfferedAction) throws(EvaluationError) -> StepTrace {
        let (id, name) = (offered.id, offered.action.name)
        // An error in the action's statements is reported, and the step is traced up to it.
        func step(_ engine: inout Engine, _ name: String,
                  _ makeWrites: (inout Engine, inout Pass, inout [Place]) throws(EvaluationError) -> [WriteTrace]) throws(EvaluationError) -> StepTrace {
            try engine.transaction(named: name) { engine, pass, written in
                do throws(EvaluationError) {
                    return try makeWrites(&engine, &pass, &written)
                } catch {
                    engine.report(error)
                    return []
                }
            }
        }
        switch offered.source {
        case .user(let offset):
            let action = instances[id].userActions[offset]
            if let shown = try preparation(for: action), let binding = action.binding {
                _ = try transaction(named: "show " + action.control) { (engine, pass, written) throws(EvaluationError) in
                    try engine.writeBinding(binding, shown, control: action.control, named: name, at: action.location, pass: &pass, written: &written)
                }
            }
            return try step(&self, name) { engine, pass, written throws(EvaluationError) in
                if case .undecided(let text, let location)? = action.disablement {
                    engine.decidedOnUnknown("'.disabled(\(text))' taken as false", at: location)
                }
                return try engine.actionWrites(action, of: id, named: name, pass: &pass, written: &written)
            }
        case .view(let offset, let resuming):
            let action = instances[id].actions[offset]
            // A `.refreshable` to resume is started first; a `.task` waits already.
            if resuming && ViewLifetime.stepStarts(action.kind) {
                _ = try step(&self, "start " + name) { engine, pass, written throws(EvaluationError) in
                    try engine.viewActionWrites(action, resuming: false, of: id, pass: &pass, written: &written)
                }
            }
            return try step(&self, name) { engine, pass, written throws(EvaluationError) in
                try engine.viewActionWrites(action, resuming: resuming, of: id, pass: &pass, written: &written)
            }
        }
    }

    /// What a view's `.refreshable` closure writes in the step being run, up to its first `await`, or
    /// when `resuming`, what the `.task` or `.refreshable` left waiting, from its `await` to the next.
    mutating func viewActionWrites(_ action: ViewAction, resuming: Bool, of instance: Int, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        guard resuming else {
            let scope = closureScope(action.closure.parameters, arguments: [], in: action.scope)
            return try runUntilAwait([SuspendedAction.Frame(statements: action.closure.body[...], scope: scope)], resuming: false,
                                     of: instance, origin: action.site, pass: &pass, written: &written)
        }
        guard let index = instances[instance].suspended.firstIndex(where: { $0.origin == action.site }) else {
            throw EvaluationError("'\(instances[instance].name)' has no '.\(action.kind.modifier ?? "task")' waiting at an 'await'", at: action.location)
        }
        let waiting = instances[instance].suspended.remove(at: index)
        return try runUntilAwait(waiting.frames, resuming: true, of: instance, origin: waiting.origin, pass: &pass, written: &written)
    }

    /// A step's action taken by name (`tap Button "Add" in TaskListView`, `tap TaskRow[2] "Done"`,
    /// `type "Plan trip" in TextField "Title" in NewTaskBar`): what it writes, in the step being run.
    mutating func runNamedAction(_ text: String, at location: SourceLocation, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var name = text
        var typed: String?
        if let (literal, rest) = Self.typedText(in: text) {
            typed = literal
            name = "type in " + rest
        }
        let offered = availableActions(allRows: true)
        var chosen = offered.filter { $0.action.name == name }
        if chosen.isEmpty { chosen = offered.filter { $0.isNamed(byShortName: name) } }
        guard chosen.count == 1, let action = chosen.first else {
            if chosen.isEmpty, let place = Self.startedTaskPlace(in: name) {
                throw EvaluationError("'\(name)' starts nothing: \(startedTaskHint(place, offered: offered))", at: location)
            }
            if chosen.isEmpty {
                let names = offered.map(\.action.name)
                let hint = Suggestion.didYouMean(name, in: names)
                let known = hint.isEmpty ? (names.isEmpty ? "; the screen offers none" : "; it offers \(names.prefix(3).map { "'\($0)'" }.joined(separator: ", "))\(names.count > 3 ? ", …" : "")") : hint
                throw EvaluationError("no action '\(name)' on screen\(known)", at: location)
            }
            throw EvaluationError("'\(name)' names \(chosen.count) actions: \(chosen.prefix(3).map { "'\($0.action.name)'" }.joined(separator: ", ")); write the whole name", at: location)
        }
        switch action.source {
        case .user(let offset):
            return try actionWrites(instances[action.id].userActions[offset], of: action.id, named: text, typed: typed, pass: &pass, written: &written)
        case .view(let offset, let resuming):
            return try viewActionWrites(instances[action.id].actions[offset], resuming: resuming, of: action.id, pass: &pass, written: &written)
        }
    }

    /// The instance a `start .task in Feed` names (`Feed`), as the audit named a `.task` when a step
    /// started it; nil for any other name.
    static func startedTaskPlace(in name: String) -> String? {
        let head = "start .task in "
        return name.hasPrefix(head) ? String(name.dropFirst(head.count)) : nil
    }

    /// Why `start .task in Feed` names no action, and the `resume` that the screen offers in its place.
    private func startedTaskHint(_ place: String, offered: [OfferedAction]) -> String {
        guard let resume = offered.first(where: { $0.action.name == "resume .task in " + place }) else { return ViewLifetime.taskStartsOnAppearance }
        return ViewLifetime.taskStartsOnAppearance + "; '\(resume.action.name)' runs what follows its 'await'"
    }

    /// `type "Plan trip" in …`: the text typed and what follows `in `; nil for any other name.
    static func typedText(in text: String) -> (typed: String, rest: String)? {
        guard text.hasPrefix("type \"") else { return nil }
        var typed = ""
        var escaped = false
        var index = text.index(text.startIndex, offsetBy: 6)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if escaped {
                typed.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                let rest = text[index...]
                guard rest.hasPrefix(" in ") else { return nil }
                return (typed, String(rest.dropFirst(4)))
            } else {
                typed.append(character)
            }
        }
        return nil
    }
}
