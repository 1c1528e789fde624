// Swift source from an app uses names other modules declare: a type from a package, a global constant,
// a free function, a static member, a model's method Ripple does not run. Where a scenario file would
// have an error, such source gets an opaque value and a note saying what was assumed
// (`DeclarationTable.readsOtherModules`).

extension Engine {
    /// Whether names the source does not declare are assumed to come from another module.
    var readsOtherModules: Bool { table.readsOtherModules }

    /// Notes what was assumed, once per kind and name, and returns an opaque value for it.
    mutating func assumeOpaque(_ text: String, note message: String, at location: SourceLocation) -> Value {
        assume(message, at: location)
        return .opaque(type: Value.unmodelledType, text: text)
    }

    /// Notes what was assumed, once per message, and once per step in the step's own list.
    mutating func assume(_ message: String, at location: SourceLocation) {
        record(.note(message, at: location))
    }

    /// Keeps a note or warning once in the run's notes and once in the step's.
    private mutating func record(_ diagnostic: Diagnostic) {
        guard recordsAssumptions else { return }
        if assumed.insert(diagnostic.message).inserted { notes.append(diagnostic) }
        if !stepNotes.contains(where: { $0.message == diagnostic.message }) { stepNotes.append(diagnostic) }
    }

    /// Records an error met while a body or a comparison runs. Swift source compiles, so there such an
    /// error is something Ripple does not model: a note, and the rest of the body is simulated. A limit
    /// is an error everywhere.
    mutating func reportInBody(_ error: EvaluationError) {
        guard readsOtherModules, !error.isLimit else { return report(error) }
        assume("not simulated: " + error.diagnostic.message, at: error.diagnostic.location)
    }

    /// Evaluates a statement's value: a `let`'s, or an `if`'s condition, in a body, a getter, a closure, an
    /// initializer or a method. In Swift source a value Ripple cannot compute (a division by a stand-in
    /// zero, an index past a stand-in list) is noted as not simulated and is opaque, so the statements after
    /// it still run, and the controls after it are found. A limit is an error.
    mutating func evaluateOrOpaque(_ expression: ExprSyntax, naming text: String, in scope: Scope, expected: ValueType?) throws(EvaluationError) -> Value {
        do throws(EvaluationError) {
            return try evaluate(expression, in: scope, expected: expected)
        } catch {
            guard readsOtherModules, !error.isLimit else { throw error }
            reportInBody(error)
            return .opaque(type: Value.unmodelledType, text: text)
        }
    }

    /// Records an error that left out a whole view a body builds, or the whole body (`what` names it):
    /// in Swift source a warning, once per message, so that what the audit did not see is never one note
    /// among hundreds; in a scenario file, and for a limit, an error.
    mutating func reportDropped(_ error: EvaluationError, what: String? = nil) {
        let message = error.diagnostic.message
        guard readsOtherModules, !message.contains("(limit:") else { return report(error) }
        warnNotSimulated((what.map { $0 + " is " } ?? "") + "not simulated: " + message, at: error.diagnostic.location)
    }

    /// Warns, once per message, that views were left out of the tree: what a person would see there is
    /// not simulated, nor anything they could do with it.
    mutating func warnNotSimulated(_ message: String, at location: SourceLocation) {
        guard recordsAssumptions else { return }
        droppedViews += 1
        record(.warning(message, at: location))
    }

    /// Evaluates a declared initial value (a global's, a `@State` default, an environment key's default). In
    /// Swift source one Ripple cannot compute is an opaque value, with a note; a limit is an error.
    mutating func evaluateInitial(_ expression: ExprSyntax, expected: ValueType?, of what: String) throws(EvaluationError) -> Value {
        do throws(EvaluationError) {
            return try evaluate(expression, in: Scope(), expected: expected)
        } catch {
            guard readsOtherModules, !error.isLimit else { throw error }
            return assumeOpaque(expression.rendered, note: "the initial value of \(what) is not simulated (\(error.diagnostic.message)); it is opaque",
                                at: error.diagnostic.location)
        }
    }

