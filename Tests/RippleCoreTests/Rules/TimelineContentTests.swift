import Testing
@testable import RippleCore

/// Rule 21: a `TimelineView`'s content runs as a node of its own, again at each tick of its schedule.
@Suite struct TimelineContentTests {
    @Test(arguments: [("TimelineView", true), ("GeometryReader", false), ("VStack", false)])
    func onlyATimelineRunsOnATick(view: String, ticks: Bool) {
        #expect(LayoutContent.runsOnTick(view) == ticks)
        #expect(LayoutContent.runsAtLayout(view) == (view != "VStack"))
    }

    @Test func eachTickGivesAContextOfItsOwn() {
        #expect(LayoutContent.context("context", tick: 0) == "context")
        #expect(LayoutContent.context("context", tick: 2) == "context@2")
        #expect(LayoutContent.context("context", tick: 1) != LayoutContent.context("context", tick: 2))
    }

    static let clock = """
        scenario "clock"
        semantics swift6.2
        @Observable final class Settings {
            var label = "Now"
            var title = "Clock"
        }
        struct Clock: View {
            @State private var settings = Settings()
            var body: some View {
                VStack {
                    Text(settings.title)
                    TimelineView(.periodic(from: .now, by: 1)) { context in
                        CONTENT
                    }
                }
            }
        }
        step "tick" { tick TimelineView }
        step "label" { Clock.settings.label = "Time" }
        step "title" { Clock.settings.title = "Watch" }
        step "tick again" { tick TimelineView in Clock }
        """

    static func clock(_ content: String) -> String {
        clock.replacingOccurrences(of: "CONTENT", with: content)
    }

    /// Must: a tick re-runs the content, which shows the new date; must not: the body holding the view.
    @Test func aTickReRunsTheContentAlone() throws {
        let steps = try simulateChecked(Self.clock("Text(\"\\(settings.label) \\(context.date)\")")).variants[0].steps
        #expect(steps[0].evaluated == ["TimelineView"])
        #expect(steps[0].names(.needed) == ["TimelineView"])
        #expect(steps[0].instances.first?.changedReads == ["context.date"])
        #expect(steps[0].instances.first?.causes.first?.detail.contains("its schedule ticked (tick 1)") == true)
        #expect(steps[0].writes.first?.kind == "tick")
        // What only the content reads re-runs the content; what the body reads re-runs the body and then
        // the content, in vain.
        #expect(steps[1].evaluated == ["TimelineView"])
        #expect(steps[2].names(.needed) == ["Clock"])
        #expect(steps[2].names(.wasted) == ["TimelineView"])
        #expect(steps[3].evaluated == ["TimelineView"])
        #expect(steps[3].writes.first?.new == "tick 2")
    }

    /// A content that does not read the date runs at a tick all the same, in vain.
    @Test func aContentThatIgnoresTheDateRunsInVain() throws {
        let steps = try simulateChecked(Self.clock("Text(settings.label)")).variants[0].steps
        #expect(steps[0].names(.wasted) == ["TimelineView"])
        #expect(!steps[0].evaluated.contains("Clock"))
    }

    @Test(arguments: [
        ("tick TimelineView in Other", "no 'TimelineView' is on screen in 'Other'"),
        ("tick GeometryReader", "expected 'tick TimelineView' or 'tick TimelineView in VIEW', found 'tick GeometryReader'"),
    ])
    func aBadTickIsAnErrorAtItsPlace(statement: String, message: String) {
        let found = diagnostics(Self.clock("Text(settings.label)").replacingOccurrences(of: "tick TimelineView in Clock", with: statement))
        #expect(found.map(\.message) == [message])
        #expect(found.first?.location.line == 21)
    }
}
