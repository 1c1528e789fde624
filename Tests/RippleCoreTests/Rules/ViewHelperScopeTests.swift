import Testing
@testable import RippleCore

/// Rule 12: a view's computed properties and methods run inside the body that uses them.
@Suite struct ViewHelperScopeTests {
    @Test func aHelperRecordsReadsExactlyWhenItsCallerDoes() {
        #expect(ViewHelperScope.recordsReads(callerRecords: true))
        #expect(!ViewHelperScope.recordsReads(callerRecords: false))
        #expect(!ViewHelperScope.isOwnView)
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
