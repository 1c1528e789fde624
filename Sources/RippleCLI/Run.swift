import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
///
/// Everything the command prints goes through `TerminalText.sanitized`, so no name or value from a
/// scenario can send control sequences to the user's terminal, whichever command printed it.
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream) -> Int32 {
    var out = TerminalSafeStream(stdout)
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
