import Testing
@testable import RippleCore

/// Rule 18: an action's writes in `withAnimation { }` or `withTransaction(…) { }` are an update of their own
/// after the writes before them, and the writes after them another; a body that shows what both write runs
/// once in each. Writes in one transaction, or that tell nobody, make no update of their own.
@Suite struct TransactionTests {
    static let source = """
        scenario "transactions"
        @Observable final class Model {
            var count = 0
            var changes: [String] = []
            func bump() {
                count = 1
                withAnimation { count = 2 }
            }
        }
        let model = Model()
        struct Root: View {
            @State var value = 0
            var body: some View {
                VStack {
                    Show(value: value)
                    Count(count: model.count)
                    Changes(changes: model.changes)
                    Button("Nested") {
                        value = 1
                        value = 2
                        withAnimation {
                            value = 3
                            value = 4
                        }
                    }
                    Button("Animate") { withAnimation(.spring) { value += 1 } }
                    Button("Same") {
                        value = 5
                        withAnimation { value = 5 }
                    }
                    Button("Model") {
                        model.count = 1
                        withAnimation { model.count = 2 }
                        model.count = 3
                    }
                    Button("Alike") {
                        withAnimation { value = 1 }
                        withAnimation { value = 2 }
                        withAnimation(.spring) { value = 3 }
                    }
                    Button("Empty") {
                        model.count = 1
                        withAnimation { }
                        model.count = 2
                    }
                    Button("Told nobody") {
                        model.count = 1
                        withAnimation { value = 0 }
                        model.count = 2
                    }
                    Button("Done") {
                        withAnimation(.default) { value = 7 } completion: { model.count = 9 }
                    }
                }
                .onChange(of: value) { old, new in model.changes.append("\\(old) → \\(new)") }
            }
        }
        struct Show: View { let value: Int; var body: some View { Text("\\(value)") } }
        struct Count: View { let count: Int; var body: some View { Text("\\(count)") } }
        struct Changes: View { let changes: [String]; var body: some View { Text(changes.joined(separator: ", ")) } }

        """

    /// Each action performed on the first screen, as `ripple audit` performs it.
    static func perform(_ title: String, in source: String = source) throws -> StepTrace {
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let name = "tap Button \"\(title)\" in Root"
        let index = try #require(simulation.availableActions().map(\.name).firstIndex(of: name))
        let step = try simulation.perform(actionAt: index)
        #expect(simulation.checkInvariants() == [])
        return step
    }

    /// The values an instance's input went from and to in an update, as its cause says.
    static func input(of name: String, in update: StepTrace) -> [String] {
        update.instances.filter { $0.name == name }.flatMap(\.causes).filter { $0.kind == .input }.map { "\($0.old ?? "") → \($0.new ?? "")" }
    }

    /// Must: writes before `withAnimation` and inside it are two updates, the body showing 2, then 4, as
    /// OpenSwiftUI's state compatibility test records (`[0, 2, 4]`); the `.onChange` action runs for each,
    /// given 0 → 2 and 2 → 4.
    @Test func writesBeforeAndInsideWithAnimationAreTwoUpdates() throws {
        let step = try Self.perform("Nested")
        let updates = [step] + (step.followUps ?? [])
        #expect(updates.map(\.name) == ["tap Button \"Nested\" in Root", "withAnimation", ".onChange(of: value) in Root and 1 more"])
        #expect(step.writes.map(\.statement) == ["value = 1", "value = 2"])
        #expect(updates[1].writes.map(\.statement) == ["value = 3", "value = 4"])
        #expect(step.evaluated == ["Root", "Show"])
        #expect(updates[1].evaluated == ["Root", "Show"])
        #expect(Self.input(of: "Show", in: step) == ["0 → 2"])
        #expect(Self.input(of: "Show", in: updates[1]) == ["2 → 4"])
        #expect(updates[2].writes.map(\.new) == ["[\"0 → 2\"]", "[\"0 → 2\", \"2 → 4\"]"])
        // The action's counts are every update's.
        #expect(step.actionCounts.evaluations == 6)
    }

    /// Must not: writes only inside `withAnimation` are the action's one update.
    @Test func writesOnlyInsideWithAnimationAreOneUpdate() throws {
        let step = try Self.perform("Animate")
        #expect(step.evaluated == ["Root", "Show"])
        #expect(step.followUps?.map(\.name) == [".onChange(of: value) in Root"])
    }

