import Foundation
import Testing
import RippleAudit
import RippleCore
import RippleSwift

/// The audit through its library alone: a loaded scenario in, rows, ranking, budgets and proven fixes out,
/// no file read and nothing printed.
@Suite struct AuditLibraryTests {
    /// The package's folder, found from this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A gallery scenario, loaded.
    static func gallery(_ name: String) throws -> Scenario {
        let path = root.appendingPathComponent("Scenarios/\(name).ripple").path
        return try Scenario(source: String(contentsOfFile: path, encoding: .utf8), file: path)
    }

    /// Two buttons on one screen: one re-runs a badge whose text does not change, one changes what it shows.
    static let screen = """
        scenario "badge"
        @Observable final class Inbox {
            var messages: [String] = ["Lunch?", "Invoice"]
            var title = "Inbox"
            var count: Int { messages.count }
        }
        struct Screen: View {
            @State private var inbox = Inbox()
            var body: some View {
                VStack {
                    Button("Rename") { inbox.messages[0] = "Dinner?" }
                    Button("Retitle") { inbox.title = "Mail" }
                    Text(inbox.title)
                    Badge(inbox: inbox)
                }
            }
        }
        struct Badge: View {
            let inbox: Inbox
            var body: some View { Text("\\(inbox.count) messages") }
        }
        """

    /// The example of docs/Audit.md, "Using the audit from Swift".
    @Test func theDocumentedExampleRuns() throws {
        let text = Self.screen
        let scenario = try Scenario(source: text, file: "badge.ripple")
        let result = Audit().run(scenario, file: "badge.ripple")
        let wasteful = result.ranked.filter { $0.wasted > 0 }.map { "\($0.action): \($0.wasted) wasted" }
        let overruns = AuditBudget(maximumWasted: 0).overruns(result.ranked, coverage: result.coverage)
        #expect(wasteful == ["tap Button \"Rename\" in Screen: 1 wasted"])
        #expect(overruns.count == 1)
    }

    /// Every action is a row, judged exact, and the one that wastes a body ranks first.
    @Test func theActionThatWastesMostRanksFirst() throws {
        let scenario = try Scenario(source: Self.screen, file: "badge.ripple")
        let result = Audit(threads: 1).run(scenario, file: "badge.ripple")
        #expect(result.failures.isEmpty)
        #expect(result.variants.map(\.name) == ["main"])
        #expect(result.rows.map(\.action) == ["tap Button \"Rename\" in Screen", "tap Button \"Retitle\" in Screen"])
        #expect(result.rows.allSatisfy { $0.confidence == .exact })
        let ranked = result.ranked
        #expect(ranked.first?.action == "tap Button \"Rename\" in Screen")
        #expect(ranked.first?.wasted == 1)
        #expect(ranked.first?.mostWasted == "Badge")
        #expect(ranked.first?.hints.first?.guidance == "computed-vs-cached")
        #expect(ranked.last?.wasted == 0)
        #expect(result.coverage.controls == 2)
        #expect(result.coverage.controlsExact == 2)
    }

    /// A budget is a decision over the rows: over it, it says by how much and where.
    /// The ranking weighs a wasted body at `bodyWeight` and a wasted row closure of built-in views at
    /// `rowClosureWeight`: one wasted body outranks one wasted row closure offered before it, and three
    /// wasted row closures outrank one wasted body.
    @Test func theRankingWeighsABodyOverARowClosure() {
        func row(_ name: String, wasted: Int, wastedRows: Int) -> AuditRow {
            var row = AuditRow(file: "f", variant: "main", action: name, kind: "tap", control: "Button",
                               location: TraceLocation(SourceLocation(file: "f", line: 1, column: 1)))
            row.wasted = wasted
            row.evaluations = wasted
            row.wastedRows = wastedRows
            row.rows = wastedRows
            return row
        }
        #expect(AuditRow.bodyWeight > AuditRow.rowClosureWeight)
        let picker = row("pick", wasted: 0, wastedRows: 1)
        let body = row("tap", wasted: 1, wastedRows: 0)
        #expect(AuditRow.ranked([picker, body]).map(\.action) == ["tap", "pick"])
        let threeRows = row("pick", wasted: 0, wastedRows: 3)
        #expect(AuditRow.ranked([body, threeRows]).map(\.action) == ["pick", "tap"])
    }

    @Test func aBudgetOverTheRowsSaysWhatWentOver() throws {
        let result = Audit().run(try Scenario(source: Self.screen, file: "badge.ripple"), file: "badge.ripple")
        #expect(AuditBudget(maximumWasted: 1).overruns(result.ranked, coverage: result.coverage).isEmpty)
        let overruns = AuditBudget(maximumWasted: 0, minimumCoverage: 1).overruns(result.ranked, coverage: result.coverage)
        #expect(overruns == ["the audit found 1 wasted evaluations, over the budget of 0: 'tap Button \"Rename\" in Screen' 1 (most: Badge)"])
    }

