import Foundation
import Testing
@testable import RippleAudit
@testable import RippleCore
import RippleSwift

/// What each view shows, recorded after each action, and the proofs of fixes that compare it: a fix is
/// kept only when every view of the fixed code shows what the original shows.
@Suite struct ShownValueTests {
    static let app = """
        import SwiftUI

        @Observable final class TaskStore {
            var tasks: [String] = ["Plan"]
            var done = false
            var total: Int { tasks.count }
            func add() { tasks.append("Pack") }
        }

        struct TaskListView: View {
            @State private var store = TaskStore()
            var body: some View {
                VStack {
                    TaskCountBadge(store: store)
                    Toggle("Done", isOn: $store.done)
                    Button("Add") { store.add() }
                }
            }
        }

        struct TaskCountBadge: View {
            var store: TaskStore
            var body: some View {
                HStack {
                    Image(systemName: "checklist")
                    Text("\\(store.total) tasks")
                    Text("since \\(Date())")
                }
            }
        }
        """

    /// The app with every value it shows known to Ripple.
    static let known = app.replacingOccurrences(of: "Text(\"since \\(Date())\")", with: "Text(\"today\")")

    /// That app with `total` stored and never updated: a rewrite that keeps fewer views re-running and
    /// shows the wrong count, built on purpose.
    static let wronglyFixed = known.replacingOccurrences(of: "var total: Int { tasks.count }", with: "var total = 1")

    static func load(_ source: String) throws -> Scenario {
        var module = SwiftModule()
        module.add(source: source, file: "App.swift")
        #expect(module.errors.isEmpty, "\(module.errors)")
        return try Scenario(syntax: module.scenario(title: "app", file: "App.swift", root: nil), file: "App.swift")
    }

    static func recordedRows(_ scenario: Scenario) throws -> [AuditRow] {
        var audit = Audit(threads: 1)
        audit.recordsShown = true
        return try audit.rows(of: scenario, variant: try #require(scenario.variants.first).name, file: "App.swift")
    }

    @Test func aTextShowsItsInterpolationsEvaluatedAndAnOpaqueValueAsUnknown() throws {
        let scenario = try Self.load(Self.app)
        let variant = try #require(scenario.variants.first).name
        let simulation = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics, recordingShown: true)
        let actions = simulation.availableActions()
        let add = try #require(actions.firstIndex { $0.name == "tap Button \"Add\" in TaskListView" }, "\(actions.map(\.name))")
        let step = try simulation.perform(actionAt: add)
        let badge = try #require(step.shown?.first { $0.path.hasSuffix("TaskCountBadge") }, "\(step.shown ?? [])")
        #expect(badge.values == [ShownValue(view: "Image", text: "checklist"), ShownValue(view: "Text", text: "2 tasks"),
                                 ShownValue(view: "Text", text: nil)])
        let list = try #require(simulation.shown().first { $0.path.hasSuffix("TaskListView") })
        // A control shows its title, then its value; a button its title.
        #expect(list.values == [ShownValue(view: "Toggle", text: "Done"), ShownValue(view: "Toggle", text: "false"),
                                ShownValue(view: "Button", text: "Add")])
    }

    @Test func aSimulationThatDoesNotRecordShowsNothing() throws {
        let scenario = try Self.load(Self.app)
        let simulation = try Simulation(scenario: scenario, variant: try #require(scenario.variants.first).name, semantics: scenario.semantics)
        let step = try simulation.perform(actionAt: 0)
        #expect(step.shown == nil)
        #expect(simulation.shown().isEmpty)
        #expect(!String(decoding: try JSONEncoder().encode(step), as: UTF8.self).contains("\"shown\""))
    }

    @Test func aFixThatChangesWhatAViewShowsIsRejectedWithTheFirstDifference() throws {
        #expect(Self.wronglyFixed != Self.known && Self.known != Self.app)
        let original = try Self.recordedRows(Self.load(Self.known))
        let fixed = try Self.recordedRows(Self.load(Self.wronglyFixed))
        let shown = Dictionary(original.compactMap { row in row.shown.map { (row.action, $0) } }, uniquingKeysWith: { first, _ in first })
        let difference = try #require(AuditFixes.firstDifference(in: fixed, from: shown))
        #expect(difference == "after 'tap Button \"Add\" in TaskListView', TaskCountBadge shows \"1 tasks\" where the original shows \"2 tasks\"")
    }

    @Test func aValueRippleDoesNotKnowLeavesTheFixNotProven() throws {
        let rows = try Self.recordedRows(Self.load(Self.app))
        let shown = Dictionary(rows.compactMap { row in row.shown.map { (row.action, $0) } }, uniquingKeysWith: { first, _ in first })
        let difference = try #require(AuditFixes.firstDifference(in: rows, from: shown))
        #expect(difference.hasPrefix("it is not proven: after '"))
        #expect(difference.hasSuffix("', TaskCountBadge shows a value Ripple does not know (Text)"))
    }

    @Test func theSameCodeShowsTheSameOnEveryAction() throws {
        let rows = try Self.recordedRows(Self.load(Self.known))
        let shown = Dictionary(rows.compactMap { row in row.shown.map { (row.action, $0) } }, uniquingKeysWith: { first, _ in first })
        #expect(shown.count == rows.count { $0.error == nil })
        #expect(AuditFixes.firstDifference(in: rows, from: shown) == nil)
    }

    @Test func aGalleryFixThatKeepsWhatEveryViewShowsIsKept() throws {
        let scenario = try AuditLibraryTests.gallery("computed-vs-cached")
        let path = scenario.file
        let rows = try Audit(threads: 1).rows(of: scenario, variant: "broad", file: path)
        let fixes = AuditFixes(scenario: scenario, variant: "broad", file: path, rows: rows, allRows: false)
        let proof = try #require(fixes.proofs.first)
        #expect(proof.rejected == nil)
        #expect(fixes.kept.count == 1)
        // The comparison had something to compare: the badge shows its count after each step.
        let recorded = try Self.recordedRows(scenario: scenario, variant: "broad", file: path)
        #expect(recorded.contains { row in row.shown?.contains { $0.values.contains { $0.view == "Text" && $0.text != nil } } ?? false })
    }

    static func recordedRows(scenario: Scenario, variant: String, file: String) throws -> [AuditRow] {
        var audit = Audit(threads: 1)
        audit.recordsShown = true
        return try audit.rows(of: scenario, variant: variant, file: file)
    }
}

