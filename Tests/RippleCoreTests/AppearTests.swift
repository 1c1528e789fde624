import Testing
@testable import RippleCore

/// Rules 16 and 17: a view's `.onAppear` runs once it has appeared, after the update that built it, and its
/// writes land in an update of their own; the first state a person acts on is the one after it. Its `.task`
/// starts then, up to its first `await`; a `.task(id:)` starts again once its id changed; an
/// `.onChange(of:initial: true)` runs at appearance too; `.onDisappear` runs once the view has gone.
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

    /// A method named as the action (`perform: load`) is called as a closure would run.
    @Test func aMethodNamedAsTheActionRuns() throws {
        let source = Self.source.replacingOccurrences(of: ".onAppear { model.items = [\"a\", \"b\"] }", with: ".onAppear(perform: load)")
            .replacingOccurrences(of: "struct Summary", with: "extension Root { func load() { model.items = [\"a\"] } }\nstruct Summary")
        #expect(source != Self.source)
        let (_, simulation) = try Self.firstState(source)
        let appearance = try #require(simulation.initialTrace().followUps?.first)
        #expect(appearance.writes.map(\.new) == ["[\"a\"]"])
        #expect(appearance.evaluated == ["Root", "Summary"])
    }

    // MARK: - `.task` and `.task(id:)`

    static let tasks = """
        scenario "tasks"
        @Observable final class Feed {
            var loading = false
            var items: [String] = []
            var other = 0
            func fetch() async -> [String] { return ["a", "b"] }
        }
        let feed = Feed()
        struct Root: View {
            @State var query = ""
            @State var tick = 0
            var body: some View {
                VStack {
                    Spinner(on: feed.loading)
                    Items(count: feed.items.count)
                    Text("\\(tick)")
                    Search(query: query)
                }
                .task {
                    feed.loading = true
                    let fetched = await feed.fetch()
                    feed.items = fetched
                    feed.loading = false
                }
            }
        }
        struct Spinner: View { let on: Bool; var body: some View { Text(on ? "…" : "") } }
        struct Items: View { let count: Int; var body: some View { Text("\\(count) items") } }
        struct Search: View {
            let query: String
            @State var runs = 0
            @State var results = 0
            var body: some View {
                Text("\\(runs) \\(results) \\(feed.other)")
                    .task(id: query) {
                        runs += 1
                        let found = await feed.fetch()
                        results = found.count
                    }
            }
        }

        """

    static func firstState(_ source: String) throws -> (Scenario, Simulation) {
        let scenario = try loadScenario(source)
        return (scenario, try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62))
    }

    /// The tasks start once their views have appeared, in the update after the first, up to their first
    /// `await`: what their first statements write re-runs the views that show it, and only those.
    @Test func aTaskStartsWhenItsViewAppears() throws {
        let (_, simulation) = try Self.firstState(Self.tasks)
        let appearance = try #require(simulation.initialTrace().followUps?.first)
        #expect(appearance.name == ".task in Root and 1 more")
        #expect(appearance.writes.map(\.statement) == ["feed.loading = true", "runs += 1"])
        // Must: the spinner shows the loading flag, the search its runs. Must not: the items, which the
        // task writes only after its `await`.
        #expect(appearance.evaluated == ["Root", "Spinner", "Search"])
        #expect(!appearance.writes.contains { $0.statement == "feed.items = fetched" })
    }

    /// A `.task` without an id starts once: a body that runs again does not start it again.
    @Test func aTaskDoesNotStartAgainWhileItsViewStays() throws {
        let steps = try simulateChecked(Self.tasks + "step \"tick\" { Root.tick = 1 }\n").variants[0].steps
        #expect(steps[0].evaluated == ["Root"])
        #expect(steps[0].followUps == nil)
    }

    /// What follows the `await` runs when a step resumes it, from the state after appearance.
    @Test func resumeRunsTheRestOfATaskStartedAtAppearance() throws {
        let steps = try simulateChecked(Self.tasks + "step \"loaded\" { resume Root }\n").variants[0].steps
        #expect(steps[0].writes.map { "\($0.statement): \($0.old ?? "") → \($0.new ?? "")" }
                == ["feed.items = fetched: [] → [\"a\", \"b\"]", "feed.loading = false: true → false"])
        #expect(steps[0].evaluated == ["Root", "Spinner", "Items"])
    }

    /// Must: a changed id cancels the search's waiting task and starts it again in an update after the
    /// step, whose write re-runs the search. Must not: an evaluation with the same id starts nothing.
    @Test func aTaskWithAnIdStartsAgainWhenItsIdChanges() throws {
        let source = Self.tasks + "step \"type\" { Root.query = \"a\" }\nstep \"other\" { feed.other = 1 }\n"
        let scenario = try loadScenario(source)
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Root", "Search"])
        let restart = try #require(steps[0].followUps?.first)
        #expect(restart.name == ".task(id: query) in Search")
        #expect(restart.writes.map(\.new) == ["2"])
        #expect(restart.evaluated == ["Search"])
        // The search's body runs again for `feed.other`, with the id it had: nothing starts.
        #expect(steps[1].evaluated == ["Search"])
        #expect(steps[1].followUps == nil)
        #expect(scenario.notes.contains { $0.message.hasPrefix("a task of 'Search' waiting at an 'await' is cancelled") })
    }

    /// The restarted task is the one that waits: one `resume` runs its rest, and nothing is left after it.
    @Test func aRestartedTaskLeavesOneRunWaiting() throws {
        let source = Self.tasks + "step \"type\" { Root.query = \"a\" }\nstep \"found\" { resume Search }\n"
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[1].writes.map(\.statement) == ["results = found.count"])
        #expect(diagnostics(source + "step \"again\" { resume Search }\n").map(\.message)
                == ["'Search' has no action waiting at an 'await'; a '.task' starts when its view appears, a '.refreshable' with 'refresh Search'"])
    }

    /// The audit acts on the state after appearance: the task's resume is offered, and its start is not.
    @Test func theAuditActsOnTheStateAfterTheTasksStarted() throws {
        let (_, simulation) = try Self.firstState(Self.tasks)
        let names = simulation.availableActions().map(\.name)
        #expect(names.contains("resume .task in Root"))
        #expect(!names.contains { $0.hasPrefix("start ") })
        let index = try #require(names.firstIndex(of: "resume .task in Root"))
        let step = try simulation.perform(actionAt: index)
        #expect(step.writes.map(\.old) == ["[]", "true"])
        #expect(step.evaluated == ["Root", "Spinner", "Items"])
    }

    // MARK: - `.onChange(of:initial: true)`

    static let initial = """
        scenario "initial"
        @Observable final class Model {
            var query = "x"
            var seen = ""
            var plain = 0
        }
        let model = Model()
        struct Root: View {
            var body: some View {
                VStack {
                    Seen(text: model.seen)
                    Plain(count: model.plain)
                }
                .onChange(of: model.query, initial: true) { old, new in model.seen += old + new }
                .onChange(of: model.query, initial: false) { model.plain += 1 }
            }
        }
        struct Seen: View { let text: String; var body: some View { Text(text) } }
        struct Plain: View { let count: Int; var body: some View { Text("\\(count)") } }
        step "query" { model.query = "y" }

        """

    /// Must: the action with `initial: true` runs at appearance, given the value now as old and new, and
    /// what shows its write re-runs. Must not: the one without runs only when the value changes.
    @Test func anInitialOnChangeRunsWhenItsViewAppears() throws {
        let (scenario, simulation) = try Self.firstState(Self.initial)
        let appearance = try #require(simulation.initialTrace().followUps?.first)
        #expect(appearance.name == ".onChange(of: model.query) in Root")
        #expect(appearance.writes.map(\.new) == ["\"xx\""])
        #expect(appearance.evaluated == ["Root", "Seen"])
        let query = try simulation.run(try #require(scenario.steps(of: simulation.variant).first))
        // A changed value runs both.
        #expect(Set(query.followUps?.first?.writes.compactMap(\.new) ?? []) == ["\"xxxy\"", "1"])
    }

    // MARK: - `.onDisappear`, and views a body builds itself

    static let lifetime = """
        scenario "lifetime"
        @Observable final class Model {
            var closed = 0
            var shown = 0
            var hidden = 0
            var loaded = 0
            var other = 0
            var version = 0
            func fetch() async -> Int { return 1 }
        }
        let model = Model()
        struct Root: View {
            @State var showDetail = true
            @State var show = false
            @State var tick = 0
            var body: some View {
                VStack {
                    Counts(closed: model.closed, shown: model.shown, hidden: model.hidden, loaded: model.loaded)
                    Text("\\(tick)")
                    if showDetail { Detail() }
                    if show {
                        Text("branch")
                            .onAppear { model.shown += 1 }
                            .onDisappear { model.hidden += 1 }
                            .task {
                                model.loaded += 1
                                let more = await model.fetch()
                                model.loaded += more
                            }
                    }
                    Text("versioned")
                        .onAppear { model.shown += 10 }
                        .id(model.version)
                }
            }
        }
        struct Counts: View {
            let closed: Int
            let shown: Int
            let hidden: Int
            let loaded: Int
            var body: some View { Text("\\(closed) \\(shown) \\(hidden) \\(loaded)") }
        }
        struct Detail: View {
            @State var edits = 0
            var body: some View {
                Text("\\(model.other) \\(edits)")
                    .onDisappear {
                        model.closed += 1
                        edits += 1
                    }
                    .task {
                        let found = await model.fetch()
                        model.closed = found + 100
                    }
            }
        }
        step "other" { model.other = 1 }
        step "hide detail" { Root.showDetail = false }
        step "show detail" { Root.showDetail = true }
        step "show" { Root.show = true }
        step "tick" { Root.tick = 1 }
        step "hide" { Root.show = false }
        step "version" { model.version = 1 }

        """

    /// Must: a view destroyed by a step runs its `.onDisappear` in an update after it, whose write re-runs
    /// what shows it; its waiting task is cancelled. Must not: a body that runs again, or a view that
    /// appears, runs no `.onDisappear`.
    @Test func onDisappearRunsOnceTheViewIsGone() throws {
        let scenario = try loadScenario(Self.lifetime)
        let steps = try simulateChecked(Self.lifetime).variants[0].steps
        #expect(steps[0].evaluated == ["Detail"])
        #expect(steps[0].followUps == nil)
        #expect(steps[1].destroyed.contains { $0.hasSuffix("Detail") })
        let gone = try #require(steps[1].followUps?.first)
        #expect(gone.name == ".onDisappear in Detail")
        #expect(gone.writes.map(\.statement) == ["model.closed += 1", "edits += 1"])
        // The detail's own state went with it: only the count of closed views is shown again.
        #expect(gone.evaluated == ["Root", "Counts"])
        // Shown again, it appears: its task starts, and nothing disappears.
        #expect(steps[2].followUps?.map(\.name) == [".task in Detail"])
        #expect(scenario.notes.contains { $0.message.hasPrefix("a task of 'Detail' waiting at an 'await' is cancelled") })
    }

    /// A built-in view a body shows in a branch appears and goes with the branch: its `.onAppear` runs and
    /// its task starts when the branch is taken, its `.onDisappear` runs and its waiting task is cancelled
    /// when it is left (must); a body that runs again with the branch taken runs none of them (must not).
    @Test func aViewInABranchAppearsAndGoesWithIt() throws {
        let scenario = try loadScenario(Self.lifetime)
        let steps = try simulateChecked(Self.lifetime).variants[0].steps
        let shown = try #require(steps[3].followUps?.first)
        #expect(shown.name == ".onAppear in Root and 1 more")
        #expect(shown.writes.map(\.statement) == ["model.shown += 1", "model.loaded += 1"])
        #expect(shown.evaluated == ["Root", "Counts"])
        #expect(steps[4].evaluated == ["Root"])
        #expect(steps[4].followUps == nil)
        let hidden = try #require(steps[5].followUps?.first)
        #expect(hidden.name == ".onDisappear in Root")
        #expect(hidden.writes.map(\.statement) == ["model.hidden += 1"])
        #expect(hidden.evaluated == ["Root", "Counts"])
        #expect(scenario.notes.contains { $0.message.hasPrefix("a task of 'Root' waiting at an 'await' is cancelled") })
    }

    /// A changed `.id` makes the view it is applied to another one, which appears (must); the same `.id`
    /// keeps it (must not, the steps before).
    @Test func aChangedIdMakesTheViewAppearAgain() throws {
        let steps = try simulateChecked(Self.lifetime).variants[0].steps
        #expect(steps[6].followUps?.map(\.name) == [".onAppear in Root"])
        #expect(steps[6].followUps?.first?.writes.map(\.new) == ["21"])
    }

    /// A pushed destination covers the screen below it, which SwiftUI makes disappear and Ripple does not:
    /// a note at the covered view's `.onDisappear`, and nothing runs.
    @Test func aScreenCoveredByAPushIsANote() throws {
        let source = """
            scenario "push"
            @Observable final class Model { var left = 0 }
            let model = Model()
            struct Root: View {
                @State var path: [Int] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        Text("list")
                            .onDisappear { model.left += 1 }
                            .navigationDestination(for: Int.self) { n in Text("detail \\(n)") }
                    }
                }
            }
            step "push" { Root.path = [1] }

            """
        let scenario = try loadScenario(source)
        #expect(scenario.trace.variants[0].steps[0].followUps == nil)
        let note = try #require(scenario.notes.first { $0.message.contains("pushed '.navigationDestination'") })
        #expect(note.message == "'Root' stays on screen under a pushed '.navigationDestination' in Ripple, so its '.onDisappear' does not run; SwiftUI runs it for a covered screen, and its '.onAppear' again once uncovered")
        #expect(note.location.line == 9)
    }
}
