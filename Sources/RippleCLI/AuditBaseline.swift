import Foundation
import RippleAudit
import RippleCore

/// `--baseline FILE`: the saved audit read, and the comparison's lines for standard error.
extension AuditBaseline {
    /// Most bytes a baseline may hold.
    static let maximumSize = 64 << 20

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
        guard case .bytes(let bytes) = contents else {
            throw UsageError(message: "the baseline '\(TerminalText.oneLine(path))' is larger than \(Self.maximumSize >> 20) MB")
        }
        try self.init(bytes: bytes, path: path)
    }

    /// The baseline in `bytes`, read from `path`.
    init(bytes: [UInt8], path: String) throws(UsageError) {
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        let again = "save it again with 'ripple audit --format json'"
        let data = Data(bytes)
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            throw UsageError(message: "\(shown) is not JSON; \(again)")
        }
        guard let fields = object as? [String: Any] else {
            let what = object is [Any] ? "a JSON array, as audits before schema version \(Self.schemaVersion) wrote" : "not a JSON object"
            throw UsageError(message: "\(shown) is \(what); \(again)")
        }
        guard let version = fields["schemaVersion"] as? Int else {
            throw UsageError(message: "\(shown) has no 'schemaVersion': it is not the JSON of 'ripple audit'; \(again)")
        }
        guard version == Self.schemaVersion else {
            throw UsageError(message: "\(shown) has schema version \(version), and this ripple reads version \(Self.schemaVersion); \(again)")
        }
        do {
            self.init(path: path, document: try JSONDecoder().decode(Document.self, from: data))
        } catch let error as DecodingError {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit': \(Self.describe(error)); \(again)")
        } catch {
            throw UsageError(message: "\(shown) is not the JSON of 'ripple audit'; \(again)")
        }
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

    /// The lines standard error gets: the regressions and a drop in coverage as errors, what is gone as
    /// a note.
    func report(_ comparison: Comparison, namingVariants: Bool) -> String {
        let shown = "the baseline '\(TerminalText.oneLine(path))'"
        var text = ""
        let count = comparison.regressions.count
        if count > 0 {
            text += "error: \(count) action\(count == 1 ? " does" : "s do") more than in \(shown):\n"
            for regression in comparison.regressions { text += "  " + TerminalText.oneLine(regression.text(naming: namingVariants)) + "\n" }
        }
        if let drop = comparison.coverageDrop {
            text += "error: the audit simulated fewer controls exactly than \(shown): \(drop)\n"
        }
        if !comparison.gone.isEmpty {
            let names = comparison.gone.map { "'\(TerminalText.oneLine($0.action))'" + (namingVariants ? " (\($0.variant))" : "") }
            text += "note: \(comparison.gone.count) action\(comparison.gone.count == 1 ? "" : "s") of \(shown) \(comparison.gone.count == 1 ? "is" : "are") gone: "
                + names.joined(separator: ", ") + "\n"
        }
        return text
    }
}
