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

    @Test func aViewMarkedTwiceRunsOnce() {
        #expect(UpdateOrder.evaluatesAgain(alreadyEvaluated: false))
        #expect(!UpdateOrder.evaluatesAgain(alreadyEvaluated: true))
    }

    @Test func theQueuePopsInThatOrder() {
        var queue = UpdateQueue()
        for (depth, sequence, id) in [(2, 5, 0), (1, 7, 1), (2, 1, 2), (0, 3, 3), (1, 2, 4)] { queue.push(depth: depth, sequence: sequence, id: id) }
        var popped: [Int] = []
        while let id = queue.pop() { popped.append(id) }
        #expect(popped == [3, 4, 1, 2, 0])
    }
}
