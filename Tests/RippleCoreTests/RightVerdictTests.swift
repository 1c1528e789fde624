import Foundation
import Testing
@testable import RippleCore

/// Verdicts the audit's hand checks found wrong on real apps, each held as a pair: an evaluation that
/// hands a child a changed input is needed, one that hands it the same is wasted; a row that is
/// destroyed is no evaluation, a row that stays and re-runs is one.
@Suite struct RightVerdictTests {
    static func steps(_ declarations: String, _ steps: String) throws -> [StepTrace] {
        let trace = try simulateChecked("scenario \"verdicts\"\nsemantics swift6.2\n" + declarations + steps)
        return try #require(trace.variants.first).steps
    }

    static let badge = """
        @Observable final class Store {
            var tasks: [String] = ["Plan"]
            var count: Int { tasks.count }
        }
        struct Root: View {
            @State private var store = Store()
            var body: some View {
                VStack {
                    Badge(count: store.count)
                    Shelf(tasks: store.tasks)
                }
            }
        }
        struct Shelf: View {
            let tasks: [String]
            var body: some View { Badge(count: tasks.count) }
        }
        struct Badge: View {
            let count: Int
            var body: some View { Text("\\(count) tasks") }
        }

        """

    static func badgeSteps() throws -> [StepTrace] {
        try steps(badge, """
            step "add" { Root.store.tasks.append("Pack") }
            step "rename" { Root.store.tasks[0] = "Plan trip" }
            """)
    }

    @Test func anEvaluationThatHandsAChildANewCountIsNeeded() throws {
        let add = try Self.badgeSteps()[0]
        // The count goes 1 → 2: the root hands its badge the new count, and so does the shelf.
        #expect(add.instances.first { $0.path == "Root" }?.outcome == .needed)
        #expect(add.instances.first { $0.path == "Root/Shelf" }?.outcome == .needed)
        #expect(add.instances.filter { $0.viewType == "Badge" }.map(\.outcome) == [.needed, .needed])
        #expect(add.counts.wasted == 0)
    }

    @Test func anEvaluationThatHandsAChildTheSameCountIsWasted() throws {
        let rename = try Self.badgeSteps()[1]
        // The count stays 2: the badge the root builds compares equal and is not re-run.
        let root = try #require(rename.instances.first { $0.path == "Root" })
        #expect(root.outcome == .needed, "the root reads `store.tasks`, which changed, to give the shelf")
        #expect(!rename.instances.contains { $0.path == "Root/Badge" })
        // The shelf re-runs for the renamed task and hands its badge the same count: wasted.
        #expect(rename.instances.first { $0.path == "Root/Shelf" }?.outcome == .wasted)
        #expect(!rename.instances.contains { $0.path == "Root/Shelf/Badge" })
    }

    static func rowSteps() throws -> [StepTrace] {
        try steps("""
            struct Item: Identifiable, Equatable { var id: Int; var name: String }
            @Observable final class Store {
                var items: [Item] = [Item(id: 1, name: "A"), Item(id: 2, name: "B"), Item(id: 3, name: "C")]
            }
            struct Root: View {
                @State private var store = Store()
                var body: some View {
                    VStack {
                        ForEach(store.items) { item in Row(item: item) }
                    }
                }
            }
            struct Row: View {
                let item: Item
                var body: some View { Text(item.name) }
            }

            """, """
            step "rename the second" { Root.store.items[1].name = "Bea" }
            step "remove the first" { Root.store.items.remove(at: 0) }
            """)
    }

    @Test func aRowThatIsDestroyedIsNotAnEvaluation() throws {
        let remove = try Self.rowSteps()[1]
        #expect(remove.destroyed.contains { $0.hasSuffix("Row[1]") }, "\(remove.destroyed)")
        #expect(!remove.instances.contains { $0.path.hasSuffix("Row[1]") })
        // Only the root re-ran: the rows left were given the same items.
        #expect(remove.instances.map(\.path) == ["Root"])
        #expect(remove.counts.evaluations == 1 && remove.counts.wasted == 0)
    }

    @Test func aRowThatStaysAndReRunsIsAnEvaluation() throws {
        let rename = try Self.rowSteps()[0]
        #expect(rename.destroyed.isEmpty)
        let row = try #require(rename.instances.first { $0.path.hasSuffix("Row[2]") }, "\(rename.instances.map(\.path))")
        #expect(row.outcome == .needed)
        #expect(rename.counts.evaluations == 2)
    }
}