    /// Code quoted in a note, on one line and cut to about 40 characters: its runs of spaces and line
    /// breaks become one space, and a cut falls between tokens, after a space, a `.` or a bracket.
    static func shortened(_ text: String) -> String {
        var line = ""
        for character in text {
            if character.isWhitespace {
                if !line.isEmpty && line.last != " " { line.append(" ") }
            } else {
                line.append(character)
            }
        }
        while line.last == " " { line.removeLast() }
        guard line.count > 40 else { return line }
        let prefix = line.prefix(40)
        let boundary = prefix.lastIndex { " .([{,".contains($0) }.map { prefix[..<$0] } ?? prefix
        var cut = String(boundary.count >= 10 ? boundary : prefix)
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// Decides a condition on a value Ripple does not model: true, unless the simulation was built to take
    /// the condition at that place as false (`conditionsTakenAsFalse`). Notes it, records the decision,
    /// and, in a body, lists the condition among those the simulation could not decide.
    mutating func decideUnknown(_ condition: ExprSyntax) -> Bool {
        let text = Self.shortened(condition.rendered)
        // Only a body's conditions decide what a screen shows; a model's `init` or a global decides values.
        if isTracking, recordsAssumptions, !undecidedConditions.contains(where: { $0.location == condition.location }) {
            undecidedConditions.append(UndecidedCondition(text: text, location: condition.location))
        }
        let taken = !conditionsTakenAsFalse.contains(condition.location)
        assume("the condition '\(text)' depends on a value Ripple does not model; it is taken as \(taken)", at: condition.location)
        decidedOnUnknown("the condition '\(text)' taken as \(taken)", at: condition.location)
        return taken
    }

    /// Records a decision that rested on a value Ripple does not know, once per place in an update: what
    /// a body or an action did after it is not exact, and the row says where it was decided.
    mutating func decidedOnUnknown(_ what: String, at location: SourceLocation) {
        retake([Self.decision(what, at: location)])
    }

    /// Records decisions taken on unknown values, as `decidedOnUnknown` words them, for the update, the
    /// evaluation and any global being computed.
    mutating func retake(_ decisions: [String]) {
        for text in decisions {
            if isTracking {
                untaken.decisionCount += 1
                untaken.lastDecision = text
            }
            // Inside an untaken side, nothing is decided for the rows: that code does not run.
            guard recordsAssumptions else { continue }
            if !unknownDecisions.contains(text) { unknownDecisions.append(text) }
            if !evaluationDecisions.contains(text) { evaluationDecisions.append(text) }
            if !decisionsTaken.isEmpty, !decisionsTaken[decisionsTaken.count - 1].contains(text) { decisionsTaken[decisionsTaken.count - 1].append(text) }
        }
    }

    /// A decision on an unknown value as rows and traces give it: `what at File.swift:12: its value is unknown`.
    static func decision(_ what: String, at location: SourceLocation) -> String {
        what + " at " + fileName(location.file) + ":" + String(location.line) + ": its value is unknown"
    }

    /// The last component of a path, as a row names a place.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The stand-in for a value of `type` that the source leaves unset (`StandIns`), with a note.
    mutating func standIn(for type: ValueType, _ what: String, at location: SourceLocation) throws(EvaluationError) -> Value {
        let expression = StandIns(table: table).expression(for: type, at: location)
        assume("\(what) is given the stand-in '\(expression.rendered)'", at: location)
        return try evaluate(expression, in: Scope(), expected: type)
    }
}

/// A condition Ripple could not decide because it rests on a value it does not know: its text, shortened
/// as notes give it, and its place.
public struct UndecidedCondition: Hashable, Sendable {
    /// `HomebrewController.shared.isInstalled`, shortened past 40 characters.
    public var text: String
    public var location: SourceLocation

    /// The decision of taking it as `taken`, as a row's uncertainty names it:
    /// `the condition 'isInstalled' taken as false at App.swift:12: its value is unknown`.
    public func decision(takenAs taken: Bool) -> String {
        Engine.decision("the condition '\(text)' taken as \(taken)", at: location)
    }
}
