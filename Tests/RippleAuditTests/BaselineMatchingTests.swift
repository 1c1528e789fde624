import Foundation
import Testing
@testable import RippleAudit
import RippleCore

/// How a run's actions meet a baseline's: by control, whatever their rows are named; what a change did
/// to an action that does more; and a view that stopped updating.
@Suite struct BaselineMatchingTests {
    /// A row of the run: the action `name`, by the control `identity`, with `views` as
    /// (view, evaluations, wasted, stale) and its reasons.
    func row(_ name: String, identity: String?, views: [(String, Int, Int, Int)] = [], reasons: [AuditReason] = []) -> AuditRow {
        var row = AuditRow(file: "App", variant: "main", action: name, kind: "tap", control: "Button",
                           location: TraceLocation(SourceLocation(file: "App/ItemRow.swift", line: 10, column: 13)))
        row.identity = identity
        row.views = views.map { AuditRow.ViewCounts(view: $0.0, evaluations: $0.1, wasted: $0.2, stale: $0.3) }
        row.evaluations = views.reduce(0) { $0 + $1.1 }
        row.wasted = views.reduce(0) { $0 + $1.2 }
        row.stale = views.reduce(0) { $0 + $1.3 }
        row.reasons = reasons
        return row
    }

    /// A baseline of one action, saved as `ripple audit --format json` writes it; `extra` adds fields.
    func baseline(_ name: String, identity: String?, views: String = "[]", reasons: String? = nil, evaluations: Int, wasted: Int = 0) throws -> AuditBaseline {
        let saved = """
            {"coverage": {"controls": 0, "controlsExact": 0, "unreached": []}, "notes": [],
             "actions": [{"file": "App", "variant": "main", "action": "\(name)", "evaluations": \(evaluations), "wasted": \(wasted), "stale": 0,
                          "rows": 0, "wastedRows": 0, "control": "Button", "location": {"file": "ItemRow.swift", "line": 10, "column": 13},
                          \(identity.map { "\"identity\": \"\($0)\"," } ?? "") \(reasons.map { "\"reasons\": \($0)," } ?? "") "views": \(views)}]}
            """
        return AuditBaseline(path: "base.json", document: try JSONDecoder().decode(AuditBaseline.Document.self, from: Data(saved.utf8)))
    }

    static let paths = AuditPaths(folders: ["App"])

