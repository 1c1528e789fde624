import Foundation
import RippleAudit
import RippleCore

/// What an audit found, one entry per place in the code, for the formats CI reads: SARIF
/// (`--format sarif`) and GitHub workflow commands (`--format github`).
///
/// An action that wastes evaluations or leaves views stale is one finding at its control, under the
/// rule of its first hint (`computed-vs-cached`), or `wasted-evaluation` / `stale-view` without one.
/// The coverage adds one per control no action performs (`control-not-simulated`), per action that
/// could not be performed (`action-not-simulated`) and per warning of loading (`view-not-simulated`).
/// With a baseline, only what got worse: the actions that do more than before, the new controls not
/// simulated, the new warnings.
struct AuditFinding: Equatable, Sendable {
    enum Level: String, Sendable {
        case error, warning, note
    }

    var ruleId: String
    var level: Level
    var message: String
    /// The path as the audit has it: relative to the working folder when it was given so.
    var file: String
    var line: Int
    var column: Int
    /// What tells this finding from others of its rule without its line, which an edit above moves.
    var identity: String
    /// Against a baseline, whether the baseline had it: nil without one. SARIF's `baselineState`.
    var baselineState: BaselineState? = nil

    /// How a finding of a run against a baseline stands to the baseline's.
    enum BaselineState: String, Sendable {
        /// The baseline did not have it.
        case new
        /// The baseline had it with the same counts.
        case unchanged
        /// The baseline had it, and its counts changed.
        case updated
    }
}

/// A rule a finding follows: what it means and how to fix it.
struct AuditRule: Sendable {
    var id: String
    /// A short title: `Computed property read by a view`.
    var name: String
    var short: String
    var full: String
    /// The fix, in a sentence or two.
    var help: String
    var level: AuditFinding.Level

