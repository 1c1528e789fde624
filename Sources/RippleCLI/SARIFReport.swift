import Foundation
import RippleCore
import RippleRender

/// `ripple audit --format sarif`: the findings as a SARIF 2.1.0 log, the format GitHub code scanning
/// reads (github/codeql-action/upload-sarif).
///
/// One run; its driver is `ripple` with one rule per `AuditRule`. Each result names its rule by id and
/// index, and sits at its control: a URI relative to the repository's root (the nearest folder above the
/// working folder that holds `.git`, else the working folder), based on `%SRCROOT%`, which the run gives
/// as that folder. Each carries a fingerprint of its rule and what it is about (the screen and the
/// action, or the note), without its file or line, so that a code-scanning service keeps one alert
/// across runs while code above it moves or its file is renamed.
struct SARIFReport {
    var findings: [AuditFinding]
    /// The folder result URIs are relative to: the repository's root.
    var root: String = SARIFReport.repositoryRoot()

    /// The base every result's URI names.
    static let baseID = "%SRCROOT%"

    /// The schema the log names.
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The key of `partialFingerprints`; its version goes up when what is hashed changes.
    static let fingerprintKey = "rippleFinding/v2"

    var json: String {
        let rules = AuditRule.all
        var seen: [String: Int] = [:]
        let results = findings.map { finding -> Result in
            let uri = Self.uri(AuditCommand.relativePath(Self.absolute(finding.file), in: root))
            // Two findings alike (one message at two places) are told apart by their order.
            let base = [finding.ruleId, finding.identity].joined(separator: "\n")
            let occurrence = seen[base, default: 0]
            seen[base] = occurrence + 1
            return Result(ruleId: finding.ruleId, ruleIndex: rules.firstIndex { $0.id == finding.ruleId } ?? -1, level: finding.level.rawValue,
                          message: Text(text: finding.message),
                          locations: [Location(physicalLocation: PhysicalLocation(
                              artifactLocation: ArtifactLocation(uri: uri, uriBaseId: uri.hasPrefix("file://") ? nil : Self.baseID),
                              region: Region(startLine: max(1, finding.line), startColumn: max(1, finding.column))))],
                          partialFingerprints: [Self.fingerprintKey: AuditCommand.fingerprint(base + "\n\(occurrence)")])
        }
        let driver = Driver(name: "ripple", version: CommandLine.version, semanticVersion: CommandLine.version, rules: rules.map {
            Rule(id: $0.id, name: Self.pascalCase($0.name), shortDescription: Text(text: $0.short), fullDescription: Text(text: $0.full),
                 help: Text(text: $0.help), defaultConfiguration: Configuration(level: $0.level.rawValue))
        })
        let base = ArtifactLocation(uri: Self.uri(root.hasSuffix("/") ? root : root + "/"), uriBaseId: nil)
        let log = Log(schema: Self.schema, version: "2.1.0",
                      runs: [Run(tool: Tool(driver: driver), originalUriBaseIds: [Self.baseID: base], results: results)])
        return TraceJSON.encode(value: log)
    }

    /// The repository's root: the nearest folder at or above `folder` that holds `.git` (a folder, or a
    /// file in a worktree); `folder` itself when none does.
    static func repositoryRoot(from folder: String = FileManager.default.currentDirectoryPath) -> String {
        var candidate = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) { return candidate.path }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { return folder }
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

    /// A message or a description: SARIF gives both the form `{"text": …}`.
    private struct Text: Encodable {
        var text: String
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
