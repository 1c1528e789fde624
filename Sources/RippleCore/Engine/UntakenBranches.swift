// A body that decides a condition on a value Ripple does not know builds one side of it. What the other
// side reads still decides whether an action's write would reach the view in the world where the
// condition goes the other way: `if Flags.isCompact { Text("compact") } else { Text("\(model.count)") }`
// depends on `model.count` exactly when the flag is false. So the other side is run too, apart: its
// reads go to a log of their own, and nothing it builds, notes, decides or registers is kept. The places
// it read stay with the instance; an action that writes one of them to a view it does not re-run rests
// on the decision, and its row says so.

/// One decision's other side: the decision, as rows name it, and the places read there.
struct UntakenRead: Sendable {
    var decision: String
    var places: [Place]
}

/// The engine's record of untaken sides, for the evaluation under way and the instances that have some.
struct UntakenBranches: Sendable {
    /// How deep in untaken sides the engine is: inside one, a further decision's other side is run into
    /// the same log.
    var depth = 0
    /// The decisions of the evaluation under way, in the order taken, repeats included: a condition
    /// looks at those it added.
    var recentDecisions: [String] = []
    /// The other sides the evaluation under way ran.
    var ofEvaluation: [UntakenRead] = []
    /// What the last evaluation of each instance that ran some read there, by instance: kept apart from
    /// `Instance`, which every write and evaluation copies, since few instances have any.
    var readsByInstance: [Int: [UntakenRead]] = [:]
}

extension Engine {
    /// Starts recording the untaken sides of an evaluation.
    mutating func beginUntakenSides() {
        untaken.recentDecisions.removeAll(keepingCapacity: true)
        untaken.ofEvaluation.removeAll(keepingCapacity: true)
    }

    /// Keeps what the evaluation of `id` read on its untaken sides, for the instance.
    mutating func keepUntakenSides(of id: Int) {
        if untaken.ofEvaluation.isEmpty {
            if !untaken.readsByInstance.isEmpty { untaken.readsByInstance[id] = nil }
        } else {
            untaken.readsByInstance[id] = untaken.ofEvaluation
        }
    }

    /// Runs the other side of the decisions `decisions` (`run`), in a body being evaluated: its reads are
    /// kept with the decision, and everything else it did is undone. An error there, other than a limit,
    /// ends that side and keeps what it read before.
    @inline(never)
    mutating func readUntaken(after decisions: ArraySlice<String>, _ run: (inout Engine) throws(EvaluationError) -> Void) throws(EvaluationError) {
        guard isTracking, let decision = decisions.last else { return }
        if untaken.depth > 0 {
            // Inside an untaken side: this side is part of it.
            do throws(EvaluationError) { try run(&self) } catch { if error.isLimit { throw error } }
            return
        }
        // What building views changes besides the log, kept to put back.
        let saved = (shown: shownByLastBuild, presented: presentedByLastBuild, notes: notes, stepNotes: stepNotes, assumed: assumed,
                     dropped: droppedViews, errors: errors, unknown: unknownDecisions, evaluation: evaluationDecisions,
                     taken: decisionsTaken, undecided: undecidedConditions, lazyRows: lazyRows, uuid: nextUUID,
                     anchor: erasureAnchor, forEachCount: lastForEachCount, untracked: untrackedReasons, recent: untaken.recentDecisions)
        var sideLog = ReadLog()
        swap(&log, &sideLog)
        shownByLastBuild = nil
        untaken.depth += 1
        var failure: EvaluationError?
        do throws(EvaluationError) { try run(&self) } catch { if error.isLimit { failure = error } }
        untaken.depth -= 1
        swap(&log, &sideLog)
        (shownByLastBuild, presentedByLastBuild, notes, stepNotes, assumed) = (saved.shown, saved.presented, saved.notes, saved.stepNotes, saved.assumed)
        (droppedViews, errors, unknownDecisions, evaluationDecisions) = (saved.dropped, saved.errors, saved.unknown, saved.evaluation)
        (decisionsTaken, undecidedConditions, lazyRows, nextUUID) = (saved.taken, saved.undecided, saved.lazyRows, saved.uuid)
        (erasureAnchor, lastForEachCount, untrackedReasons, untaken.recentDecisions) = (saved.anchor, saved.forEachCount, saved.untracked, saved.recent)
        if let failure { throw failure }
        if !sideLog.placeList.isEmpty { untaken.ofEvaluation.append(UntakenRead(decision: decision, places: sideLog.placeList)) }
    }

    /// The other clauses of an `if` one of whose conditions was decided on an unknown value: each clause
    /// but `taken` whose conditions can hold, and the `else` when a clause was taken.
    @inline(never)
    mutating func readUntakenClauses<Host: StatementHost>(_ clauses: [IfClauseSyntax], otherwise: [StatementSyntax]?, taken: Int?,
                                                         after decisions: ArraySlice<String>, in scope: Scope, host: Host) throws(EvaluationError) {
        try readUntaken(after: decisions) { (engine: inout Engine) throws(EvaluationError) in
            var side = host
            for (index, clause) in clauses.enumerated() where index != taken {
                do throws(EvaluationError) {
                    guard let bound = try engine.test(clause.conditions, in: scope) else { continue }
                    _ = try engine.execute(clause.body, in: bound, host: &side)
                } catch {
                    if error.isLimit { throw error }
                }
            }
            if taken != nil, let otherwise { _ = try engine.execute(otherwise, in: scope, host: &side) }
        }
    }

    /// The decisions of rows whose action wrote a place that a view it did not re-run reads only on a
    /// side of a decision it did not take: in the world where the decision goes the other way, that view
    /// is told of the write.
    mutating func untakenReaders(of written: [Place], evaluated: (Int) -> Bool) -> [String] {
        guard !untaken.readsByInstance.isEmpty, !written.isEmpty else { return [] }
        var decisions: [String] = []
        for (id, sides) in untaken.readsByInstance.sorted(by: { $0.key < $1.key }) where alive(id) && !evaluated(id) {
            for side in sides where side.places.contains(where: written.contains) {
                let text = side.decision + "; '\(instances[id].viewType)' reads what this action writes where it goes the other way"
                if !decisions.contains(text) { decisions.append(text) }
            }
        }
        return decisions
    }
}