    /// The fix of the broad design of computed-vs-cached is proven and kept, and each row says what it
    /// does with it.
    @Test func aFixIsProvenAndKept() throws {
        let scenario = try Self.gallery("computed-vs-cached")
        let broad = try Audit().run(scenario, variant: "broad", file: scenario.file)
        let proof = try #require(broad.fixes.proofs.first)
        #expect(proof.rejected == nil)
        #expect(proof.summary == "store `Inbox.unreadCount` and update it when `messages` changes, writing it only when its value changes")
        #expect(proof.before.wasted == 2)
        #expect(proof.after?.wasted == 0)
        #expect(broad.fixes.kept.count == 1)
        #expect(broad.rows.allSatisfy { $0.fixed?.wasted == 0 })
        // The narrow design needs no fix of the kind.
        let narrow = try Audit().run(scenario, variant: "narrow", file: scenario.file)
        #expect(!narrow.fixes.proofs.contains { $0.kind == proof.kind && $0.type == proof.type })
    }

    /// The JSON model holds every file's rows ranked together, the fixes and the notes.
    @Test func theJSONModelHoldsEveryFile() throws {
        let scenario = try Self.gallery("computed-vs-cached")
        let results = [Audit().run(scenario, file: scenario.file), Audit().run(try Scenario(source: Self.screen, file: "badge.ripple"), file: "badge.ripple")]
        let json = AuditJSON(results)
        #expect(json.schemaVersion == 2)
        #expect(json.actions.count == results.reduce(0) { $0 + $1.rows.count })
        #expect(json.actions.map(\.wasted) == json.actions.map(\.wasted).sorted(by: >))
        #expect(json.fixes.map(\.variant).contains("broad"))
        #expect(json.coverage.controls == results.reduce(0) { $0 + $1.coverage.controls })
    }

    /// Past the work limit, the actions after the one that crossed it are not performed.
    @Test func actionsPastTheWorkLimitAreNotPerformed() throws {
        let scenario = try Scenario(source: Self.screen, file: "badge.ripple")
        let rows = try Audit(threads: 1, workLimit: 0).rows(of: scenario, variant: "main", file: "badge.ripple")
        #expect(rows.first?.error == nil)
        #expect(rows.dropFirst().allSatisfy { $0.error == Audit.notPerformed && $0.confidence == .notSimulated })
    }

    /// Typing into a field bound to a `Binding(get:set:)` whose getter reads the binding again stops at
    /// the call depth, on a thread with the command line's 8 MB of stack: the row says why it was not
    /// simulated (the audit overflowed the stack before).
    @Test func anActionThroughABindingThatReadsItselfStopsAtTheCallDepth() throws {
        let text = """
            scenario "binding"
            struct Root: View {
                @State private var name = ""
                var text: Binding<String> {
                    Binding(get: { text.wrappedValue }, set: { name = $0 })
                }
                var body: some View { TextField("Name", text: text) }
            }
            """
        let scenario = try Scenario(source: text, file: "binding.ripple")
        let errors = Errors()
        ParallelWork.perform(iterations: 1, threads: 1) { _ in
            errors.found = Audit(threads: 1).run(scenario, file: "binding.ripple").rows.map { $0.error ?? "simulated" }
        }
        #expect(errors.found == ["calls nest too deeply in computed property 'text': recursion deeper than \(256) (limit: call depth)"])
    }