    @Test func anActionIsMatchedByItsControlAcrossARenamedRow() throws {
        let base = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", evaluations: 2)
        let comparison = base.compare([row("tap Button in ItemRow[0]", identity: "tap Button in ItemRow", views: [("ItemRow", 3, 1, 0)])],
                                      coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(comparison.gone.isEmpty)
        #expect(comparison.regressions.map { $0.text(naming: false) } == ["'tap Button in ItemRow[0]' ('tap Button in ItemRow[1]' in the baseline): evaluations 2 → 3 (+1), wasted 0 → 1 (+1)"])
    }

    /// A view moved to a file of its own keeps its actions: one action of that control on each side.
    @Test func anActionWhoseFileMovedIsMatchedByItsControl() throws {
        let base = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", evaluations: 2)
        var moved = row("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: [("ItemRow", 1, 0, 0)])
        moved.location.file = "App/Rows/ItemRow.swift"
        let comparison = base.compare([moved], coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(comparison.gone.isEmpty && comparison.improvements.count == 1)
        // Two such actions in the run: which is the baseline's is not known, so neither is taken for it.
        let two = base.compare([moved, moved], coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(two.gone.count == 1)
    }

    @Test func anotherControlIsNewAndTheBaselinesIsGone() throws {
        let base = try baseline("tap Button in ItemRow[1]", identity: "tap Button \\\"Share\\\" in ItemRow", evaluations: 2)
        let comparison = base.compare([row("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: [("ItemRow", 3, 1, 0)])],
                                      coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(comparison.gone.map(\.action) == ["tap Button in ItemRow[1]"])
        #expect(comparison.regressions.map { $0.changes == nil } == [true], "new, and wasting")
    }

    /// A baseline saved before actions were named by their control is matched by name, as it was.
    @Test func aBaselineWithoutControlsIsMatchedByName() throws {
        let base = try baseline("tap Button in ItemRow[1]", identity: nil, evaluations: 2)
        let same = base.compare([row("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: [("ItemRow", 2, 0, 0)])],
                                coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(same.gone.isEmpty && same.regressions.isEmpty)
        let renamed = base.compare([row("tap Button in ItemRow[0]", identity: "tap Button in ItemRow", views: [("ItemRow", 2, 1, 0)])],
                                   coverage: Coverage(), notes: [], paths: Self.paths)
        #expect(renamed.gone.count == 1 && renamed.regressions.first?.changes == nil)
    }

    /// A view that re-ran as needed in the baseline and is built, but not re-run, in the run stopped
    /// updating: a regression though every count fell. One the run no longer builds left the screen.
    @Test func aViewThatStoppedUpdatingIsARegression() throws {
        let views = "[{\"view\": \"ItemRow\", \"evaluations\": 1, \"wasted\": 0, \"stale\": 0}, {\"view\": \"List\", \"evaluations\": 1, \"wasted\": 0, \"stale\": 0}]"
        let base = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: views, evaluations: 2)
        let run = [row("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: [("List", 1, 0, 0)])]
        let stopped = base.compare(run, coverage: Coverage(), notes: [], paths: Self.paths, builtViewTypes: ["List", "ItemRow"])
        #expect(stopped.failed)
        #expect(stopped.regressions.map { $0.text(naming: false) } == ["'tap Button in ItemRow[1]': `ItemRow` no longer updates"])
        #expect(stopped.regressions.first?.explanations.first?.text.hasPrefix("`ItemRow` no longer updates") == true)
        let gone = base.compare(run, coverage: Coverage(), notes: [], paths: Self.paths, builtViewTypes: ["List"])
        #expect(!gone.failed && gone.improvements.count == 1, "ItemRow left the screen")
        // Wasted in the baseline: it showed nothing new, and not re-running it is a saving.
        let wasted = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow",
                                  views: "[{\"view\": \"ItemRow\", \"evaluations\": 1, \"wasted\": 1, \"stale\": 0}, {\"view\": \"List\", \"evaluations\": 1, \"wasted\": 0, \"stale\": 0}]",
                                  evaluations: 2, wasted: 1)
        #expect(!wasted.compare(run, coverage: Coverage(), notes: [], paths: Self.paths, builtViewTypes: ["List", "ItemRow"]).failed)
    }

    /// What the change did is a reason the baseline's action did not have; one it had is an old cause,
    /// and is not named as the change's.
    @Test func onlyAReasonTheBaselineLacksIsNamedAsTheChange() throws {
        let widened = AuditReason(view: "ItemRow", outcome: "wasted", kind: "observation", subject: "List.store.items", read: "store.items",
                                  location: TraceLocation(SourceLocation(file: "App/ItemRow.swift", line: 9, column: 18)), count: 2)
        let input = AuditReason(view: "ItemRow", outcome: "needed", kind: "input", subject: "item", count: 1)
        let oldReasons = "[{\"view\": \"ItemRow\", \"outcome\": \"needed\", \"kind\": \"input\", \"subject\": \"item\", \"count\": 1}]"
        let views = "[{\"view\": \"ItemRow\", \"evaluations\": 1, \"wasted\": 0, \"stale\": 0}]"
        let base = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: views, reasons: oldReasons, evaluations: 1)
        let run = [row("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: [("ItemRow", 3, 2, 0)], reasons: [input, widened])]
        let explanations = base.compare(run, coverage: Coverage(), notes: [], paths: Self.paths).regressions.first?.explanations ?? []
        #expect(explanations.map { $0.line() } == ["App/ItemRow.swift:9: a read widened: `ItemRow` now reads `store.items`, which depends on `List.store.items`, "
                                                   + "which the action writes; it did not in the baseline (2 re-runs, 2 in vain)"])
        // The same reasons in the baseline: more instances for old causes, and the old cause is not the change's.
        let same = try baseline("tap Button in ItemRow[1]", identity: "tap Button in ItemRow", views: views,
                                reasons: "[{\"view\": \"ItemRow\", \"outcome\": \"needed\", \"kind\": \"input\", \"subject\": \"item\", \"count\": 1}, "
                                    + "{\"view\": \"ItemRow\", \"outcome\": \"wasted\", \"kind\": \"observation\", \"subject\": \"List.store.items\", \"read\": \"store.items\", \"count\": 1}]",
                                evaluations: 1)
        let old = same.compare(run, coverage: Coverage(), notes: [], paths: Self.paths).regressions.first?.explanations ?? []
        #expect(old.count == 1 && old.allSatisfy { !$0.text.contains("widened") && $0.text.contains("for causes it had in the baseline too") }, "\(old)")
    }

    /// A control's identity leaves out the row it is offered in, and keeps its title and view type.
    @Test func rowIdentitiesAreLeftOutOfReasons() {
        #expect(AuditReason.withoutRows("ItemRow[1].done") == "ItemRow.done")
        #expect(AuditReason.withoutRows("store.items[index].name") == "store.items.name")
        #expect(AuditReason.withoutRows("[1, 2]") == "[1, 2]", "a literal array is no row")
    }

    /// Each cause is said as the change it is: an input that stopped comparing equal, a new row identity.
    @Test func eachCauseIsSaidAsTheChangeItIs() {
        let input = AuditReason(view: "Row", outcome: "wasted", kind: "input", subject: "item", count: 2)
        #expect(AuditBaseline.sentence(input, counts: [input]).hasPrefix("an input stopped comparing equal: `Row`'s input `item` now differs"))
        let identity = AuditReason(view: "Row", outcome: "needed", kind: "newIdentity", subject: "@identity", count: 3)
        #expect(AuditBaseline.sentence(identity, counts: [identity]) == "a row identity changed: `Row` is built anew, with a new identity, when the action runs; "
                + "it was not in the baseline (3 re-runs)")
    }
}
