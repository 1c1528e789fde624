import Testing
@testable import RippleCore
import RippleSwift

/// A view's `.task` and `.refreshable` closures run when a step says so (`task X`, `refresh X`), up
/// to their first `await`; `resume X` runs what follows, up to the next. An awaited model method runs
/// up to its own first `await` as part of the step that reached it.
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

    static func writes(_ steps: String) throws -> [[String]] {
        let trace = try Scenario(source: feed + steps, file: "feed.ripple").simulate()
        return trace.variants[0].steps.map { $0.writes.map { "\($0.statement): \($0.old ?? "") → \($0.new ?? "")" } }
    }

    @Test func aTaskRunsUpToItsFirstAwaitAndResumeRunsTheRest() throws {
        let steps = try Self.writes("step \"appear\" { task Root }\nstep \"loaded\" { resume Root }\n")
        #expect(steps[0] == ["feed.loading = true: false → true"])
        #expect(steps[1] == ["feed.items = fetched: [] → [\"a\", \"b\"]", "feed.loading = false: true → false"])
    }

    @Test func theStepThatRunsAnActionEvaluatesWhatItsWritesChange() throws {
        let trace = try Scenario(source: Self.feed + "step \"appear\" { task Root }\nstep \"loaded\" { resume Root }\n", file: "feed.ripple").simulate()
        let evaluated = trace.variants[0].steps.map { $0.instances.filter { $0.outcome == .needed }.map(\.path) }
        #expect(evaluated[0] == ["Root", "Root/Spinner"])
        #expect(evaluated[1] == ["Root", "Root/Spinner", "Root/Row[\"a\"]", "Root/Row[\"b\"]"])
    }

    /// `await feed.save()` runs `save` up to its own `await upload()`, whose value it waits for; the
    /// `resume` goes on from there, out of the method and back into the closure.
    @Test func anAwaitedMethodRunsUpToItsOwnAwait() throws {
        let steps = try Self.writes("step \"pull\" { refresh Root }\nstep \"uploaded\" { resume Root }\n")
        #expect(steps[0] == ["pulls += 1: 0 → 1", "saved += 1: 0 → 1"])
        #expect(steps[1] == ["saved += 10: 1 → 11", "self.pulls += 100: 1 → 101"])
        // A model method awaited for no value that reaches no `await` of its own runs whole, and the
        // closure goes on past it.
        let noAwait = Self.feed.replacingOccurrences(of: "let sent = await upload()\n        if sent { saved += 10 }", with: "saved += 10")
        #expect(noAwait != Self.feed)
        let whole = try Scenario(source: noAwait + "step \"pull\" { refresh Root }\n", file: "feed.ripple").simulate()
        #expect(whole.variants[0].steps[0].writes.map(\.statement) == ["pulls += 1", "saved += 1", "saved += 10", "self.pulls += 100"])
    }

    /// A row's `.task` sees the row's own state; rows are named as anywhere in a step.
    @Test func aRowsTaskRunsForThatRow() throws {
        let trace = try Scenario(source: Self.feed + "step \"appear\" { task Root }\nstep \"loaded\" { resume Root }\nstep \"row\" { task Row[\"b\"] }\n",
                                 file: "feed.ripple").simulate()
        let row = trace.variants[0].steps[2]
        #expect(row.writes.map(\.statement) == ["seen = 1"])
        #expect(row.instances.filter { $0.outcome == .needed }.map(\.path) == ["Root/Row[\"b\"]"])
    }

    @Test(arguments: [
        ("step \"s\" { resume Root }\n", "'Root' has no action waiting at an 'await'; start one with 'task Root' or 'refresh Root'"),
        ("step \"s\" { task Spinner }\n", "'Spinner' has no '.task' to run"),
        ("step \"a\" { task Root }\nstep \"s\" { resume Root }\nstep \"t\" { resume Root }\n",
         "'Root' has no action waiting at an 'await'; start one with 'task Root' or 'refresh Root'"),
        ("step \"s\" { task Nowhere }\n", "'Nowhere' is not a view instance; name one like 'Root' or 'Row[2]'"),
    ])
    func anActionThatCannotRunIsAnError(steps: String, message: String) {
        #expect(diagnostics(Self.feed + steps).map(\.message) == [message])
    }

    /// Without a step that runs it, an action is never run: the body's reads inside it are deferred.
    @Test func anActionNoStepRunsIsNotRun() throws {
        let trace = try Scenario(source: Self.feed + "step \"s\" { Root.pulls = 1 }\n", file: "feed.ripple").simulate()
        #expect(trace.variants[0].steps[0].writes.map(\.statement) == ["Root.pulls = 1"])
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
}
