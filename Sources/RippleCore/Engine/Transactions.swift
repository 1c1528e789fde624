// The writes of an action made in `withAnimation { }` and `withTransaction(…) { }` (Rule 18): a write that
// tells a view, made in another transaction than the writes that told views before it, first ends the
// update those made, which is evaluated then; `update(named:)` traces each update the action made as one
// of the step's, in order.

/// An update an action ended before its last: its trace without its writes (the action returns its
/// writes together, in order, and `writes` says how many of them are this update's), the transaction they
/// were made in, and what its evaluations set off to run after the action.
struct EndedUpdate {
    var trace: StepTrace
    var writes: Int
    var transaction: String?
    var fired: [FiredHandler]
}

extension Engine {
    /// Runs the statements of a `withAnimation { }` or `withTransaction(…) { }` closure (`call`) as the
    /// action's, in the transaction named, inside the one running.
    @inline(never)
    mutating func runInTransaction(_ name: String, _ statements: [StatementSyntax], of call: ExprSyntax, pass: inout Pass, written: inout [Place],
                                   depth: Int, into traces: inout [WriteTrace]) throws(EvaluationError) {
        let outer = enterTransaction(name, of: call)
        defer { currentTransaction = outer }
        _ = try runMethodStatements(statements, pass: &pass, written: &written, depth: depth, into: &traces)
    }

    /// Makes the transaction named, set by `call`, the one the writes that follow are made in, inside the
    /// one running, and returns that one, to restore once the closure has run. A `completion:` closure is
    /// noted: it runs once the animation ends, which Ripple does not simulate.
    mutating func enterTransaction(_ name: String, of call: ExprSyntax) -> String? {
        if let completion = ActionClosure.completion(of: call) {
            assume(TransactionUpdates.completionNotRun, at: completion.location)
        }
        let outer = currentTransaction
        currentTransaction = TransactionUpdates.nested(name, in: outer)
        return outer
    }

    /// Called by a write that tells a view, before it changes anything: when writes that told views in
    /// another transaction are in the update, the update ends first (Rule 18), and the write starts the next.
    @inline(__always)
    mutating func joinTransaction(pass: inout Pass, written: inout [Place]) throws(EvaluationError) {
        if pass.tells {
            guard TransactionUpdates.endsUpdate(updateTells: true, updateTransaction: pass.transaction, writeTransaction: currentTransaction) else { return }
            try endUpdate(pass: &pass, written: &written)
        }
        pass.tells = true
        pass.transaction = currentTransaction
    }

    /// Ends the update an action's writes so far made: every body they dirtied is evaluated now, with
    /// the values they wrote, and the update is kept, traced, for `update(named:)`; the pass and the places
    /// written start afresh for the writes that follow.
    @inline(never)
    mutating func endUpdate(pass: inout Pass, written: inout [Place]) throws(EvaluationError) {
        // The bodies are evaluated as any update's are, outside the action's scope.
        let context = methodContext
        methodContext = nil
        defer { methodContext = context }
        try runPass(&pass, initial: [])
        var trace = trace("", writes: [], written: written, pass: pass)
        if !unknownDecisions.isEmpty { trace.unknownDecisions = unknownDecisions }
        unknownDecisions.removeAll()
        endedUpdates.append(EndedUpdate(trace: trace, writes: pass.writes, transaction: pass.transaction, fired: pass.firedHandlers))
        swap(&lastEvaluated, &pass.order)
        pass.reset()
        written.removeAll(keepingCapacity: true)
    }

    /// The updates of an action that ended some before its last (`ended`), then `last`, as the step's
    /// updates in order, the first named `name`, each with its share of `writes`; and what they set off.
    /// The last is left out when the action wrote nothing after the update before it.
    @inline(never)
    static func transactionUpdates(named name: String, ended: [EndedUpdate], last: (trace: StepTrace, transaction: String?, fired: [FiredHandler])?,
                                   writes: [WriteTrace]) -> ([StepTrace], [FiredHandler]) {
        var rest = writes[...]
        var updates: [StepTrace] = []
        var fired: [FiredHandler] = []
        var previous: String?
        let parts = ended.map { ($0.trace, $0.transaction, $0.fired, $0.writes) } + (last.map { [($0.trace, $0.transaction, $0.fired, Int.max)] } ?? [])
        for (index, (trace, transaction, firedThen, count)) in parts.enumerated() {
            var update = trace
            update.name = index == 0 ? name : TransactionUpdates.updateName(transaction: transaction, previous: previous)
            // An error in an action can drop the writes it made before it: the updates then take what is left.
            let taken = index == parts.count - 1 ? rest.count : min(count, rest.count)
            update.writes = Array(rest.prefix(taken))
            rest = rest.dropFirst(taken)
            updates.append(update)
            fired += firedThen
            previous = transaction
        }
        return (updates, fired)
    }
}
