import RippleCore

/// One action performed in one variant: what it cost, how far to trust it, and the hints that would
/// have avoided its waste.
public struct AuditRow: Encodable, Sendable {
    /// The audited file, as the caller named it.
    public var file: String
    /// The variant the action was performed in.
    public var variant: String
    /// The action's name: `tap Button "Add" in TaskListView`.
    public var action: String
    /// The state of the screen the action was performed in when it is not the app's launch state: a
    /// preview's (`preview 'With data'`), whose sample values the screen is built from; nil otherwise.
    public var state: String?
    /// The actions performed before this one from the first state, joined by `, then `: the tap that
    /// presents a dialog, for the dialog's button; nil for an action of the first state.
    public var after: String?
    /// The actions performed before this one from the first state, in order (`--depth`); nil for an
    /// action of the first state.
    public var path: [String]?
    /// What the action does: `tap`, `toggle`, `step`.
    public var kind: String
    /// The control as written: `Button`, `.onTapGesture`; `step` for a scenario's own step.
    public var control: String
    /// Where the control is.
    public var location: TraceLocation
    /// How far its counts can be trusted.
    public var confidence: Confidence = .exact
    /// What its verdicts rest on that Ripple does not know (an opaque value read, a body it could not
    /// simulate), as `View: what`; empty for an exact row.
    public var uncertainty: [String] = []
    /// Bodies the action re-ran.
    public var evaluations: Int
    /// Bodies the action re-ran whose output did not change.
    public var wasted: Int
    /// Views the action left showing an old value.
    public var stale: Int
    /// `ForEach` rows whose closure builds only built-in views (`ForEach[2]`) that ran it: no body, so
    /// not among `evaluations`.
    public var rows = 0
    /// Rows that ran their closure in vain.
    public var wastedRows = 0
    /// The view type with the most wasted evaluations or row closures, and how many; nil when nothing was wasted.
    public var mostWasted: String?
    /// How many evaluations of `mostWasted` were wasted.
    public var mostWastedCount: Int
    /// Whether what `mostWasted` counts are row closures (`ForEach` rows), not bodies.
    public var mostWastedAreRows = false
    /// What would have avoided the waste or the stale views, the hint for `mostWasted` first.
    public var hints: [AuditHint]
    /// Why it could not be simulated; nil when it was.
    public var error: String?
    /// What Ripple assumed while performing it, beyond what loading the code assumed: code it does not
    /// simulate.
    public var notes: [AuditNote] = []
    /// What the action does with every proven fix applied; nil when no fix was kept.
    public var fixed: Counts? = nil
    /// Per view type the action re-ran or left stale, in the order the step lists them.
    public var views: [ViewCounts] = []
    /// What each instance shows once the action is done, when the audit records it for the proofs of
    /// fixes; nil otherwise, and then absent from the JSON.
    public var shown: [ShownInstance]?
    /// The instances, by path, whose bodies or row closures the action re-ran, and those of them whose
    /// re-run was needed, recorded with `shown` for the proofs of fixes; nil otherwise, and then absent
    /// from the JSON.
    public var evaluatedPaths: [String]?
    public var neededPaths: [String]?
    /// What told each re-run instance, by path, to re-run, other than its parent: the properties, slots
    /// and keys its causes name (`Inbox.mailbox.unreadCount`); recorded with `evaluatedPaths`.
    public var toldBy: [String: [String]]?
    /// The action by its control rather than by its row or line: what it does, the control, its title and
    /// the view type whose body writes it (`tap Button "Done" in ItemRow`), and when one control is
    /// offered more than once on a screen (a list's first and last row), ` #2` for the second in the
    /// screen's order. A follow-up adds the action it follows (`…, then …`). A comparison with a baseline
    /// matches actions by it and their file, so a change that moves code or changes a `ForEach`'s keys
    /// compares each action with itself; nil in an audit saved before it was recorded.
    public var identity: String?
    /// What told the views the action re-ran or left stale, once per view type, outcome and cause: what a
    /// comparison with a baseline names as the change that made an action do more.
    public var reasons: [AuditReason] = []

