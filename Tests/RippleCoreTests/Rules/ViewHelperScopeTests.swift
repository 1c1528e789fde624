import Testing
@testable import RippleCore

/// Rule 12: a view's computed properties and methods run inside the body that uses them.
@Suite struct ViewHelperScopeTests {
    /// The same kind of read, once in a helper and once in a subview.
    static let helperOrSubview = """
        scenario "t"
        @Observable final class Model {
            var title: String = "a"
            var subtitle: String = "x"
        }
        struct Root: View {
            @State private var model = Model()
            var header: some View { Text(model.title) }
            var body: some View {
                VStack {
                    header
                    Subtitle(model: model)
                }
            }
        }
        struct Subtitle: View {
            let model: Model
            var body: some View { Text(model.subtitle) }
        }
        step "title" { model.title = "b" }
        step "subtitle" { model.subtitle = "y" }
        """

    @Test(arguments: [
        // Must: the helper's read is Root's, so Root re-runs; the helper is no view of its own.
        ("title", ["Root"]),
        // Must not: the subview's read is its own, so Root does not re-run.
        ("subtitle", ["Subtitle"]),
    ])
    func aHelperIsNoBoundaryAndASubviewIs(step name: String, evaluated: [String]) throws {
        let scenario = try loadScenario(Self.helperOrSubview)
        #expect(scenario.instancePaths["main"] == ["Root", "Root/Subtitle"])
        let step = try #require(try simulateChecked(Self.helperOrSubview).variants[0].steps.first { $0.name == name })
        #expect(step.evaluated == evaluated)
        #expect(step.names(.needed) == evaluated)
    }

    static let source = """
        scenario "t"
        @Observable final class Model {
            var title: String = "a"
            var other: Int = 0
        }
        struct Root: View {
            @State private var model = Model()
            var header: some View { Text(model.title) }
            var body: some View { VStack { header } }
        }
        step "title" { model.title = "b" }
        step "other" { model.other = 1 }
        """

    /// Must: what the helper reads re-runs the body that used it, and the evaluation is needed.
    @Test func aReadInAHelperReRunsTheCallingBody() throws {
        let step = try simulateChecked(Self.source).variants[0].steps[0]
        #expect(step.evaluated == ["Root"])
        #expect(step.names(.needed) == ["Root"])
        #expect(step.instances[0].changedReads.contains { $0.contains("model.title") })
    }

    /// Must not: what no helper and no body reads re-runs nothing.
    @Test func aWriteNothingReadsReRunsNothing() throws {
        let step = try simulateChecked(Self.source).variants[0].steps[1]
        #expect(step.evaluated == [])
    }
}
