import Foundation

/// What a program printed and how it ended.
struct ProgramResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The first executable `name` in the folders of `PATH`, or nil.
func executableOnPath(_ name: String, extraFolders: [String] = []) -> URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + extraFolders
    return folders.map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs `program arguments…` in `folder` with `environment` (the test's own when nil) and waits for it.
/// Both streams are read on their own threads, so a program that fills one pipe cannot block.
func runProgram(_ program: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) throws -> ProgramResult {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    final class Collected: @unchecked Sendable { var data = Data() }
    let errors = Collected()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
    let outputData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProgramResult(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                         stderr: String(decoding: errors.data, as: UTF8.self))
}