    /// Whether some of what the action runs was not simulated: its notes say what.
    public var isPartial: Bool { notes.contains { $0.message.contains("not simulated") } }

    /// The view type that wasted most, or why the row is not exact: what the last column shows.
    public var why: String {
        let most = error.map { "not simulated: \($0)" } ?? mostWasted.map { "\($0)\(mostWastedAreRows ? " rows" : "") ×\(mostWastedCount)" } ?? "–"
        guard confidence == .partial else { return most }
        let what = uncertainty.first ?? notes.first { $0.message.contains("not simulated") }?.message ?? "see the notes"
        return mostWasted == nil ? what : most + "; " + what
    }

    /// Wasted evaluations and row closures whose verdict rests on nothing Ripple does not know: what a
    /// budget counts.
    public var judgedWasted = 0

    /// Evaluations, wasted evaluations, stale views and row closures of one action.
    public struct Counts: Encodable, Sendable {
        /// Bodies re-run.
        public var evaluations: Int
        /// Bodies re-run in vain.
        public var wasted: Int
        /// Views left stale.
        public var stale: Int
        /// Row closures run, and run in vain.
        public var rows: Int
        public var wastedRows: Int

        /// The counts.
        public init(evaluations: Int, wasted: Int, stale: Int, rows: Int = 0, wastedRows: Int = 0) {
            self.evaluations = evaluations
            self.wasted = wasted
            self.stale = stale
            self.rows = rows
            self.wastedRows = wastedRows
        }
    }

    /// What one action did to one view type.
    public struct ViewCounts: Encodable, Sendable {
        /// The view type.
        public var view: String
        /// Its bodies re-run.
        public var evaluations = 0
        /// Its bodies re-run in vain.
        public var wasted = 0
        /// Its instances left stale.
        public var stale = 0
        /// True when `view` is `ForEach` rows' content closures, which `evaluations` and `wasted` then
        /// count, not bodies; nil for a view.
        public var rowClosures: Bool?

        /// The counts of `view`.
        public init(view: String, evaluations: Int = 0, wasted: Int = 0, stale: Int = 0) {
            self.view = view
            self.evaluations = evaluations
            self.wasted = wasted
            self.stale = stale
        }
    }

    /// An action not yet performed: no evaluations, nothing wasted, no hint.
    public init(file: String, variant: String, action: String, kind: String, control: String, location: TraceLocation) {
        self.file = file
        self.variant = variant
        self.action = action
        self.kind = kind
        self.control = control
        self.location = location
        evaluations = 0
        wasted = 0
        stale = 0
        mostWasted = nil
        mostWastedCount = 0
        hints = []
        error = nil
    }

