// The result of simulating a scenario: per variant, per step, what was written and what it caused.

/// What happened to one instance in one step.
public enum Outcome: String, Hashable, Sendable, Codable, CaseIterable {
    /// Evaluated, and something it reads changed (or it is new).
    case needed
    /// Evaluated, but nothing it reads changed.
    case wasted
    /// Not evaluated, although something it reads changed.
    case stale
    /// Neither evaluated nor affected.
    case skipped
}

/// Where something is in a scenario or a Swift file: 1-based line and column.
public struct TraceLocation: Hashable, Sendable, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(_ location: SourceLocation) {
        file = location.file
        line = location.line
        column = location.column
    }
}

extension SourceLocation {
    /// The place a trace gives, as a source location again.
    public init(_ location: TraceLocation) {
        self.init(file: location.file, line: location.line, column: location.column)
    }
}

/// A value as JSON has it: `"Bea"`, `3`, `true`, `["a", "b"]`, a struct as an object of its fields.
/// A class instance is `{"object": "Root.model"}`; a case without payload its name (`"dark"`); what JSON
/// has no form for (a closure, a binding, a value Ripple does not model) is `null`, with the Swift text
/// beside it in the trace.
public enum TraceValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([TraceValue])
    case object([String: TraceValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([TraceValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: TraceValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// One write in a step.
public struct WriteTrace: Hashable, Sendable, Codable {
    /// The statement as written: `state.users[1].name = "Bea"`.
    public var statement: String
    /// The stored property, slot or key written: `RootView.state.users`, `RootView._expanded`.
    public var target: String
    /// `assignment`, `in-place mutation`, `objectWillChange.send()`, `environment`, `app storage`.
    public var kind: String
    /// The values as Swift prints them.
    public var old: String?
    public var new: String?
    /// Whether anyone was told.
    public var notified: Bool
    /// Why it did or did not notify.
    public var note: String
    /// Where the statement is.
    public var location: TraceLocation?
    /// The values as JSON values (`TraceValue`); `null` for a write without values (`objectWillChange.send()`).
    public var oldValue: TraceValue
    public var newValue: TraceValue

    public init(statement: String, target: String, kind: String, old: String?, new: String?, notified: Bool, note: String,
                location: TraceLocation? = nil, oldValue: TraceValue = .null, newValue: TraceValue = .null) {
        self.statement = statement
        self.target = target
        self.kind = kind
        self.old = old
        self.new = new
        self.notified = notified
        self.note = note
        self.location = location
        self.oldValue = oldValue
        self.newValue = newValue
    }
}

/// An evaluated or stale instance in a step.
public struct InstanceTrace: Hashable, Sendable, Codable {
    /// Full path: `RootView/UserList/UserRow[1]`.
    public var path: String
    /// Short name: `UserRow[1]`.
    public var name: String
    public var viewType: String
    public var outcome: Outcome
    public var causes: [Cause]
    /// Reads whose values changed (for needed evaluations) or would have changed (for stale views).
    public var changedReads: [String]
    /// What SwiftUI's `Self._printChanges()` would print for this evaluation, every reason in its order:
    /// `TaskRow: @self, @identity, _isEditing changed.` Empty for a `ForEach` row shown as an instance
    /// of its own (`ForEach[2]`): its content closure is no view body, and prints nothing.
    public var printChanges: String
    /// Where each of `changedReads` is read in the source, by its path.
    public var readLocations = ReadLocations()
    /// What the verdict rests on that Ripple does not know, so it may be wrong: for a wasted evaluation,
    /// reads of opaque values (code Ripple does not simulate), which compared equal because they print
    /// alike, by path; for any, `some of its views are not simulated` or `the body is not simulated`.
    /// Nil when there is nothing.
    public var uncertainty: [String]?
    /// True for a `ForEach` row shown as an instance of its own (`ForEach[2]`): what ran is the row's
    /// content closure, which is no view body, and the step counts it among `rows`, not `evaluations`.
    /// Nil for a view.
    public var rowClosure: Bool?

    /// Whether the entry is a row's content closure rather than a view's body.
    public var isRowClosure: Bool { rowClosure == true }
}

/// Totals for one step of one variant.
///
/// `evaluations`, `needed` and `wasted` count view bodies, what `Self._printChanges()` and Instruments
/// report. A `ForEach` row whose closure builds only built-in views (`ForEach[2]`) runs that closure and
/// no body: its runs are `rows`, those in vain `wastedRows`.
public struct StepCounts: Hashable, Sendable, Codable {
    /// View bodies evaluated.
    public var evaluations: Int
    /// Bodies evaluated that were new or read a value that changed.
    public var needed: Int
    /// Bodies evaluated in vain.
    public var wasted: Int
    /// Views left showing an old value, rows among them.
    public var stale: Int
    /// Instances that appeared.
    public var created: Int
    /// Instances that went away.
    public var destroyed: Int
    /// `ForEach` rows that ran their content closure.
    public var rows: Int
    /// Rows that ran their content closure in vain.
    public var wastedRows: Int

    /// The counts of both: two updates of one action.
    static func + (a: StepCounts, b: StepCounts) -> StepCounts {
        StepCounts(evaluations: a.evaluations + b.evaluations, needed: a.needed + b.needed, wasted: a.wasted + b.wasted,
                   stale: a.stale + b.stale, created: a.created + b.created, destroyed: a.destroyed + b.destroyed,
                   rows: a.rows + b.rows, wastedRows: a.wastedRows + b.wastedRows)
    }

    /// Totals from their parts.
    public init(evaluations: Int, needed: Int, wasted: Int, stale: Int, created: Int, destroyed: Int, rows: Int = 0, wastedRows: Int = 0) {
        self.evaluations = evaluations
        self.needed = needed
        self.wasted = wasted
        self.stale = stale
        self.created = created
        self.destroyed = destroyed
        self.rows = rows
        self.wastedRows = wastedRows
    }

    /// The counts of a step's entries: each body or row closure run, needed or in vain, and each
    /// instance left stale.
    package init(_ entries: [InstanceTrace], created: Int, destroyed: Int) {
        self.init(evaluations: 0, needed: 0, wasted: 0, stale: 0, created: created, destroyed: destroyed)
        for entry in entries {
            switch (entry.outcome, entry.isRowClosure) {
            case (.stale, _): stale += 1
            case (.needed, false): evaluations += 1; needed += 1
            case (.needed, true): rows += 1
            case (.wasted, false): evaluations += 1; wasted += 1
            case (.wasted, true): rows += 1; wastedRows += 1
            case (.skipped, _): break
            }
        }
    }
}

/// One step of one variant.
public struct StepTrace: Hashable, Sendable, Codable {
    public var name: String
    public var writes: [WriteTrace]
    /// Evaluated and stale instances, in tree order.
    public var instances: [InstanceTrace]
    public var created: [String]
    public var destroyed: [String]
    public var counts: StepCounts
    /// The updates that ran after the step because its evaluations changed what an `.onChange(of:)`
    /// watches: each runs the actions fired, then what their writes dirty (Rule 11); nil when none fired.
    /// The step's own `counts` leave them out; `actionCounts` holds them.
    public var followUps: [StepTrace]?

    /// What the whole action did: the step's update and every update it fired after it. Every table that
    /// gives an action one number (the audit's, a screen's steps, `ripple run`'s) gives this one.
    public var actionCounts: StepCounts {
        (followUps ?? []).reduce(counts) { $0 + $1.actionCounts }
    }
    /// Inputs, as `Child.input`, that compared equal although they hold a value Ripple does not know, so
    /// the child was not re-run and may have had to be. Nil when there are none.
    public var opaqueSkips: [String]?
    /// The decisions the update made on values Ripple does not know (a branch taken as true, a pattern
    /// taken as matching), each with its place; nil when there are none. The step's counts rest on them.
    public var unknownDecisions: [String]?
    /// What each instance shows once the step and its follow-ups are done, in tree order (instances that
    /// show no value left out); nil unless the simulation records what is shown.
    public var shown: [ShownInstance]?
    /// The windows of the lazy containers on screen after the step that leave rows unbuilt or were
    /// scrolled (`List in Root: rows 1–14 of 40`, Rule 20); nil when there are none.
    public var windows: [String]?

    package init(name: String, writes: [WriteTrace], instances: [InstanceTrace], created: [String], destroyed: [String], counts: StepCounts,
                 followUps: [StepTrace]? = nil) {
        self.name = name
        self.writes = writes
        self.instances = instances
        self.created = created
        self.destroyed = destroyed
        self.counts = counts
        self.followUps = followUps
    }
}

/// One variant simulated under one semantics.
public struct VariantTrace: Hashable, Sendable, Codable {
    public var name: String
    public var semantics: Semantics
    /// Instances after the first evaluation of the tree.
    public var initialInstances: Int
    /// The first evaluation of the tree as a step: every instance built, each needed because it is new.
    /// Kept only when an `expect initial` block asks for it.
    public var initial: StepTrace?
    public var steps: [StepTrace]

    package init(name: String, semantics: Semantics, initialInstances: Int, initial: StepTrace? = nil, steps: [StepTrace]) {
        self.name = name
        self.semantics = semantics
        self.initialInstances = initialInstances
        self.initial = initial
        self.steps = steps
    }
}

/// A whole scenario's simulation, the document `ripple run --format json` prints (see docs/Trace.md).
public struct ScenarioTrace: Hashable, Sendable, Codable {
    /// Bumped on any incompatible change to this schema.
    public static let currentVersion = 3
    public var version: Int = ScenarioTrace.currentVersion
    public var file: String
    public var title: String
    public var semantics: Semantics
    public var variants: [VariantTrace]

    package init(file: String, title: String, semantics: Semantics, variants: [VariantTrace]) {
        self.file = file
        self.title = title
        self.semantics = semantics
        self.variants = variants
    }
}