/// The proofs of fixes given rewrites of their own, built on purpose: one that shows a wrong count, one
/// that shows the same texts but no longer re-runs a view whose re-run was needed, and the right one.
@Suite struct FixProofTests {
    /// The app of `ShownValueTests` with a rename, which leaves the count as it is, and a badge whose
    /// image shows `done` by its opacity.
    static let app = [
        ("func add() { tasks.append(\"Pack\") }", "func add() { tasks.append(\"Pack\") }\n    func rename() { tasks[0] = \"Plan trip\" }"),
        ("Button(\"Add\") { store.add() }", "Button(\"Add\") { store.add() }\n            Button(\"Rename\") { store.rename() }"),
        ("Image(systemName: \"checklist\")", "Image(systemName: \"checklist\").opacity(store.done ? 1 : 0.5)"),
    ].reduce(ShownValueTests.known) { source, change in
        precondition(source.contains(change.0), "the app no longer has '\(change.0)'")
        return source.replacingOccurrences(of: change.0, with: change.1)
    }

    /// The type `name` as the code `source` declares it.
    static func declaration(_ name: String, in source: String) throws -> DeclarationSyntax {
        let scenario = try ShownValueTests.load(source)
        let variant = try #require(scenario.variants.first).name
        return try #require(ProvenFixes.declarations(of: scenario.syntax, variant: variant).first { $0.name == name })
    }

    /// A rewrite of `type` made by hand: the app's code with `old` replaced by `new` in it.
    static func rewrite(_ kind: AuditHint.Kind, of type: String, replacing old: String, with new: String) throws -> ProvenFix {
        let wrong = app.replacingOccurrences(of: old, with: new)
        #expect(wrong != app, "the app has no '\(old)'")
        return ProvenFix(kind: kind, type: type, summary: "rewrite `\(type)`",
                         before: [try declaration(type, in: app)], after: [try declaration(type, in: wrong)])
    }

    /// The proofs of `fixes` tried on the app, and the app's rows.
    static func proofs(trying fixes: [ProvenFix]) throws -> (AuditFixes, [AuditRow]) {
        let scenario = try ShownValueTests.load(app)
        let variant = try #require(scenario.variants.first).name
        let rows = try Audit(threads: 1).rows(of: scenario, variant: variant, file: "App.swift")
        return (AuditFixes(scenario: scenario, variant: variant, file: "App.swift", rows: rows, trying: fixes, allRows: false, threads: 1), rows)
    }

