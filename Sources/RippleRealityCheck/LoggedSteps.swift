/// A change log split into the steps the user performed: at each `ripple-step:` marker, or, in a log
/// with no markers, at each pause of at least `gap` seconds between two timestamped changes. What comes
/// before the first boundary is the first render, `initial`.
public struct LoggedSteps: Sendable {
    /// How the boundaries were found.
    public enum Boundaries: String, Sendable, Codable {
        /// At `ripple-step: NAME` lines.
        case markers
        /// At pauses between timestamps: the log has no markers.
        case timeGaps
        /// Nowhere: no markers and no timestamps, so the whole log is the first render.
        case none
    }

    /// One stretch of the log.
    public struct Step: Sendable, Hashable {
        /// `initial`, the marker's name, or `pause N` for the Nth step found at a pause.
        public var name: String
        /// The marker that began it; nil for `initial` and a step found at a pause.
        public var marker: String?
        /// The 1-based line that began it: the marker, or the first change after the pause; nil for `initial`.
        public var line: Int?
        /// The changes in it, in log order.
        public var changes: [ChangeLog.Change]
    }

    /// The default shortest pause that separates two steps in a log without markers, in seconds.
    public static let defaultGap = 1.0

    public var boundaries: Boundaries
    /// `initial` first, then one per step found.
    public var steps: [Step]
    /// The pause used, when `boundaries` is `timeGaps`.
    public var gap: Double

    /// Splits `log` at its markers, or else at pauses of at least `gap` seconds.
    public init(_ log: ChangeLog, gap: Double = LoggedSteps.defaultGap) {
        self.gap = gap
        var steps = [Step(name: "initial", marker: nil, line: nil, changes: [])]
        if !log.markers.isEmpty {
            boundaries = .markers
            for entry in log.entries {
                switch entry {
                case .marker(let marker): steps.append(Step(name: marker.name, marker: marker.name, line: marker.line, changes: []))
                case .change(let change): steps[steps.count - 1].changes.append(change)
                }
            }
        } else if log.changes.contains(where: { $0.time != nil }) {
            boundaries = .timeGaps
            var last: Double?
            for change in log.changes {
                if let time = change.time, let previous = last, time - previous >= gap {
                    steps.append(Step(name: "pause \(steps.count)", marker: nil, line: change.line, changes: []))
                }
                if let time = change.time { last = time }
                steps[steps.count - 1].changes.append(change)
            }
        } else {
            boundaries = .none
            steps[0].changes = log.changes
        }
        self.steps = steps
    }
}
