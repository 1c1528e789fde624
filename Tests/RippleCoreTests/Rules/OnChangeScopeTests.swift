import Testing
@testable import RippleCore

/// Rule 11: `.onChange(of:)` and custom `ViewModifier` scopes.
@Suite struct OnChangeScopeTests {
    @Test func theWatchedValueIsReadInTheBodyTheActionLater() {
        #expect(OnChangeScope.readsInEnclosingBody(argumentIsClosure: false))
        #expect(!OnChangeScope.readsInEnclosingBody(argumentIsClosure: true))
    }

    @Test func aModifiersContentIsComparedByWhoAppliedIt() {
        #expect(OnChangeScope.comparesOwnChildren(isModifier: false))
        #expect(!OnChangeScope.comparesOwnChildren(isModifier: true))
    }

    @Test func theWatchedValueMakesTheBodyDependAndTheActionsReadsDoNot() throws {
        let source = """
        scenario "t"
        @Observable final class Model {
            var query: String = ""
            var log: Int = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                Text("x").onChange(of: model.query) { model.log = model.log + 1 }
            }
        }
        step "query" { model.query = "a" }
        step "log" { model.log = 5 }
        """
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Root"])
        #expect(steps[1].evaluated == [])
    }

    /// The action runs when the watched value differs from the previous evaluation's, and never after
    /// the first evaluation.
    @Test(arguments: [
        (Value?.none, Value.int(1), false),
        (Value.int(1), Value.int(1), false),
        (Value.int(1), Value.int(2), true),
        (Value.string("a"), Value.string("b"), true),
    ])
    func theActionRunsOnlyWhenTheValueChanged(previous: Value?, now: Value, runs: Bool) {
        #expect(OnChangeScope.runsAction(previous: previous, now: now) == runs)
    }

    @Test func theActionIsGivenTheOldAndTheNewValueAsItsParametersAsk() {
        #expect(OnChangeScope.actionArguments(parameters: 0, old: .int(1), new: .int(2)) == [])
        #expect(OnChangeScope.actionArguments(parameters: 1, old: .int(1), new: .int(2)) == [.int(2)])
        #expect(OnChangeScope.actionArguments(parameters: 2, old: .int(1), new: .int(2)) == [.int(1), .int(2)])
    }

    static let search = """
    scenario "search"
    @Observable final class Library {
        var query: String = ""
        var other: Int = 0
        var results: [String] = ["Dune", "Emma"]
        var log: String = ""
        func search(_ text: String) { results = results.filter { $0.hasPrefix(text) } }
    }
    struct Screen: View {
        @State private var library = Library()
        var body: some View {
            VStack {
                Text(library.query)
                Text("\\(library.other)")
                Results(library: library)
            }
            .onChange(of: library.query) { old, new in
                library.search(new)
                library.log = old + ">" + new
            }
        }
    }
    struct Results: View {
        let library: Library
        var body: some View { Text("\\(library.results.count) found") }
    }
    step "search" { Screen.library.query = "D" }
    step "other" { Screen.library.other = 1 }
    step "same" { Screen.library.query = "D" }
    """

    /// Must: a step that changes the watched value runs the action after it, given the old and the new
    /// value, and what its writes dirty re-runs in that update. Must not: a step that re-runs the body
    /// without changing the value, or writes the value it had.
    @Test func aStepThatChangesTheWatchedValueRunsTheAction() throws {
        let steps = try simulateChecked(Self.search).variants[0].steps
        #expect(steps[0].evaluated == ["Screen"])
        let followUps = try #require(steps[0].followUps)
        #expect(followUps.map(\.name) == [".onChange(of: library.query) in Screen"])
        #expect(followUps[0].evaluated == ["Results"])
        #expect(followUps[0].writes.last?.new == "\">D\"")
        #expect(steps[1].evaluated == ["Screen"])
        #expect(steps[1].followUps == nil)
        #expect(steps[2].evaluated == [])
        #expect(steps[2].followUps == nil)
    }

    /// An action that changes what it watches itself fires again after each update, until the step gives
    /// up with an error; one that settles stops.
    @Test(arguments: [("model.count = model.count + 1", true), ("if model.count < 3 { model.count = model.count + 1 }", false)])
    func actionsThatKeepFiringAreAnError(action: String, fails: Bool) throws {
        let source = """
        scenario "loop"
        @Observable final class Model {
            var count: Int = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                Text("\\(model.count)").onChange(of: model.count) { \(action) }
            }
        }
        step "start" { Root.model.count = 1 }
        """
        if fails {
            #expect {
                _ = try Scenario(source: source, file: "loop.ripple").trace
            } throws: { error in
                (error as? DiagnosticError)?.diagnostics.first?.message == "the .onChange actions kept changing what they watch: more than 16 updates in one step"
            }
        } else {
            let step = try simulateChecked(source).variants[0].steps[0]
            // The step writes 1, the actions 2 and 3; the action run for 3 writes nothing, and nothing fires.
            #expect(step.followUps?.count == 3)
            #expect(step.followUps?.last?.writes.isEmpty == true)
        }
    }
}
