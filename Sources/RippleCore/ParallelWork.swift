internal import Foundation

// In RippleCore, so that the Swift front end (which lowers files on it), the audit (which performs
// actions on it) and the command line (which renders scenarios on it) share it: the one place Ripple
// starts threads.

/// Runs work on every core, on threads with a stack of a known size.
///
/// `DispatchQueue.concurrentPerform` runs its work on the system's worker threads, whose stacks are
/// 512 KB on macOS and 8 MB on Linux. Loading a scenario at Ripple's limits (nesting, expression length,
/// call depth) needs up to 0.5 MB of stack in a release build and 3.7 MB in a debug build
/// (`Engine.maximumCallDepth`), so each file is loaded here on a thread of `stackSize` bytes, the main
/// thread's size on both systems.
package enum ParallelWork {
    /// Stack of each worker thread: 8 MB.
    package static let stackSize = 8 << 20

    /// Calls `body` once for each index in `0..<iterations`, on up to `threads` threads (one per core
    /// unless given), and returns when every call has returned.
    package static func perform(iterations: Int, threads: Int? = nil, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let next = IndexCounter()
        let finished = DispatchGroup()
        for _ in 0..<min(iterations, max(1, threads ?? threadCount)) {
            finished.enter()
            let thread = Thread {
                while let index = next.take(below: iterations) { body(index) }
                finished.leave()
            }
            thread.stackSize = stackSize
            thread.start()
        }
        finished.wait()
    }

    /// The threads work runs on unless told otherwise: one per core.
    package static var threadCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `body` of each index in `0..<count`, computed on up to `threads` threads (one per core unless
    /// given), in index order. With one thread the work runs on the calling thread.
    package static func map<Result: Sendable>(_ count: Int, threads: Int? = nil, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        if (threads ?? threadCount) <= 1 || count <= 1 { return (0..<count).map(body) }
        let results = Results<Result>(count: count)
        perform(iterations: count, threads: threads) { index in results.put(body(index), at: index) }
        return results.all
    }

    /// Starts `body` for each index in `0..<count` on `threads` other threads and returns at once: the
    /// caller goes on with work of its own and then calls `finish()` on the handle, which does on the
    /// calling thread whatever no other thread has taken yet. With no other thread, `finish()` does it all.
    package static func start<Result: Sendable>(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Result) -> StartedWork<Result> {
        StartedWork(count: count, threads: threads, body)
    }

    /// Work `start` began on other threads, which its caller joins with `finish()`.
    package final class StartedWork<Result: Sendable>: @unchecked Sendable {
        private let count: Int
        private let body: @Sendable (Int) -> Result
        private let next = IndexCounter()
        private let results: Results<Result>
        private let finished = DispatchGroup()

        fileprivate init(count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Result) {
            self.count = count
            self.body = body
            results = Results(count: count)
            for _ in 0..<min(count, max(0, threads)) {
                finished.enter()
                let thread = Thread { [self] in
                    work()
                    finished.leave()
                }
                thread.stackSize = ParallelWork.stackSize
                thread.start()
            }
        }

        /// Takes the next index no thread has taken and runs it, until none is left.
        private func work() {
            while let index = next.take(below: count) { results.put(body(index), at: index) }
        }

        /// Every result, in index order: runs what is left on the calling thread, then waits for the
        /// others. Call it once.
        package func finish() -> [Result] {
            work()
            finished.wait()
            return results.all
        }
    }

    /// The results of `map`, each put in its place by the thread that computed it.
    private final class Results<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func put(_ result: Result, at index: Int) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = result
        }

        /// Every result; called once every `put` has returned.
        var all: [Result] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }

    /// The next index to work on, shared by the threads.
    private final class IndexCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0

        /// The next index below `end`, or nil when none is left.
        func take(below end: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < end else { return nil }
            next += 1
            return next - 1
        }
    }
}

/// Results computed on several threads, each stored at its own index and read in index order once
/// every thread has finished.
package final class IndexedResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    /// Room for `count` values, none stored yet.
    package init(count: Int) { values = Array(repeating: nil, count: count) }

    /// Keeps `value` at `index`.
    package func store(_ value: Value, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    /// Every stored value, in index order.
    package var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values.compactMap { $0 }
    }
}
