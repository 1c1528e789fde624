import Testing
@testable import RippleCore

/// Rule 4.6: a `@State` default is evaluated where the view's struct is made, in the parent's body, so what it
/// reads is the parent's; a `@StateObject`'s autoclosure runs once, when the identity appears, charged to no one.
@Suite struct InitialValueTests {
    @Test func aLiteralIsNotEvaluatedAgain() {
        #expect(InitialValue.evaluatedInParentBody(takesAutoclosure: false, isLiteral: false))
        #expect(!InitialValue.evaluatedInParentBody(takesAutoclosure: false, isLiteral: true))
        #expect(!InitialValue.evaluatedInParentBody(takesAutoclosure: true, isLiteral: false))
    }

    /// `Counter`'s initializer reads `settings.start` and its own `value`.
    static func scenario(wrapper: String) -> String {
        """
        scenario "initial value"
        @Observable final class Settings {
            var start: Int = 5
        }
        let settings = Settings()
        @Observable final class Counter {
            var value: Int = 0
            var doubled: Int = 0
            init() {
                value = settings.start
                doubled = value * 2
            }
        }
        final class Store: ObservableObject {
            @Published var value: Int = 0
            init() { value = settings.start }
        }
        struct Root: View {
            var body: some View { Child() }
        }
        struct Child: View {
            \(wrapper)
            var body: some View { Text("\\(counter.value)") }
        }

        """
    }

    /// Must: the parent's body evaluated `Counter()` and so read `settings.start`; a write re-runs it (in vain:
    /// the child keeps its first counter).
    @Test func aStateDefaultsReadsAreTheParents() throws {
        let source = Self.scenario(wrapper: "@State var counter = Counter()") + #"step "start" { settings.start = 6 }"# + "\n"
        let step = try simulateChecked(source).variants[0].steps[0]
        #expect(step.evaluated == ["Root"])
        #expect(step.names(.wasted) == ["Root"])
    }

    /// Must, then must not: the counter the child keeps was made in the parent's first body, which read its
    /// `value`: the first write re-runs the parent too, whose body then reads a new, discarded counter; the
    /// second re-runs only the child.
    @Test func theFirstWriteOfTheKeptCounterReRunsTheParentOnce() throws {
        let source = Self.scenario(wrapper: "@State var counter = Counter()")
            + #"step "first" { Root.Child.counter.value = 7 }"# + "\n" + #"step "second" { Root.Child.counter.value = 8 }"# + "\n"
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Root", "Child"])
        #expect(steps[1].evaluated == ["Child"])
    }

    /// Must not: a `@StateObject`'s autoclosure runs once, outside any body; its reads are no one's.
    @Test func aStateObjectsAutoclosureIsNoBodysRead() throws {
        let source = Self.scenario(wrapper: "@StateObject var counter = Store()") + #"step "start" { settings.start = 6 }"# + "\n"
        let step = try simulateChecked(source).variants[0].steps[0]
        #expect(step.evaluated.isEmpty)
    }

    /// Must not: a literal default reads nothing and is made once.
    @Test func aLiteralDefaultReadsNothing() throws {
        let source = Self.scenario(wrapper: "@State var counter = Counter()")
            .replacingOccurrences(of: "struct Child: View {", with: "struct Child: View {\n    @State var taps = 0")
            + #"step "taps" { Root.Child.taps = 1 }"# + "\n"
        let step = try simulateChecked(source).variants[0].steps[0]
        #expect(!step.evaluated.contains("Root"))
    }
}