    /// Every rule, the hints' guidance first, in the order docs/Audit.md lists them.
    static let all: [AuditRule] = [
        AuditRule(id: "list-rows", name: "Row given a model and an index",
                  short: "A row receives a whole model and an index and reads one field of one element",
                  full: "Any change to the collection re-runs every row, because each row depends on the whole collection.",
                  help: "Pass the row the value it shows (`UserRow(name: user.name)`) instead of the model and an index. Ripple's gallery scenario 'list-rows' shows both designs.",
                  level: .warning),
        AuditRule(id: "computed-vs-cached", name: "Computed property read by a view",
                  short: "The body reads a computed property, which drags every stored property it reads",
                  full: "A view that reads a computed property depends on everything the getter reads, so it re-runs when any of it changes, even when the computed value stays the same.",
                  help: "Store the computed value and update it when what it is computed from changes, writing it only when its value changes, or read only what the view needs. Gallery scenario 'computed-vs-cached'.",
                  level: .warning),
        AuditRule(id: "observable-vs-observableobject", name: "ObservableObject notifies every view",
                  short: "An ObservableObject sent objectWillChange for a property the view does not show",
                  full: "Every '@Published' write re-runs every view that holds the object, whatever it reads.",
                  help: "Make the model '@Observable': then only the views that read the written property re-run. Gallery scenario 'observable-vs-observableobject'.",
                  level: .warning),
        AuditRule(id: "equatable-view", name: "Closure input never compares equal",
                  short: "The view's input is a closure, which never compares equal",
                  full: "SwiftUI cannot compare closures, so a view given one re-runs whenever its parent's body runs.",
                  help: "Make the view 'Equatable' on its data, leaving the closure out of '==', or pass a method reference. Gallery scenario 'equatable-view'.",
                  level: .warning),
        AuditRule(id: "whole-struct-vs-fields", name: "Whole value passed for a few fields",
                  short: "The view receives a whole value that changed where it shows nothing",
                  full: "A view given a whole struct re-runs when any field of it changes, though it shows only a few.",
                  help: "Pass the view only the fields it shows. Gallery scenario 'whole-struct-vs-fields'.",
                  level: .warning),
        AuditRule(id: "environment-keys", name: "Environment key declared and not shown",
                  short: "The view declares an environment key that changed and does not show it",
                  full: "Declaring '@Environment' makes the view depend on the key, read or not.",
                  help: "Declare the key only in the views that read it. Gallery scenario 'environment-keys'.",
                  level: .warning),
        AuditRule(id: "state-from-parent-input", name: "@State seeded from a parent's input",
                  short: "A stale view's @State was seeded from its parent's input and kept its first value",
                  full: "A '@State' keeps the value it was first given; later inputs from the parent do not reach it, so the view shows an old value.",
                  help: "Show the input itself, or give the view a new identity ('.id(input)') when the input changes. Gallery scenario 'state-from-parent-input'.",
                  level: .warning),
        AuditRule(id: "inline-rows", name: "Rows re-run with the body around them",
                  short: "Rows written inline, or a read a child view could make, re-run with the body around them",
                  full: "A 'ForEach' row written inline runs its content again whenever the body around it runs, which hands it a new closure; a body that re-runs for a read one of its views makes re-runs everything inside it.",
                  help: "Move the read, or the rows, into a view of their own, given only what they show. Gallery scenario 'inline-rows'.",
                  level: .warning),
        AuditRule(id: "onchange-in-modifier", name: "Body re-run only for .onChange",
                  short: "A body re-ran only to hand .onChange(of:) a new value",
                  full: "Every cause of the evaluation is a value the body uses only in its '.onChange' calls.",
                  help: "Move the '.onChange' and the read it watches into a view modifier or a child view. Gallery scenario 'onchange-in-modifier'.",
                  level: .warning),
        AuditRule(id: "read-where-shown", name: "Value read only to pass on",
                  short: "A body re-ran for a read it makes only to pass to a child view",
                  full: "The parent reads an '@Observable' property only as an argument of a child view, so it re-runs whenever the value changes.",
                  help: "Give the child the object and let it read the value itself: the parent then does not re-run. Gallery scenario 'read-where-shown'.",
                  level: .warning),
        AuditRule(id: "task-list", name: "Rows bound to whole elements",
                  short: "A row re-ran because another element of the collection it is bound into changed",
                  full: "Each row holds a binding to a whole element ('ForEach($items) { $item in Row(item: $item) }'); writing any element through its binding changes the whole collection, which every row reads.",
                  help: "Bind the row only to the fields it edits and hand it the ones it shows as values, or make the element an '@Observable' class each row holds. Gallery scenario 'task-list'.",
                  level: .warning),
        AuditRule(id: "large-state-struct", name: "View bound to a whole @State struct",
                  short: "A view bound to a @State struct re-ran when a field it does not use changed",
                  full: "A '@State' slot is one value: a change to any field of the struct it holds re-runs every view bound to it.",
                  help: "Split the struct into '@State' properties of their own and bind each view to the ones it uses, or make it an '@Observable' class. Gallery scenario 'large-state-struct'.",
                  level: .warning),
        AuditRule(id: "struct-property-vs-flattened", name: "Struct-typed @Observable property",
                  short: "A view re-ran when a field it does not read changed inside a struct-typed @Observable property",
                  full: "Observation tracks a property, not the fields of the struct it holds: a change to any field re-runs every view that reads the property.",
                  help: "Flatten the struct's fields into the '@Observable' class, or make the struct an '@Observable' class. Gallery scenario 'struct-property-vs-flattened'.",
                  level: .warning),
        AuditRule(id: "equatable-property-types", name: "Non-Equatable @Observable property type",
                  short: "An equal value assigned to a property whose struct type is not Equatable re-ran its readers",
                  full: "The '@Observable' setter skips an equal value only for an 'Equatable' type; any other value notifies every reader on every assignment.",
                  help: "Make the struct 'Equatable'. Gallery scenario 'equatable-property-types'.",
                  level: .warning),
        AuditRule(id: "wasted-evaluation", name: "Wasted evaluation",
                  short: "An action re-ran bodies whose output did not change",
                  full: "The body ran and everything it read had the same value: SwiftUI did the work for nothing.",
                  help: "Read the trace of the action ('ripple audit --format html') for why each view re-ran, and give each view only what it shows.",
                  level: .warning),
        AuditRule(id: "stale-view", name: "Stale view",
                  short: "An action left a view showing an old value",
                  full: "Something the view shows changed, but nothing told SwiftUI, so the view was not re-run.",
                  help: "Hold the value where SwiftUI observes it ('@State', an '@Observable' model, a binding), not in a plain property or a copy.",
                  level: .warning),
        AuditRule(id: "more-evaluations", name: "More evaluations than the baseline",
                  short: "An action re-runs more bodies than it did in the baseline",
                  full: "The change makes the action re-run more views than the audit saved with '--baseline' did.",
                  help: "Compare the action's trace before and after the change ('ripple audit --format html') and narrow what the new views read.",
                  level: .warning),
        AuditRule(id: "action-not-simulated", name: "Action not simulated",
                  short: "An action Ripple found could not be performed",
                  full: "Its closure writes something Ripple cannot change; the action's counts are unknown.",
                  help: "The message gives the reason. A scenario's step can perform what Ripple cannot (docs/Language.md).",
                  level: .warning),
        AuditRule(id: "view-not-simulated", name: "Views not simulated",
                  short: "Ripple left views or a body out of the simulation",
                  full: "Code Ripple does not model was left out, with the controls inside it: the audit does not reach them.",
                  help: "The message says what was left out (docs/Import.md lists what Ripple reads).",
                  level: .warning),
        AuditRule(id: "control-not-simulated", name: "Control not simulated",
                  short: "A control written in the source is performed by no action",
                  full: "The audit did not reach the control, or does not perform it where it is written; its cost is unknown.",
                  help: "The message gives the reason. '--min-coverage' holds the share of controls simulated exactly.",
                  level: .note),
    ]

