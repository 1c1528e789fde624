import Foundation
import RippleCore

/// A saved audit, the JSON `ripple audit --format json` prints (schema version 2), that `--baseline FILE`
/// holds the run to: an action may not re-run more bodies, waste more or leave more views stale than it
/// did there, a new action may not waste or leave views stale, and no smaller share of the controls may
/// be simulated exactly.
///
/// Actions are matched by file, variant and name, and where the file was spelt another way (the main
/// branch audited from another folder), by variant and name alone.
struct AuditBaseline {
    /// What the comparison reads of one saved action.
    struct Action: Decodable, Sendable {
        var file: String
        var variant: String
        var action: String
        var evaluations: Int
        var wasted: Int
        var stale: Int
        var error: String?
    }

    /// What the comparison reads of the saved coverage.
    struct Coverage: Decodable, Sendable {
        var controls: Int
        var controlsExact: Int
        var unreached: [Unreached]
    }

    /// A saved control that no action performed.
    struct Unreached: Decodable, Sendable {
        var control: String
        var viewType: String?
        var location: TraceLocation
        var reason: String
    }

    /// What the comparison reads of a saved note.
    struct Note: Decodable, Sendable {
        var location: TraceLocation
        var message: String
        var severity: String
    }

    private struct Document: Decodable {
        var coverage: Coverage
        var actions: [Action]
        var notes: [Note]
    }

    /// The path it was read from, as given.
    var path: String
    var actions: [Action]
    var coverage: Coverage
    var notes: [Note]

    /// The schema version `--baseline` reads: the one `--format json` writes.
    static let schemaVersion = AuditJSON(coverage: RippleCore.Coverage(), actions: [], notes: [], fixes: []).schemaVersion

    /// Most bytes a baseline may hold.
    static let maximumSize = 64 << 20

    /// Reads the saved audit at `path`; a file that cannot be read, is not JSON, or is not an audit of
    /// schema version 2 is a usage error that names it.
    init(contentsOf path: String) throws(UsageError) {
        let contents: FileSystem.Contents
        do throws(Errno) {
            contents = try FileSystem.read(path, atMost: Self.maximumSize)
        } catch {
            throw UsageError(message: FileError("cannot read the baseline", path, error).message)
        }
        guard case .bytes(let bytes) = contents else {
            throw UsageError(message: "the baseline '\(TerminalText.oneLine(path))' is larger than \(Self.maximumSize >> 20) MB")
        }
        try self.init(bytes: bytes, path: path)
    }

