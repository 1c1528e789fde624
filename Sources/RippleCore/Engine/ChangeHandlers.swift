// `.onChange(of:)` actions run after the update that changed what they watch (Rule 11): an evaluation
// that watches another value than the view's previous one fires its action, and once the pass is over the
// fired actions run, together, as an update of their own, whose writes re-run what they dirty.

/// An `.onChange` action an evaluation fired: the view that applies it, the action as this evaluation
/// recorded it (its scope is this evaluation's), and the value its previous evaluation watched.
struct FiredChangeHandler {
    var instance: Int
    var action: UserAction
    var old: Value
}

extension Engine {
    /// The most updates of fired `.onChange` actions one step runs: a handler that keeps changing what
    /// another watches (or itself) is an error, as SwiftUI's "action tried to update multiple times per
    /// frame" is a warning.
    static let maximumChangeRounds = 16

    /// Finds the `.onChange` actions whose watched value differs from what the view's previous evaluation
    /// watched at the same place (the same modifier in the same row).
    static func collectFiredChangeHandlers(of id: Int, previous: [UserAction], now: [UserAction], pass: inout Pass) {
        for action in now where action.kind == .change {
            let before = previous.first { $0.kind == .change && $0.location == action.location && $0.rows == action.rows }
            guard let old = before?.watched, let new = action.watched,
                  OnChangeScope.runsAction(previous: old, now: new) else { continue }
            pass.firedChangeHandlers.append(FiredChangeHandler(instance: id, action: action, old: old))
        }
    }

    /// Adds the `.onAppear` actions of a view that has just appeared (Rule 16).
    static func collectAppearHandlers(of id: Int, now: [UserAction], pass: inout Pass) {
        for action in now where action.kind == .appear {
            pass.firedChangeHandlers.append(FiredChangeHandler(instance: id, action: action, old: Value.none))
        }
    }

    /// The writes of the fired actions, run one after another in the order their views were evaluated,
    /// each `.onChange` action given the old and the new value.
    mutating func changeHandlerWrites(_ fired: [FiredChangeHandler], pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var writes: [WriteTrace] = []
        for handler in fired where alive(handler.instance) {
            guard let closure = handler.action.closure else { continue }
            var arguments: [Value] = []
            if handler.action.kind == .change {
                guard let new = handler.action.watched else { continue }
                arguments = OnChangeScope.actionArguments(parameters: closure.parameters.count, old: handler.old, new: new)
            }
            let frame = SuspendedAction.Frame(statements: closure.body[...], scope: closureScope(closure.parameters, arguments: arguments, in: handler.action.scope))
            // An error in one action is reported, and the others still run.
            do throws(EvaluationError) {
                writes += try runUntilAwait([frame], resuming: false, of: handler.instance, pass: &pass, written: &written)
            } catch {
                report(error)
            }
        }
        return writes
    }

    /// The name of the update the fired actions run in: `.onChange(of: query) in SearchView`, or the
    /// first of several and how many more.
    func changeRoundName(_ fired: [FiredChangeHandler]) -> String {
        let first = fired[0]
        let name = "\(first.action.control) in \(instances[first.instance].name)"
        return fired.count == 1 ? name : name + " and \(fired.count - 1) more"
    }
}

extension UserAction {
    /// The value an `.onChange` action watched when its body was evaluated.
    var watched: Value? {
        kind == .change ? arguments.last : nil
    }
}
