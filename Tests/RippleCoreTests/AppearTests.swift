import Testing
@testable import RippleCore

/// Rule 16: a view's `.onAppear` runs once it has appeared, after the update that built it, and its
/// writes land in an update of their own; the first state a person acts on is the one after it.
@Suite struct AppearTests {
    static let source = """
        scenario "appear"
        @Observable final class Model {
            var items: [String] = []
            var count = 0
            var visits = 0
        }
        let model = Model()
        struct Root: View {
            @State var showDetail = false
            var body: some View {
                VStack {
                    Summary(count: model.items.count)
                    Counter(count: model.count)
                    Visits(count: model.visits)
                    if showDetail { Detail() }
                }
                .onAppear { model.items = ["a", "b"] }
            }
        }
        struct Summary: View { let count: Int; var body: some View { Text("\\(count) items") } }
        struct Counter: View { let count: Int; var body: some View { Text("\\(count)") } }
        struct Visits: View { let count: Int; var body: some View { Text("\\(count) visits") } }
        struct Detail: View {
            var body: some View { Text("detail").onAppear { model.visits += 1 } }
        }
        step "count" { model.count = 1 }
        step "show" { Root.showDetail = true }
        step "count again" { model.count = 2 }
        expect initial { evaluates Root, Summary, Counter, Visits }
        expect "count" { evaluates Root, Counter }
        """

    @Test func theFirstStateIsTheOneAfterAppearance() throws {
        let scenario = try loadScenario(Self.source)
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let initial = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).initialTrace()
        // The appearance is an update of its own: the items it writes re-run the root and the summary.
        let appearance = try #require(initial.followUps?.first)
        #expect(appearance.name == ".onAppear in Root")
        #expect(appearance.writes.map(\.statement) == ["model.items = [\"a\", \"b\"]"])
        #expect(appearance.instances.map(\.viewType) == ["Root", "Summary"])
    }

    @Test func aViewThatAppearsInAStepRunsItsOnAppearAfterIt() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        // `count` re-runs the root and the counter, not the summary its appearance filled: the write
        // happened once, before the step.
        #expect(steps[0].instances.map(\.viewType) == ["Root", "Counter"])
        // The detail appears with the step; its `.onAppear` counts a visit in an update after it.
        #expect(steps[1].created.contains { $0.hasSuffix("Detail") })
        let visit = try #require(steps[1].followUps?.first)
        #expect(visit.name == ".onAppear in Detail")
        #expect(visit.instances.map(\.viewType) == ["Root", "Visits"])
        // A view that stays on screen does not appear again.
        #expect(steps[2].followUps == nil)
    }
}