    @Test func aStoredCountThatIsNotKeptUpToDateIsRejectedWithTheFirstDifference() throws {
        let fix = try Self.rewrite(.computedProperty, of: "TaskStore", replacing: "var total: Int { tasks.count }", with: "var total = 1")
        let (fixes, _) = try Self.proofs(trying: [fix])
        let proof = try #require(fixes.proofs.first)
        // It wastes less (the rename no longer re-runs the badge), so only what is shown tells it apart.
        let after = try #require(proof.after)
        #expect(after.wasted < proof.before.wasted)
        #expect(proof.rejected == "after 'tap Button \"Add\" in TaskListView', TaskCountBadge shows \"1 tasks\" where the original shows \"2 tasks\"")
        #expect(fixes.kept.isEmpty)
        let json = String(decoding: try JSONEncoder().encode(fixes), as: UTF8.self)
        #expect(json.contains("\"rejected\":\"after 'tap Button \\\"Add\\\" in TaskListView', TaskCountBadge shows"))
    }

    @Test func aRewriteThatNoLongerReRunsAViewWhoseReRunWasNeededIsRejected() throws {
        // The same texts, but the badge no longer reads `done`, so toggling it leaves the image's opacity old.
        let fix = try Self.rewrite(.readInChild, of: "TaskCountBadge", replacing: ".opacity(store.done ? 1 : 0.5)", with: ".opacity(1)")
        let (fixes, rows) = try Self.proofs(trying: [fix])
        let toggle = try #require(rows.first { $0.action.hasPrefix("toggle") }).action
        let proof = try #require(fixes.proofs.first)
        #expect(proof.rejected == "after '\(toggle)', TaskCountBadge is not re-run where the original re-runs it, needed")
        #expect(fixes.kept.isEmpty)
    }

    @Test func theRightRewriteIsKept() throws {
        let scenario = try ShownValueTests.load(Self.app)
        let variant = try #require(scenario.variants.first).name
        let fix = try #require(StoreComputedProperty.fix(property: "total", in: ProvenFixes.declarations(of: scenario.syntax, variant: variant)))
        let (fixes, _) = try Self.proofs(trying: [fix])
        let proof = try #require(fixes.proofs.first)
        #expect(proof.rejected == nil)
        #expect(fixes.kept.count == 1)
        let after = try #require(proof.after)
        #expect(after.wasted < proof.before.wasted)
    }

    /// A view the original re-ran as needed may be left out when a view below it re-runs in its place,
    /// for a write that made the original re-run (a child now given the object reads the value itself);
    /// not when nothing at or below it does, nor when what re-runs below it was told by something else.
    @Test func aNeededEvaluationMayMoveBelowTheViewButNotGo() {
        var original = AuditRow(file: "f", variant: "main", action: "tap", kind: "tap", control: "Button",
                                location: TraceLocation(SourceLocation(file: "f", line: 1, column: 1)))
        original.neededPaths = ["Inbox", "Inbox/UnreadBadge"]
        original.toldBy = ["Inbox": ["Inbox.mailbox.unreadCount"], "Inbox/UnreadBadge": []]
        var moved = original
        moved.evaluatedPaths = ["Inbox/UnreadBadge"]
        moved.toldBy = ["Inbox/UnreadBadge": ["Inbox.mailbox.unreadCount"]]
        #expect(AuditFixes.firstNeededEvaluationLeftOut(in: [moved], from: ["tap": original]) == nil)
        // The badge re-runs, but for another write: the inbox's re-run is not made.
        var elsewhere = moved
        elsewhere.toldBy = ["Inbox/UnreadBadge": ["Inbox.mailbox.title"]]
        #expect(AuditFixes.firstNeededEvaluationLeftOut(in: [elsewhere], from: ["tap": original])
                == "after 'tap', Inbox is not re-run where the original re-runs it, needed")
        var gone = original
        gone.evaluatedPaths = ["Inbox"]
        gone.toldBy = ["Inbox": ["Inbox.mailbox.unreadCount"]]
        #expect(AuditFixes.firstNeededEvaluationLeftOut(in: [gone], from: ["tap": original])
                == "after 'tap', UnreadBadge is not re-run where the original re-runs it, needed")
        // A view whose path only starts with the same letters is not below it.
        var other = moved
        other.evaluatedPaths = ["InboxList/UnreadBadge"]
        other.toldBy = ["InboxList/UnreadBadge": ["Inbox.mailbox.unreadCount"]]
        #expect(AuditFixes.firstNeededEvaluationLeftOut(in: [other], from: ["tap": original])
                == "after 'tap', Inbox is not re-run where the original re-runs it, needed")
    }
}
