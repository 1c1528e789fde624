import RippleCore

/// The most wasted evaluations and stale views an audit may find in all, and the least share of
/// controls it must simulate exactly, for CI: a decision over the rows, made without printing.
public struct AuditBudget: Sendable {
    /// Most wasted evaluations and row closures whose verdict rests on nothing Ripple does not know.
    public var maximumWasted: Int?
    /// Most stale views.
    public var maximumStale: Int?
    /// Most evaluations.
    public var maximumEvaluations: Int?
    /// The least share of controls simulated exactly, from 0 to 1.
    public var minimumCoverage: Double?

    /// A budget of these limits; nil sets no limit.
    public init(maximumWasted: Int? = nil, maximumStale: Int? = nil, maximumEvaluations: Int? = nil, minimumCoverage: Double? = nil) {
        self.maximumWasted = maximumWasted
        self.maximumStale = maximumStale
        self.maximumEvaluations = maximumEvaluations
        self.minimumCoverage = minimumCoverage
    }

    /// A budget written in a scenario file (`expect audit { … }`).
    public init(_ syntax: AuditBudgetSyntax) {
        maximumWasted = syntax.maximumWasted
        maximumStale = syntax.maximumStale
        maximumEvaluations = syntax.maximumEvaluations
    }

    /// The actions a budget of wasted evaluations cannot judge, `2 actions: 1 not simulated, 1 with a
    /// verdict that rests on an opaque value`; nil when it judges every one.
    public static func unjudged(_ rows: [AuditRow]) -> String? {
        let notSimulated = rows.count { $0.confidence == .notSimulated }, uncertain = rows.count { $0.wasted + $0.wastedRows > $0.judgedWasted }
        guard notSimulated + uncertain > 0 else { return nil }
        let parts = [notSimulated > 0 ? "\(notSimulated) not simulated" : nil, uncertain > 0 ? "\(uncertain) with a verdict that rests on an opaque value" : nil]
        return "\(notSimulated + uncertain) action\(notSimulated + uncertain == 1 ? "" : "s"): " + parts.compactMap { $0 }.joined(separator: ", ")
    }

    /// Whether `coverage` is under `--min-coverage`: a share below it, or no controls at all under a
    /// minimum above 0, as a share of nothing holds no minimum.
    public func isUnderCoverage(_ coverage: Coverage) -> Bool {
        minimumCoverage.map { isUnder($0, coverage) } ?? false
    }

    private func isUnder(_ minimum: Double, _ coverage: Coverage) -> Bool {
        coverage.controls == 0 ? minimum > 0 : coverage.exactShare < minimum
    }

    /// What went over the budget, each with the actions and views that did most of it; empty when the
    /// rows are within it.
    ///
    /// Wasted evaluations are counted only where the verdict rests on nothing Ripple does not know; a
    /// partial row's counts are a lower bound, and still count. The message says how many rows could
    /// not be judged.
    public func overruns(_ rows: [AuditRow], coverage: Coverage? = nil) -> [String] {
        var found: [String] = []
        let wasted = rows.reduce(0) { $0 + $1.judgedWasted }, stale = rows.reduce(0) { $0 + $1.stale }
        let caveat = Self.unjudged(rows).map { " (it could not judge \($0))" } ?? ""
        if let maximumWasted, wasted > maximumWasted {
            let worst = rows.filter { $0.judgedWasted > 0 }.prefix(3).map { "'\($0.action)' \($0.judgedWasted) (most: \($0.mostWasted ?? "?"))" }
            found.append("the audit found \(wasted) wasted evaluations, over the budget of \(maximumWasted): \(worst.joined(separator: ", "))\(caveat)")
        }
        if let minimumCoverage, let coverage, isUnder(minimumCoverage, coverage) {
            found.append(coverage.controls == 0 ? "the audit found no controls to simulate, so it cannot hold the minimum of \(Coverage.percent(minimumCoverage))"
                : "the audit simulated \(coverage.controlsExact) of \(coverage.controls) controls exactly (\(Coverage.percent(coverage.exactShare))), "
                         + "under the minimum of \(Coverage.percent(minimumCoverage))")
        }
        let evaluations = rows.reduce(0) { $0 + $1.evaluations }
        if let maximumEvaluations, evaluations > maximumEvaluations {
            let worst = rows.sorted { $0.evaluations > $1.evaluations }.prefix(3).map { "'\($0.action)' \($0.evaluations)" }
            found.append("the audit found \(evaluations) evaluations, over the budget of \(maximumEvaluations): \(worst.joined(separator: ", "))")
        }
        if let maximumStale, stale > maximumStale {
            let worst = rows.filter { $0.stale > 0 }.sorted { $0.stale > $1.stale }.prefix(3).map { "'\($0.action)' \($0.stale)" }
            found.append("the audit found \(stale) stale views, over the budget of \(maximumStale): \(worst.joined(separator: ", "))")
        }
        return found
    }
}
