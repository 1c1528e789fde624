import RippleCore

/// The fixes `ripple audit` proves: for the hints of one variant, the rewrites Ripple can make itself,
/// each simulated with the same actions as the code as written, and what each saved.
public struct AuditFixes: Encodable, Sendable {
    /// What the actions did in all: evaluations, wasted, stale, and over how many actions.
    public struct Totals: Encodable, Equatable, Sendable {
        /// The actions simulated.
        public var actions = 0
        /// Their bodies re-run.
        public var evaluations = 0
        /// Their bodies re-run in vain.
        public var wasted = 0
        /// The views they left stale.
        public var stale = 0
        /// `ForEach` row closures they ran, and ran in vain.
        public var rows = 0
        public var wastedRows = 0

        /// The totals of the rows that were simulated.
        public init(_ rows: [AuditRow]) {
            for row in rows where row.error == nil {
                actions += 1
                evaluations += row.evaluations
                wasted += row.wasted
                stale += row.stale
                self.rows += row.rows
                wastedRows += row.wastedRows
            }
        }

        /// Bodies and row closures run in vain: the waste a fix must not grow.
        public var wastedWork: Int { wasted + wastedRows }
        /// Bodies and row closures run.
        public var work: Int { evaluations + rows }

        /// `wasted 4 → 0, evaluations 10 → 6, stale 0 → 0`, and `, row closures 6 → 0` when rows ran.
        public func change(to after: Totals) -> String {
            "wasted \(wasted) → \(after.wasted), evaluations \(evaluations) → \(after.evaluations), stale \(stale) → \(after.stale)"
                + (rows + after.rows > 0 ? ", row closures \(rows) → \(after.rows)" : "")
        }
    }

    /// One fix, measured with it and every fix before it applied.
    public struct Proof: Encodable, Sendable {
        /// The hint's kind the fix follows: `computed-vs-cached`.
        public var kind: String
        /// The type it rewrites.
        public var type: String
        /// What it does, in a sentence.
        public var summary: String
        /// The actions' totals before it.
        public var before: Totals
        /// The same actions' totals with it; nil when the rewritten code did not load.
        public var after: Totals?
        /// Why it was not kept: the rewritten code did not load, or it left views stale that were not, or
        /// it wasted more, or it saved nothing, or after some action a view shows what the original does not
        /// show (`after 'tap …', Badge shows "0 tasks" where the original shows "2 tasks"`), or shows a value
        /// Ripple does not know, so the fix is not proven; nil for a kept fix.
        public var rejected: String?
        /// For a kept fix, the actions it made run fewer bodies or waste fewer, in the rows' order:
        /// what a patch names under the fix's counts. Not in the JSON.
        public var improved: [String] = []

        enum CodingKeys: String, CodingKey { case kind, type, summary, before, after, rejected }
    }

    /// The audited file.
    public var file: String
    /// The variant the fixes were tried on.
    public var variant: String
    /// Every fix tried, in order, kept or not.
    public var proofs: [Proof]
    /// The actions of the code with every kept fix, by name.
    public var fixedRows: [String: AuditRow]
    /// The kept fixes, in order, and the scenario they were applied to: what `--emit-variant` writes.
    public var kept: [ProvenFix]
    /// The scenario the fixes were applied to.
    public var scenario: Scenario

    enum CodingKeys: String, CodingKey { case file, variant, proofs }

    /// Every fix the hints of `rows` name that Ripple can make, applied one after another; a fix is kept
    /// when the code with it loads, leaves no more views stale, and wastes fewer evaluations, or as many
    /// and runs fewer bodies (a parent that no longer re-runs to pass a value on), and when after every
    /// action each instance shows exactly what the same instance, by path, shows in the original, and
    /// each instance the original re-ran as needed is re-run again, or a view below it in its place.
    /// What the original shows is taken from `rows` when they carry it (`AuditRow.shown`), and found by
    /// performing the actions again otherwise. A fix declined for what it cannot prove is listed, not tried.
    public init(scenario: Scenario, variant: String, file: String, rows: [AuditRow], allRows: Bool, threads: Int? = nil,
                depth: Int = Audit.defaultDepth) {
        let hints = rows.filter { $0.error == nil }.flatMap(\.hints)
        let fixes = hints.isEmpty ? [] : ProvenFixes.fixes(for: hints, in: scenario, variant: variant)
        self.init(scenario: scenario, variant: variant, file: file, rows: rows, trying: fixes, allRows: allRows, threads: threads, depth: depth)
    }

