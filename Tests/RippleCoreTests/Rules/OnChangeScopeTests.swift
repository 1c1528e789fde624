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
}
