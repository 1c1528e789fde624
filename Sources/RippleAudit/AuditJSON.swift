import RippleCore

/// What `ripple audit --format json` prints: the coverage, every action with its confidence, the notes,
/// and the fixes kept and rejected (docs/Audit.md).
public struct AuditJSON: Encodable, Sendable {
    /// Raised when a field changes meaning or goes; a new field keeps it.
    public var schemaVersion = 2
    /// The coverage of every audited file.
    public var coverage: Coverage
    /// Every action, most wasted first.
    public var actions: [AuditRow]
    /// What loading and performing assumed or left out.
    public var notes: [AuditNote]
    /// The fixes of each variant that has any.
    public var fixes: [AuditFixes]

    /// The document of these parts.
    public init(coverage: Coverage, actions: [AuditRow], notes: [AuditNote], fixes: [AuditFixes]) {
        self.coverage = coverage
        self.actions = actions
        self.notes = notes
        self.fixes = fixes
    }

    /// The document of several files' audits: their coverage combined, their rows ranked together, the
    /// notes of loading them and then of performing their actions.
    public init(_ results: [AuditResult]) {
        let rows = results.flatMap(\.rows)
        self.init(coverage: Coverage(combining: results.map(\.coverage)), actions: AuditRow.ranked(rows),
                  notes: results.flatMap(\.loadNotes) + AuditResult.diagnostics(performing: rows).map(AuditNote.init),
                  fixes: results.flatMap(\.variants).map(\.fixes).filter { !$0.proofs.isEmpty })
    }
}

extension Coverage {
    /// The coverage of several audited files: counts added, reasons of one kind merged.
    public init(combining parts: [Coverage]) {
        self.init()
        for part in parts {
            viewTypes += part.viewTypes
            viewTypesEvaluated += part.viewTypesEvaluated
            controls += part.controls
            controlsOffered += part.controlsOffered
            controlsEvaluatingABody += part.controlsEvaluatingABody
            controlsExact += part.controlsExact
            actions += part.actions
            actionsExact += part.actionsExact
            actionsPartial += part.actionsPartial
            actionsNotSimulated += part.actionsNotSimulated
            viewsNotSimulated += part.viewsNotSimulated
            statementsNotSimulated += part.statementsNotSimulated
            unreached += part.unreached
        }
        reasons = Self.grouped(parts.flatMap(\.reasons))
    }
}
