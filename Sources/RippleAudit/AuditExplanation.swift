import RippleCore

/// Why an action does more than in the baseline: its reasons (`AuditRow.reasons`) held against the
/// baseline's for each view type whose counts rose, so that what is named is what the change did — a
/// read that widened, an input that stopped comparing equal, a row identity that changed, a view left
/// stale — and never a cause the baseline had already, an old problem.
extension AuditBaseline {
    /// The view types that re-ran as needed in the baseline's action (they showed a changed value), that
    /// the run still builds, and that the run's action neither re-runs nor leaves stale: views that
    /// stopped updating. Empty for a baseline saved without its views.
    static func stoppedUpdating(_ row: AuditRow, _ before: Action, built: Set<String>) -> [String] {
        guard let views = before.views else { return [] }
        return views.filter { view in
            view.evaluations > view.wasted && built.contains(view.view)
                && !row.views.contains { $0.view == view.view && ($0.evaluations > 0 || $0.stale > 0) }
        }.map(\.view)
    }

    /// What the change did to `row` against `before`, the same action in the baseline: per view type
    /// that re-ran more, was wasted more or left stale more, each reason the baseline's action did not
    /// have; a view whose reasons are all old re-ran more for the same causes, and says so.
    static func explain(_ row: AuditRow, _ before: Action, stopped: [String]) -> [Explanation] {
        var found: [Explanation] = []
        for view in stopped {
            found.append(Explanation(text: "`\(view)` no longer updates: in the baseline the action re-ran it and it showed a changed value; now nothing re-runs it"))
        }
        guard let old = before.reasons else {
            if found.isEmpty, !(row.views.isEmpty) {
                found.append(Explanation(text: "the baseline was saved without the causes of its re-runs, so what changed cannot be named; save it again with 'ripple audit --format json'"))
            }
            return found
        }
        let oldKeys = Set(old.map(\.key))
        let baseViews = Dictionary((before.views ?? []).map { ($0.view, $0) }, uniquingKeysWith: { first, _ in first })
        for view in row.views {
            let base = baseViews[view.view]
            let rose = view.evaluations > (base?.evaluations ?? 0), wasted = view.wasted > (base?.wasted ?? 0), stale = view.stale > (base?.stale ?? 0)
            guard rose || wasted || stale else { continue }
            var named = false
            var seen: Set<String> = []
            let fresh = row.reasons.filter { $0.view == view.view && !oldKeys.contains($0.key) && ($0.outcome != "needed" || rose) }
            for reason in fresh where seen.insert(reason.key).inserted {
                // One sentence per cause, counting the instances it told whatever they came to.
                let alike = fresh.filter { $0.key == reason.key }
                found.append(Explanation(text: sentence(reason, counts: alike), location: reason.location, declared: reason.declared == true))
                named = true
            }
            if !named {
                let counts = "\(base?.evaluations ?? 0) → \(view.evaluations) evaluations" + (wasted ? ", \(base?.wasted ?? 0) → \(view.wasted) wasted" : "")
                    + (stale ? ", \(base?.stale ?? 0) → \(view.stale) stale" : "")
                let same = row.reasons.first { $0.view == view.view }
                found.append(Explanation(text: "`\(view.view)` \(counts), for causes it had in the baseline too"
                                            + (same.map { " (\(cause($0)))" } ?? "") + ": more of its instances were told, not new ones",
                                         location: same?.location))
            }
        }
        return found
    }

    /// One reason as the change that made it: `a read widened: …`, with what it did to the instances
    /// it told (`counts`, the reason per outcome): `3 re-runs, 2 in vain`.
    static func sentence(_ reason: AuditReason, counts: [AuditReason]) -> String {
        let total = { (outcome: String) in counts.filter { $0.outcome == outcome }.reduce(0) { $0 + $1.count } }
        let runs = total("needed") + total("wasted"), wasted = total("wasted"), stale = total("stale")
        let outcome = [runs > 0 ? "\(runs) re-run\(runs == 1 ? "" : "s")" + (wasted > 0 ? ", \(wasted) in vain" : "") : nil,
                       stale > 0 ? "\(stale) left stale" : nil].compactMap { $0 }.joined(separator: ", ")
        switch reason.kind {
        case "observation":
            let read = reason.read.map { "reads `\($0)`, which depends on `\(reason.subject)`" } ?? "depends on `\(reason.subject)`"
            return "a read widened: `\(reason.view)` now \(read), which the action writes; it did not in the baseline (\(outcome))"
        case "input":
            return "an input stopped comparing equal: `\(reason.view)`'s input `\(reason.subject)` now differs when the action runs; it did not in the baseline (\(outcome))"
        case "newIdentity":
            return "a row identity changed: `\(reason.view)` is built anew, with a new identity, when the action runs; it was not in the baseline (\(outcome))"
        case "untracked":
            return "a view stopped updating: `\(reason.view)` reads `\(reason.subject)`, which the action changes, and nothing tells SwiftUI; it was not stale in the baseline (\(outcome))"
        case "seededState":
            return "a view stopped updating: `\(reason.view)`'s `@State` `\(reason.subject)` keeps the first value it was given, though the input it was seeded from changed; it was not stale in the baseline (\(outcome))"
        default:
            return "`\(reason.view)` now depends on \(cause(reason)), which the action changes; it did not in the baseline (\(outcome))"
        }
    }

    /// A reason's cause in a few words: `its read of store.items (ShoppingList.store.items)`.
    static func cause(_ reason: AuditReason) -> String {
        switch reason.kind {
        case "observation": return reason.read.map { "its read `\($0)` of `\(reason.subject)`" } ?? "`\(reason.subject)`"
        case "input": return "its input `\(reason.subject)`"
        case "newIdentity": return "a new identity"
        case "untracked": return "its read of `\(reason.subject)`, which changed untold"
        case "seededState": return "its `@State` `\(reason.subject)`, seeded from an input"
        default: return "its \(reason.kind) `\(reason.subject)`"
        }
    }
}