    /// `fixes` tried one after another on the code of `rows`, as `init(scenario:variant:file:rows:allRows:threads:)`
    /// tries those the hints name: a test gives a rewrite of its own here.
    package init(scenario: Scenario, variant: String, file: String, rows: [AuditRow], trying fixes: [ProvenFix], allRows: Bool, threads: Int? = nil,
                 depth: Int = Audit.defaultDepth) {
        self.file = file
        self.variant = variant
        self.scenario = scenario
        proofs = []
        kept = []
        fixedRows = [:]
        guard !fixes.isEmpty else { return }
        // What each action leaves on screen in the original; a fix's own views (a view it moves a read
        // into) show their values as part of the original view that builds them.
        let viewTypes = Set(ProvenFixes.declarations(of: scenario.syntax, variant: variant).compactMap { declaration -> String? in
            if case .type(let type) = declaration, type.conforms(to: "View") { type.name } else { nil }
        })
        var recording = Audit(allRows: allRows, threads: threads, depth: depth)
        recording.recordsShown = true
        recording.keepsEveryPath = true
        recording.shownViewTypes = viewTypes
        let original = rows.contains { $0.shown != nil } ? rows : (try? recording.rows(of: scenario, variant: variant, file: file)) ?? []
        let originalRows = Dictionary(original.compactMap { row in row.error == nil && row.shown != nil ? (row.action, row) : nil },
                                      uniquingKeysWith: { first, _ in first })
        let originalShown = originalRows.mapValues { $0.shown ?? [] }
        var current = rows
        for fix in fixes {
            var proof = Proof(kind: fix.kind.rawValue, type: fix.type, summary: fix.summary, before: Totals(current), after: nil, rejected: nil)
            if let declined = fix.declined {
                proof.rejected = declined
                proofs.append(proof)
                continue
            }
            // A fix that cannot be written into the source as Swift that parses is no fix a person can apply.
            if let check = scenario.rewriteCheck, let problem = check(scenario.syntax, variant, kept + [fix]) {
                proof.rejected = "the rewrite cannot be written into the source: " + problem
                proofs.append(proof)
                continue
            }
            do throws(DiagnosticError) {
                let fixed = try ProvenFixes.scenario(scenario, variant: variant, applying: kept + [fix])
                var audit = Audit(allRows: allRows, threads: threads, depth: depth)
                audit.recordsShown = true
                audit.keepsEveryPath = true
                audit.shownViewTypes = viewTypes
                let after = try audit.rows(of: fixed, variant: variant, file: file)
                // The same actions, matched by name: the fix changes no control or title.
                let names = Set(after.map(\.action))
                let compared = current.filter { names.contains($0.action) }
                let before = Totals(compared)
                let afterTotals = Totals(after.filter { row in compared.contains { $0.action == row.action } })
                proof.before = before
                proof.after = afterTotals
                if afterTotals.stale > before.stale {
                    proof.rejected = "it leaves \(afterTotals.stale - before.stale) more views stale"
                } else if afterTotals.wastedWork > before.wastedWork {
                    proof.rejected = afterTotals.wasted > before.wasted ? "it wastes \(afterTotals.wasted - before.wasted) more evaluations"
                        : "it runs \(afterTotals.wastedWork - before.wastedWork) more row closures in vain"
                } else if afterTotals.wastedWork == before.wastedWork && afterTotals.work >= before.work {
                    proof.rejected = "it saves no evaluation"
                } else if compared.count < current.filter({ $0.error == nil }).count {
                    proof.rejected = "the rewritten screen does not offer the same actions"
                } else if let difference = Self.firstDifference(in: after, from: originalShown) {
                    proof.rejected = difference
                } else if let missing = Self.firstNeededEvaluationLeftOut(in: after, from: originalRows) {
                    proof.rejected = missing
                } else {
                    kept.append(fix)
                    let earlier = Dictionary(compared.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })
                    proof.improved = after.filter { row in
                        guard row.error == nil, let was = earlier[row.action] else { return false }
                        return row.evaluations + row.rows < was.evaluations + was.rows || row.wasted + row.wastedRows < was.wasted + was.wastedRows
                    }.map(\.action)
                    current = after
                    fixedRows = Dictionary(after.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })
                }
            } catch {
                proof.rejected = "the rewritten code does not load: " + (error.diagnostics.first?.message ?? "\(error)")
            }
            proofs.append(proof)
        }
    }

    /// The first action after which an instance of the fixed code shows other than the original shows,
    /// in the rows' order: `after 'tap Button "Add" in TaskListView', TaskCountBadge shows "0 tasks"
    /// where the original shows "2 tasks"`; a value Ripple does not know on either side makes the fix
    /// not proven. Nil when every action leaves every instance showing the same known values.
    static func firstDifference(in rows: [AuditRow], from original: [String: [ShownInstance]]) -> String? {
        for row in rows where row.error == nil {
            guard let before = original[row.action],
                  let difference = ShownDifference.first(row.shown ?? [], before) else { continue }
            return (difference.isUnknown ? "it is not proven: " : "") + "after '\(row.action)', \(difference.sentence)"
        }
        return nil
    }

    /// The first action after which an instance the original re-ran as needed is not re-run in the fixed
    /// code, nor a view below it in its place: `after 'tap …', TaskCountBadge is not re-run where the
    /// original re-runs it, needed`. A view below takes its place when it re-runs for one of the writes
    /// that made the original re-run (the child now given the object reads the value itself, the view a
    /// read moved into), or, for an instance its parent re-ran with a new input, when it re-runs at all.
    /// What a view shows covers its texts and control values; this covers the rest of what its re-run
    /// makes (a modifier's value, what it hands a child). Nil when every needed evaluation is still made.
    static func firstNeededEvaluationLeftOut(in rows: [AuditRow], from original: [String: AuditRow]) -> String? {
        for row in rows where row.error == nil {
            guard let before = original[row.action], let needed = before.neededPaths, let evaluated = row.evaluatedPaths else { continue }
            for path in needed where !evaluated.contains(path) {
                let told = Set(before.toldBy?[path] ?? [])
                let replaced = evaluated.contains { below in
                    below.hasPrefix(path + "/") && (told.isEmpty || !told.isDisjoint(with: row.toldBy?[below] ?? []))
                }
                guard !replaced else { continue }
                let name = path.split(separator: "/").last.map(String.init) ?? path
                return "after '\(row.action)', \(name) is not re-run where the original re-runs it, needed"
            }
        }
        return nil
    }

    /// The section under the hints: each fix with what it saved, or why it was not kept.
    public var text: String {
        guard !proofs.isEmpty else { return "" }
        var text = "proven fixes (\(variant == "main" ? "" : "variant '\(variant)', ")Ripple rewrote the code and performed the same actions):\n"
        for (index, proof) in proofs.enumerated() {
            let measured = proof.after.map { " (\(proof.before.change(to: $0)) across \(proof.before.actions) actions)" } ?? ""
            if let rejected = proof.rejected {
                text += "  \(index + 1). \(proof.summary): not kept, \(rejected)\(measured)\n"
            } else {
                text += "  \(index + 1). \(proof.summary): \(proof.before.change(to: proof.after!)) across \(proof.before.actions) actions\n"
            }
        }
        return text
    }
}
