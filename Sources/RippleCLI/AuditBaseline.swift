import Foundation
import RippleAudit
import RippleCore
import RippleRender

/// `--baseline FILE`: the saved audit read, and the comparison's lines for standard error.
extension AuditBaseline {
    /// Most bytes a baseline may hold (a documented limit): the audit of an app of a few thousand
    /// controls is a few megabytes.
    static let maximumSize = 64 << 20

    /// Most actions a line of the comparison names; the rest are counted (`… and 12 more`).
    static let namesListed = 10

    /// Reads the saved audit at `path`; a file that cannot be read, is not JSON, or is not an audit of
    /// schema version 2 is a usage error that names it.
    /// The file is read under the folder rule: one that is or lies under a symbolic link out of the
    /// working folder is refused, never read (`FolderWalk.linkOutOfTheWorkingFolder`); a baseline passed
    /// over would let the run pass unchecked.
    init(contentsOf path: String) throws(UsageError) {
        if let link = FolderWalk.linkOutOfTheWorkingFolder(path) {
            throw UsageError(message: "cannot read the baseline '\(TerminalText.oneLine(path))': \(link)")
        }
        let contents: FileSystem.Contents
        do throws(Errno) {
            contents = try FileSystem.read(path, atMost: Self.maximumSize)
        } catch {
            throw UsageError(message: FileError("cannot read the baseline", path, error).message)
        }
        switch contents {
        case .bytes(let bytes):
            try self.init(bytes: bytes, path: path)
        case .tooLarge(let size):
            throw UsageError(message: "the baseline '\(TerminalText.oneLine(path))' is \(size.map(String.init) ?? "more than \(Self.maximumSize)") bytes; "
                + "baselines are limited to \(Self.maximumSize) bytes (limit: baseline size)")
        }
    }

    /// The baseline in `bytes`, read from `path`. It is decoded with `JSONDecoder` alone, once for its
    /// version and once for the document, so reading takes a few times its size (no tree of objects is
    /// built); a count no audit writes is an error at its place in the file.
    init(bytes: [UInt8], path: String) throws(UsageError) {
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        let again = "save it again with 'ripple audit --format json'"
        let data = Data(bytes)
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            let what = Self.firstCharacter(of: bytes) == UInt8(ascii: "[")
                ? "a JSON array, as audits before schema version \(Self.schemaVersion) wrote" : "not a JSON object"
            throw UsageError(message: "\(shown) is \(what); \(again)")
        } catch let error as DecodingError {
            guard case .typeMismatch = error else { throw UsageError(message: "\(shown) is not JSON; \(again)") }
            throw UsageError(message: "\(shown) has a 'schemaVersion' that is not a number: it is not the JSON of 'ripple audit'; \(again)")
        } catch {
            throw UsageError(message: "\(shown) is not JSON; \(again)")
        }
        guard let version = header.schemaVersion else {
            throw UsageError(message: "\(shown) has no 'schemaVersion': it is not the JSON of 'ripple audit'; \(again)")
        }
        guard version == Self.schemaVersion else {
            throw UsageError(message: "\(shown) has schema version \(version), and this ripple reads version \(Self.schemaVersion); \(again)")
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit': \(Self.describe(error)); \(again)")
        } catch {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit'; \(again)")
        }
        if let (field, problem) = Self.invalidCount(in: document) {
            let name = field.reduce("") { $0 + ($1.hasPrefix("[") || $0.isEmpty ? $1 : "." + $1) }
            let message = "'\(name)' \(problem); \(again)"
            guard let place = JSONPlace.location(of: field, in: bytes, file: path), let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError(message: "\(shown): " + message)
            }
            throw UsageError(message: "\(shown): " + message, printed: DiagnosticPrinter(source: text).render(.error(message, at: place)))
        }
        self.init(path: path, document: document)
    }

    /// What is read first: the version, which says how to read the rest.
    private struct Header: Decodable {
        var schemaVersion: Int?
    }

    /// The first byte that is not white space.
    private static func firstCharacter(of bytes: [UInt8]) -> UInt8? {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    /// `'actions[2].wasted' is missing`, `'coverage.controls' is not a number`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            var text = ""
            for key in context.codingPath + (last.map { [$0] } ?? []) {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the document" : "'\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context, key)) is missing"
        case .typeMismatch(let type, let context): return "\(path(context)) is not \(describe(type))"
        case .valueNotFound(let type, let context): return "\(path(context)) is null, not \(describe(type))"
        case .dataCorrupted(let context): return "\(path(context)) cannot be read"
        @unknown default: return "it cannot be read"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a number"
        case is String.Type: "a string"
        case is [Any].Type: "an array"
        default: "what an audit writes there"
        }
    }

    /// The baseline's actions the run did not perform, one line each with why, the first `namesListed`
    /// of them and a count of the rest; nil when there are none.
    static func notPerformedText(_ comparison: Comparison, namingVariants: Bool) -> (count: Int, lines: [String])? {
        let all = comparison.notPerformed
        guard !all.isEmpty else { return nil }
        var lines = all.prefix(namesListed).map { "'\($0.action.action)'" + (namingVariants ? " (\($0.action.variant))" : "") + ": \($0.reason)" }
        if all.count > namesListed { lines.append("… and \(all.count - namesListed) more") }
        return (all.count, lines)
    }

    /// `2 actions do less than in the baseline 'main.json'` and a line for each, with what fell; nil
    /// when none does.
    static func improvementText(_ comparison: Comparison, namingVariants: Bool, shown: String) -> (header: String, lines: [String])? {
        let count = comparison.improvements.count
        guard count > 0 else { return nil }
        return ("\(count) action\(count == 1 ? " does" : "s do") less than in \(shown)",
                comparison.improvements.map { $0.text(naming: namingVariants) })
    }

    /// The lines standard error gets: the regressions and a drop in coverage as errors, the savings and
    /// what is gone as notes.
    /// Under each regression, what the change did to cause it (`Regression.explanations`), each at its
    /// place in the run's code, named as the audit was given it.
    func report(_ comparison: Comparison, namingVariants: Bool) -> String {
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        var text = ""
        let count = comparison.regressions.count
        if count > 0 {
            text += "error: \(count) action\(count == 1 ? " does" : "s do") more than in \(shown):\n"
            for regression in comparison.regressions {
                text += "  " + TerminalText.oneLine(regression.text(naming: namingVariants)) + "\n"
                for explanation in regression.explanations { text += "    " + TerminalText.oneLine(explanation.line()) + "\n" }
            }
        }
        if let drop = comparison.coverageDrop {
            text += "error: the audit simulated fewer controls exactly than \(shown): \(drop)\n"
        }
        if let notPerformed = Self.notPerformedText(comparison, namingVariants: namingVariants) {
            text += "error: \(notPerformed.count) action\(notPerformed.count == 1 ? "" : "s") of \(shown) \(notPerformed.count == 1 ? "was" : "were") not performed:\n"
                + notPerformed.lines.map { "  " + TerminalText.oneLine($0) + "\n" }.joined()
        }
        if let improved = Self.improvementText(comparison, namingVariants: namingVariants, shown: shown) {
            text += "note: " + improved.header + ":\n" + improved.lines.map { "  " + TerminalText.oneLine($0) + "\n" }.joined()
        }
        if !comparison.gone.isEmpty {
            let names = comparison.gone.prefix(Self.namesListed).map { "'\(TerminalText.oneLine($0.action))'" + (namingVariants ? " (\($0.variant))" : "") }
            let more = comparison.gone.count - names.count
            text += "note: \(comparison.gone.count) action\(comparison.gone.count == 1 ? "" : "s") of \(shown) \(comparison.gone.count == 1 ? "is" : "are") gone: "
                + names.joined(separator: ", ") + (more > 0 ? ", … and \(more) more" : "") + "\n"
        }
        return text
    }
}

