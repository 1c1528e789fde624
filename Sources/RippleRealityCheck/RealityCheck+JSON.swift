import RippleCore

/// The comparison as `ripple compare --format json` prints it (docs/RealityCheck.md, "The JSON form"):
/// a value to encode, keys sorted.
extension RealityCheck {
    /// The document's schema version, bumped on any incompatible change.
    public static let schemaVersion = 1

    /// The top-level object.
    public struct Document: Codable, Sendable, Hashable {
        public var version: Int
        public var log: String
        public var logFormat: String
        public var scenario: String
        public var variant: String
        public var semantics: String
        /// Always `byTypeAndCount`: the log names types, not instances.
        public var comparison: String
        public var boundaries: LoggedSteps.Boundaries
        /// Seconds; present when `boundaries` is `timeGaps`.
        public var gap: Double?
        public var matching: Matching
        public var steps: [StepDocument]
        public var unpairedLogSteps: [String]
        public var skippedLines: Int
        /// Rows per grade.
        public var grades: [String: Int]
        public var disagreements: Int
        public var agrees: Bool
        /// The notes the log was read with: `app.log:40:1: note: the last line is cut short; it was skipped`.
        public var notes: [String]
    }

    /// One step.
    public struct StepDocument: Codable, Sendable, Hashable {
        public var name: String
        public var inLog: Bool
        public var logStep: String?
        public var logLine: Int?
        public var rows: [Row]
    }

    /// The document for a comparison with the scenario at `scenario`, with the log's notes.
    public func document(scenario: String, notes: [Diagnostic] = []) -> Document {
        let counts = gradeCounts
        return Document(
            version: Self.schemaVersion, log: log, logFormat: format.rawValue, scenario: scenario, variant: variant,
            semantics: semantics.rawValue, comparison: "byTypeAndCount", boundaries: boundaries,
            gap: boundaries == .timeGaps ? gap : nil, matching: matching,
            steps: steps.map { step in
                StepDocument(name: step.name, inLog: step.logStep != nil, logStep: step.logStep, logLine: step.logLine, rows: step.rows)
            },
            unpairedLogSteps: unpairedLogSteps, skippedLines: skippedLines,
            grades: Dictionary(uniqueKeysWithValues: Grade.allCases.map { ($0.rawValue, counts[$0] ?? 0) }),
            disagreements: disagreements.count, agrees: agrees, notes: notes.map(\.description))
    }
}
