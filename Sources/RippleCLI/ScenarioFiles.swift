import RippleCore
import RippleSwift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and loads scenario files, printing diagnostics the compiler way.
enum ScenarioFiles {
    /// Files named on the command line, with folders expanded to their `*.ripple` files in name order.
    ///
    /// A folder is read under the folder rule (`FolderWalk`): a `.ripple` link that leads out of it is
    /// not read, and a note on `stderr` names it.
    static func expand(_ paths: [String], stderr: inout some TextOutputStream) throws(UsageError) -> [String] {
        var files: [String] = []
        for path in paths {
            let status: FileSystem.Status
            do {
                status = try FileSystem.status(path)
            } catch {
                // A symbolic link to nothing is there, but names no file.
                if error.code == ENOENT, (try? FileSystem.status(path, followingLinks: false))?.kind == .symbolicLink {
                    throw UsageError(message: "cannot read '\(path)': it is a symbolic link to a file that does not exist")
                }
                throw UsageError(message: error.code == ENOENT ? "no such file or folder '\(path)'" : FileError("cannot read", path, error).message)
            }
            guard status.kind == .folder else {
                files.append(path)
                continue
            }
            let walk = try FolderWalk.files(in: path, .scenarios)
            for line in walk.skipped { stderr.write("note: \(TerminalText.oneLine(line))\n") }
            if walk.files.isEmpty {
                // A folder of Swift source is read as one module: the app the user already has.
                if try !SwiftSources.files(in: path).files.isEmpty {
                    files.append(path)
                    continue
                }
                throw UsageError(message: "no '.ripple' or '.swift' files in '\(path)'")
            }
            files += walk.files
        }
        return files
    }

    /// Loads a scenario; on failure prints every diagnostic with its source line and returns nil.
    ///
    /// The file is read through `FileSystem.read`, which checks the size limit before reading (or, for
    /// a pipe, while reading), so a huge file costs no more than the limit.
    static func load(_ path: String, options: SourceOptions = SourceOptions(), stderr: inout some TextOutputStream) -> Scenario? {
        var scenario = loadSource(path, options: options, stderr: &stderr)
        // The audit keeps only fixes it can write into these files (`AuditPatch`).
        scenario?.rewriteCheck = AuditPatch.rewriteCheck
        return scenario
    }

    private static func loadSource(_ path: String, options: SourceOptions, stderr: inout some TextOutputStream) -> Scenario? {
        // A folder that `expand` kept is Swift source; one named like a scenario is reported as a folder below.
        if SwiftSources.isSwiftSource(path) || (!path.hasSuffix(".ripple") && (try? FileSystem.status(path))?.kind == .folder) {
            return SwiftSources.load(path, options: options, stderr: &stderr)
        }
        let contents: FileSystem.Contents
        do {
            contents = try FileSystem.read(path, atMost: Scenario.maximumFileSize, allowingStreams: true)
        } catch {
            stderr.write("error: \(FileError("cannot read", path, error).message)\n")
            return nil
        }
        let count: Int
        switch contents {
        case .tooLarge(let size):
            let error = Scenario.fileTooLarge(size: size, file: path)
            count = error.count
            // Nothing of the file was kept, so there is no source line to show.
            stderr.write(error.description + "\n")
        case .bytes(let bytes):
            do throws(DiagnosticError) {
                let text = try Scenario.text(of: bytes, file: path)
                let started = ScenarioFile.start(source: text, file: path)
                // A scenario that reads app source (`source "../App"`) is loaded with it.
                if !started.declarations.syntax.sources.isEmpty {
                    var reading = started.finish()
                    reading.syntax.standInRows = options.rows
                    reading.syntax.visibleRows = reading.syntax.visibleRows ?? options.visibleRows
                    if reading.errors.isEmpty {
                        return SwiftSources.load(scenario: reading.syntax, text: text, path: path, options: options, stderr: &stderr)
                    }
                    return try Scenario(reading: reading, file: path)
                }
                return try Scenario(started: started, file: path, standInRows: options.rows, visibleRows: options.visibleRows)
            } catch {
                count = error.count
                stderr.write(DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error))
            }
        }
        stderr.write("\(count) error\(count == 1 ? "" : "s") in \(TerminalText.oneLine(path))\n")
        return nil
    }

    /// Whether screens of `scenario` were cut at a limit; each is then an error, so the run fails: what it
    /// printed is not the whole app. The warning that says where each was cut is printed as it loads.
    static func reportCutScreens(_ scenario: Scenario, file: String, stderr: inout some TextOutputStream) -> Bool {
        let cut = scenario.screensCutAtALimit
        guard !cut.isEmpty else { return false }
        stderr.write("error: \(TerminalText.oneLine(file)): \(cut.count == 1 ? "the screen" : "the screens") \(cut.map { "'\(TerminalText.oneLine($0))'" }.joined(separator: ", ")) "
                     + "\(cut.count == 1 ? "was" : "were") cut at a limit; the rest of the app was simulated\n")
        return true
    }

    static func semantics(_ parsed: ParsedArguments) throws(UsageError) -> Semantics? {
        guard let name = parsed.values["semantics"] else { return nil }
        guard let semantics = Semantics(rawValue: name) else {
            throw UsageError(message: "unknown semantics '\(name)'; expected 'swift5.9' or 'swift6.2'")
        }
        return semantics
    }
}
