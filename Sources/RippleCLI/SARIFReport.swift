import Foundation
import RippleAudit
import RippleCore
import RippleRender

/// `ripple audit --format sarif`: the findings as a SARIF 2.1.0 log, the format GitHub code scanning
/// reads (github/codeql-action/upload-sarif).
///
/// One run; its driver is `ripple` with one rule per `AuditRule`, each with its help as text and as
/// Markdown. Each result names its rule by id and index, and sits at its control: a URI relative to the
/// source root (the repository holding the audited folder, `sourceRoot(_:format:)`), based on
/// `%SRCROOT%`, which the run gives as that folder. Each carries a fingerprint of its rule, what it is
/// about (the control's kind, label and view, or the note) and the text of its line, without its file or
/// line number, so that a code-scanning service keeps one alert across runs while code above it moves or
/// its file is renamed. Against a baseline every finding is kept, each with its `baselineState`.
struct SARIFReport {
    var findings: [AuditFinding]
    /// The folder result URIs are relative to: the repository's root.
    var root: String = SARIFReport.repositoryRoot()

    /// The base every result's URI names.
    static let baseID = "%SRCROOT%"

    /// The schema the log names.
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The key of `partialFingerprints`; its version goes up when what is hashed changes.
    static let fingerprintKey = "rippleFinding/v3"

    var json: String {
        let rules = AuditRule.all
        var seen: [String: Int] = [:]
        var sources = SourceLines()
        let results = findings.map { finding -> Result in
            let path = Self.absolute(finding.file)
            let uri = Self.uri(AuditCommand.relativePath(path, in: root))
            // Two findings alike (one control offered by two rows) are told apart by their order.
            let base = [finding.ruleId, finding.identity, sources.normalizedLine(finding.line, of: path)].joined(separator: "\n")
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            return Result(ruleId: finding.ruleId, ruleIndex: rules.firstIndex { $0.id == finding.ruleId } ?? -1, level: finding.level.rawValue,
                          message: Text(text: finding.message),
                          locations: [Location(physicalLocation: PhysicalLocation(
                              artifactLocation: ArtifactLocation(uri: uri, uriBaseId: uri.hasPrefix("file://") ? nil : Self.baseID),
                              region: Region(startLine: max(1, finding.line), startColumn: max(1, finding.column))))],
                          partialFingerprints: [Self.fingerprintKey: AuditCommand.fingerprint(base + "\n\(occurrence)")],
                          baselineState: finding.baselineState?.rawValue)
        }
        let driver = Driver(name: "ripple", version: CommandLine.version, semanticVersion: CommandLine.version, rules: rules.map {
            Rule(id: $0.id, name: Self.pascalCase($0.name), shortDescription: Text(text: $0.short), fullDescription: Text(text: $0.full),
                 help: Text(text: $0.help, markdown: Self.helpMarkdown($0)), defaultConfiguration: Configuration(level: $0.level.rawValue))
        })
        let base = ArtifactLocation(uri: Self.uri(root.hasSuffix("/") ? root : root + "/"), uriBaseId: nil)
        let log = Log(schema: Self.schema, version: "2.1.0",
                      runs: [Run(tool: Tool(driver: driver), originalUriBaseIds: [Self.baseID: base], results: results)])
        return TraceJSON.encode(value: log)
    }

    /// A rule's help as Markdown, which code scanning shows under an alert: what it means, how to fix it,
    /// and where Ripple shows it.
    static func helpMarkdown(_ rule: AuditRule) -> String {
        // A hint's rule is named after the gallery scenario that shows it, and its help says so.
        let more = rule.help.contains("'\(rule.id)'") ? "The hints of docs/Audit.md, in Ripple's repository, explain the rule."
            : "docs/CI.md, in Ripple's repository, lists the findings and their rules."
        return "**\(rule.name).** \(rule.full)\n\n**How to fix it.** \(rule.help)\n\n"
            + "`ripple audit --format html` draws the action's trace: why each view ran again. " + more
    }

    /// The folder SARIF's URIs are relative to, for `--format sarif`: `--source-root DIR` when given (a
    /// folder), else the repository that holds the first folder audited (or the folder of the first file
    /// audited): the nearest folder at or above it that holds `.git`, and that folder itself when none
    /// does. Nil for another format, which `--source-root` does not go with.
    static func sourceRoot(_ parsed: ParsedArguments, format: String) throws(UsageError) -> String? {
        if let folder = parsed.values["source-root"] {
            guard format == "sarif" else { throw UsageError(message: "--source-root goes with --format sarif") }
            guard (try? FileSystem.status(folder))?.kind == .folder else {
                throw UsageError(message: "--source-root '\(TerminalText.oneLine(folder))' is not a folder")
            }
            return URL(fileURLWithPath: absolute(folder)).standardizedFileURL.path
        }
        guard format == "sarif", let first = parsed.positionals.first else { return nil }
        let folder = (try? FileSystem.status(first))?.kind == .folder ? first : FileSystem.parentFolder(of: first)
        return repositoryRoot(from: absolute(folder))
    }

