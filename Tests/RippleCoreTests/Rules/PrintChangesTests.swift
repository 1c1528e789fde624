import Testing
@testable import RippleCore

/// Rule 13: the line `Self._printChanges()` prints, every reason in SwiftUI's order.
@Suite struct PrintChangesTests {
    static let fields = ["_count", "_model"]

    @Test(arguments: [
        // A first appearance: the value, the identity, and every dynamic property.
        ([Cause.Kind.newIdentity], "Counter: @self, @identity, _count, _model changed."),
        // Observation and a new value from the parent: SwiftUI puts @dependencies before @self.
        ([.input, .observation], "Counter: @dependencies, @self changed."),
        ([.observation, .environment, .binding], "Counter: @dependencies changed."),
        ([.state], "Counter: _count changed."),
        // Stale: nothing was told, so nothing is printed but that.
        ([.untracked], "Counter: (no update)"),
        ([.seededState], "Counter: (no update)"),
    ])
    func aLineListsEveryReasonOnceInOrder(kinds: [Cause.Kind], expected: String) {
        var reasons: [PrintChanges.Reason] = []
        for kind in kinds {
            reasons += PrintChanges.reasons(kind: kind, subject: "_count", dynamicFields: Self.fields, holders: [])
        }
        #expect(PrintChanges.line(viewType: "Counter", reasons: reasons, dynamicFields: Self.fields) == expected)
    }

    /// The shortcut the engine takes for an evaluation with only dependencies to print agrees with the
    /// reasons each kind gives.
    @Test(arguments: [Cause.Kind.observation, .objectWillChange, .state, .binding, .environment, .appStorage,
                      .input, .newIdentity, .objectRecreated, .untracked, .seededState])
    func aDependencyKindPrintsOnlyDependencies(kind: Cause.Kind) {
        let reasons = PrintChanges.reasons(kind: kind, subject: "_count", dynamicFields: Self.fields, holders: ["_model"])
        #expect(PrintChanges.isDependency(kind) == (reasons == [.dependencies]))
    }

    @Test func fieldsFollowDeclarationOrderWhateverOrderTheCausesCameIn() {
        let line = PrintChanges.line(viewType: "V", reasons: [.field("_model"), .selfValue, .field("_count")], dynamicFields: Self.fields)
        #expect(line == "V: @self, _count, _model changed.")
    }

    @Test func anObservableObjectIsNamedByTheFieldThatHoldsIt() {
        #expect(PrintChanges.reasons(kind: .objectWillChange, subject: "Root.model", dynamicFields: Self.fields, holders: ["_model"]) == [.field("_model")])
        // Held nowhere Ripple can name (an environment object): the dependency, unnamed.
        #expect(PrintChanges.reasons(kind: .objectWillChange, subject: "Root.model", dynamicFields: Self.fields, holders: []) == [.dependencies])
    }

    @Test(arguments: [
        // Must be named: the wrappers SwiftUI resolves before a body runs.
        (ViewPropertyRole.state, true), (.binding, true), (.observedObject, true), (.stateObject, true),
        (.environment(key: "colorScheme"), true), (.appStorage(key: "k"), true), (.focusState, true),
        // Must not: plain values, a plain Binding and @Bindable are not dynamic properties.
        (.input, false), (.plainBinding, false), (.bindable, false),
    ])
    func onlyDynamicPropertiesAreFields(role: ViewPropertyRole, dynamic: Bool) {
        #expect(PrintChanges.isDynamic(role) == dynamic)
    }

    @Test func theTraceCarriesTheLineForAScenario() throws {
        let source = """
        scenario "t"
        final class Model: ObservableObject {
            @Published var n = 0
        }
        struct Root: View {
            @StateObject private var model = Model()
            @State private var count = 0
            var body: some View {
                Text("\\(model.n) \\(count)")
                Child(value: count)
            }
        }
        struct Child: View {
            let value: Int
            @State private var taps = 0
            var body: some View { Text("\\(value) \\(taps)") }
        }
        step "publish" { Root.model.n = 1 }
        step "count" { Root.count = 1 }
        """
        let run = try simulateChecked(source).variants[0]
        let lines = run.steps.map { step in step.instances.map(\.printChanges) }
        #expect(lines == [
            ["Root: _model changed."],
            ["Root: _count changed.", "Child: @self changed."],
        ])
    }
}
