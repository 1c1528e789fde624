// A body that decides a condition on a value Ripple does not know builds one side of it. What the other
// side reads still decides whether an action's write would reach the view in the world where the
// condition goes the other way: `if Flags.isCompact { Text("compact") } else { Text("\(model.count)") }`
// depends on `model.count` exactly when the flag is false. So the other side is run too, apart: its
// reads go to a log of their own, and nothing it builds, notes, decides or registers is kept. The places
// it read stay with the instance; an action that writes one of them to a view it does not re-run rests
// on the decision, and its row says so.

/// One decision's other side: the decision, as rows name it, and the places read there; nil when the
/// side took more work than `UntakenBranches.maximumWork` to run, so that any write may reach it.
struct UntakenRead: Sendable {
    var decision: String
    var places: [Place]?
}

/// The engine's record of untaken sides, for the evaluation under way and the instances that have some.
struct UntakenBranches: Sendable {
    /// How deep in untaken sides the engine is: inside one, a further decision's other side is run into
    /// the same log, and nothing is noted or decided for the rows.
    var depth = 0
    /// How many decisions on unknown values the evaluation under way has taken, and the last: a
    /// condition compares the count before and after it.
    var decisionCount = 0
    var lastDecision = ""
    /// The work the untaken sides of the evaluation under way took, and whether one stopped short.
    var work = 0
    var stoppedShort = false
    /// The engine's work count when the outermost side under way started.
    var sideStart = 0
    /// The other sides the evaluation under way ran.
    var ofEvaluation: [UntakenRead] = []
    /// What the last evaluation of each instance that ran some read there, by instance: kept apart from
    /// `Instance`, which every write and evaluation copies, since few instances have any.
    var readsByInstance: [Int: [UntakenRead]] = [:]

    /// Most work units the untaken sides of one evaluation may take: a side is run again for every
    /// decision inside another side, and a helper that calls itself on both sides of a condition would
    /// run both at every level. Past it, a side is not run, and any write reaches the decision.
    static let maximumWork = 2_000
}

extension Engine {
    /// Starts recording the untaken sides of an evaluation.
    mutating func beginUntakenSides() {
        untaken.decisionCount = 0
        untaken.work = 0
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

    /// Whether notes, warnings and decisions are recorded: not inside an untaken side, whose code a
    /// person never sees run.
    var recordsAssumptions: Bool { untaken.depth == 0 }

    /// Runs the other side of the decision taken since `decided` decisions (`run`), in a body being
    /// evaluated: its reads are kept with the decision, and everything else it did is undone. An error
    /// there, other than a limit, ends that side and keeps what it read before.
    @inline(never)
    mutating func readUntaken(after decided: Int, _ run: (inout Engine) throws(EvaluationError) -> Void) throws(EvaluationError) {
        guard isTracking, untaken.decisionCount > decided else { return }
        if untaken.depth > 0 {
            // Inside an untaken side: this side is part of it, within the evaluation's allowance.
            guard untaken.work + work - untaken.sideStart < UntakenBranches.maximumWork else {
                untaken.stoppedShort = true
                return
            }
            do throws(EvaluationError) { try run(&self) } catch { if error.isLimit { throw error } }
            return
        }
        let decision = untaken.lastDecision
        guard untaken.work < UntakenBranches.maximumWork else {
            untaken.ofEvaluation.append(UntakenRead(decision: decision, places: nil))
            return
        }
        // What building views changes besides the log, kept to put back; notes, errors and decisions are
        // not recorded inside a side (`recordsAssumptions`).
        let saved = (shown: shownByLastBuild, presented: presentedByLastBuild, lazyRows: lazyRows, uuid: nextUUID,
                     anchor: erasureAnchor, forEachCount: lastForEachCount, untracked: untrackedReasons, count: untaken.decisionCount,
                     last: untaken.lastDecision)
        var sideLog = ReadLog()
        swap(&log, &sideLog)
        shownByLastBuild = nil
        untaken.depth += 1
        untaken.sideStart = work
        untaken.stoppedShort = false
        var failure: EvaluationError?
        do throws(EvaluationError) { try run(&self) } catch { if error.isLimit { failure = error } }
        untaken.depth -= 1
        untaken.work += work - untaken.sideStart
        swap(&log, &sideLog)
        (shownByLastBuild, presentedByLastBuild, lazyRows, nextUUID) = (saved.shown, saved.presented, saved.lazyRows, saved.uuid)
        (erasureAnchor, lastForEachCount, untrackedReasons) = (saved.anchor, saved.forEachCount, saved.untracked)
        (untaken.decisionCount, untaken.lastDecision) = (saved.count, saved.last)
        if let failure { throw failure }
        let places: [Place]? = untaken.stoppedShort ? nil : sideLog.placeList
        if places?.isEmpty != true { untaken.ofEvaluation.append(UntakenRead(decision: decision, places: places)) }
    }

    /// The other clauses of an `if` one of whose conditions was decided on an unknown value: each clause
    /// but `taken` whose conditions can hold, and the `else` when a clause was taken.
    @inline(never)
    mutating func readUntakenClauses<Host: StatementHost>(_ clauses: [IfClauseSyntax], otherwise: [StatementSyntax]?, taken: Int?,
                                                         after decided: Int, in scope: Scope, host: Host) throws(EvaluationError) {
        try readUntaken(after: decided) { (engine: inout Engine) throws(EvaluationError) in
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
        // A view that is gone reads nothing any more: its record goes, so the table holds live views only.
        for id in untaken.readsByInstance.keys.filter({ !alive($0) }) { untaken.readsByInstance[id] = nil }
        var decisions: [String] = []
        for (id, sides) in untaken.readsByInstance.sorted(by: { $0.key < $1.key }) where !evaluated(id) {
            for side in sides where side.places.map({ $0.contains(where: written.contains) }) ?? true {
                let text = side.decision + "; '\(instances[id].viewType)' reads what this action writes where it goes the other way"
                if !decisions.contains(text) { decisions.append(text) }
            }
        }
        return decisions
    }
}
