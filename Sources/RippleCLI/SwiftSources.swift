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
    static func load(_ path: String, root: String?, stderr: inout some TextOutputStream) -> Scenario? {
        let isFolder = (try? FileSystem.status(path))?.kind == .folder
        let files: [String]
        if isFolder {
            do throws(UsageError) {
                files = try Self.files(in: path)
            } catch {
                stderr.write("error: \(error.message)\n")
                return nil
            }
        } else {
            files = [path]
        }
        var module = SwiftModule()
        var sources: [String: String] = [:]
        for file in files {
            do {
                switch try FileSystem.read(file, atMost: Scenario.maximumFileSize) {
                case .tooLarge(let size):
                    stderr.write(Scenario.fileTooLarge(size: size, file: file).description + "\n")
                    return nil
                case .bytes(let bytes):
                    let source = String(decoding: bytes, as: UTF8.self)
                    sources[file] = source
                    module.add(source: source, file: file)
                }
            } catch {
                stderr.write("error: \(FileError("cannot read", file, error).message)\n")
                return nil
            }
        }
        var failure: DiagnosticError?
        if !module.errors.isEmpty {
            printNotes(module.notes, stderr: &stderr)
            failure = DiagnosticError(module.errors)
        } else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let syntax = module.scenario(title: name, file: path, root: root)
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
        // Each diagnostic is printed with the source line of its own file.
        for diagnostic in failure.diagnostics {
            let source = sources[diagnostic.location.file] ?? ""
            stderr.write(DiagnosticPrinter(source: source).render(diagnostic))
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