/// `--update-baseline`: the run's audit written over the baseline it was compared with.
extension AuditBaseline {
    /// The baseline to write, with `--update-baseline`: the path `--baseline` names; nil without it.
    /// The path is refused as the baseline is when it is or lies under a link out of the working folder.
    static func updatedPath(_ parsed: ParsedArguments) throws(UsageError) -> String? {
        guard parsed.flags.contains("update-baseline") else { return nil }
        guard let path = parsed.values["baseline"] else { throw UsageError(message: "--update-baseline goes with --baseline FILE, the baseline it writes") }
        if let link = FolderWalk.linkOutOfTheWorkingFolder(path) {
            throw UsageError(message: "refusing to write the baseline '\(TerminalText.oneLine(path))': \(link)")
        }
        return path
    }

    /// The baseline `--baseline` names, read; nil without it, or when `--update-baseline` is to write a
    /// file that does not exist yet (the first baseline of an app).
    static func read(_ parsed: ParsedArguments, updating: String?) throws(UsageError) -> AuditBaseline? {
        guard let path = parsed.values["baseline"] else { return nil }
        if updating != nil, (try? FileSystem.status(path)) == nil { return nil }
        return try AuditBaseline(contentsOf: path)
    }

    /// Writes `document` to `path` at once (a reader sees the old file or the new one, never part), and
    /// says so; an audit that is not `complete` (an input not loaded, actions not performed) is not
    /// written, since a baseline without them would lower the bar. False when it could not be written.
    static func update(_ path: String, with document: AuditJSON, complete: Bool, stderr: inout some TextOutputStream) -> Bool {
        guard complete else {
            stderr.write("note: the baseline '\(TerminalText.oneLine(path))' was not written: the audit is not complete (see the errors above)\n")
            return true
        }
        do {
            try AtomicFile.write((TraceJSON.encode(value: document) + "\n").utf8, to: path)
        } catch {
            stderr.write("error: \(FileError("cannot write the baseline", path, error).message)\n")
            return false
        }
        stderr.write("wrote the baseline '\(TerminalText.oneLine(path))': commit it with the change, and its diff shows what the change did\n")
        return true
    }

    /// The view types the audited code builds on its screens: a view of the baseline that is no longer
    /// among them left the screen, and did not stop updating.
    static func viewTypes(built results: [AuditResult]) -> Set<String> {
        var types: Set<String> = []
        for result in results {
            types.formUnion(InstanceNames.viewTypes(inPaths: result.scenario.instancePaths.values.flatMap { $0 }))
            for row in result.rows { types.formUnion(row.views.map(\.view)) }
        }
        return types
    }
}
