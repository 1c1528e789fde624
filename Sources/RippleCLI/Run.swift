import Foundation
import RippleCore

/// Runs the `ripple` command line: the executable's `main` is a call to this, so tests can drive it.
public func run(arguments: [String], stdout: some TextOutputStream, stderr: some TextOutputStream) -> Int32 {
    var out = stdout
    var err = stderr
    return CommandLine.run(arguments, stdout: &out, stderr: &err)
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
