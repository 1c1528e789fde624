// What runs after an update, outside any body: `.onChange(of:)` actions whose watched value the update
// changed (Rule 11), and what a view's lifetime runs (Rules 16 and 17): its `.onAppear` and
// `.onChange(of:initial: true)` actions and its `.task` closures once it has appeared, a `.task(id:)` again
// once its id changed, its `.onDisappear` actions once it has gone. A body records them as it applies their
// modifiers; the pass collects those its evaluations set off, and once it is over they run, together, as an
// update of their own, whose writes re-run what they dirty.

/// An action an update set off, to run after it, with the view that applies it.
struct FiredHandler {
    enum Work {
        /// A handler the view's body recorded (`.onChange`, `.onAppear`, `.onDisappear`), as that evaluation
        /// recorded it (its scope is the evaluation's), and the value its previous evaluation watched (an
        /// `.onChange` action's old value).
        case action(UserAction, old: Value)
        /// A `.task` closure to start, up to its first `await`; one it started before that still waits is
        /// cancelled first.
        case task(ViewAction)
    }

    var instance: Int
    var work: Work

    /// The modifier as the update that runs it is named: `.onChange(of: query)`, `.onAppear`, `.task(id: query)`.
    var control: String {
        switch work {
        case .action(let action, _): action.control
        case .task(let task): task.id.map { ".task(id: \($0.expression))" } ?? ".task"
        }
    }

    /// Where the modifier is written.
    var location: SourceLocation {
        switch work {
        case .action(let action, _): action.location
        case .task(let task): task.location
        }
    }
}

/// The id of a `.task(id:)` as an evaluation gave it: the expression as written and its value.
struct TaskID: Sendable {
    var expression: String
    var value: Value
}

/// Where a body applied a modifier: its place in the source, and the `ForEach` rows and the `.id` of the
/// view it was applied to. Two evaluations' handlers at one site are one view's: a site a body builds
/// that its previous evaluation did not is a view that appeared, one it no longer builds a view that went.
struct ModifierSite: Hashable, Sendable {
    var location: SourceLocation
    var rows: IdentityPath
    var explicitID: Value?
}

extension Engine {
    /// The most updates of fired actions one step runs: a handler that keeps changing what another watches
    /// (or itself) is an error, as SwiftUI's "action tried to update multiple times per frame" is a warning.
    static let maximumChangeRounds = 16

    // MARK: - Recording

    /// `.onAppear { … }` or `.onDisappear { … }` (`kind`), with a closure or a method named as the action
    /// (`perform: load`): recorded to run once the view has appeared or gone.
    @inline(never)
    mutating func recordLifetimeModifier(_ kind: UserAction.Kind, _ arguments: [ArgumentSyntax], in scope: Scope, context: BuildContext, at location: SourceLocation) {
        guard isTracking, scope.recordsReads else { return }
        for argument in arguments {
            var action = UserAction(kind: kind, control: kind == .appear ? ".onAppear" : ".onDisappear", label: nil, scope: scope,
                                    menu: context.menu, rows: context.forEachIDs, location: location)
            action.explicitID = context.explicitID
            if case .closure(let closure) = argument.value.kind {
                recordDeferredReads(closure, in: scope)
                action.closure = closure
            } else if argument.label == "perform", argument.value.kind.namesMethod {
                action.method = argument.value
            } else {
                continue
            }
            log.userActions.append(action)
        }
    }

    /// `.onChange(of: value, initial: flag) { … }`: the value (and the flag) read by the enclosing body,
    /// the action recorded to run later.
    @inline(never)
    mutating func recordChangeModifier(_ arguments: [ArgumentSyntax], in scope: Scope, context: BuildContext) throws(EvaluationError) {
        var watched: (expression: ExprSyntax, value: Value)?
        var initial = false
        for argument in arguments {
            var closure: ClosureSyntax?
            if case .closure(let syntax) = argument.value.kind { closure = syntax }
            if OnChangeScope.readsInEnclosingBody(argumentIsClosure: closure != nil) {
                let value = try evaluate(argument.value, in: scope, expected: nil)
                if argument.label == "of" { watched = (argument.value, value) }
                if argument.label == "initial" { initial = value == .bool(true) }
            } else if let closure {
                recordDeferredReads(closure, in: scope)
                if let watched {
                    recordChangeHandler(closure, watching: watched.expression, value: watched.value, initial: initial, in: scope, context: context)
                }
            }
        }
    }

