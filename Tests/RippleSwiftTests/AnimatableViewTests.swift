import Testing
@testable import RippleCore
import RippleSwift

/// An `Animatable` view's body runs on every frame of an animation, which Ripple does not count: its
/// re-run is never `exact`.
@Suite struct AnimatableViewTests {
    static let snake = """
        import SwiftUI

        struct Greeting: View {
            @State private var progress = 0.0
            var body: some View {
                VStack {
                    Snake(progress: progress)
                    Label(progress: progress)
                    Button("Play") {
                        withAnimation(.easeInOut(duration: 4)) { progress = 1 }
                    }
                }
            }
        }

        struct Snake: View, Animatable {
            var progress: Double
            var animatableData: Double {
                get { progress }
                set { progress = newValue }
            }
            var body: some View { Text("\\(progress)") }
        }

        struct Label: View {
            let progress: Double
            var body: some View { Text("\\(progress)") }
        }

        """

    @Test func anAnimatableViewsReRunRestsOnTheFramesRippleDoesNotCount() throws {
        let (scenario, _, error) = loadSwift(Self.snake)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        let play = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button \"Play\" in Greeting" })
        let step = try simulation.perform(actionAt: play)
        let snake = try #require(step.instances.first { $0.viewType == "Snake" })
        #expect(snake.uncertainty == ["it is Animatable: within an animation SwiftUI runs its body on every frame, which is counted here once"])
        // Must not: a plain view handed the same new value is exact.
        let label = try #require(step.instances.first { $0.viewType == "Label" })
        #expect(label.uncertainty == nil)
        #expect(label.outcome == .needed)
    }
}
