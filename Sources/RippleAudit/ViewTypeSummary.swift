import RippleCore

/// What all the actions of an audit did to one view type: how often it re-ran, how often in vain, how
/// often it was left stale, and the actions that wasted it.
public struct ViewTypeSummary: Encodable, Equatable, Sendable {
    /// The view type.
    public var viewType: String
    /// Its bodies re-run.
    public var evaluations = 0
    /// Its bodies re-run in vain.
    public var wasted = 0
    /// Its instances left stale.
    public var stale = 0
    /// The actions that wasted an evaluation of it, in the order of the rows.
    public var wastedIn: [String] = []

    /// The summary of `viewType` with these counts.
    public init(viewType: String, evaluations: Int = 0, wasted: Int = 0, stale: Int = 0, wastedIn: [String] = []) {
        self.viewType = viewType
        self.evaluations = evaluations
        self.wasted = wasted
        self.stale = stale
        self.wastedIn = wastedIn
    }

    /// One summary per view type any action reached: most wasted first, then most evaluations, then by
    /// name.
    public static func summaries(_ rows: [AuditRow]) -> [ViewTypeSummary] {
        var byType: [String: ViewTypeSummary] = [:]
        for row in rows where row.error == nil {
            for counts in row.views {
                // Row closures are named apart from views: `ForEach rows`.
                let name = counts.view + (counts.rowClosures == true ? " rows" : "")
                var summary = byType[name] ?? ViewTypeSummary(viewType: name)
                summary.evaluations += counts.evaluations
                summary.wasted += counts.wasted
                summary.stale += counts.stale
                if counts.wasted > 0, !summary.wastedIn.contains(row.action) { summary.wastedIn.append(row.action) }
                byType[name] = summary
            }
        }
        return byType.values.sorted { ($0.wasted, $0.evaluations, $1.viewType) > ($1.wasted, $1.evaluations, $0.viewType) }
    }
}
