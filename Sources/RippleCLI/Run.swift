import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
///
/// Everything the command prints as text goes through `TerminalText.sanitized`, so no name or value from
/// a scenario can send control sequences to the user's terminal, whichever command printed it. A
/// structured document (JSON, SARIF) is written with `write(structured:)`, past the sanitiser, whose
/// `\u{85}` would make it invalid: it escapes what its format requires and what a terminal acts on itself.
/// Both go through a `WorkflowCommandGuard`, so no line of them is a CI runner's workflow command; only the
/// standard output of `ripple audit --format github` may hold commands, the annotations it is for, and
/// JSON's is escaped as JSON.
/// `colour` lets a text trace's outcomes be coloured (`standardOutputTakesColour(environment:)`).
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream, colour: Bool = false) -> Int32 {
    var out = TerminalSafeStream(OutcomeColouringStream(stdout, enabled: colour), commands: CommandLine.workflowCommandGuard(forStandardOutputOf: arguments))
    var err = TerminalSafeStream(stderr)
    return CommandLine.run(arguments, stdout: &out, stderr: &err)
}

/// A stream that writes sanitized text to another, with no workflow command in it unless allowed.
struct TerminalSafeStream<Base: TextOutputStream>: StructuredOutputStream {
    private var base: Base
    private var commands: WorkflowCommandGuard

    init(_ base: Base, commands: WorkflowCommandGuard = WorkflowCommandGuard()) {
        self.base = base
        self.commands = commands
    }

    /// A file name's bytes that are not UTF-8 are shown as `\xFF` (`FileSystemPath.visible`).
    mutating func write(_ string: String) {
        base.write(commands.filter(FileSystemPath.visible(TerminalText.sanitized(string))))
    }

    mutating func writeStructured(_ document: String) {
        base.write(structured: commands.filter(document))
    }
}

/// A stream that writes a structured document (JSON, SARIF) otherwise than text: unchanged, where text is
/// sanitized or coloured.
protocol StructuredOutputStream: TextOutputStream {
    /// Writes `document`, which escapes what it must itself.
    mutating func writeStructured(_ document: String)
}

extension TextOutputStream {
    /// Writes `document`, a JSON or SARIF document that escapes control and invisible characters itself
    /// (`TraceJSON`), past any stream between here and the output that would rewrite text; a stream that
    /// rewrites nothing takes it as text.
    mutating func write(structured document: String) {
        guard var stream = self as? any StructuredOutputStream else {
            write(document)
            return
        }
        stream.writeStructured(document)
        // A stream is a value that holds its base: the written copy replaces it.
        self = stream as! Self
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
