import RippleCore

/// The fixes `ripple audit` proves: for the hints of one variant, the rewrites Ripple can make itself,
/// each simulated with the same actions as the code as written, and what each saved.
struct AuditFixes: Encodable, Sendable {
    /// What the actions did in all: evaluations, wasted, stale, and over how many actions.
    struct Totals: Encodable, Equatable, Sendable {
        var actions = 0
        var evaluations = 0
        var wasted = 0
        var stale = 0

        init(_ rows: [AuditCommand.Row]) {
            for row in rows where row.error == nil {
                actions += 1
                evaluations += row.evaluations
                wasted += row.wasted
                stale += row.stale
            }
        }

        /// `wasted 4 → 0, evaluations 10 → 6, stale 0 → 0`.
        func change(to after: Totals) -> String {
            "wasted \(wasted) → \(after.wasted), evaluations \(evaluations) → \(after.evaluations), stale \(stale) → \(after.stale)"
        }
    }

    /// One fix, measured with it and every fix before it applied.
    struct Proof: Encodable, Sendable {
        var kind: String
        var type: String
        var summary: String
        var before: Totals
        var after: Totals?
        /// Why it was not kept: the rewritten code did not load, or it left views stale that were not, or
        /// it wasted more, or it saved nothing; nil for a kept fix.
        var rejected: String?
    }

    var file: String
    var variant: String
    var proofs: [Proof]
    /// The actions of the code with every kept fix, by name.
    var fixedRows: [String: AuditCommand.Row]
    /// The kept fixes, in order, and the scenario they were applied to: what `--emit-variant` writes.
    var kept: [ProvenFix]
    var scenario: Scenario

    enum CodingKeys: String, CodingKey { case file, variant, proofs }

    /// Every fix the hints of `rows` name that Ripple can make, applied one after another; a fix is kept
    /// when the code with it loads, leaves no more views stale, and wastes fewer evaluations, or as many
    /// and runs fewer bodies (a parent that no longer re-runs to pass a value on).
    init(scenario: Scenario, variant: String, file: String, rows: [AuditCommand.Row], allRows: Bool, threads: Int? = nil) {
        self.file = file
        self.variant = variant
        self.scenario = scenario
        proofs = []
        kept = []
        fixedRows = [:]
        let hints = rows.filter { $0.error == nil }.flatMap(\.hints)
        guard !hints.isEmpty else { return }
        var current = rows
        for fix in ProvenFixes.fixes(for: hints, in: scenario, variant: variant) {
            var proof = Proof(kind: fix.kind.rawValue, type: fix.type, summary: fix.summary, before: Totals(current), after: nil, rejected: nil)
            do throws(DiagnosticError) {
                let fixed = try ProvenFixes.scenario(scenario, variant: variant, applying: kept + [fix])
                let after = try AuditCommand.audit(fixed, variant: variant, file: file, allRows: allRows, threads: threads)
                // The same actions, matched by name: the fix changes no control or title.
                let names = Set(after.map(\.action))
                let compared = current.filter { names.contains($0.action) }
                let before = Totals(compared)
                let afterTotals = Totals(after.filter { row in compared.contains { $0.action == row.action } })
                proof.before = before
                proof.after = afterTotals
                if afterTotals.stale > before.stale {
                    proof.rejected = "it leaves \(afterTotals.stale - before.stale) more views stale"
                } else if afterTotals.wasted > before.wasted {
                    proof.rejected = "it wastes \(afterTotals.wasted - before.wasted) more evaluations"
                } else if afterTotals.wasted == before.wasted && afterTotals.evaluations >= before.evaluations {
                    proof.rejected = "it saves no evaluation"
                } else if compared.count < current.filter({ $0.error == nil }).count {
                    proof.rejected = "the rewritten screen does not offer the same actions"
                } else {
                    kept.append(fix)
                    current = after
                    fixedRows = Dictionary(after.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })
                }
            } catch {
                proof.rejected = "the rewritten code does not load: " + (error.diagnostics.first?.message ?? "\(error)")
            }
            proofs.append(proof)
        }
    }

    /// The section under the hints: each fix with what it saved, or why it was not kept.
    var text: String {
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