    /// The comparison takes a baseline's counts as they are, and none traps it: a share past 1, a count
    /// of `Int.min` and of `Int.max` (the reader refuses them, `AuditBaseline.invalidCount(in:)`).
    @Test func theComparisonCannotTrapOnAnyCount() throws {
        let saved = """
            {"coverage": {"controls": 1, "controlsExact": \(Int.max), "unreached": []},
             "actions": [{"file": "badge.ripple", "variant": "main", "action": "tap Button \\"Rename\\" in Screen", "evaluations": \(Int.min), "wasted": \(Int.min), "stale": 0, "rows": 0, "wastedRows": 0}],
             "notes": []}
            """
        let document = try JSONDecoder().decode(AuditBaseline.Document.self, from: Data(saved.utf8))
        let result = Audit().run(try Scenario(source: Self.screen, file: "badge.ripple"), file: "badge.ripple")
        let comparison = AuditBaseline(path: "saved.json", document: document).compare(result.ranked, coverage: result.coverage, notes: result.loadNotes)
        #expect(comparison.regressions.map { $0.text(naming: false) }
                == ["'tap Button \"Rename\" in Screen': evaluations \(Int.min) → 1 (+9223372036854775809), wasted \(Int.min) → 1 (+9223372036854775809)"])
        #expect(comparison.coverageDrop == "\(Int.max) of 1 (100%) → 2 of 2 (100%)")
        #expect(AuditBaseline.invalidCount(in: document)?.path == ["coverage", "controlsExact"])
    }

    /// The rows' errors, handed from the audit's thread to the test's, which waits for the thread to end.
    private final class Errors: @unchecked Sendable {
        var found: [String] = []
    }

    /// One budget for the whole audit: the load and every variant's actions share it, in order, so a
    /// variant after the budget is spent performs nothing, and each action not performed says so.
    @Test func theLoadAndEveryVariantShareOneWorkBudget() throws {
        let scenario = try Self.gallery("environment-keys")
        #expect(scenario.variants.count > 1)
        #expect(scenario.loadWork > 0)
        // Exactly what the load took: the first variant's first action starts within the budget, and is the last.
        let audit = Audit(threads: 1, workLimit: scenario.loadWork)
        let result = audit.run(scenario, file: scenario.file)
        let actions = result.variants.map { $0.rows.filter { $0.kind != "step" } }
        #expect(actions.allSatisfy { !$0.isEmpty })
        #expect(actions[0].first?.error == nil)
        #expect(actions.flatMap { $0 }.dropFirst().allSatisfy { $0.error == Audit.notPerformed })
        #expect(audit.workSpent > scenario.loadWork)
        // A budget the load alone spends leaves every action not performed.
        let spent = Audit(threads: 1, workLimit: scenario.loadWork - 1).run(scenario, file: scenario.file)
        #expect(spent.rows.filter { $0.kind != "step" }.allSatisfy { $0.error == Audit.notPerformed })
        // The default budget performs every one.
        #expect(Audit(threads: 1).run(scenario, file: scenario.file).rows.allSatisfy { $0.error == nil })
    }

    /// A saved audit holds the run to it: an action that wastes more than it did there regresses, a new
    /// one that wastes nothing does not.
    @Test func anActionThatDoesMoreThanInTheBaselineRegresses() throws {
        let saved = """
            {"coverage": {"controls": 2, "controlsExact": 2, "unreached": []},
             "actions": [{"file": "badge.ripple", "variant": "main", "action": "tap Button \\"Rename\\" in Screen", "evaluations": 0, "wasted": 0, "stale": 0, "rows": 0, "wastedRows": 0}],
             "notes": []}
            """
        let baseline = AuditBaseline(path: "saved.json", document: try JSONDecoder().decode(AuditBaseline.Document.self, from: Data(saved.utf8)))
        let result = Audit().run(try Scenario(source: Self.screen, file: "badge.ripple"), file: "badge.ripple")
        let comparison = baseline.compare(result.ranked, coverage: result.coverage, notes: result.loadNotes)
        #expect(comparison.failed)
        #expect(comparison.regressions.map { $0.text(naming: false) } == ["'tap Button \"Rename\" in Screen': evaluations 0 → 1 (+1), wasted 0 → 1 (+1)"])
        #expect(comparison.gone.isEmpty)
        #expect(comparison.coverageDrop == nil)
    }

    /// Inline `ForEach` rows: a saved audit whose rows' closures ran in vain holds the run to it, and a
    /// run whose body hands them a new closure more often regresses on the row closures alone.
    @Test func moreRowClosuresInVainThanInTheBaselineRegress() throws {
        let scenario = try Self.gallery("inline-rows")
        let result = Audit().run(scenario, file: scenario.file)
        let rename = try #require(result.ranked.first { $0.variant == "broad" && $0.action.contains("rename") })
        #expect(rename.evaluations == 1 && rename.wasted == 0)
        #expect(rename.rows == 3 && rename.wastedRows == 3)
        func regressions(_ counts: [String: Int]) throws -> [String] {
            let action: [String: Any] = ["file": scenario.file, "variant": "broad", "action": rename.action].merging(counts) { a, _ in a }
            let saved: [String: Any] = ["coverage": ["controls": 0, "controlsExact": 0, "unreached": [Any]()], "actions": [action], "notes": [Any]()]
            let document = try JSONDecoder().decode(AuditBaseline.Document.self, from: JSONSerialization.data(withJSONObject: saved))
            return AuditBaseline(path: "saved.json", document: document).compare([rename], coverage: result.coverage, notes: [])
                .regressions.map { $0.text(naming: false) }
        }
        #expect(try regressions(["evaluations": 1, "wasted": 0, "stale": 0, "rows": 3, "wastedRows": 3]).isEmpty)
        #expect(try regressions(["evaluations": 1, "wasted": 0, "stale": 0, "rows": 3, "wastedRows": 1])
                == ["'\(rename.action)': wasted row closures 1 → 3 (+2)"])
        // Saved before rows were counted apart, a baseline's evaluations hold them: compared on those terms.
        #expect(try regressions(["evaluations": 4, "wasted": 3, "stale": 0]).isEmpty)
        #expect(try regressions(["evaluations": 2, "wasted": 1, "stale": 0])
                == ["'\(rename.action)': evaluations and row closures 2 → 4 (+2), wasted 1 → 3 (+2)"])
    }
}
