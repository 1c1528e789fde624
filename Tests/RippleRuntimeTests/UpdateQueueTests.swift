import Testing
import RippleRuntime

/// The update queue: what is dirty, taken in tree order, each node once.
@Suite struct UpdateQueueTests {
    /// `UpdateQueue` pops in (depth, sequence) order whatever order entries arrive in: in order (its
    /// plain list), reversed and shuffled (its heap), and pushed between pops, as a pass does while it
    /// evaluates parents that dirty children.
    @Test(arguments: ["increasing", "decreasing", "shuffled", "interleaved"])
    func popsTopDownInAnyArrivalOrderTopDownInAnyArrivalOrder(order: String) {
        let entries = (0..<300).map { (depth: $0 % 4, sequence: $0, id: 1_000 + $0) }
        let expected = entries.sorted { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }.map(\.id)
        var arrivals = entries.sorted { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }
        switch order {
        case "decreasing": arrivals.reverse()
        case "shuffled", "interleaved":
            // A fixed permutation: 7,919 is prime, so multiplying by it modulo 300 visits every position once.
            let sorted = arrivals
            arrivals = sorted.indices.map { sorted[($0 * 7_919) % sorted.count] }
        default: break
        }
        var queue = UpdateQueue()
        var popped: [Int] = []
        var waiting: [(depth: Int, sequence: Int, id: Int)] = []
        for (index, entry) in arrivals.enumerated() {
            queue.push(depth: entry.depth, sequence: entry.sequence, id: entry.id)
            waiting.append(entry)
            // Pop now and then, checking each against the smallest entry still waiting.
            if order == "interleaved", index.isMultiple(of: 3), let id = queue.pop() {
                let smallest = waiting.min { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }!
                #expect(id == smallest.id)
                waiting.removeAll { $0.id == id }
                popped.append(id)
            }
            // Every entry still waiting is seen once, whether in the run or the heap, and none is taken.
            var seen: [Int] = []
            queue.forEachWaiting { seen.append($0) }
            #expect(seen.sorted() == waiting.map(\.id).sorted(), "after arrival \(index)")
        }
        while let id = queue.pop() { popped.append(id) }
        #expect(queue.isEmpty)
        #expect(popped.count == entries.count)
        if order != "interleaved" { #expect(popped == expected) }
        #expect(Set(popped) == Set(expected))
        queue.removeAll()
        #expect(queue.pop() == nil)
    }

    @Test func aNodeIsQueuedOnceUntilTheQueueIsEmptied() {
        var queue = UpdateQueue()
        let first = queue.insert(4, depth: 1, sequence: 4)
        let again = queue.insert(4, depth: 1, sequence: 4)
        let other = queue.insert(2, depth: 0, sequence: 2)
        #expect(first && !again && other)
        #expect(queue.hasQueued(4) && !queue.hasQueued(7))
        #expect(queue.checkInvariants().isEmpty)
        let taken = [queue.pop(), queue.pop()]
        #expect(taken == [2, 4])
        // Taken, but still queued in this update: marking it again does not queue it again.
        let afterTaking = queue.insert(4, depth: 1, sequence: 4)
        let next = queue.pop()
        #expect(!afterTaking && next == nil)
        queue.removeAll()
        #expect(!queue.hasQueued(4))
        let afterEmptying = queue.insert(4, depth: 1, sequence: 4)
        let last = queue.pop()
        #expect(afterEmptying && last == 4)
    }

    @Test func treeOrderIsDepthThenSequence() {
        #expect(UpdateQueue.precedes(depth: 0, sequence: 9, otherDepth: 1, otherSequence: 0))
        #expect(UpdateQueue.precedes(depth: 2, sequence: 3, otherDepth: 2, otherSequence: 4))
        #expect(!UpdateQueue.precedes(depth: 2, sequence: 4, otherDepth: 2, otherSequence: 4))
    }

    @Test func theInvariantHoldsThroughPushesAndPops() {
        var queue = UpdateQueue()
        for id in (0..<50).reversed() {
            queue.insert(id, depth: id % 5, sequence: id)
            #expect(queue.checkInvariants().isEmpty)
        }
        while queue.pop() != nil {
            let problems = queue.checkInvariants()
            #expect(problems.isEmpty)
        }
    }
}
