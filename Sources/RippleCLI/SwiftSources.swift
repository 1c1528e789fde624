import RippleCore
import RippleSwift

/// Loads an app's own Swift source, a `.swift` file or a folder read as one module, into a scenario
/// with no steps: what `ripple parse` and `ripple run` show for code a user already has.
enum SwiftSources {
    /// Most `.swift` files one folder may hold, subfolders included (a documented limit).
    static let maximumFiles = 5_000
    /// Notes of one kind printed before the rest are only counted.
    static let notesShownPerKind = 3

    /// Whether a path names Swift source rather than a scenario file: a `.swift` file, or a folder with
    /// `.swift` files and no `.ripple` file.
    static func isSwiftSource(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// The `.swift` files below a folder, in path order; hidden folders and build folders are skipped.
    static func files(in folder: String) throws(UsageError) -> [String] {
        var found: [String] = []
        var pending = [folder.hasSuffix("/") ? String(folder.dropLast()) : folder]
        while let current = pending.popLast() {
            let names: [String]
            do {
                names = try FileSystem.contentsOfFolder(current)
            } catch {
                throw UsageError(message: FileError("cannot read the folder", current, error).message)
            }
            for name in names where !name.hasPrefix(".") {
                let path = current + "/" + name
                if name.hasSuffix(".swift") {
                    found.append(path)
                } else if (try? FileSystem.status(path))?.kind == .folder, name != ".build" {
                    pending.append(path)
                }
                if found.count > maximumFiles {
                    throw UsageError(message: "'\(folder)' holds more than \(maximumFiles) '.swift' files (limit: Swift files)")
                }
            }
        }
        return found.sorted()
    }

    /// Reads, lowers, resolves and checks the files; on failure prints every diagnostic with its source
    /// line and returns nil. Notes are printed either way, grouped by what they say.
    static func load(_ path: String, options: SourceOptions, stderr: inout some TextOutputStream) -> Scenario? {
        var sources: [String: String] = [:]
        guard let module = readModule([path], build: options.build, sources: &sources, stderr: &stderr) else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return finish(module, path: path, sources: sources, stderr: &stderr) { module in
            var syntax = module.scenario(title: name, file: path, root: options.root)
            syntax.standInRows = options.rows
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
            guard (try? FileSystem.status(resolved)) != nil else {
                let diagnostic = Diagnostic.error("no such file or folder '\(resolved)' for 'source'", at: reference.location)
                stderr.write(DiagnosticPrinter(source: text).render(diagnostic))
                stderr.write("1 error in \(path)\n")
                return nil
            }
            paths.append(resolved)
        }
        guard let module = readModule(paths, build: options.build, sources: &sources, stderr: &stderr) else { return nil }
        return finish(module, path: path, sources: sources, stderr: &stderr) { module in
            var merged = module.scenario(merging: syntax, root: options.root)
            merged.standInRows = options.rows
            return merged
        }
    }

    /// Reads and lowers every `.swift` file the paths name (files, and folders read whole).
    private static func readModule(_ paths: [String], build: BuildSettings, sources: inout [String: String], stderr: inout some TextOutputStream) -> SwiftModule? {
        var files: [String] = []
        for path in paths {
            if (try? FileSystem.status(path))?.kind == .folder {
                do throws(UsageError) {
                    files += try Self.files(in: path)
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
                    stderr.write(Scenario.fileTooLarge(size: size, file: file).description + "\n")
                    return nil
                case .bytes(let bytes):
                    let (source, note) = SwiftModule.text(of: bytes, file: file)
                    decodingNotes += note.map { [$0] } ?? []
                    sources[file] = source
                    texts.append((file, source))
                }
            } catch {
                stderr.write("error: \(FileError("cannot read", file, error).message)\n")
                return nil
            }
        }
        var module = SwiftModule(build: build)
        module.add(files: texts)
        module.notes = decodingNotes + module.notes
        return module
    }

    /// Resolves the module into a scenario, printing notes, and every error with its own file's line.
    private static func finish(_ module: SwiftModule, path: String, sources: [String: String], stderr: inout some TextOutputStream,
                               syntax makeSyntax: (inout SwiftModule) -> ScenarioSyntax) -> Scenario? {
        var module = module
        var failure: DiagnosticError?
        if !module.errors.isEmpty {
            printNotes(module.notes, stderr: &stderr)
            failure = DiagnosticError(module.errors)
        } else {
            let syntax = makeSyntax(&module)
            do throws(DiagnosticError) {
                let scenario = try Scenario(syntax: syntax, file: path)
                printNotes(module.notes + scenario.notes, stderr: &stderr)
                return scenario
            } catch {
                printNotes(module.notes, stderr: &stderr)
                failure = error
            }
        }
        guard let failure else { return nil }
        for diagnostic in failure.diagnostics {
            stderr.write(DiagnosticPrinter(source: sources[diagnostic.location.file] ?? "").render(diagnostic))
        }
        if let omission = failure.omissionLine { stderr.write(omission + "\n") }
        stderr.write("\(failure.count) error\(failure.count == 1 ? "" : "s") in \(path)\n")
        return nil
    }

    /// Prints notes grouped by message, the first few of each kind in full, the rest counted.
    static func printNotes(_ notes: [Diagnostic], stderr: inout some TextOutputStream) {
        guard !notes.isEmpty else { return }
        var order: [String] = []
        var byMessage: [String: [Diagnostic]] = [:]
        for note in notes.sorted(by: { $0.location < $1.location }) {
            if byMessage[note.message] == nil { order.append(note.message) }
            byMessage[note.message, default: []].append(note)
        }
        for message in order {
            let group = byMessage[message]!
            for note in group.prefix(notesShownPerKind) { stderr.write(note.description + "\n") }
            if group.count > notesShownPerKind {
                stderr.write("note: … and \(group.count - notesShownPerKind) more like it\n")
            }
        }
        stderr.write("\(notes.count) note\(notes.count == 1 ? "" : "s"): what Ripple assumed about code it does not simulate\n")
    }
}
