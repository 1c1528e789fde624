/// The nodes marked dirty in one update, taken in tree order: by depth, then by creation sequence, so
/// that parents come before children and siblings in the order they were made. A node is queued at most
/// once until the queue is emptied.
///
/// Nodes are usually marked in increasing order (a list's rows, one after another). Entries that arrive
/// in order wait in a plain list, taken from its front; only one that arrives out of order goes to a
/// binary heap, and each pop takes the smaller of the two fronts, so a list's rows marked by one write
/// never go through the heap.
public struct UpdateQueue {
    /// A queued node with the position that orders it.
    @usableFromInline
    typealias Entry = (depth: Int, sequence: Int, id: Int)
    /// Entries in increasing order from `runStart` on.
    @usableFromInline
    var run: [Entry] = []
    @usableFromInline
    var runStart = 0
    @usableFromInline
    var heap: [Entry] = []
    /// Every node queued since the queue was last emptied, taken or not.
    @usableFromInline
    var queued = IDSet()

    /// An empty queue.
    @inlinable
    public init() {}

    /// Whether no node waits.
    @inlinable
    public var isEmpty: Bool { runStart == run.count && heap.isEmpty }

    /// Whether the node was queued since the queue was last emptied, taken since or not.
    @inlinable
    public func hasQueued(_ id: Int) -> Bool { queued.contains(id) }

    /// Empties the queue and forgets what it queued, keeping its storage.
    @inlinable
    public mutating func removeAll() {
        run.removeAllKeepingStorage()
        runStart = 0
        heap.removeAllKeepingStorage()
        queued.removeAll(keepingCapacity: true)
    }

    /// Queues a node at its place in tree order, unless it was queued already; returns whether it was new.
    @inlinable @discardableResult
    public mutating func insert(_ id: Int, depth: Int, sequence: Int) -> Bool {
        guard queued.insert(id).inserted else { return false }
        push(depth: depth, sequence: sequence, id: id)
        return true
    }

    /// Adds an entry, queued or not before: `insert` is the one that queues each node once.
    @inlinable
    public mutating func push(depth: Int, sequence: Int, id: Int) {
        let entry = (depth, sequence, id)
        if runStart == run.count {
            run.removeAllKeepingStorage()
            runStart = 0
            run.append(entry)
        } else if !Self.less(entry, run[run.count - 1]) {
            run.append(entry)
        } else {
            pushOnHeap(entry)
        }
    }

    /// Calls `body` with each waiting node, in no particular order, leaving the queue as it is.
    public func forEachWaiting(_ body: (Int) -> Void) {
        for index in runStart..<run.count { body(run[index].id) }
        for entry in heap { body(entry.id) }
    }

    /// Takes the first waiting node in tree order; nil when none waits.
    @inlinable
    public mutating func pop() -> Int? {
        let runHasNext = runStart < run.count
        if runHasNext && (heap.isEmpty || !Self.less(heap[0], run[runStart])) {
            runStart += 1
            return run[runStart - 1].id
        }
        return popFromHeap()
    }

    /// Whether the node at (`depth`, `sequence`) comes before the one at (`otherDepth`, `otherSequence`) in
    /// tree order.
    @inlinable @inline(__always)
    public static func precedes(depth: Int, sequence: Int, otherDepth: Int, otherSequence: Int) -> Bool {
        (depth, sequence) < (otherDepth, otherSequence)
    }

    /// Whether the entries are in order and the heap is a heap; tests call it.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        if runStart > run.count { problems.append("queue: the run's start is past its end") }
        if runStart < run.count {
            for index in runStart + 1 ..< run.count where Self.less(run[index], run[index - 1]) {
                problems.append("queue: run entry \(index) is out of order")
            }
        }
        for index in heap.indices.dropFirst() where Self.less(heap[index], heap[(index - 1) / 2]) {
            problems.append("queue: heap entry \(index) comes before its parent")
        }
        return problems
    }

    @inlinable
    mutating func pushOnHeap(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.less(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable
    mutating func popFromHeap() -> Int? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && Self.less(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && Self.less(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top.id
    }

    @inlinable
    static func less(_ a: Entry, _ b: Entry) -> Bool {
        precedes(depth: a.depth, sequence: a.sequence, otherDepth: b.depth, otherSequence: b.sequence)
    }
}