    /// The rule with `id`; every finding's rule is in `all`.
    static func named(_ id: String) -> AuditRule? { all.first { $0.id == id } }
}

extension AuditCommand {
    /// The findings of a run, in the order of the ranking, then the coverage's.
    /// - Parameters:
    ///   - overrun: whether the run is over `--max-wasted` or `--max-stale`; an action that adds to a
    ///     budget it is over is an error.
    ///   - comparison: the run against `--baseline`; then only what got worse, and each regression is an
    ///     error.
    ///   - keepingUnchanged: with a comparison, every finding of the run, each regression an error.
    static func findings(_ ranked: [AuditRow], coverage: Coverage, loadNotes: [AuditNote], budget: AuditBudget,
                         comparison: AuditBaseline.Comparison?, keepingUnchanged: Bool = false) -> [AuditFinding] {
        let variants = Set(ranked.map(\.variant)).count > 1
        // Against a baseline only what changed is found, unless the unchanged findings are kept too.
        let onlyChanges = comparison != nil && !keepingUnchanged
        let wasted = ranked.reduce(0) { $0 + $1.judgedWasted }, stale = ranked.reduce(0) { $0 + $1.stale }
        let overWasted = budget.maximumWasted.map { wasted > $0 } ?? false
        let overStale = budget.maximumStale.map { stale > $0 } ?? false
        let underCoverage = budget.isUnderCoverage(coverage)
        var found: [AuditFinding] = []
        for row in ranked where row.error == nil {
            let regression = comparison?.regressions.first { $0.row.file == row.file && $0.row.variant == row.variant && $0.row.action == row.action }
            if onlyChanges, regression == nil { continue }
            guard regression != nil || row.wasted > 0 || row.wastedRows > 0 || row.stale > 0 else { continue }
            // Against the baseline, a hint the base had is an old problem: the message names what the change did.
            let hints = regression?.newHints ?? row.hints
            let hint = hints.first { $0.view == row.mostWasted } ?? hints.first
            let rule = hint?.guidance ?? (row.stale > 0 ? "stale-view" : row.wasted + row.wastedRows > 0 ? "wasted-evaluation" : "more-evaluations")
            let over = (overWasted && row.judgedWasted > 0) || (overStale && row.stale > 0)
            let name = "'\(row.action)'" + (variants ? " (\(row.variant))" : "")
            var message: String
            if let regression {
                message = regression.text(naming: variants) + (regression.changes == nil ? "" : " against the baseline")
                for explanation in regression.explanations { message += "; " + explanation.line { relativePath($0) } }
            } else {
                message = "\(name): \(row.evaluations) evaluation\(row.evaluations == 1 ? "" : "s"), \(row.wasted) wasted"
                    + (row.mostWasted.map { " (most: \($0)\(row.mostWastedAreRows ? " rows" : "") ×\(row.mostWastedCount))" } ?? "") + ", \(row.stale) stale"
                    + (row.rows > 0 ? ", \(row.rows) row closure\(row.rows == 1 ? "" : "s") (\(row.wastedRows) wasted)" : "")
            }
            if let hint { message += "; \(hint.text)" }
            if row.confidence == .partial { message += "; partly simulated: the counts are a lower bound" }
            let improved = comparison?.improvements.contains { $0.row.file == row.file && $0.row.variant == row.variant && $0.row.action == row.action } ?? false
            found.append(AuditFinding(ruleId: rule, level: regression != nil || over ? .error : .warning, message: message,
                                      file: row.location.file, line: row.location.line, column: row.location.column,
                                      identity: SARIFReport.actionIdentity(row),
                                      baselineState: comparison.map { _ in regression.map { $0.changes == nil ? .new : .updated } ?? (improved ? .updated : .unchanged) }))
        }
        let notSimulated = onlyChanges ? comparison!.newlyNotSimulated : ranked.filter { $0.error != nil }
        for row in notSimulated {
            found.append(AuditFinding(ruleId: "action-not-simulated", level: .warning,
                                      message: "'\(row.action)'\(variants ? " (\(row.variant))" : "") was not simulated: \(row.error ?? "")",
                                      file: row.location.file, line: row.location.line, column: row.location.column,
                                      identity: SARIFReport.actionIdentity(row),
                                      baselineState: comparison.map { comparison in
                                          comparison.newlyNotSimulated.contains { $0.file == row.file && $0.variant == row.variant && $0.action == row.action } ? .new : .unchanged
                                      }))
        }
        let warnings = onlyChanges ? comparison!.newWarnings : loadNotes.filter { $0.severity == "warning" }
        for note in warnings {
            found.append(AuditFinding(ruleId: "view-not-simulated", level: .warning, message: note.message,
                                      file: note.location.file, line: note.location.line, column: note.location.column, identity: note.message,
                                      baselineState: comparison.map { comparison in
                                          comparison.newWarnings.contains { $0.location == note.location && $0.message == note.message } ? .new : .unchanged
                                      }))
        }
        let dropped = underCoverage || comparison?.coverageDrop != nil
        for control in onlyChanges ? comparison!.newUnreached : coverage.unreached {
            let what = control.control + (control.viewType.map { " in \($0)" } ?? "")
            found.append(AuditFinding(ruleId: "control-not-simulated", level: dropped ? .warning : .note, message: "\(what) is not simulated: \(control.reason)",
                                      file: control.location.file, line: control.location.line, column: control.location.column,
                                      identity: what,
                                      baselineState: comparison.map { comparison in
                                          comparison.newUnreached.contains(control) ? .new : .unchanged
                                      }))
        }
        return found
    }

