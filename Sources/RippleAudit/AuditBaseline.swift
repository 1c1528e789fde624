import RippleCore

/// A saved audit, the JSON `ripple audit --format json` prints (schema version 2), that a run is held
/// to: an action may not re-run more bodies, waste more or leave more views stale than it did there, a
/// new action may not waste or leave views stale, and no smaller share of the controls may be simulated
/// exactly.
///
/// Actions are matched by file, variant and name, and where the file was spelt another way (the main
/// branch audited from another folder), by variant and name alone.
public struct AuditBaseline: Sendable {
    /// What the comparison reads of one saved action.
    public struct Action: Decodable, Sendable {
        /// The audited file.
        public var file: String
        /// The variant.
        public var variant: String
        /// The action's name.
        public var action: String
        /// Bodies it re-ran.
        public var evaluations: Int
        /// Bodies it re-ran in vain.
        public var wasted: Int
        /// Views it left stale.
        public var stale: Int
        /// `ForEach` row closures it ran, and ran in vain; nil in a baseline saved before they were
        /// counted apart, whose `evaluations` and `wasted` include them.
        public var rows: Int?
        public var wastedRows: Int?
        /// Why it was not simulated; nil when it was.
        public var error: String?
        /// The control it performs (`Button`), to find it in the run's source when the run has no such action.
        public var control: String?
        /// Where the control is.
        public var location: TraceLocation?
        /// The action by its control (`AuditRow.identity`); nil in a baseline saved before it was recorded,
        /// whose actions are matched by name.
        public var identity: String?
        /// What it did per view type; nil in a baseline saved without it.
        public var views: [ViewCounts]?
        /// What told its views to re-run (`AuditRow.reasons`); nil in a baseline saved without them.
        public var reasons: [AuditReason]?
        /// Its hints, by their text: a hint the baseline has is an old problem, not the change's.
        public var hints: [Hint]?
    }

    /// What the comparison reads of a saved action's counts for one view type.
    public struct ViewCounts: Decodable, Sendable {
        public var view: String
        public var evaluations: Int
        public var wasted: Int
        public var stale: Int
    }

    /// What the comparison reads of a saved hint.
    public struct Hint: Decodable, Sendable {
        public var text: String
    }

    /// What the comparison reads of the saved coverage.
    public struct Coverage: Decodable, Sendable {
        /// The controls written in the source.
        public var controls: Int
        /// The controls simulated exactly.
        public var controlsExact: Int
        /// The controls no action performed.
        public var unreached: [Unreached]
    }

    /// A saved control that no action performed.
    public struct Unreached: Decodable, Sendable {
        /// The control as written.
        public var control: String
        /// The view type it is in.
        public var viewType: String?
        /// Where it is.
        public var location: TraceLocation
        /// Why no action performed it.
        public var reason: String
    }

    /// What the comparison reads of a saved note.
    public struct Note: Decodable, Sendable {
        /// Where the code is.
        public var location: TraceLocation
        /// What the note says.
        public var message: String
        /// `note` or `warning`.
        public var severity: String
    }

    /// The saved audit as `--format json` writes it: the parts the comparison reads.
    public struct Document: Decodable, Sendable {
        /// The saved coverage.
        public var coverage: Coverage
        /// The saved actions.
        public var actions: [Action]
        /// The saved notes.
        public var notes: [Note]
    }

    /// The path it was read from, as given.
    public var path: String
    /// The saved actions.
    public var actions: [Action]
    /// The saved coverage.
    public var coverage: Coverage
    /// The saved notes.
    public var notes: [Note]

    /// The schema version a baseline is read in: the one `AuditJSON` writes.
    public static let schemaVersion = AuditJSON(coverage: RippleCore.Coverage(), actions: [], notes: [], fixes: []).schemaVersion

    /// The largest count a baseline may hold, in an action or its coverage: far above what one audit can
    /// count (an action's evaluations are bounded by the work per step), and small enough that two counts
    /// multiply within `Int`.
    public static let maximumCount = Int(Int32.max)

    /// The first count of `document` that no audit writes, by its path in the JSON and why:
    /// `('actions[2].evaluations', "is -1; …")`; nil when every count is from 0 to `maximumCount` and
    /// no more controls are simulated exactly than there are.
    public static func invalidCount(in document: Document) -> (path: [String], problem: String)? {
        func check(_ value: Int, _ path: [String]) -> (path: [String], problem: String)? {
            guard value < 0 || value > maximumCount else { return nil }
            return (path, "is \(value); a count is a whole number from 0 to \(maximumCount)")
        }
        if let found = check(document.coverage.controls, ["coverage", "controls"]) ?? check(document.coverage.controlsExact, ["coverage", "controlsExact"]) {
            return found
        }
        if document.coverage.controlsExact > document.coverage.controls {
            return (["coverage", "controlsExact"], "is \(document.coverage.controlsExact), more than the \(document.coverage.controls) controls")
        }
        for (index, action) in document.actions.enumerated() {
            let path = { (count: String) in ["actions", "[\(index)]", count] }
            if let found = check(action.evaluations, path("evaluations")) ?? check(action.wasted, path("wasted")) ?? check(action.stale, path("stale"))
                ?? check(action.rows ?? 0, path("rows")) ?? check(action.wastedRows ?? 0, path("wastedRows")) {
                return found
            }
        }
        return nil
    }