    /// What names an action's finding apart from its counts, its file and its line: its variant, the
    /// preview state it starts from, its kind and control, and its name without the identities of the
    /// rows it is in (`tap Button "Done" in TaskRow`), which a change of `ForEach` keys changes.
    static func actionIdentity(_ row: AuditRow) -> String {
        [row.variant, row.state ?? "", row.kind, row.control, withoutRowIdentities(row.action)].joined(separator: "\n")
    }

    /// `tap Button "Done" in TaskRow[UUID-1], then tap Button in Shelf, row 3 #2` →
    /// `tap Button "Done" in TaskRow, then tap Button in Shelf`: every `[…]` and `, row …` outside a quoted
    /// label removed, and the ` #2` that tells apart two actions of one name.
    static func withoutRowIdentities(_ name: String) -> String {
        var text = Substring(name)
        if let hash = text.lastIndex(of: "#"), hash > text.startIndex, text[text.index(before: hash)] == " ",
           !text[text.index(after: hash)...].isEmpty, text[text.index(after: hash)...].allSatisfy(\.isNumber) {
            text = text[..<text.index(before: hash)]
        }
        var kept = ""
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if quoted {
                kept.append(character)
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    kept.append(text[index])
                } else if character == "\"" {
                    quoted = false
                }
                index = text.index(after: index)
            } else if character == "[" {
                // The row's identity, which may hold brackets and quotes of its own.
                var depth = 0, inString = false
                while index < text.endIndex {
                    let inner = text[index]
                    if inString {
                        if inner == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) } else if inner == "\"" { inString = false }
                    } else if inner == "\"" {
                        inString = true
                    } else if inner == "[" {
                        depth += 1
                    } else if inner == "]" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index = text.index(after: index)
                }
                if index < text.endIndex { index = text.index(after: index) }
            } else if text[index...].hasPrefix(", row ") {
                // A row built without a view of its own, up to the next action of a chain.
                let rest = text[index...]
                index = rest.range(of: ", then ")?.lowerBound ?? text.endIndex
            } else {
                if character == "\"" { quoted = true }
                kept.append(character)
                index = text.index(after: index)
            }
        }
        return kept
    }

    /// The lines of the audited files, each read once: what a fingerprint takes of a finding's place.
    struct SourceLines {
        private var files: [String: [Substring]] = [:]

        /// Line `number` of `path` with its spaces trimmed and each run of spaces and tabs inside it one
        /// space, so that indenting or aligning it again keeps it; empty when the file cannot be read.
        mutating func normalizedLine(_ number: Int, of path: String) -> String {
            if files[path] == nil {
                var lines: [Substring] = []
                if case .bytes(let bytes)? = try? FileSystem.read(path, atMost: Scenario.maximumFileSize) {
                    lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                }
                files[path] = lines
            }
            guard let lines = files[path], lines.indices.contains(number - 1) else { return "" }
            return lines[number - 1].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
    }

    /// The repository's root: the nearest folder at or above `folder` that holds `.git` (a folder, or a
    /// file in a worktree); `folder` itself when none does.
    static func repositoryRoot(from folder: String = FileManager.default.currentDirectoryPath) -> String {
        let start = URL(fileURLWithPath: folder).standardizedFileURL
        var candidate = start
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) { return candidate.path }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return start.path }
            candidate = parent
        }
    }

    /// `path` as an absolute path: one relative to the working folder is joined to it.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/")).standardizedFileURL.path
    }

    /// A path as a relative URI reference: each byte outside the unreserved characters and `/`
    /// percent-encoded (a space is `%20`).
    static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        var text = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                text.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text
    }

    /// `Computed property read by a view` → `ComputedPropertyReadByAView`: a rule's `name`, which SARIF
    /// wants as one word.
    static func pascalCase(_ text: String) -> String {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // MARK: - The log's objects, as SARIF 2.1.0 names them

    private struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]
        var results: [Result]
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    private struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
    }

    /// A message or a description: SARIF gives both the form `{"text": …}`, and a rule's help also
    /// `"markdown"`.
    private struct Text: Encodable {
        var text: String
        var markdown: String? = nil
    }

    private struct Configuration: Encodable {
        var level: String
    }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        /// `new`, `unchanged` or `updated` against a baseline; absent without one.
        var baselineState: String?
    }

    private struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
