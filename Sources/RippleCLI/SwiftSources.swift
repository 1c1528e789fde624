import RippleCore
import RippleSwift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads an app's own Swift source, a `.swift` file or a folder read as one module, into a scenario
/// with no steps: what `ripple parse` and `ripple run` show for code a user already has.
enum SwiftSources {
    /// Most `.swift` files one folder may hold, subfolders included (a documented limit).
    static var maximumFiles: Int { FolderWalk.Kind.swiftSource.maximumFiles }
    /// Notes of one kind printed before the rest are only counted.
    static let notesShownPerKind = 3

    /// Whether a path names Swift source rather than a scenario file: a `.swift` file, or a folder with
    /// `.swift` files and no `.ripple` file.
    static func isSwiftSource(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// The `.swift` files below a folder, in path order, walked under the folder rule (`FolderWalk`):
    /// hidden folders and build folders are skipped, links out of the folder and loops passed over.
    static func files(in folder: String) throws(UsageError) -> FolderWalk.Walk {
        try FolderWalk.files(in: folder, .swiftSource)
    }

    /// Reads, lowers, resolves and checks the files; on failure prints every diagnostic with its source
    /// line and returns nil. Notes are printed either way, grouped by what they say.
    static func load(_ path: String, options: SourceOptions, stderr: inout some TextOutputStream) -> Scenario? {
        var sources: [String: String] = [:]
        guard let module = readModule([path], build: options.build, sources: &sources, stderr: &stderr) else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return finish(module, path: path, sources: sources, allNotes: options.allNotes, stderr: &stderr) { module in
            var syntax = module.scenario(title: name, file: path, root: options.root)
            syntax.standInRows = options.rows
            syntax.visibleRows = options.visibleRows
            return syntax
        }
    }

    /// Loads a scenario file that reads app source (`source "../App"`): the files it names, relative to
    /// its folder, lowered into one module, with the scenario's variants, steps and expectations.
    static func load(scenario syntax: ScenarioSyntax, text: String, path: String, options: SourceOptions, stderr: inout some TextOutputStream) -> Scenario? {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var sources: [String: String] = [path: text]
        var paths: [String] = []
        for reference in syntax.sources {
            let resolved = reference.path.hasPrefix("/") ? reference.path : folder + "/" + reference.path
            // A folder is walked under the folder rule; a file must be Swift source by its name and by
            // its real name, so no link named `.swift` makes a scenario print another file's lines.
            let message: String? = switch (try? FileSystem.status(resolved))?.kind {
            case nil: "no such file or folder '\(resolved)' for 'source'"
            case .folder: nil
            case _ where !resolved.hasSuffix(".swift") || !(FileSystem.realPath(resolved) ?? "").hasSuffix(".swift"):
                "'source' reads '.swift' files and folders; '\(resolved)' is neither"
            default: nil
            }
            if let message {
                stderr.write(DiagnosticPrinter(source: text).render(Diagnostic.error(message, at: reference.location)))
                stderr.write("1 error in \(TerminalText.oneLine(path))\n")
                return nil
            }
            paths.append(resolved)
        }
        guard let module = readModule(paths, build: options.build, sources: &sources, stderr: &stderr) else { return nil }
        return finish(module, path: path, sources: sources, allNotes: options.allNotes, stderr: &stderr) { module in
            var merged = module.scenario(merging: syntax, root: options.root)
            merged.standInRows = options.rows
            merged.visibleRows = merged.visibleRows ?? options.visibleRows
            return merged
        }
    }

    /// Reads and lowers every `.swift` file the paths name (files, and folders read whole).
    private static func readModule(_ paths: [String], build: BuildSettings, sources: inout [String: String], stderr: inout some TextOutputStream) -> SwiftModule? {
        var files: [String] = []
        // Files found in a folder: one that cannot be read is a note, and the rest of the app is read.
        var walked: Set<String> = []
        var unreadNotes: [Diagnostic] = []
        for path in paths {
            if (try? FileSystem.status(path))?.kind == .folder {
                do throws(UsageError) {
                    let walk = try Self.files(in: path)
                    for line in walk.skipped { stderr.write("note: \(TerminalText.oneLine(line))\n") }
                    unreadNotes += walk.unread
                    files += walk.files
                    walked.formUnion(walk.files)
                } catch {
                    stderr.write("error: \(error.message)\n")
                    return nil
                }
            } else {
                files.append(path)
            }
        }
        var texts: [(path: String, source: String)] = []
        var decodingNotes: [Diagnostic] = []
        for file in files {
            do {
                switch try FileSystem.read(file, atMost: Scenario.maximumFileSize) {
                case .tooLarge(let size):
                    let tooLarge = Scenario.fileTooLarge(size: size, file: file)
                    if walked.contains(file), let diagnostic = tooLarge.diagnostics.first {
                        unreadNotes.append(.note("'\(FileSystem.lastComponent(of: file))' was not read: \(diagnostic.message); the rest of the folder is read",
                                                 at: diagnostic.location))
                        continue
                    }
                    stderr.write(tooLarge.description + "\n")
                    return nil
                case .bytes(let bytes):
                    let (source, note) = SwiftModule.text(of: bytes, file: file)
                    decodingNotes += note.map { [$0] } ?? []
                    sources[file] = source
                    texts.append((file, source))
                }
            } catch {
                if walked.contains(file) {
                    unreadNotes.append(.note("'\(FileSystem.lastComponent(of: file))' was not read: \(error.reason); the rest of the folder is read",
                                             at: SourceLocation(file: file, line: 1, column: 1)))
                    continue
                }
                stderr.write("error: \(FileError("cannot read", file, error).message)\n")
                return nil
            }
        }
        var module = SwiftModule(build: build)
        module.add(files: texts)
        module.notes = unreadNotes + decodingNotes + module.notes
        return module
    }

    /// Resolves the module into a scenario, printing notes, and every error with its own file's line.
    private static func finish(_ module: SwiftModule, path: String, sources: [String: String], allNotes: Bool, stderr: inout some TextOutputStream,
                               syntax makeSyntax: (inout SwiftModule) -> ScenarioSyntax) -> Scenario? {
        var module = module
        var failure: DiagnosticError?
        if !module.errors.isEmpty {
            printNotes(module.notes, all: allNotes, stderr: &stderr)
            failure = DiagnosticError(module.errors)
        } else {
            let syntax = makeSyntax(&module)
            do throws(DiagnosticError) {
                let scenario = try Scenario(syntax: syntax, file: path, notes: module.notes)
                printNotes(scenario.notes, all: allNotes, stderr: &stderr)
                return scenario
            } catch {
                printNotes(module.notes, all: allNotes, stderr: &stderr)
                failure = error
            }
        }
        guard let failure else { return nil }
        for diagnostic in failure.diagnostics {
            stderr.write(DiagnosticPrinter(source: sources[diagnostic.location.file] ?? "").render(diagnostic))
        }
        if let omission = failure.omissionLine { stderr.write(omission + "\n") }
        stderr.write("\(failure.count) error\(failure.count == 1 ? "" : "s") in \(TerminalText.oneLine(path))\n")
        return nil
    }

    /// Most kinds of note printed one example each; the rest are counted (`--notes` prints them all).
    static let kindsShown = 30

    /// Prints warnings and notes for a person: grouped by kind (the message with the names it quotes taken
    /// out), warnings first, one example of each with how many more are like it; `all` prints every one.
    static func printNotes(_ notes: [Diagnostic], all: Bool = false, stderr: inout some TextOutputStream) {
        guard !notes.isEmpty else { return }
        let sorted = notes.sorted { $0.location < $1.location }
        let warnings = notes.count { $0.severity == .warning }
        if all {
            for note in sorted { stderr.write(note.description + "\n") }
        } else {
            var order: [String] = []
            var byKind: [String: [Diagnostic]] = [:]
            for note in sorted {
                let kind = note.severity.rawValue + " " + Coverage.kind(of: note.message)
                if byKind[kind] == nil { order.append(kind) }
                byKind[kind, default: []].append(note)
            }
            order = order.filter { $0.hasPrefix("warning") } + order.filter { !$0.hasPrefix("warning") }
            for kind in order.prefix(kindsShown) {
                let group = byKind[kind]!
                stderr.write(group[0].description + "\n")
                if group.count > 1 { stderr.write("  … and \(group.count - 1) more like it\n") }
            }
            if order.count > kindsShown {
                let rest = order.dropFirst(kindsShown).reduce(0) { $0 + byKind[$1]!.count }
                stderr.write("… and \(rest) more of \(order.count - kindsShown) other kinds\n")
            }
        }
        let counted = [warnings > 0 ? "\(warnings) warning\(warnings == 1 ? "" : "s")" : nil,
                       notes.count > warnings ? "\(notes.count - warnings) note\(notes.count - warnings == 1 ? "" : "s")" : nil]
        stderr.write(counted.compactMap { $0 }.joined(separator: " and ") + ": what Ripple did not simulate or assumed"
                     + (all ? "\n" : "; --notes prints every one\n"))
    }
}
