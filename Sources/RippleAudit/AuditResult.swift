import RippleCore

/// What `Audit.run(_:file:)` found in one loaded scenario: each variant's rows and proven fixes, the
/// variants it could not audit, and the coverage of the file.
public struct AuditResult: Sendable {
    /// One audited variant.
    public struct Variant: Sendable {
        /// The variant's name.
        public var name: String
        /// Its actions, in the order the screen offers them, then its scenario's steps.
        public var rows: [AuditRow]
        /// The fixes tried on it, kept and rejected.
        public var fixes: AuditFixes
    }

    /// The audited scenario.
    public var scenario: Scenario
    /// The file, as the caller named it.
    public var file: String
    /// The variants audited, in the scenario's order.
    public var variants: [Variant] = []
    /// Why a variant could not be audited, one error per such variant, in the scenario's order.
    public var failures: [DiagnosticError] = []
    /// The file's view types and controls against the actions performed.
    public var coverage = Coverage()

    /// An audit of `scenario` with nothing found yet.
    public init(scenario: Scenario, file: String) {
        self.scenario = scenario
        self.file = file
    }

    /// Every variant's rows, in the variants' order.
    public var rows: [AuditRow] { variants.flatMap(\.rows) }

    /// The rows, most wasted first (`AuditRow.ranked(_:)`).
    public var ranked: [AuditRow] { AuditRow.ranked(rows) }

    /// What loading the scenario assumed or left out.
    public var loadNotes: [AuditNote] { scenario.notes.map(AuditNote.init) }

    /// What performing the actions met: an action not simulated is a warning, what Ripple assumed while
    /// performing one a note.
    public static func diagnostics(performing rows: [AuditRow]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for row in rows {
            let location = SourceLocation(row.location)
            if let error = row.error { found.append(.warning("'\(row.action)' was not simulated: \(error)", at: location)) }
            for note in row.notes {
                found.append(.note("while performing '\(row.action)': \(note.message)", at: SourceLocation(note.location)))
            }
        }
        return found
    }
}