    /// `path` relative to the working folder when it is inside it, as `AuditPaths` decides; as given
    /// otherwise. SARIF and GitHub's commands name files so: CI resolves them against the repository's root.
    static func relativePath(_ path: String, in folder: String = FileManager.default.currentDirectoryPath) -> String {
        AuditPaths(folders: [folder]).shown(path)
    }

    /// A fingerprint of `text` that is the same on every run and machine: FNV-1a, 64 bits, in hex.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The findings in `format` (`sarif`, `github` or `warnings`), the errors over budget and against the
    /// baseline included in `github`'s and `warnings`'; `unread` are the inputs that could not be read,
    /// which only `warnings` names (the others' runs fail); `sourceRoot` is the folder SARIF's paths are
    /// relative to (`SARIFReport.sourceRoot(_:)`).
    static func ciReport(_ format: String, ranked: [AuditRow], coverage: Coverage, loadNotes: [AuditNote], budget: AuditBudget, overruns: [String],
                         comparison: AuditBaseline.Comparison?, baseline: AuditBaseline?, unread: [String] = [], sourceRoot: String? = nil) -> String {
        // SARIF is a full run's findings, the baseline's regressions among them as errors: a code-scanning
        // service closes the alerts missing from a run, so leaving out what did not change would close them.
        let findings = findings(ranked, coverage: coverage, loadNotes: loadNotes, budget: budget, comparison: comparison,
                                keepingUnchanged: format == "sarif")
        if format == "sarif" { return SARIFReport(findings: findings, root: sourceRoot ?? SARIFReport.repositoryRoot()).json + "\n" }
        var failures = overruns
        if let drop = comparison?.coverageDrop, let baseline {
            failures.append("the audit simulated fewer controls exactly than the baseline '\(baseline.path)': \(drop)")
        }
        if let comparison, let baseline,
           let notPerformed = AuditBaseline.notPerformedText(comparison, namingVariants: Set(ranked.map(\.variant)).count > 1) {
            failures.append("\(notPerformed.count) action\(notPerformed.count == 1 ? "" : "s") of the baseline '\(baseline.path)' "
                            + "\(notPerformed.count == 1 ? "was" : "were") not performed: " + notPerformed.lines.joined(separator: "; "))
        }
        // What improved against the baseline, one line, in both formats: a change's reward is said as loudly as a regression.
        var notices: [String] = []
        if let comparison, let baseline,
           let improved = AuditBaseline.improvementText(comparison, namingVariants: Set(ranked.map(\.variant)).count > 1,
                                                        shown: "the baseline '\(baseline.path)'") {
            notices.append(improved.header + ": " + improved.lines.joined(separator: "; "))
        }
        if format == "warnings" {
            return AuditWarnings.text(findings, failures: failures, coverage: coverage, unread: unread, sinceBaseline: comparison != nil, improved: notices)
        }
        return GitHubAnnotations.text(findings, failures: failures, coverage: coverage.line, notices: notices)
    }
}