    /// Takes the counts, the view type that wasted most, and the hints from what the action did in the
    /// code of `declarations`, with the updates its `.onChange` actions ran after it.
    public mutating func count(_ step: StepTrace, declarations: [DeclarationSyntax]) {
        let updates = [step] + (step.followUps ?? [])
        let counts = step.actionCounts
        evaluations = counts.evaluations
        wasted = counts.wasted
        stale = counts.stale
        rows = counts.rows
        wastedRows = counts.wastedRows
        let instances = updates.flatMap(\.instances)
        uncertainty = []
        for instance in instances {
            for what in instance.uncertainty ?? [] where !uncertainty.contains(instance.viewType + ": " + what) {
                uncertainty.append(instance.viewType + ": " + what)
            }
        }
        for update in updates {
            for input in update.opaqueSkips ?? [] { uncertainty.append(input + ": an opaque input compared equal, so it was not re-run") }
            for decision in update.unknownDecisions ?? [] where !uncertainty.contains(where: { $0.hasSuffix(": " + decision) }) {
                uncertainty.append("action: " + decision)
            }
        }
        judgedWasted = instances.count { $0.outcome == .wasted && $0.uncertainty == nil }
        var wastedByType: [String: Int] = [:]
        var rowTypes: Set<String> = []
        for instance in instances where instance.outcome == .wasted {
            wastedByType[instance.viewType, default: 0] += 1
            if instance.isRowClosure { rowTypes.insert(instance.viewType) }
        }
        views = []
        for instance in instances {
            if !views.contains(where: { $0.view == instance.viewType }) {
                views.append(ViewCounts(view: instance.viewType))
                if instance.isRowClosure { views[views.count - 1].rowClosures = true }
            }
            let index = views.firstIndex { $0.view == instance.viewType }!
            switch instance.outcome {
            case .stale: views[index].stale += 1
            case .wasted: views[index].wasted += 1; views[index].evaluations += 1
            default: views[index].evaluations += 1
            }
        }
        if let top = wastedByType.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first {
            mostWasted = top.key
            mostWastedCount = top.value
            mostWastedAreRows = rowTypes.contains(top.key)
        }
        // No hint is built on a verdict that rests on what Ripple does not know.
        var hints: [AuditHint] = []
        for var update in updates {
            update.instances.removeAll { $0.uncertainty != nil }
            for hint in AuditHints.hints(for: update, declarations: declarations) where !hints.contains(hint) { hints.append(hint) }
        }
        self.hints = hints.filter { $0.view == mostWasted } + hints.filter { $0.view != mostWasted }
        reasons = AuditReason.reasons(of: instances, declarations: declarations)
    }

    /// Sets each row's confidence from what it did: not simulated when it could not be performed, partial
    /// when something it ran was not simulated or a verdict rests on what Ripple does not know.
    public static func judge(_ rows: inout [AuditRow]) {
        for index in rows.indices {
            let row = rows[index]
            rows[index].confidence = row.error != nil ? .notSimulated : row.isPartial || !row.uncertainty.isEmpty ? .partial : .exact
        }
    }

    /// What one body evaluation weighs in the ranking against one `ForEach` row closure: a body is a view
    /// type's own code, which builds its views and hands its children their inputs, while a row closure
    /// builds only built-in views (`Text(option.name)` inside a `Picker`), so a body counts twice.
    public static let bodyWeight = 2
    /// What one row closure weighs in the ranking.
    public static let rowClosureWeight = 1

    /// The wasted work the ranking weighs: wasted bodies at `bodyWeight`, wasted row closures at
    /// `rowClosureWeight`.
    public var weightedWaste: Int { wasted * Self.bodyWeight + wastedRows * Self.rowClosureWeight }
    /// The work the ranking weighs, the same way.
    public var weightedWork: Int { evaluations * Self.bodyWeight + rows * Self.rowClosureWeight }

    /// The launch state's actions, then the previews' states' (`state`), each most wasted work first,
    /// then most work, each weighed by what it costs (`weightedWaste`, `weightedWork`): a wasted body
    /// ranks above a wasted row closure of built-in views. Ties keep the order the screen offers them in.
    public static func ranked(_ rows: [AuditRow]) -> [AuditRow] {
        // The launch state's actions rank apart from, and before, those of previews' states.
        rows.enumerated().sorted { a, b in
            (a.element.state == nil ? 1 : 0, a.element.weightedWaste, a.element.weightedWork, -a.offset)
                > (b.element.state == nil ? 1 : 0, b.element.weightedWaste, b.element.weightedWork, -b.offset)
        }.map(\.element)
    }
}

/// Something Ripple assumed while loading the code or performing an action, where the code is.
public struct AuditNote: Encodable, Sendable {
    /// Where the code is.
    public var location: TraceLocation
    /// What Ripple assumed or left out.
    public var message: String
    /// `note`, or `warning` where views, a body or an action were left out.
    public var severity = "note"

    /// A note at `location`.
    public init(location: TraceLocation, message: String, severity: String = "note") {
        self.location = location
        self.message = message
        self.severity = severity
    }

    /// The note of a diagnostic of loading or performing.
    public init(_ diagnostic: Diagnostic) {
        self.init(location: TraceLocation(diagnostic.location), message: diagnostic.message, severity: diagnostic.severity.rawValue)
    }
}
