import Testing
@testable import RippleCore
import RippleSwift

/// A view's `.task` closures start when it appears, and a `.refreshable` one when a step says so
/// (`refresh X`), each up to its first `await`; `resume X` runs what follows, up to the next. An awaited
/// model method runs up to its own first `await` as part of the update that reached it.
@Suite struct ViewActionTests {
    static let feed = """
        scenario "feed"
        @Observable final class Feed {
            var items: [String] = []
            var loading = false
            var saved = 0
            func fetch() async -> [String] { return ["a", "b"] }
            func save() async {
                saved += 1
                let sent = await upload()
                if sent { saved += 10 }
            }
            func upload() async -> Bool { true }
        }
        struct Root: View {
            @State var feed = Feed()
            @State var pulls = 0
            var body: some View {
                List {
                    ForEach(feed.items, id: \\.self) { item in Row(title: item) }
                }
                .overlay { Spinner(on: feed.loading) }
                .task {
                    feed.loading = true
                    let fetched = await feed.fetch()
                    feed.items = fetched
                    feed.loading = false
                }
                .refreshable {
                    pulls += 1
                    await feed.save()
                    self.pulls += 100
                }
            }
        }
        struct Spinner: View {
            let on: Bool
            var body: some View { Text(on ? "…" : "") }
        }
        struct Row: View {
            let title: String
            @State var seen = 0
            var body: some View {
                Text(title + "\\(seen)")
                    .task { seen = 1 }
            }
        }

        """

    static func trace(_ steps: String) throws -> VariantTrace {
        try Scenario(source: feed + steps, file: "feed.ripple").simulate().variants[0]
    }

