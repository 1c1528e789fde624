import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the staging folders being written when the `ripple` process is interrupted (SIGINT, SIGTERM,
/// SIGHUP), then ends the process as the signal would have.
///
/// A staging folder is registered and created, and later swapped into place, under one lock, so an
/// interruption never comes between the two renames of a swap nor between creating a folder and
/// registering it. Once a signal has come, writers stop at their next file (`isEnding`). A SIGKILL
/// leaves the folder behind; the next render removes it (`OutputFolder.removeStaleFiles`). The handlers
/// are installed only by the executable: `run` in a test process leaves signals alone.
enum Interruption {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var folders: Set<String> = []
        var sources: [DispatchSourceSignal] = []
    }

    private static let state = State()
    private static let ending = Atomic<Bool>(false)

    /// Whether a signal has come and the process is about to end: writers stop.
    static var isEnding: Bool { ending.load(ordering: .relaxed) }

    /// Installs the handlers; the executable calls this once, first, before it starts any thread.
    ///
    /// The signals are blocked in this thread, and so in every thread started after it, and reach a
    /// dispatch source instead (on Linux it reads them from a signalfd, which sees only blocked
    /// signals). A signal the process was started with ignored (`nohup`) stays ignored.
    static func removeStagingFoldersOnSignals() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            var current = sigaction()
            sigaction(signalNumber, nil, &current)
            if isIgnored(current) { continue }
            sigaddset(&blocked, signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { end(by: signalNumber) }
            source.resume()
            state.lock.lock()
            state.sources.append(source)
            state.lock.unlock()
        }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
    }

    /// Registers and creates the staging folder at `path`, to be removed if a signal comes.
    static func create(_ path: String) throws(Errno) {
        state.lock.lock()
        defer { state.lock.unlock() }
        if isEnding { throw Errno(code: EINTR) }
        try FileSystem.makeFolder(path)
        state.folders.insert(path)
    }

    /// Runs `body`, which swaps or removes the staging folder at `path`, with no interruption in between,
    /// then unregisters the folder.
    static func finish<Result, Failure: Error>(_ path: String, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        state.lock.lock()
        defer {
            state.folders.remove(path)
            state.lock.unlock()
        }
        return try body()
    }

    /// Removes the folder at `path` (a previous render's files, swapped out), registered meanwhile so that
    /// an interruption removes it too. Not under the lock: a folder of thousands of files takes a while.
    static func remove(_ path: String) {
        state.lock.lock()
        state.folders.insert(path)
        state.lock.unlock()
        try? FileSystem.removeTree(path)
        state.lock.lock()
        state.folders.remove(path)
        state.lock.unlock()
    }

    /// Removes every registered folder and ends the process with `signalNumber`. The lock is kept, so no
    /// swap starts meanwhile.
    private static func end(by signalNumber: Int32) {
        ending.store(true, ordering: .relaxed)
        state.lock.lock()
        for folder in state.folders {
            // A writer may add a file between the listing and the `rmdir`; it stops at the next one.
            for _ in 0..<100 where FileSystem.exists(folder) {
                if (try? FileSystem.removeTree(folder)) != nil { break }
            }
        }
        signal(signalNumber, SIG_DFL)
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        raise(signalNumber)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        guard let handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
