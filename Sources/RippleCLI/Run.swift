import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
///
/// Everything the command prints goes through `TerminalText.sanitized`, so no name or value from a
/// scenario can send control sequences to the user's terminal, whichever command printed it.
/// `colour` lets a text trace's outcomes be coloured (`standardOutputTakesColour(environment:)`).
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream, colour: Bool = false) -> Int32 {
    var out = TerminalSafeStream(OutcomeColouringStream(stdout, enabled: colour))
    var err = TerminalSafeStream(stderr)
    return CommandLine.run(arguments, stdout: &out, stderr: &err)
}

/// A stream that writes sanitized text to another.
struct TerminalSafeStream<Base: TextOutputStream>: TextOutputStream {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    mutating func write(_ string: String) {
        base.write(TerminalText.sanitized(string))
    }
}

/// The process's arguments after the program's name, every byte of a file name kept: a name that is not
/// UTF-8 reaches `run` as a string that still opens the file (see `FileSystemPath`).
public func processArguments() -> [String] {
    Array(FileSystemPath.processArguments().dropFirst())
}

/// Makes an interrupted render (SIGINT, SIGTERM, SIGHUP) remove the staging folders it is writing before
/// the process ends. For the executable only: a test process keeps its own signal handling.
public func removeStagingFoldersOnInterruption() {
    Interruption.removeStagingFoldersOnSignals()
}