    /// The first evaluation of the tree, with the updates that followed it.
    static func initial() throws -> StepTrace {
        let scenario = try Scenario(source: feed, file: "feed.ripple")
        return try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).initialTrace()
    }

    static func writes(_ step: StepTrace) -> [String] {
        step.writes.map { "\($0.statement): \($0.old ?? "") → \($0.new ?? "")" }
    }

    /// The root's task runs up to its first `await` once the root has appeared, in the update after the
    /// first; the step that resumes it runs the rest.
    @Test func aTaskStartsWhenItsViewAppearsAndResumeRunsTheRest() throws {
        let variant = try Self.trace("step \"loaded\" { resume Root }\n")
        let appearance = try #require(try Self.initial().followUps?.first)
        #expect(appearance.name == ".task in Root")
        #expect(Self.writes(appearance) == ["feed.loading = true: false → true"])
        #expect(Self.writes(variant.steps[0]) == ["feed.items = fetched: [] → [\"a\", \"b\"]", "feed.loading = false: true → false"])
    }

    @Test func theUpdateThatRunsAnActionEvaluatesWhatItsWritesChange() throws {
        let variant = try Self.trace("step \"loaded\" { resume Root }\n")
        #expect(try Self.initial().followUps?.first?.instances.filter { $0.outcome == .needed }.map(\.path) == ["Root", "Root/Spinner"])
        #expect(variant.steps[0].instances.filter { $0.outcome == .needed }.map(\.path) == ["Root", "Root/Spinner", "Root/Row[\"a\"]", "Root/Row[\"b\"]"])
    }

    /// `await feed.save()` runs `save` up to its own `await upload()`, whose value it waits for; the
    /// `resume` goes on from there, out of the method and back into the closure. The root's task waits
    /// too, so the refresh is resumed by its name.
    @Test func anAwaitedMethodRunsUpToItsOwnAwait() throws {
        let steps = try Self.trace("step \"pull\" { refresh Root }\nstep \"uploaded\" { resume .refreshable in Root }\n").steps
        #expect(Self.writes(steps[0]) == ["pulls += 1: 0 → 1", "saved += 1: 0 → 1"])
        #expect(Self.writes(steps[1]) == ["saved += 10: 1 → 11", "self.pulls += 100: 1 → 101"])
        // A model method awaited for no value that reaches no `await` of its own runs whole, and the
        // closure goes on past it.
        let noAwait = Self.feed.replacingOccurrences(of: "let sent = await upload()\n        if sent { saved += 10 }", with: "saved += 10")
        #expect(noAwait != Self.feed)
        let whole = try Scenario(source: noAwait + "step \"pull\" { refresh Root }\n", file: "feed.ripple").simulate()
        #expect(whole.variants[0].steps[0].writes.map(\.statement) == ["pulls += 1", "saved += 1", "saved += 10", "self.pulls += 100"])
    }

    /// `resume Root` resumes the oldest action waiting: the task that started when the root appeared, then
    /// the refresh a step started.
    @Test func resumeRunsTheOldestWaitingAction() throws {
        let steps = try Self.trace("step \"pull\" { refresh Root }\nstep \"loaded\" { resume Root }\nstep \"uploaded\" { resume Root }\n").steps
        #expect(steps[1].writes.map(\.statement) == ["feed.items = fetched", "feed.loading = false"])
        #expect(steps[2].writes.map(\.statement) == ["saved += 10", "self.pulls += 100"])
    }

    /// Rows that appear in a step start their tasks in the update after it, each seeing its own state.
    @Test func aRowsTaskStartsWhenTheRowAppears() throws {
        let loaded = try Self.trace("step \"loaded\" { resume Root }\n").steps[0]
        let appearance = try #require(loaded.followUps?.first)
        #expect(appearance.name == ".task in Row[\"a\"] and 1 more")
        #expect(appearance.writes.map(\.statement) == ["seen = 1", "seen = 1"])
        #expect(appearance.instances.filter { $0.outcome == .needed }.map(\.path) == ["Root/Row[\"a\"]", "Root/Row[\"b\"]"])
    }

    @Test(arguments: [
        ("step \"s\" { resume Spinner }\n", "'Spinner' has no action waiting at an 'await'; a '.task' starts when its view appears, a '.refreshable' with 'refresh Spinner'"),
        ("step \"s\" { task Spinner }\n", "'task Spinner' starts nothing: a '.task' starts when its view appears (docs/Semantics.md, Rule 17), and 'Spinner' has none"),
        ("step \"s\" { task Root }\n", "'task Root' starts nothing: a '.task' starts when its view appears (docs/Semantics.md, Rule 17); 'resume Root' runs what follows its 'await'"),
        ("step \"s\" { start .task in Root }\n",
         "'start .task in Root' starts nothing: a '.task' starts when its view appears (docs/Semantics.md, Rule 17); 'resume .task in Root' runs what follows its 'await'"),
        ("step \"a\" { resume Root }\nstep \"s\" { resume Root }\n",
         "'Root' has no action waiting at an 'await'; a '.task' starts when its view appears, a '.refreshable' with 'refresh Root'"),
        ("step \"s\" { task Nowhere }\n", "'Nowhere' is not a view instance; name one like 'Root' or 'Row[2]'"),
    ])
    func anActionThatCannotRunIsAnError(steps: String, message: String) {
        #expect(diagnostics(Self.feed + steps).map(\.message) == [message])
    }

    /// The error for a step that starts a task is at the statement.
    @Test func aStepThatStartsATaskIsAnErrorAtItsStatement() {
        let found = diagnostics(Self.feed + "step \"s\" {\n    task Root\n}\n")
        #expect(found.map(\.location.line) == [Self.feed.split(separator: "\n", omittingEmptySubsequences: false).count + 1])
        #expect(found.map(\.location.column) == [10])
    }

    /// Without a step that runs it, a `.refreshable` is never run: the body's reads inside it are deferred.
    @Test func aRefreshNoStepRunsIsNotRun() throws {
        let variant = try Self.trace("step \"s\" { Root.pulls = 1 }\n")
        #expect(variant.steps[0].writes.map(\.statement) == ["Root.pulls = 1"])
        #expect(try Self.initial().followUps?.map(\.name) == [".task in Root"])
    }

    /// In app source, what an action calls that Ripple does not model is a note, and the rest runs.
    /// Waiting (`Task.sleep`) changes nothing, and is no note.
    @Test func inSwiftSourceAnUnknownCallInAnActionIsANote() throws {
        let app = """
            import SwiftUI
            struct Screen: View {
                @State private var count = 0
                var body: some View {
                    Text("\\(count)")
                        .refreshable {
                            do {
                                try await Task.sleep(for: .seconds(1))
                                Feed.log("pulled")
                                count += 1
                            } catch {
                                print(error)
                            }
                        }
                }
            }
            """
        var module = SwiftModule()
        module.add(source: app, file: "Screen.swift")
        var syntax = module.scenario(title: "t", file: "Screen.swift", root: nil)
        let steps = ScenarioFile.read(source: "scenario \"t\"\nstep \"pull\" { refresh Screen }\nstep \"slept\" { resume Screen }\n", file: "t.ripple")
        syntax.steps = steps.syntax.steps
        let scenario = try Scenario(syntax: syntax, file: "Screen.swift")
        let trace = try scenario.simulate()
        #expect(trace.variants[0].steps[0].writes.isEmpty)
        #expect(trace.variants[0].steps[1].writes.map(\.statement) == ["count += 1"])
        #expect(scenario.notes.contains { $0.message == "not simulated: 'Feed' is not declared in the source; the write or call through it is not simulated" })
        #expect(!scenario.notes.contains { $0.message.contains("'Task'") })
    }

    /// In app source, a `.task` starts when its view appears and waits at a call Ripple does not run; the
    /// audit offers its resume, and a `.task(id:)` over a selection starts again when the selection changes.
    @Test func inSwiftSourceATaskStartsWhenItsViewAppears() throws {
        let app = """
            import SwiftUI
            struct Screen: View {
                @State private var loading = false
                @State private var selection = 0
                @State private var loads = 0
                var body: some View {
                    Text(loading ? "…" : "\\(loads)")
                        .task {
                            loading = true
                            try? await Task.sleep(for: .seconds(1))
                            loading = false
                        }
                        .task(id: selection) { loads += 1 }
                }
            }
            """
        var module = SwiftModule()
        module.add(source: app, file: "Screen.swift")
        var syntax = module.scenario(title: "t", file: "Screen.swift", root: nil)
        syntax.steps = ScenarioFile.read(source: "scenario \"t\"\nstep \"pick\" { Screen.selection = 1 }\n", file: "t.ripple").syntax.steps
        let scenario = try Scenario(syntax: syntax, file: "Screen.swift")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        #expect(Set(simulation.initialTrace().followUps?.first?.writes.map(\.statement) ?? []) == ["loading = true", "loads += 1"])
        #expect(simulation.availableActions().map(\.name).filter { $0.contains(".task") } == ["resume .task in Screen"])
        let pick = try #require(scenario.trace.variants[0].steps.first)
        #expect(pick.followUps?.map(\.name) == [".task(id: selection) in Screen"])
    }
}
