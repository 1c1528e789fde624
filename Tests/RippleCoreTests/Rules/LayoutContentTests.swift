import Testing
@testable import RippleCore

/// Rule 19: a `GeometryReader`'s content closure runs at layout, as a node of its own, so what it reads is
/// its own dependency and not the dependency of the body that holds the reader.
@Suite struct LayoutContentTests {
    @Test(arguments: [("GeometryReader", true), ("VStack", false), ("ScrollView", false), ("List", false)])
    func aGeometryReadersContentRunsAtLayout(view: String, runs: Bool) {
        #expect(LayoutContent.runsAtLayout(view) == runs)
    }

    @Test func aRebuiltReaderRunsItsNewClosure() {
        #expect(LayoutContent.rerunReason(holder: "Root", view: "GeometryReader").contains("new content closure"))
    }

    static let reader = """
        scenario "reader"
        semantics swift6.2
        @Observable final class Model {
            var width = 10
            var title = "A"
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    Text(model.title)
                    GeometryReader { proxy in
                        CONTENT
                    }
                }
            }
        }
        struct Bar: View {
            let width: Int
            var body: some View { Text("\\(width)") }
        }
        step "width" { Root.model.width = 20 }
        step "title" { Root.model.title = "B" }
        """

    /// Must: a write to what only the content reads re-runs the content; must not: the body around the
    /// reader does not re-run.
    @Test func aReadInsideTheContentIsTheContentsOwn() throws {
        let steps = try simulateChecked(Self.reader.replacingOccurrences(of: "CONTENT", with: "Text(\"\\(model.width)\")")).variants[0].steps
        #expect(steps[0].evaluated == ["GeometryReader"])
        #expect(steps[0].names(.needed) == ["GeometryReader"])
        #expect(steps[0].instances.first?.changedReads == ["model.width"])
        #expect(!steps[0].evaluated.contains("Root"))
        #expect(steps[0].counts.evaluations == 0)
        #expect(steps[0].counts.rows == 1)
    }

    /// Must not: a stack's content is built with the body, so the same read is the body's.
    @Test func aStacksContentIsTheBodys() throws {
        let source = Self.reader.replacingOccurrences(of: "GeometryReader { proxy in", with: "ZStack {")
            .replacingOccurrences(of: "CONTENT", with: "Text(\"\\(model.width)\")")
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Root"])
        #expect(steps[0].counts.rows == 0)
    }

    /// A write the body reads re-runs the body, which hands the reader a new closure: the content runs
    /// again, in vain when nothing it reads changed.
    @Test func aReadOfTheBodyReRunsTheBodyAndThenTheContent() throws {
        let steps = try simulateChecked(Self.reader.replacingOccurrences(of: "CONTENT", with: "Text(\"\\(model.width)\")")).variants[0].steps
        #expect(steps[1].names(.needed) == ["Root"])
        #expect(steps[1].names(.wasted) == ["GeometryReader"])
        #expect(steps[1].instances.last?.causes.first?.detail.contains("new content closure") == true)
    }

    /// The content that builds a custom view is still a node of its own: the view it builds is its child,
    /// handed a new input when the content re-runs.
    @Test func aContentThatBuildsACustomViewIsShown() throws {
        let trace = try simulateChecked(Self.reader.replacingOccurrences(of: "CONTENT", with: "Bar(width: model.width)"))
        let step = trace.variants[0].steps[0]
        #expect(step.evaluated == ["GeometryReader", "Bar"])
        #expect(step.instances.last?.path == "Root/GeometryReader/Bar")
        #expect(!step.evaluated.contains("Root"))
    }

    /// The proxy's size is not laid out: a content re-run that read it is wasted on a value Ripple does
    /// not know, and says so.
    @Test func aReadOfTheProxyIsNotExact() throws {
        let source = Self.reader.replacingOccurrences(of: "CONTENT", with: "Text(\"\\(model.width) \\(proxy.size.width)\")")
        let steps = try simulateChecked(source).variants[0].steps
        let content = try #require(steps[1].instances.first { $0.name == "GeometryReader" })
        #expect(content.outcome == .wasted)
        #expect(content.uncertainty == ["proxy.size.width"])
    }
}
