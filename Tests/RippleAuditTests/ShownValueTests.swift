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
        #expect(list.values == [ShownValue(view: "Toggle", text: "false")])
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