    /// `.task { … }`, `.task(id: value) { … }` or `.refreshable { … }`: the closure, kept with the names it
    /// sees here and, for `.task(id:)`, the id's value now. The id's reads are the body's, made where its
    /// arguments are read.
    @inline(never)
    mutating func recordViewAction(_ kind: ViewActionKind, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], in scope: Scope, context: BuildContext,
                                   at location: SourceLocation) {
        guard let closure = (arguments + trailing).lazy.compactMap({ argument -> ClosureSyntax? in
            if case .closure(let closure) = argument.value.kind { closure } else { nil }
        }).first else { return }
        var action = ViewAction(kind: kind, closure: closure, scope: scope, location: location,
                                site: ModifierSite(location: location, rows: context.forEachIDs, explicitID: context.explicitID))
        if kind == .task, let id = arguments.first(where: { $0.label == "id" }) {
            isTracking = false
            let value = try? evaluate(id.value, in: scope, expected: nil)
            isTracking = true
            if let value {
                action.id = TaskID(expression: id.value.rendered, value: value)
                if value.holdsUnmodelled {
                    assume("the id of '.task(id: \(id.value.rendered))' holds a value Ripple does not know, so the task starts again only when that value prints differently",
                           at: id.location)
                }
            } else {
                assume("the id of '.task(id: \(id.value.rendered))' is not known, so the task is not started again when it changes", at: id.location)
            }
        }
        log.actions.append(action)
    }

    // MARK: - Firing

    /// Takes what the view's evaluation recorded (`log`) as its handlers and view actions, and collects what
    /// they set off against the previous evaluation's: the `.onChange` actions whose value changed (Rule 11,
    /// not on the first evaluation of the tree, which has nothing to compare with), and what the views whose
    /// modifiers appeared or went run (Rules 16, 17).
    @inline(never)
    mutating func takeHandlers(of id: Int, pass: inout Pass) {
        let previous = instances[id].userActions
        let previousTasks = instances[id].actions
        instances[id].userActions = log.userActions
        instances[id].actions = log.actions
        if pass.isTraced { Self.collectFiredChangeHandlers(of: id, previous: previous, now: log.userActions, pass: &pass) }
        collectLifetime(of: id, previous: previous, now: log.userActions, previousTasks: previousTasks, tasks: log.actions, pass: &pass)
    }

    /// Finds the `.onChange` actions whose watched value differs from what the view's previous evaluation
    /// watched at the same site (the same modifier in the same row).
    static func collectFiredChangeHandlers(of id: Int, previous: [UserAction], now: [UserAction], pass: inout Pass) {
        let before = previous.filter { $0.kind == .change }
        let after = now.filter { $0.kind == .change }
        guard !after.isEmpty, !before.isEmpty else { return }
        for (action, counterpart) in zip(after, counterparts(of: after, in: before, site: \.site)) {
            guard let old = counterpart?.watched, let new = action.watched, OnChangeScope.runsAction(previous: old, now: new) else { continue }
            pass.firedHandlers.append(FiredHandler(instance: id, work: .action(action, old: old)))
        }
    }

    /// Collects what a view's lifetime runs, comparing the modifiers an evaluation applied with the previous
    /// evaluation's, site by site (a new instance has none before): where one appeared, its `.onAppear` and
    /// `.onChange(of:initial: true)` actions, then its tasks start; a `.task(id:)` whose id changed starts
    /// again; where one went, its `.onDisappear` actions run and its waiting tasks are cancelled.
    @inline(never)
    mutating func collectLifetime(of id: Int, previous: [UserAction], now: [UserAction], previousTasks: [ViewAction], tasks: [ViewAction], pass: inout Pass) {
        let before = previous.filter(\.isLifetimeHandler)
        let after = now.filter(\.isLifetimeHandler)
        if !after.isEmpty {
            for (action, counterpart) in zip(after, Self.counterparts(of: after, in: before, site: \.site))
            where counterpart == nil && ViewLifetime.runsAction(action.kind, initial: action.initial, after: .appeared) {
                // `initial: true` gives the value now as the old value too.
                pass.firedHandlers.append(FiredHandler(instance: id, work: .action(action, old: action.watched ?? Value.none)))
            }
        }
        if !before.isEmpty {
            for (action, counterpart) in zip(before, Self.counterparts(of: before, in: after, site: \.site))
            where counterpart == nil && ViewLifetime.runsAction(action.kind, initial: action.initial, after: .destroyed) {
                pass.firedHandlers.append(FiredHandler(instance: id, work: .action(action, old: Value.none)))
            }
        }
        if !tasks.isEmpty {
            for (task, counterpart) in zip(tasks, Self.counterparts(of: tasks, in: previousTasks, site: \.site)) where task.kind == .task {
                let event: ViewLifetime.Event = counterpart == nil ? .appeared : .updated
                guard ViewLifetime.startsTask(after: event, previousID: counterpart?.id?.value, id: task.id?.value) else { continue }
                pass.firedHandlers.append(FiredHandler(instance: id, work: .task(task)))
            }
        }
        if !previousTasks.isEmpty, !instances[id].suspended.isEmpty {
            for (task, counterpart) in zip(previousTasks, Self.counterparts(of: previousTasks, in: tasks, site: \.site))
            where counterpart == nil && ViewLifetime.cancelsWaitingTask(after: .destroyed, restarting: false) {
                cancelWaitingTasks(of: id, startedAt: task.site)
            }
        }
    }

    /// For each of `now`, the one of `previous` at the same site, or nil when its site is new. A body that
    /// builds one site several times (a helper called twice) has its first matched with the first, and so on.
    static func counterparts<Element>(of now: [Element], in previous: [Element], site: (Element) -> ModifierSite) -> [Element?] {
        let sites = previous.map(site)
        var taken: [ModifierSite: Int] = [:]
        return now.map { element in
            let key = site(element)
            let nth = taken[key, default: 0]
            taken[key] = nth + 1
            var seen = 0
            for (index, other) in sites.enumerated() where other == key {
                if seen == nth { return previous[index] }
                seen += 1
            }
            return nil
        }
    }

    /// What a view being destroyed leaves to run (Rule 17): its `.onDisappear` actions run after the update,
    /// and its tasks waiting at an `await` are cancelled.
    @inline(never)
    mutating func collectDisappearance(of id: Int, pass: inout Pass) {
        for action in instances[id].userActions where ViewLifetime.runsAction(action.kind, initial: action.initial, after: .destroyed) {
            pass.firedHandlers.append(FiredHandler(instance: id, work: .action(action, old: Value.none)))
        }
        if ViewLifetime.cancelsWaitingTask(after: .destroyed, restarting: false) { cancelWaitingTasks(of: id, startedAt: nil) }
    }

    /// Cancels the instance's actions waiting at an `await` (those one modifier started, when `site` is
    /// given), each with a note: Swift's cancellation is cooperative, and Ripple takes the awaited call as
    /// ending the action.
    mutating func cancelWaitingTasks(of id: Int, startedAt site: ModifierSite?) {
        guard !instances[id].suspended.isEmpty else { return }
        var kept: [SuspendedAction] = []
        for waiting in instances[id].suspended {
            guard site == nil || waiting.origin == site else {
                kept.append(waiting)
                continue
            }
            let at = waiting.origin?.location ?? waiting.frames.first?.statements.first?.location ?? SourceLocation(file: "", line: 1, column: 1)
            assume("a task of '\(instances[id].name)' waiting at an 'await' is cancelled, so what follows the 'await' is not run; an awaited call that does not check for cancellation would return and run it",
                   at: at)
        }
        instances[id].suspended = kept
    }

    /// Notes the `.onDisappear` actions of the screen below a `.navigationDestination` whose path changed:
    /// SwiftUI runs them when a `NavigationStack` pushes a view over theirs (and their `.onAppear` when it
    /// is popped), and Ripple keeps the covered views on screen.
    @inline(never)
    mutating func noteCoveredDisappearance(by host: Int) {
        guard case .view(let presenter)? = instances[host].description.contentClosure?.scope.this, alive(presenter) else { return }
        var pending = [presenter]
        while let id = pending.popLast() {
            guard id != host else { continue }
            for action in instances[id].userActions where action.kind == .disappear {
                assume("'\(instances[id].name)' stays on screen under a pushed '.navigationDestination' in Ripple, so its '.onDisappear' does not run; SwiftUI runs it for a covered screen, and its '.onAppear' again once uncovered",
                       at: action.location)
            }
            pending += instances[id].children
        }
    }

    // MARK: - Running

    /// The writes of the fired actions, run one after another in the order their views were evaluated
    /// (an `.onDisappear` action's view is gone by then), each `.onChange` action given the old and the
    /// new value.
    mutating func firedHandlerWrites(_ fired: [FiredHandler], pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var writes: [WriteTrace] = []
        for handler in fired {
            // An error in one action is reported, and the others still run.
            do throws(EvaluationError) {
                switch handler.work {
                case .action(var action, let old):
                    guard alive(handler.instance) || action.kind == .disappear else { continue }
                    if action.kind == .change, let closure = action.closure, let new = action.watched {
                        action.arguments = OnChangeScope.actionArguments(parameters: closure.parameters.count, old: old, new: new)
                    }
                    writes += try actionWrites(action, of: handler.instance, named: action.control, pass: &pass, written: &written)
                case .task(let task):
                    guard alive(handler.instance) else { continue }
                    writes += try startTask(task, of: handler.instance, pass: &pass, written: &written)
                }
            } catch {
                report(error)
            }
        }
        return writes
    }

    /// Starts a `.task` closure: cancels what it started before and still waits, then runs it up to its
    /// first `await`, where the rest waits for `resume`.
    @inline(never)
    mutating func startTask(_ task: ViewAction, of instance: Int, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        if ViewLifetime.cancelsWaitingTask(after: .updated, restarting: true) { cancelWaitingTasks(of: instance, startedAt: task.site) }
        let scope = closureScope(task.closure.parameters, arguments: [], in: task.scope)
        return try runUntilAwait([SuspendedAction.Frame(statements: task.closure.body[...], scope: scope)], resuming: false, of: instance,
                                 origin: task.site, pass: &pass, written: &written)
    }

    /// The name of the update the fired actions run in: `.onChange(of: query) in SearchView`, or the
    /// first of several and how many more.
    func changeRoundName(_ fired: [FiredHandler]) -> String {
        let first = fired[0]
        let name = "\(first.control) in \(instances[first.instance].name)"
        return fired.count == 1 ? name : name + " and \(fired.count - 1) more"
    }
}

extension UserAction {
    /// The value an `.onChange` action watched when its body was evaluated.
    var watched: Value? {
        kind == .change ? arguments.last : nil
    }

    /// Where its body applied it.
    var site: ModifierSite { ModifierSite(location: location, rows: rows, explicitID: explicitID) }

    /// Whether its view's lifetime may run it: `.onAppear`, `.onDisappear`, `.onChange(of:initial: true)`.
    var isLifetimeHandler: Bool { kind.isLifetime || (kind == .change && initial) }
}