    /// The saved audit `document`, read from `path`. Its counts are taken as they are; the comparison
    /// cannot trap on any of them (`invalidCount(in:)` is the reader's check).
    public init(path: String, document: Document) {
        self.path = path
        actions = document.actions
        coverage = document.coverage
        notes = document.notes
    }

    // MARK: - The comparison

    /// One count of one action, before and after: `evaluations 3 → 12 (+9)`.
    public struct Change: Equatable, Sendable {
        /// `evaluations`, `wasted` or `stale`.
        public var count: String
        /// The count in the baseline.
        public var before: Int
        /// The count in the run.
        public var after: Int

        /// `evaluations 3 → 12 (+9)`; the difference of any two counts, in 128 bits.
        public var text: String { "\(count) \(before) → \(after) (\(after >= before ? "+" : "")\(Int128(after) - Int128(before)))" }
    }

    /// One thing a change did that made an action do more: a read that widened, an input that stopped
    /// comparing equal, a row identity that changed, a view left stale or no longer updated, with where it
    /// is in the run's code when that is known.
    public struct Explanation: Equatable, Sendable {
        /// What changed, in a sentence without its place.
        public var text: String
        /// Where, in the run's code.
        public var location: TraceLocation?
        /// True when `location` is where the view type is declared, the read's own place not being known.
        public var declared = false

        /// `ItemRow.swift:8: …`, the place as `shown` names its file; `ItemRow.swift:3 (the view's
        /// declaration): …` when the place is the view type's.
        public func line(_ shown: (String) -> String = { $0 }) -> String {
            (location.map { "\(shown($0.file)):\($0.line)" + (declared ? " (the view's declaration)" : "") + ": " } ?? "") + text
        }
    }

    /// An action that does more than in the baseline, or a new one that wastes or leaves views stale.
    public struct Regression: Sendable {
        /// The run's row.
        public var row: AuditRow
        /// What grew; nil for a new action.
        public var changes: [Change]?
        /// What the change did to cause it, from the action's reasons against the baseline's.
        public var explanations: [Explanation] = []
        /// The view types that showed a changed value in the baseline and are no longer re-run.
        public var stopped: [String] = []
        /// The hints of the row the baseline's action did not have: the change's own problems.
        public var newHints: [AuditHint] = []
        /// The baseline's name of the action when it is not the run's (its row's identity changed).
        public var before: String?

        /// `'tap Button "Add" in TaskListView': evaluations 3 → 12 (+9)`, or for a new action
        /// `'…' is new: evaluations 3, wasted 2, stale 0`.
        public func text(naming variant: Bool) -> String {
            let name = "'\(row.action)'" + (variant ? " (\(row.variant))" : "")
            guard let changes else {
                return "\(name) is new: evaluations \(row.evaluations), wasted \(row.wasted), stale \(row.stale)"
                    + (row.rows > 0 ? ", row closures \(row.rows) (\(row.wastedRows) wasted)" : "")
            }
            let stoppedText = stopped.map { "`\($0)` no longer updates" }
            return name + (before.map { " ('\($0)' in the baseline)" } ?? "") + ": " + (changes.map(\.text) + stoppedText).joined(separator: ", ")
        }
    }

    /// An action that does less than in the baseline, and more of nothing: the saving a change made.
    public struct Improvement: Sendable {
        /// The run's row.
        public var row: AuditRow
        /// What fell.
        public var changes: [Change]
        /// The baseline's name of the action when it is not the run's (its row's identity changed).
        public var before: String? = nil

        /// `'tap Button "Add" in TaskListView': evaluations 5 → 3 (-2), wasted 2 → 0 (-2)`.
        public func text(naming variant: Bool) -> String {
            "'\(row.action)'" + (variant ? " (\(row.variant))" : "") + (before.map { " ('\($0)' in the baseline)" } ?? "") + ": "
                + changes.map(\.text).joined(separator: ", ")
        }

        /// `2 fewer evaluations, 2 fewer wasted`: what the change saves, in words.
        public var saving: String {
            changes.map { change in
                let fewer = Int128(change.before) - Int128(change.after)
                let word = change.count == "evaluations" && fewer == 1 ? "evaluation" : change.count
                return "\(fewer) fewer \(word)"
            }.joined(separator: ", ")
        }
    }

