import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
///
/// Everything the command prints goes through `TerminalText.sanitized`, so no name or value from a
/// scenario can send control sequences to the user's terminal, whichever command printed it, and through
/// a `WorkflowCommandGuard`, so no line of it is a CI runner's workflow command; only the standard output
/// of `ripple audit --format github` may hold commands, the annotations it is for, and JSON's is escaped
/// as JSON.
/// `colour` lets a text trace's outcomes be coloured (`standardOutputTakesColour(environment:)`).
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream, colour: Bool = false) -> Int32 {
    var out = TerminalSafeStream(OutcomeColouringStream(stdout, enabled: colour), commands: CommandLine.workflowCommandGuard(forStandardOutputOf: arguments))
    var err = TerminalSafeStream(stderr)
    return CommandLine.run(arguments, stdout: &out, stderr: &err)
}

/// A stream that writes sanitized text to another, with no workflow command in it unless allowed.
struct TerminalSafeStream<Base: TextOutputStream>: TextOutputStream {
    private var base: Base
    private var commands: WorkflowCommandGuard

    init(_ base: Base, commands: WorkflowCommandGuard = WorkflowCommandGuard()) {
        self.base = base
        self.commands = commands
    }

    mutating func write(_ string: String) {
        base.write(commands.filter(TerminalText.sanitized(string)))
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
