// A view's `.task` and `.refreshable` closures. A `.task` starts when its view appears, in the update
// after the one that built it (Rule 17, `ChangeHandlers.swift`); `refresh TaskListView` runs the
// `.refreshable` ones as a pull to refresh does. An action runs up to its first `await`; what follows
// waits, and `resume TaskListView` runs it, up to the next `await`, as the awaited call returning does.
// The statements run as a model method's do: each write is the update's, traced with its statement.

/// A closure a body attached with `.task` or `.refreshable`, and the names it sees there.
struct ViewAction: Sendable {
    var kind: ViewActionKind
    var closure: ClosureSyntax
    var scope: Scope
    var location: SourceLocation
    /// Where the body applied it: what a waiting run it started is known by.
    var site: ModifierSite
    /// A `.task(id:)`'s id as the evaluation gave it: when a later evaluation gives another, the task is
    /// cancelled and starts again.
    var id: TaskID?
}

/// What an action has left to run after an `await`: a frame for the closure and one for each model
/// method it awaits inside (`await model.load()`), innermost first, each with the names it has bound.
struct SuspendedAction: Sendable {
    struct Frame: Sendable {
        var statements: ArraySlice<StatementSyntax>
        var scope: Scope
    }

    var frames: [Frame]
    /// Where the body applied the `.task` or `.refreshable` that started it; nil for any other action (a
    /// button's closure that awaits).
    var origin: ModifierSite?
}

extension Engine {
    /// Runs a step's `refresh X` or `resume X`; returns the writes it made. `task X` is an error: a `.task`
    /// starts when its view appears.
    mutating func runViewAction(_ kind: ViewActionKind, _ target: ExprSyntax, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        if kind == .perform, case .string(let parts) = target.kind, parts.count == 1, case .text(let text) = parts[0] {
            if text.hasPrefix("scroll ") { return try scroll(text, at: target.location, pass: &pass) }
            if text.hasPrefix("tick ") { return try tick(text, at: target.location, pass: &pass) }
            return try runNamedAction(text, at: target.location, pass: &pass, written: &written)
        }
        let instance = try actionInstance(target)
        let name = instances[instance].name
        guard ViewLifetime.stepStarts(kind) else {
            throw EvaluationError("'task \(name)' starts nothing: \(taskStartHint(of: instance, resume: "resume \(name)"))", at: target.location)
        }
        var traces: [WriteTrace] = []
        if let modifier = kind.modifier {
            let actions = instances[instance].actions.filter { $0.kind == kind }
            guard !actions.isEmpty else {
                let others = Set(instances[instance].actions.map(\.kind.rawValue)).sorted().map { "'\($0) \(name)'" }
                let hint = others.isEmpty ? "" : "; it has \(others.joined(separator: ", "))"
                throw EvaluationError("'\(name)' has no '.\(modifier)' to run\(hint)", at: target.location)
            }
            for action in actions {
                var scope = action.scope
                scope.recordsReads = false
                for parameter in action.closure.parameters { scope = scope.with(parameter, .none) }
                let frames = [SuspendedAction.Frame(statements: action.closure.body[...], scope: scope)]
                traces += try runUntilAwait(frames, resuming: false, of: instance, origin: action.site, pass: &pass, written: &written)
            }
        } else {
            guard !instances[instance].suspended.isEmpty else {
                throw EvaluationError("'\(name)' has no action waiting at an 'await'; a '.task' starts when its view appears, a '.refreshable' with 'refresh \(name)'",
                                      at: target.location)
            }
            let waiting = instances[instance].suspended.removeFirst()
            traces = try runUntilAwait(waiting.frames, resuming: true, of: instance, origin: waiting.origin, pass: &pass, written: &written)
        }
        return traces
    }

    /// Why a step starts no `.task` of an instance, and what it can do instead (`resume`, named as the
    /// step names actions).
    func taskStartHint(of instance: Int, resume: String) -> String {
        let name = instances[instance].name
        let rule = ViewLifetime.taskStartsOnAppearance
        guard instances[instance].actions.contains(where: { $0.kind == .task }) else { return rule + ", and '\(name)' has none" }
        let waits = instances[instance].suspended.contains { waiting in instances[instance].actions.contains { $0.kind == .task && $0.site == waiting.origin } }
        return waits ? rule + "; '\(resume)' runs what follows its 'await'" : rule + ", and the one of '\(name)' has run to its end"
    }

    /// The live instance a view action names: `Root`, `Row[2]`, `Row[title: "A"]`.
    private mutating func actionInstance(_ target: ExprSyntax) throws(EvaluationError) -> Int {
        var components: [ExprSyntax] = []
        var root = target
        while case .subscriptAccess(let base, _, false) = root.kind {
            components.insert(root, at: 0)
            root = base
        }
        guard case .identifier(let name) = root.kind, table.views[name] != nil else {
            throw EvaluationError("'\(target.rendered)' is not a view instance; name one like 'Root' or 'Row[2]'", at: target.location)
        }
        let (reference, rest) = try instanceReference(name, components[...])
        guard rest.isEmpty else { throw EvaluationError("'\(target.rendered)' is not a view instance; name one like 'Root' or 'Row[2]'", at: target.location) }
        return try findInstance(reference, at: target.location)
    }

    /// Runs the innermost frame up to its next statement that holds an `await` (its first one runs when
    /// `resuming`: the awaited call has returned), then each frame around it once it ends. An awaited
    /// model method (`await model.load()`) runs as Swift runs it, up to its own first `await`, in a frame
    /// of its own. What is left waits as the instance's suspended action, with the `origin` of the
    /// `.task` or `.refreshable` that started it.
    mutating func runUntilAwait(_ frames: [SuspendedAction.Frame], resuming: Bool, of instance: Int, origin: ModifierSite? = nil,
                                pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var frames = frames
        var resuming = resuming
        var traces: [WriteTrace] = []
        let saved = methodContext
        defer { methodContext = saved }
        while var frame = frames.first {
            let statements = frame.statements
            let from = resuming && !statements.isEmpty ? statements.index(after: statements.startIndex) : statements.startIndex
            let end = statements[from...].firstIndex(where: \.suspends) ?? statements.endIndex
            methodContext = frame.scope
            let returned = try !runMethodStatements(Array(statements[statements.startIndex..<end]), pass: &pass, written: &written, depth: frames.count, into: &traces)
            resuming = false
            if returned || end == statements.endIndex {
                frames.removeFirst()
                continue
            }
            frame.scope = methodContext ?? frame.scope
            if let (method, scope) = try awaitedMethod(statements[end], depth: frames.count) {
                frame.statements = statements[(end + 1)...]
                frames[0] = frame
                frames.insert(SuspendedAction.Frame(statements: method.body[...], scope: scope), at: 0)
                continue
            }
            frame.statements = statements[end...]
            frames[0] = frame
            instances[instance].suspended.append(SuspendedAction(frames: frames, origin: origin))
            break
        }
        return traces
    }

    /// The model method a statement awaits for no value (`await model.load()`, `await save()` in a
    /// method), with the scope it runs in; nil for any other statement.
    private mutating func awaitedMethod(_ statement: StatementSyntax, depth: Int) throws(EvaluationError) -> (FunctionSyntax, Scope)? {
        guard let (method, scope, location) = try calledMethod(statement) else { return nil }
        guard depth < Self.maximumMethodDepth else {
            throw EvaluationError("methods call methods more than \(Self.maximumMethodDepth) levels deep, down to '\(method.name)' (limit: method depth)", at: location)
        }
        return (method, scope)
    }
}