    /// The baseline in `bytes`, read from `path`.
    init(bytes: [UInt8], path: String) throws(UsageError) {
        self.path = path
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        let again = "save it again with 'ripple audit --format json'"
        let data = Data(bytes)
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw UsageError(message: "\(shown) is not JSON; \(again)")
        }
        guard let fields = object as? [String: Any] else {
            let what = object is [Any] ? "a JSON array, as audits before schema version \(Self.schemaVersion) wrote" : "not a JSON object"
            throw UsageError(message: "\(shown) is \(what); \(again)")
        }
        guard let version = fields["schemaVersion"] as? Int else {
            throw UsageError(message: "\(shown) has no 'schemaVersion': it is not the JSON of 'ripple audit'; \(again)")
        }
        guard version == Self.schemaVersion else {
            throw UsageError(message: "\(shown) has schema version \(version), and this ripple reads version \(Self.schemaVersion); \(again)")
        }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            actions = document.actions
            coverage = document.coverage
            notes = document.notes
        } catch let error as DecodingError {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit': \(Self.describe(error)); \(again)")
        } catch {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit'; \(again)")
        }
    }

    /// `'actions[2].wasted' is missing`, `'coverage.controls' is not a number`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            var text = ""
            for key in context.codingPath + (last.map { [$0] } ?? []) {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the document" : "'\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context): return "\(path(context)) is not \(describe(type))"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, not \(describe(type))"
        case .dataCorrupted(let context): return "\(path(context)) cannot be read"
        @unknown default: return "it cannot be read"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: "what an audit writes there"
        }
    }

    // MARK: - The comparison

    /// One count of one action, before and after: `evaluations 3 → 12 (+9)`.
    struct Change: Equatable, Sendable {
        var count: String
        var before: Int
        var after: Int

        var text: String { "\(count) \(before) → \(after) (\(after >= before ? "+" : "")\(after - before))" }
    }

    /// An action that does more than in the baseline, or a new one that wastes or leaves views stale.
    struct Regression: Sendable {
        var row: AuditCommand.Row
        /// Nil for a new action.
        var changes: [Change]?

        /// `'tap Button "Add" in TaskListView': evaluations 3 → 12 (+9)`, or for a new action
        /// `'…' is new: evaluations 3, wasted 2, stale 0`.
        func text(naming variant: Bool) -> String {
            let name = "'\(row.action)'" + (variant ? " (\(row.variant))" : "")
            guard let changes else { return "\(name) is new: evaluations \(row.evaluations), wasted \(row.wasted), stale \(row.stale)" }
            return name + ": " + changes.map(\.text).joined(separator: ", ")
        }
    }

    /// What the run did worse than the baseline, and what it no longer has.
    struct Comparison: Sendable {
        var regressions: [Regression] = []
        /// The baseline's actions the run has none of.
        var gone: [Action] = []
        /// The share of controls simulated exactly, when it dropped: `4 of 4 (100%) → 3 of 4 (75%)`.
        var coverageDrop: String?
        /// Controls no action performs that the baseline did not list (by control, view, file and reason).
        var newUnreached: [RippleCore.Coverage.Unreached] = []
        /// Warnings the baseline did not have (by file and message).
        var newWarnings: [AuditCommand.Note] = []
        /// Actions not simulated that the baseline simulated, or did not have.
        var newlyNotSimulated: [AuditCommand.Row] = []

        var failed: Bool { !regressions.isEmpty || coverageDrop != nil }

        /// Whether `row` is one of the regressions.
        func regressed(_ row: AuditCommand.Row) -> Bool {
            regressions.contains { $0.row.file == row.file && $0.row.variant == row.variant && $0.row.action == row.action }
        }
    }

    /// The run's rows, coverage and notes against the baseline.
    func compare(_ rows: [AuditCommand.Row], coverage: RippleCore.Coverage, notes: [AuditCommand.Note]) -> Comparison {
        var comparison = Comparison()
        var unmatched = Array(actions.indices)
        func take(_ matches: (Action) -> Bool) -> Action? {
            guard let position = unmatched.firstIndex(where: { matches(actions[$0]) }) else { return nil }
            return actions[unmatched.remove(at: position)]
        }
        var found: [Action?] = rows.map { row in take { $0.file == row.file && $0.variant == row.variant && $0.action == row.action } }
        for index in rows.indices where found[index] == nil {
            let row = rows[index]
            let spelt = { (action: Action) in action.variant == row.variant && action.action == row.action }
            // Only an unambiguous match: one such action on each side.
            if rows.count(where: { $0.variant == row.variant && $0.action == row.action }) == 1,
               unmatched.count(where: { spelt(actions[$0]) }) == 1 {
                found[index] = take(spelt)
            }
        }
        for (row, before) in zip(rows, found) {
            guard let before, before.error == nil else {
                if row.error == nil, row.wasted > 0 || row.stale > 0 { comparison.regressions.append(Regression(row: row, changes: nil)) }
                if row.error != nil, before?.error == nil { comparison.newlyNotSimulated.append(row) }
                continue
            }
            guard row.error == nil else {
                comparison.newlyNotSimulated.append(row)
                continue
            }
            let changes = [Change(count: "evaluations", before: before.evaluations, after: row.evaluations),
                           Change(count: "wasted", before: before.wasted, after: row.wasted),
                           Change(count: "stale", before: before.stale, after: row.stale)].filter { $0.after > $0.before }
            if !changes.isEmpty { comparison.regressions.append(Regression(row: row, changes: changes)) }
        }
        comparison.gone = unmatched.map { actions[$0] }
        // Shares compared as fractions, so 1 of 3 and 2 of 6 are equal.
        let base = self.coverage
        if base.controls > 0, coverage.controls > 0, coverage.controlsExact * base.controls < base.controlsExact * coverage.controls {
            let before = Double(base.controlsExact) / Double(base.controls)
            comparison.coverageDrop = "\(base.controlsExact) of \(base.controls) (\(RippleCore.Coverage.percent(before))) → "
                + "\(coverage.controlsExact) of \(coverage.controls) (\(RippleCore.Coverage.percent(coverage.exactShare)))"
        }
        var known: [String: Int] = [:]
        for control in base.unreached { known[Self.key(control.control, control.viewType, control.location.file, control.reason), default: 0] += 1 }
        for control in coverage.unreached {
            let key = Self.key(control.control, control.viewType, control.location.file, control.reason)
            if let count = known[key], count > 0 { known[key] = count - 1 } else { comparison.newUnreached.append(control) }
        }
        var warned: [String: Int] = [:]
        for note in self.notes where note.severity == "warning" { warned[note.location.file + "\n" + note.message, default: 0] += 1 }
        for note in notes where note.severity == "warning" {
            let key = note.location.file + "\n" + note.message
            if let count = warned[key], count > 0 { warned[key] = count - 1 } else { comparison.newWarnings.append(note) }
        }
        return comparison
    }

    /// A control by what it is and why, not by its line, which an edit above it moves.
    private static func key(_ control: String, _ viewType: String?, _ file: String, _ reason: String) -> String {
        [control, viewType ?? "", file, reason].joined(separator: "\n")
    }

    /// The lines standard error gets: the regressions and a drop in coverage as errors, what is gone as
    /// a note.
    func report(_ comparison: Comparison, namingVariants: Bool) -> String {
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        var text = ""
        let count = comparison.regressions.count
        if count > 0 {
            text += "error: \(count) action\(count == 1 ? " does" : "s do") more than in \(shown):\n"
            for regression in comparison.regressions { text += "  " + TerminalText.oneLine(regression.text(naming: namingVariants)) + "\n" }
        }
        if let drop = comparison.coverageDrop {
            text += "error: the audit simulated fewer controls exactly than \(shown): \(drop)\n"
        }
        if !comparison.gone.isEmpty {
            let names = comparison.gone.map { "'\(TerminalText.oneLine($0.action))'" + (namingVariants ? " (\($0.variant))" : "") }
            text += "note: \(comparison.gone.count) action\(comparison.gone.count == 1 ? "" : "s") of \(shown) \(comparison.gone.count == 1 ? "is" : "are") gone: "
                + names.joined(separator: ", ") + "\n"
        }
        return text
    }
}