    /// What the run did worse than the baseline, what it did better, and what it no longer has.
    public struct Comparison: Sendable {
        /// The actions that do more than in the baseline, and the new ones that waste or leave views stale.
        public var regressions: [Regression] = []
        /// The actions that do less than in the baseline and more of nothing.
        public var improvements: [Improvement] = []
        /// The baseline's actions the run has none of, whose control is no longer in the source as Ripple reads it.
        public var gone: [Action] = []
        /// The baseline's actions the run did not perform, each with why: its control is still in the source,
        /// and a limit, an error or code Ripple could not read kept the audit from it (a screen not
        /// simulated, a body left out), or the action itself was not simulated. The gate cannot pass on them.
        public var notPerformed: [(action: Action, reason: String)] = []
        /// The share of controls simulated exactly, when it dropped: `4 of 4 (100%) → 3 of 4 (75%)`.
        public var coverageDrop: String?
        /// Controls no action performs that the baseline did not list (by control, view, file and reason).
        public var newUnreached: [RippleCore.Coverage.Unreached] = []
        /// Warnings the baseline did not have (by file and message).
        public var newWarnings: [AuditNote] = []
        /// Actions not simulated that the baseline simulated, or did not have.
        public var newlyNotSimulated: [AuditRow] = []

        /// Whether the run is worse than the baseline: an action regressed or was not performed, or the
        /// coverage dropped.
        public var failed: Bool { !regressions.isEmpty || !notPerformed.isEmpty || coverageDrop != nil }

        /// Whether `row` is one of the regressions.
        public func regressed(_ row: AuditRow) -> Bool {
            regressions.contains { $0.row.file == row.file && $0.row.variant == row.variant && $0.row.action == row.action }
        }
    }

