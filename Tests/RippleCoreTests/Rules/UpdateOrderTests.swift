import Testing
@testable import RippleCore
import RippleRuntime

/// Rule 8: one pass after the writes, top-down, each identity at most once.
@Suite struct UpdateOrderTests {
    @Test func ancestorsBeforeDescendantsSiblingsInOrder() {
        #expect(UpdateOrder.evaluatesBefore(depth: 0, sequence: 9, otherDepth: 1, otherSequence: 0))
        #expect(!UpdateOrder.evaluatesBefore(depth: 1, sequence: 0, otherDepth: 0, otherSequence: 9))
        #expect(UpdateOrder.evaluatesBefore(depth: 2, sequence: 3, otherDepth: 2, otherSequence: 4))
        #expect(!UpdateOrder.evaluatesBefore(depth: 2, sequence: 4, otherDepth: 2, otherSequence: 3))
        #expect(!UpdateOrder.evaluatesBefore(depth: 2, sequence: 4, otherDepth: 2, otherSequence: 4))
    }

    /// `Child` reads `model.b` and takes `model.a` from `Root`, which reads `model.a`.
    static let markedTwice = """
        scenario "t"
        @Observable final class Model {
            var a: Int = 0
            var b: Int = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                Text("\\(model.a)")
                Child(model: model, a: model.a)
            }
        }
        struct Child: View {
            let model: Model
            let a: Int
            var body: some View { Text("\\(a) \\(model.b)") }
        }
        step "a and b" {
            model.a = 1
            model.b = 1
        }
        step "b twice" {
            model.b = 2
            model.b = 3
        }
        """

    @Test(arguments: [
        // Marked by the write to `b` and again by Root's new input: runs once, after Root, with both causes.
        ("a and b", ["Root", "Child"], [Cause.Kind.observation, .input]),
        // Marked by two writes to `b`: runs once, and Root, which does not read `b`, not at all.
        ("b twice", ["Child"], [.observation]),
    ])
    func aViewMarkedTwiceRunsOnce(step name: String, evaluated: [String], causes: [Cause.Kind]) throws {
        let step = try #require(try simulateChecked(Self.markedTwice).variants[0].steps.first { $0.name == name })
        #expect(step.evaluated == evaluated)
        let child = try #require(step.instances.first { $0.name == "Child" })
        #expect(child.causes.map(\.kind) == causes)
        #expect(child.outcome == .needed)
    }

    @Test func theQueuePopsInThatOrder() {
        var queue = UpdateQueue()
        for (depth, sequence, id) in [(2, 5, 0), (1, 7, 1), (2, 1, 2), (0, 3, 3), (1, 2, 4)] { queue.push(depth: depth, sequence: sequence, id: id) }
        var popped: [Int] = []
        while let id = queue.pop() { popped.append(id) }
        #expect(popped == [3, 4, 1, 2, 0])
    }
}
