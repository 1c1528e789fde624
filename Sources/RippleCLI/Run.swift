import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream) -> Int32 {
    var out = stdout
    var err = stderr
    return CommandLine.run(arguments, stdout: &out, stderr: &err)
}