    /// The run's rows, coverage and notes against the baseline.
    /// `paths` names the files of both sides alike when matching controls and warnings: a baseline saved
    /// relative to the folder audited and one saved relative to the working folder match the run.
    /// `builtViewTypes`, the view types the run builds, lets a view that showed a changed value in the
    /// baseline and is built but no longer re-run be told from one the change took off the screen.
    public func compare(_ rows: [AuditRow], coverage: RippleCore.Coverage, notes: [AuditNote], paths: AuditPaths = AuditPaths(folders: []),
                        builtViewTypes: Set<String> = []) -> Comparison {
        var comparison = Comparison()
        var unmatched = Array(actions.indices)
        func take(_ matches: (Action) -> Bool) -> Action? {
            guard let position = unmatched.firstIndex(where: { matches(actions[$0]) }) else { return nil }
            return actions[unmatched.remove(at: position)]
        }
        // By control first: the same control, in the same file, the same screen, the same place in the
        // screen's order. Then, for a control whose file was moved or renamed, by control alone where one
        // action on each side has it. An action saved without its control is matched by name, as before.
        let file = { (row: AuditRow) in paths.shown(row.location.file) }
        var found: [Action?] = rows.map { row in
            guard let identity = row.identity else { return nil }
            return take { $0.identity == identity && $0.variant == row.variant && $0.location.map { paths.shown($0.file) } == file(row) }
        }
        for index in rows.indices where found[index] == nil {
            let row = rows[index]
            guard let identity = row.identity else { continue }
            let alike = { (action: Action) in action.identity == identity && action.variant == row.variant }
            if rows.count(where: { $0.identity == identity && $0.variant == row.variant }) == 1, unmatched.count(where: { alike(actions[$0]) }) == 1 {
                found[index] = take(alike)
            }
        }
        for index in rows.indices where found[index] == nil {
            found[index] = take { $0.identity == nil && $0.file == rows[index].file && $0.variant == rows[index].variant && $0.action == rows[index].action }
        }
        for index in rows.indices where found[index] == nil {
            let row = rows[index]
            let spelt = { (action: Action) in action.identity == nil && action.variant == row.variant && action.action == row.action }
            // Only an unambiguous match: one such action on each side.
            if rows.count(where: { $0.variant == row.variant && $0.action == row.action }) == 1,
               unmatched.count(where: { spelt(actions[$0]) }) == 1 {
                found[index] = take(spelt)
            }
        }
        for (row, before) in zip(rows, found) {
            guard let before, before.error == nil else {
                if row.error == nil, row.wasted + row.wastedRows > 0 || row.stale > 0 {
                    comparison.regressions.append(Regression(row: row, changes: nil, newHints: row.hints))
                }
                if row.error != nil, before?.error == nil { comparison.newlyNotSimulated.append(row) }
                continue
            }
            guard row.error == nil else {
                comparison.newlyNotSimulated.append(row)
                comparison.notPerformed.append((before, row.error ?? ""))
                continue
            }
            var changes: [Change]
            if let rows = before.rows, let wastedRows = before.wastedRows {
                changes = [Change(count: "evaluations", before: before.evaluations, after: row.evaluations),
                           Change(count: "wasted", before: before.wasted, after: row.wasted),
                           Change(count: "stale", before: before.stale, after: row.stale),
                           Change(count: "row closures", before: rows, after: row.rows),
                           Change(count: "wasted row closures", before: wastedRows, after: row.wastedRows)]
            } else {
                // Saved when a row's closure counted as an evaluation: compared on the same terms.
                changes = [Change(count: "evaluations and row closures", before: before.evaluations, after: row.evaluations + row.rows),
                           Change(count: "wasted", before: before.wasted, after: row.wasted + row.wastedRows),
                           Change(count: "stale", before: before.stale, after: row.stale)]
            }
            let rose = changes.filter { $0.after > $0.before }
            let fell = changes.filter { $0.after < $0.before }
            let stopped = Self.stoppedUpdating(row, before, built: builtViewTypes)
            if !rose.isEmpty || !stopped.isEmpty {
                var regression = Regression(row: row, changes: rose, stopped: stopped)
                regression.explanations = Self.explain(row, before, stopped: stopped)
                let known = Set((before.hints ?? []).map(\.text))
                regression.newHints = before.hints == nil ? row.hints : row.hints.filter { !known.contains($0.text) }
                regression.before = before.action == row.action ? nil : before.action
                comparison.regressions.append(regression)
            } else if !fell.isEmpty {
                comparison.improvements.append(Improvement(row: row, changes: fell, before: before.action == row.action ? nil : before.action))
            }
        }
        // An action the run lacks whose control the run's source still holds, unreached for a reason other
        // than that Ripple does not perform it there or no body builds its view, was not performed.
        var unreachedControls: [String: [String]] = [:]
        for control in coverage.unreached where !Self.isPlainlyUnreached(control.reason) {
            unreachedControls[Self.controlKey(control.control, control.location.file), default: []].append(control.reason)
        }
        for action in unmatched.map({ actions[$0] }) {
            guard let control = action.control, let file = action.location?.file,
                  let reason = unreachedControls[Self.controlKey(control, file)]?.first else {
                comparison.gone.append(action)
                continue
            }
            unreachedControls[Self.controlKey(control, file)]!.removeFirst()
            comparison.notPerformed.append((action, reason))
        }
        // Shares compared as fractions, so 1 of 3 and 2 of 6 are equal; the products in 128 bits.
        // No controls against a baseline that had some is a drop: code hidden behind `#if` or not read.
        let base = self.coverage
        if base.controls > 0,
           Int128(coverage.controlsExact) * Int128(base.controls) < Int128(base.controlsExact) * Int128(coverage.controls) || coverage.controls == 0 {
            let before = Double(base.controlsExact) / Double(base.controls)
            comparison.coverageDrop = "\(base.controlsExact) of \(base.controls) (\(RippleCore.Coverage.percent(before))) → "
                + "\(coverage.controlsExact) of \(coverage.controls) (\(coverage.exactPercent))"
        }
        var known: [String: Int] = [:]
        for control in base.unreached { known[Self.key(control.control, control.viewType, paths.shown(control.location.file), control.reason), default: 0] += 1 }
        for control in coverage.unreached {
            let key = Self.key(control.control, control.viewType, paths.shown(control.location.file), control.reason)
            if let count = known[key], count > 0 { known[key] = count - 1 } else { comparison.newUnreached.append(control) }
        }
        var warned: [String: Int] = [:]
        for note in self.notes where note.severity == "warning" { warned[paths.shown(note.location.file) + "\n" + note.message, default: 0] += 1 }
        for note in notes where note.severity == "warning" {
            let key = paths.shown(note.location.file) + "\n" + note.message
            if let count = warned[key], count > 0 { warned[key] = count - 1 } else { comparison.newWarnings.append(note) }
        }
        return comparison
    }

    /// A control by its kind and its file's name, which stays when the app is audited from another folder.
    private static func controlKey(_ control: String, _ file: String) -> String {
        control + "\n" + (file.split(separator: "/").last.map(String.init) ?? file)
    }

    /// Whether a control is unreached for a reason of the source itself: Ripple does not perform it
    /// where it is written, or no body builds its view. Any other reason is a limit, an error or code
    /// Ripple could not read.
    private static func isPlainlyUnreached(_ reason: String) -> Bool {
        reason.hasPrefix("not offered: ") || reason.hasPrefix("not reached: ")
    }

    /// A control by what it is and why, not by its line, which an edit above it moves.
    private static func key(_ control: String, _ viewType: String?, _ file: String, _ reason: String) -> String {
        [control, viewType ?? "", file, reason].joined(separator: "\n")
    }
}