    /// Must not: an equal value written inside `withAnimation` tells nobody, so it makes no update; it is
    /// traced in the update before it.
    @Test func anEqualValueInsideWithAnimationMakesNoUpdate() throws {
        let step = try Self.perform("Same")
        #expect(step.writes.map(\.notified) == [true, false])
        #expect(step.evaluated == ["Root", "Show"])
        #expect(step.followUps?.map(\.name) == [".onChange(of: value) in Root"])
    }

    /// An `@Observable` model's writes split the same way, and those after the closure are a third update.
    @Test func writesAfterWithAnimationAreAnUpdateOfTheirOwn() throws {
        let step = try Self.perform("Model")
        let updates = [step] + (step.followUps ?? [])
        #expect(updates.map(\.name) == ["tap Button \"Model\" in Root", "withAnimation", "after withAnimation"])
        #expect(updates.map { Self.input(of: "Count", in: $0) } == [["0 → 1"], ["1 → 2"], ["2 → 3"]])
    }

    /// Must not: closures whose animations are written alike are one transaction; another animation is another.
    @Test func transactionsWrittenAlikeAreOne() throws {
        let step = try Self.perform("Alike")
        let updates = [step] + (step.followUps ?? [])
        #expect(updates.map(\.name).prefix(2) == ["tap Button \"Alike\" in Root", "withAnimation(.spring)"])
        #expect(step.writes.map(\.statement) == ["value = 1", "value = 2"])
        #expect(Self.input(of: "Show", in: step) == ["0 → 2"])
    }

    /// Must not: a `withAnimation` whose closure tells nobody leaves the writes around it one update.
    @Test(arguments: ["Empty", "Told nobody"])
    func aTransactionThatTellsNobodyMakesNoUpdate(title: String) throws {
        let step = try Self.perform(title)
        #expect(step.followUps == nil)
        #expect(Self.input(of: "Count", in: step) == ["0 → 2"])
    }

    /// A `completion:` closure runs once the animation ends: it is not run, and a note says so at it.
    @Test func aCompletionIsNotRunAndSaysSo() throws {
        let scenario = try loadScenario(Self.source + "step \"done\" { tap Button \"Done\" in Root }\n")
        #expect(scenario.trace.variants[0].steps[0].writes.map(\.statement) == ["value = 7"])
        let note = try #require(scenario.notes.first { $0.message == TransactionUpdates.completionNotRun })
        #expect(note.location.line == 52)
        #expect(note.location.column == 67)
    }

    /// A step and a model method it calls split their writes too; the expectation language counts the
    /// updates and holds a block against one of them.
    @Test func aStepAndAModelMethodSplitTheirWrites() throws {
        let source = Self.source + """
            step "direct" {
                Root.value = 1
                withAnimation { Root.value = 2 }
            }
            step "method" { model.bump() }
            expect "direct" {
                updates 3
                evaluates Root, Show
            }
            expect "direct" update 2 { evaluates Root, Show }
            expect "method" { updates 2; evaluates Root, Count }
            expect "method" update 2 { evaluates Root, Count }

            """
        let scenario = try loadScenario(source)
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].followUps?.map(\.name) == ["withAnimation", ".onChange(of: value) in Root and 1 more"])
        #expect(steps[0].followUps?[0].writes.map(\.statement) == ["Root.value = 2"])
    }

    /// `updates` and `update N` fail with what the step made.
    @Test func anExpectationOfUpdatesSaysWhatTheStepMade() throws {
        let source = Self.source + """
            step "direct" {
                Root.value = 1
                withAnimation { Root.value = 2 }
            }
            expect "direct" { updates 2 }
            expect "direct" update 4 { evaluates nothing }
            expect "direct" update 2 { evaluates Root }

            """
        let results = try ExpectationChecker.check(try loadScenario(source))
        let messages = results.flatMap(\.mismatches).map { $0.message ?? $0.clause }
        #expect(messages == ["expected 2 updates, got 3 updates (its own, then withAnimation, then .onChange(of: value) in Root and 1 more)",
                             "the step made 3 updates (its own, then withAnimation, then .onChange(of: value) in Root and 1 more); it has no update 4",
                             "evaluates"])
        #expect(results.map(\.update) == [nil, 4, 2])
    }
}
