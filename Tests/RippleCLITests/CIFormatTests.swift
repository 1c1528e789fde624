import Foundation
import Testing
@testable import RippleCLI
import RippleAudit
@testable import RippleCore

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// What SARIF 2.1.0's schema (sarif-schema-2.1.0.json, OASIS) says of the objects `--format sarif`
/// writes: the properties each may have (every object is `additionalProperties: false`), those it must
/// have, and the values an enum allows. Written out by hand from the schema.
private enum SARIFSchema {
    static let allowed: [String: Set<String>] = [
        "sarifLog": ["$schema", "version", "runs", "inlineExternalProperties", "properties"],
        "run": ["addresses", "artifacts", "automationDetails", "baselineGuid", "columnKind", "conversion", "defaultEncoding",
                "defaultSourceLanguage", "externalPropertyFileReferences", "graphs", "invocations", "language", "logicalLocations",
                "newlineSequences", "originalUriBaseIds", "policies", "properties", "redactionTokens", "results", "runAggregates",
                "specialLocations", "taxonomies", "threadFlowLocations", "tool", "translations", "versionControlProvenance",
                "webRequests", "webResponses"],
        "tool": ["driver", "extensions", "properties"],
        "toolComponent": ["associatedComponent", "contents", "dottedQuadFileVersion", "downloadUri", "fullDescription", "fullName",
                          "globalMessageStrings", "guid", "informationUri", "isComprehensive", "language", "localizedDataSemanticVersion",
                          "locations", "minimumRequiredLocalizedDataSemanticVersion", "name", "notifications", "organization", "product",
                          "productSuite", "properties", "releaseDateUtc", "rules", "semanticVersion", "shortDescription",
                          "supportedTaxonomies", "taxa", "translationMetadata", "version"],
        "reportingDescriptor": ["defaultConfiguration", "deprecatedGuids", "deprecatedIds", "deprecatedNames", "fullDescription", "guid",
                                "help", "helpUri", "id", "messageStrings", "name", "properties", "relationships", "shortDescription"],
        "reportingConfiguration": ["enabled", "level", "parameters", "properties", "rank"],
        "multiformatMessageString": ["markdown", "properties", "text"],
        "result": ["analysisTarget", "attachments", "baselineState", "codeFlows", "correlationGuid", "fingerprints", "fixes",
                   "graphTraversals", "graphs", "guid", "hostedViewerUri", "kind", "level", "locations", "message", "occurrenceCount",
                   "partialFingerprints", "properties", "provenance", "rank", "relatedLocations", "rule", "ruleId", "ruleIndex", "stacks",
                   "suppressions", "taxa", "webRequest", "webResponse", "workItemUris"],
        "message": ["arguments", "id", "markdown", "properties", "text"],
        "location": ["annotations", "id", "logicalLocations", "message", "physicalLocation", "properties", "relationships"],
        "physicalLocation": ["address", "artifactLocation", "contextRegion", "properties", "region"],
        "artifactLocation": ["description", "index", "properties", "uri", "uriBaseId"],
        "region": ["byteLength", "byteOffset", "charLength", "charOffset", "endColumn", "endLine", "message", "properties", "snippet",
                   "sourceLanguage", "startColumn", "startLine"],
    ]
    static let required: [String: [String]] = [
        "sarifLog": ["version", "runs"], "run": ["tool"], "tool": ["driver"], "toolComponent": ["name"], "reportingDescriptor": ["id"],
        "multiformatMessageString": ["text"], "result": ["message"],
    ]
    static let levels: Set<String> = ["none", "note", "warning", "error"]
    static let baselineStates: Set<String> = ["new", "unchanged", "updated", "absent"]

    /// The schema's complaints about `log`, each with the path of the object: empty when it conforms.
    static func violations(_ log: Any) -> [String] {
        var found: [String] = []
        func object(_ value: Any?, _ definition: String, _ path: String) -> [String: Any] {
            guard let fields = value as? [String: Any] else {
                found.append("\(path) is not an object")
                return [:]
            }
            for key in fields.keys where !(allowed[definition]!.contains(key)) { found.append("\(path) has '\(key)', which \(definition) does not allow") }
            for key in required[definition] ?? [] where fields[key] == nil { found.append("\(path) lacks '\(key)', which \(definition) requires") }
            return fields
        }
        func text(_ value: Any?, _ path: String) {
            let fields = object(value, "multiformatMessageString", path)
            if !(fields["text"] is String) { found.append("\(path).text is not a string") }
            if let markdown = fields["markdown"], !(markdown is String) { found.append("\(path).markdown is not a string") }
        }
        let top = object(log, "sarifLog", "log")
        if top["version"] as? String != "2.1.0" { found.append("log.version is not \"2.1.0\"") }
        if let schema = top["$schema"], !((schema as? String)?.hasPrefix("https://") ?? false) { found.append("log.$schema is not a URI") }
        guard let runs = top["runs"] as? [Any] else { return found + ["log.runs is not an array"] }
        for (r, value) in runs.enumerated() {
            let run = object(value, "run", "runs[\(r)]")
            let tool = object(run["tool"], "tool", "runs[\(r)].tool")
            let driver = object(tool["driver"], "toolComponent", "runs[\(r)].tool.driver")
            if !(driver["name"] is String) { found.append("runs[\(r)].tool.driver.name is not a string") }
            let rules = driver["rules"] as? [Any] ?? []
            var ids: [String] = []
            for (i, value) in rules.enumerated() {
                let path = "runs[\(r)].tool.driver.rules[\(i)]"
                let rule = object(value, "reportingDescriptor", path)
                if let id = rule["id"] as? String { ids.append(id) } else { found.append("\(path).id is not a string") }
                for key in ["shortDescription", "fullDescription", "help"] where rule[key] != nil { text(rule[key], "\(path).\(key)") }
                if rule["defaultConfiguration"] != nil {
                    let configuration = object(rule["defaultConfiguration"], "reportingConfiguration", "\(path).defaultConfiguration")
                    if let level = configuration["level"], !levels.contains(level as? String ?? "") { found.append("\(path) has level \(level)") }
                }
            }
            // `rules` is `uniqueItems`.
            if Set(ids).count != ids.count { found.append("runs[\(r)] has two rules of one id") }
            for (i, value) in (run["results"] as? [Any] ?? []).enumerated() {
                let path = "runs[\(r)].results[\(i)]"
                let result = object(value, "result", path)
                let message = object(result["message"], "message", "\(path).message")
                if message["text"] == nil && message["id"] == nil { found.append("\(path).message has neither 'text' nor 'id'") }
                if let level = result["level"], !levels.contains(level as? String ?? "") { found.append("\(path) has level \(level)") }
                if let state = result["baselineState"], !baselineStates.contains(state as? String ?? "") { found.append("\(path) has baselineState \(state)") }
                if let index = result["ruleIndex"] as? Int, index < -1 || index >= ids.count { found.append("\(path).ruleIndex is out of range") }
                if let index = result["ruleIndex"] as? Int, index >= 0, index < ids.count, result["ruleId"] as? String != ids[index] {
                    found.append("\(path).ruleId is not the id of rule \(index)")
                }
                if let fingerprints = result["partialFingerprints"] {
                    if !((fingerprints as? [String: Any])?.values.allSatisfy { $0 is String } ?? false) { found.append("\(path).partialFingerprints holds a non-string") }
                }
                for (l, value) in (result["locations"] as? [Any] ?? []).enumerated() {
                    let location = object(value, "location", "\(path).locations[\(l)]")
                    let physical = object(location["physicalLocation"], "physicalLocation", "\(path).locations[\(l)].physicalLocation")
                    if physical["address"] == nil && physical["artifactLocation"] == nil { found.append("\(path) has a physicalLocation with neither address nor artifactLocation") }
                    let artifact = object(physical["artifactLocation"], "artifactLocation", "\(path).locations[\(l)].artifactLocation")
                    if let uri = artifact["uri"] as? String, uri.contains(" ") || uri.isEmpty { found.append("\(path) has the URI reference '\(uri)'") }
                    if physical["region"] != nil {
                        let region = object(physical["region"], "region", "\(path).locations[\(l)].region")
                        guard let line = region["startLine"] as? Int else { found.append("\(path) has a region without startLine"); continue }
                        if line < 1 { found.append("\(path).startLine is below 1") }
                        if let column = region["startColumn"] as? Int, column < 1 { found.append("\(path).startColumn is below 1") }
                    }
                }
            }
        }
        return found
    }
}

/// `ripple audit --format sarif`, `--format github` and `--baseline`.
@Suite(.serialized) struct CIFormatTests {
    static let narrow = "Tests/Fixtures/Swift/Baseline/narrow"
    static let broad = "Tests/Fixtures/Swift/Baseline/broad"

    func sarif(_ arguments: String...) throws -> (status: Int32, log: [String: Any], results: [[String: Any]], stderr: String) {
        let result = ripple(["audit"] + arguments + ["--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return (result.status, log, run["results"] as? [[String: Any]] ?? [], result.stderr)
    }

    // MARK: - SARIF

    @Test func theSARIFLogHasWhatTheSchemaRequires() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let narrow = try baseline(of: Self.narrow, in: folder)
        for arguments in [["Scenarios/apps/task-manager", "--rows", "3"], ["Tests/Fixtures/Swift/Degraded/OneBrokenScreen"], ["Scenarios/list-rows.ripple"],
                          [Self.broad, "--baseline", narrow]] {
            let result = ripple(["audit"] + arguments + ["--format", "sarif"])
            let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
            #expect(SARIFSchema.violations(log) == [], "\(arguments)")
        }
    }

    /// The checks can fail: a log that breaks each of them is caught.
    @Test func theSchemaChecksCatchWhatIsWrong() {
        let log: [String: Any] = ["version": "2.0", "runs": [["tool": ["driver": ["rules": [["id": "a"], ["id": "a"]]]],
                                                              "results": [["level": "fatal", "message": [:], "ruleIndex": 5, "extra": 1, "baselineState": "gone",
                                                                           "locations": [["physicalLocation": ["region": ["startLine": 0]]]]]]]]]
        let found = SARIFSchema.violations(log)
        for expected in ["log.version is not \"2.1.0\"", "runs[0].tool.driver lacks 'name', which toolComponent requires", "runs[0] has two rules of one id",
                         "runs[0].results[0] has 'extra', which result does not allow", "runs[0].results[0].message has neither 'text' nor 'id'",
                         "runs[0].results[0] has level fatal", "runs[0].results[0].ruleIndex is out of range", "runs[0].results[0] has baselineState gone",
                         "runs[0].results[0] has a physicalLocation with neither address nor artifactLocation", "runs[0].results[0].startLine is below 1"] {
            #expect(found.contains(expected), "\(expected) in \(found)")
        }
    }

    @Test func eachWastingActionIsAResultAtItsControlUnderItsHintsRule() throws {
        let (status, log, results, _) = try sarif("Scenarios/apps/task-manager", "--rows", "3")
        #expect(status == 0)
        #expect(log["$schema"] as? String == SARIFReport.schema)
        let driver = try #require(((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "ripple" && driver["version"] as? String == CommandLine.version)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == AuditRule.all.map(\.id))
        let help = try #require(rules.first { $0["id"] as? String == "computed-vs-cached" }?["help"] as? [String: Any])
        #expect((help["text"] as? String)?.contains("Store the computed value") == true)
        let markdown = try #require(help["markdown"] as? String)
        #expect(markdown.hasPrefix("**Computed property read by a view.** A view that reads a computed property") && markdown.contains("**How to fix it.** Store the computed value"))
        #expect(markdown.contains("hints of docs/Audit.md"))
        let stale = try #require(rules.first { $0["id"] as? String == "stale-view" }?["help"] as? [String: Any])
        #expect((stale["markdown"] as? String)?.contains("docs/CI.md") == true && (stale["markdown"] as? String)?.contains("docs/Audit.md") == false)
        #expect(results.allSatisfy { $0["baselineState"] == nil }, "no baseline, no baselineState")
        #expect(results.count == 2)
        for result in results {
            #expect(result["ruleId"] as? String == "computed-vs-cached")
            #expect(result["level"] as? String == "warning")
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Scenarios/apps/task-manager/TaskRowView.swift")
            #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 10)
            #expect((location["region"] as? [String: Any])?["startColumn"] as? Int == 13)
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            #expect(text.hasPrefix("'tap Button in TaskRowView[UUID-") && text.contains("]': 3 evaluations, 1 wasted (most: TaskCountBadge ×1), 0 stale; `TaskCountBadge` reads"))
        }
    }

    @Test func aResultOverABudgetItAddsToIsAnError() throws {
        let over = try sarif("Scenarios/apps/task-manager", "--rows", "3", "--max-wasted", "1")
        #expect(over.status == 1)
        #expect(over.results.map { $0["level"] as? String } == ["error", "error"])
        // Over the stale budget only: the wasting actions leave nothing stale, so they stay warnings.
        let stale = try sarif("Scenarios/apps/task-manager", "--rows", "3", "--max-stale", "0", "--max-wasted", "2")
        #expect(stale.status == 0)
        #expect(stale.results.map { $0["level"] as? String } == ["warning", "warning"])
    }

    @Test func theCoverageWarningsAreResults() throws {
        let (_, _, results, _) = try sarif("Tests/Fixtures/Swift/Degraded/OneBrokenScreen")
        let rules = results.compactMap { $0["ruleId"] as? String }
        #expect(rules.contains("view-not-simulated") && rules.contains("control-not-simulated"), "\(rules)")
        let control = try #require(results.first { $0["ruleId"] as? String == "control-not-simulated" })
        #expect(control["level"] as? String == "note")
        #expect(((control["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("Button in FeaturedScreen is not simulated: the screen 'FeaturedScreen' is not simulated") == true)
        #expect(results.first { $0["ruleId"] as? String == "view-not-simulated" }?["level"] as? String == "warning")
        // Under --min-coverage the controls not simulated are what fails it.
        let under = try sarif("Tests/Fixtures/Swift/Degraded/OneBrokenScreen", "--min-coverage", "100")
        #expect(under.status == 1)
        #expect(under.results.first { $0["ruleId"] as? String == "control-not-simulated" }?["level"] as? String == "warning")
    }

    /// Every guidance a hint names has its rule, so no result names a rule the driver lacks.
    @Test func everyHintsGuidanceIsARule() throws {
        let folder = repository.appendingPathComponent("Sources/RippleCore")
        var guidance: Set<String> = []
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for part in text.components(separatedBy: "guidance: \"").dropFirst() { guidance.insert(String(part.prefix { $0 != "\"" })) }
        }
        #expect(guidance.count >= 10)
        for id in guidance { #expect(AuditRule.named(id) != nil, "no SARIF rule for the guidance '\(id)'") }
        for id in guidance { #expect(FileManager.default.fileExists(atPath: repository.appendingPathComponent("Scenarios/\(id).ripple").path), "\(id)") }
    }

    /// The built `ripple audit … --format sarif` run in `folder`: each result's URI, its base and its
    /// fingerprint, and the run's `%SRCROOT%`.
    func builtSARIF(in folder: URL, _ arguments: [String]) throws -> (results: [(uri: String, base: String?, print: String, line: Int)], root: String?) {
        let binary = repository.appendingPathComponent(".build/debug/ripple")
        let result = try runProgram(binary, ["audit"] + arguments + ["--format", "sarif"], in: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(SARIFSchema.violations(log) == [])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = (run["results"] as? [[String: Any]] ?? []).map { result in
            let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            let artifact = physical?["artifactLocation"] as? [String: Any]
            return (uri: artifact?["uri"] as? String ?? "", base: artifact?["uriBaseId"] as? String,
                    print: (result["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintKey] ?? "",
                    line: (physical?["region"] as? [String: Any])?["startLine"] as? Int ?? 0)
        }
        return (results, ((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String)
    }

    /// A checkout (a folder with `.git`) holding the task manager in `App/Sources`.
    func checkout() throws -> (folder: URL, sources: URL) {
        let folder = try temporaryFolder()
        let sources = folder.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Scenarios/apps/task-manager"), to: sources)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        return (folder, sources)
    }

    /// The same SARIF from every working folder: URIs relative to the checkout's root, which the run
    /// names, and the same fingerprints; `--source-root` names another root.
    @Test func SARIFFromAnyWorkingFolderHasRepositoryRelativePaths() throws {
        try #require(DocCommands.binaryIsBuilt)
        let (folder, sources) = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let runs = [try builtSARIF(in: folder, ["App/Sources", "--rows", "3"]), try builtSARIF(in: folder.appendingPathComponent("App"), ["Sources", "--rows", "3"]),
                    try builtSARIF(in: sources, [".", "--rows", "3"]), try builtSARIF(in: elsewhere, [sources.path, "--rows", "3"]),
                    try builtSARIF(in: elsewhere, [sources.appendingPathComponent("TaskRowView.swift").path, sources.path, "--rows", "3"])]
        let first = runs[0]
        #expect(first.results.count == 2)
        for run in runs {
            #expect(run.root == "file://\(folder.standardizedFileURL.path)/")
            #expect(run.results.map(\.uri) == ["App/Sources/TaskRowView.swift", "App/Sources/TaskRowView.swift"])
            #expect(run.results.allSatisfy { $0.base == "%SRCROOT%" })
            #expect(run.results.map(\.print) == first.results.map(\.print))
        }
        let rooted = try builtSARIF(in: elsewhere, [sources.path, "--rows", "3", "--source-root", folder.appendingPathComponent("App").path])
        #expect(rooted.root == "file://\(folder.standardizedFileURL.path)/App/")
        #expect(rooted.results.map(\.uri) == ["Sources/TaskRowView.swift", "Sources/TaskRowView.swift"])
        // Without a `.git` above the folder audited, the folder itself is the root.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".git"))
        let plain = try builtSARIF(in: elsewhere, [sources.path, "--rows", "3"])
        #expect(plain.root == "file://\(sources.standardizedFileURL.path)/")
        #expect(plain.results.map(\.uri) == ["TaskRowView.swift", "TaskRowView.swift"])
    }

    @Test func sourceRootIsAFolderForSARIF() throws {
        let notFolder = ripple("audit", "Scenarios/apps/task-manager", "--format", "sarif", "--source-root", "Scenarios/apps/task-manager/TaskRowView.swift")
        #expect(notFolder.status == 64)
        #expect(notFolder.stderr.contains("--source-root 'Scenarios/apps/task-manager/TaskRowView.swift' is not a folder"), "\(notFolder.stderr)")
        let otherFormat = ripple("audit", "Scenarios/apps/task-manager", "--format", "github", "--source-root", "Scenarios")
        #expect(otherFormat.status == 64 && otherFormat.stderr.contains("--source-root goes with --format sarif"), "\(otherFormat.stderr)")
    }

    /// Fingerprints stay when the file moves to another folder under another name, when lines are
    /// inserted above the finding, and when its line is indented again; they change when the finding
    /// does: another view, another control's line.
    @Test func fingerprintsFollowTheFindingNotItsPlace() throws {
        try #require(DocCommands.binaryIsBuilt)
        let (folder, sources) = try checkout()
        defer { try? FileManager.default.removeItem(at: folder) }
        func run() throws -> [(uri: String, base: String?, print: String, line: Int)] { try builtSARIF(in: folder, ["App/Sources", "--rows", "3"]).results }
        func edit(_ file: URL, _ change: (String) -> String) throws {
            try change(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        }
        let first = try run()
        try #require(first.count == 2)
        #expect(Set(first.map(\.print)).count == 2 && first.allSatisfy { $0.print.count == 16 })
        #expect(try run().map(\.print) == first.map(\.print), "the same on every run")
        // Moved and renamed.
        let row = sources.appendingPathComponent("Rows/TaskRow.swift")
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("Rows"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: sources.appendingPathComponent("TaskRowView.swift"), to: row)
        let moved = try run()
        #expect(moved.map(\.uri) == ["App/Sources/Rows/TaskRow.swift", "App/Sources/Rows/TaskRow.swift"])
        #expect(moved.map(\.print) == first.map(\.print))
        // Lines inserted above the control, in the file and in the body, and its line indented again.
        try edit(row) { text in
            "// Rows of the task list.\n\n" + text.replacingOccurrences(of: "        HStack {\n            Button {",
                                                                         with: "        HStack {\n            // Toggles the task.\n              Button  {")
        }
        let inserted = try run()
        #expect(inserted.map(\.line) == first.map { $0.line + 3 })
        #expect(inserted.map(\.print) == first.map(\.print))
        // Another line at the control: another finding.
        try edit(row) { $0.replacingOccurrences(of: "              Button  {", with: "Button(role: nil) {") }
        let rewritten = try run()
        #expect(rewritten.count == 2 && Set(rewritten.map(\.print)).isDisjoint(with: first.map(\.print)))
        // The same line in a view of another name: another finding.
        try edit(row) { $0.replacingOccurrences(of: "Button(role: nil) {", with: "Button  {") }
        #expect(try run().map(\.print) == first.map(\.print), "the line put back")
        for file in try FileManager.default.subpathsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            try edit(sources.appendingPathComponent(file)) { $0.replacingOccurrences(of: "TaskRowView", with: "TaskItemView") }
        }
        let renamed = try run()
        #expect(renamed.count == 2 && Set(renamed.map(\.print)).isDisjoint(with: first.map(\.print)))
    }

    /// A row's identity is no part of what a fingerprint names: new `ForEach` keys keep the alerts.
    @Test func actionIdentitiesLeaveOutRows() {
        #expect(SARIFReport.withoutRowIdentities("tap Button in TaskRowView[UUID-1]") == "tap Button in TaskRowView")
        #expect(SARIFReport.withoutRowIdentities("tap Button in TaskRowView[0]") == "tap Button in TaskRowView")
        #expect(SARIFReport.withoutRowIdentities("toggle Toggle \"Done [x]\" in TaskRow[\"a]b\"] #2") == "toggle Toggle \"Done [x]\" in TaskRow")
        #expect(SARIFReport.withoutRowIdentities("tap Button \"Open\" in Shelf, row 3, 4, then tap Button \"Close\" in Sheet[1]")
                == "tap Button \"Open\" in Shelf, then tap Button \"Close\" in Sheet")
        #expect(SARIFReport.withoutRowIdentities("tap Button \"#2\" in List") == "tap Button \"#2\" in List")
        #expect(SARIFReport.withoutRowIdentities("tap Button in Row[1] #12") != SARIFReport.withoutRowIdentities("tap Button in Other[1]"))
    }

    /// A result's URI is relative to the repository's root, based on `%SRCROOT%`, whichever folder
    /// below the root the audit runs in; the run names the root.
    @Test func pathsAreRelativeToTheRepositoryRoot() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let nested = folder.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let root = folder.standardizedFileURL.path
        #expect(SARIFReport.repositoryRoot(from: nested.path) == root)
        let finding = AuditFinding(ruleId: "stale-view", level: .warning, message: "m", file: nested.appendingPathComponent("Row.swift").path,
                                   line: 3, column: 1, identity: "main\ntap Button in Row")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(SARIFReport(findings: [finding], root: root).json.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let artifact = (((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "App/Sources/Row.swift")
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        #expect(((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String == "file://\(root)/")
        #expect(SARIFSchema.violations(log).isEmpty, "\(SARIFSchema.violations(log))")
        // Without a `.git` above it, the folder itself is the root.
        let plain = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(SARIFReport.repositoryRoot(from: plain.path) == plain.path)
    }

    /// A fingerprint names the rule and what the finding is about, not its file: renaming or moving the
    /// file keeps the alert.
    @Test func fingerprintsStayWhenTheFileMoves() {
        func print(_ file: String, line: Int) -> String? {
            let finding = AuditFinding(ruleId: "stale-view", level: .warning, message: "m", file: file, line: line, column: 1, identity: "main\ntap Button in Row")
            let log = try? JSONSerialization.jsonObject(with: Data(SARIFReport(findings: [finding], root: "/work/app").json.utf8)) as? [String: Any]
            let result = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
            return (result?["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintKey]
        }
        let before = print("/work/app/Sources/Row.swift", line: 3)
        #expect(before != nil)
        #expect(print("/work/app/Sources/Rows/RowView.swift", line: 40) == before)
    }

    @Test func pathsAreRelativeURIReferences() {
        #expect(SARIFReport.uri("Sources/My App/Row View.swift") == "Sources/My%20App/Row%20View.swift")
        #expect(SARIFReport.uri("Sources/Café.swift") == "Sources/Caf%C3%A9.swift")
        #expect(SARIFReport.uri("/tmp/a#b.swift") == "file:///tmp/a%23b.swift")
        #expect(AuditCommand.relativePath("/work/app/Sources/A.swift", in: "/work/app") == "Sources/A.swift")
        #expect(AuditCommand.relativePath("/elsewhere/A.swift", in: "/work/app") == "/elsewhere/A.swift")
        #expect(AuditCommand.relativePath("./Sources/A.swift", in: "/work/app") == "Sources/A.swift")
    }

    // MARK: - GitHub workflow commands

    @Test func workflowCommandsEscapeMessagesAndProperties() {
        #expect(GitHubAnnotations.escapeData("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(GitHubAnnotations.escapeProperty("Sources/a,b:c%.swift\n") == "Sources/a%2Cb%3Ac%25.swift%0A")
        let finding = AuditFinding(ruleId: "stale-view", level: .warning, message: "two\nlines 100%", file: "A, B/x:y.swift", line: 3, column: 7, identity: "")
        #expect(GitHubAnnotations.text([finding], failures: ["over: budget"], coverage: "coverage: 1 of 1 (100%)")
                == "::warning file=A%2C B/x%3Ay.swift,line=3,col=7,title=ripple stale-view::two%0Alines 100%25\n"
                + "::error title=ripple audit::over: budget\n::notice title=ripple audit::coverage: 1 of 1 (100%25)\n")
    }

    /// GitHub shows ten annotations of a kind from one step: past that, the last one shown says how many
    /// more there are, and the budgets' failures and the coverage line are always among those shown.
    @Test func annotationsStayWithinWhatGitHubShows() {
        let findings = (1...25).map { AuditFinding(ruleId: "stale-view", level: .warning, message: "w\($0)", file: "A.swift", line: $0, column: 1, identity: "\($0)") }
            + (1...3).map { AuditFinding(ruleId: "stale-view", level: .error, message: "e\($0)", file: "A.swift", line: $0, column: 1, identity: "e\($0)") }
        let lines = GitHubAnnotations.text(findings, failures: ["over: budget"], coverage: "coverage").split(separator: "\n").map(String.init)
        let warnings = lines.filter { $0.hasPrefix("::warning ") }
        #expect(warnings.count == GitHubAnnotations.maximumPerKind)
        #expect(warnings.prefix(9).map { String($0.split(separator: ":").last ?? "") } == (1...9).map { "w\($0)" })
        #expect(warnings.last == "::warning title=ripple audit::16 more warnings than GitHub shows from one step; --format sarif or the HTML report lists every one")
        // Four errors fit: three findings and the budget's failure, with no summary.
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 4)
        #expect(lines.contains("::error title=ripple audit::over: budget"))
        #expect(lines.last == "::notice title=ripple audit::coverage")
        // Ten of a kind are shown as they are.
        let ten = GitHubAnnotations.text(Array(findings.prefix(10)), failures: [], coverage: "c")
        #expect(!ten.contains("more warnings") && ten.split(separator: "\n").count == 11)
    }

    @Test func githubFormatAnnotatesEachFindingAtItsControl() throws {
        let result = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "github")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].hasPrefix("::warning file=Scenarios/apps/task-manager/TaskRowView.swift,line=10,col=13,title=ripple computed-vs-cached::'tap Button in TaskRowView[UUID-1]': 3 evaluations, 1 wasted"))
        #expect(lines[2].hasPrefix("::notice title=ripple audit::coverage: 3 of 3 view types evaluated;") && lines[2].contains("(100%25)"))
        #expect(!result.stdout.contains("hints:"), "no table")
        let over = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "github", "--max-wasted", "1")
        #expect(over.status == 1)
        let overLines = over.stdout.split(separator: "\n")
        try #require(overLines.count == 4)
        #expect(overLines.prefix(2).allSatisfy { $0.hasPrefix("::error file=") })
        #expect(overLines[2].hasPrefix("::error title=ripple audit::the audit found 2 wasted evaluations, over the budget of 1"))
    }

    // MARK: - The baseline

    func baseline(of path: String, in folder: URL, edit: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let saved = ripple("audit", path, "--format", "json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(saved.stdout.utf8)) as? [String: Any])
        edit(&document)
        let file = folder.appendingPathComponent("baseline-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        return file.path
    }

    @Test func aChangeThatWidensADependencyFailsAgainstTheBaseline() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try baseline(of: Self.narrow, in: folder)
        let result = ripple("audit", Self.broad, "--baseline", saved)
        #expect(result.status == 1)
        // Under each action, what the change did: the read of the toolbar's count that widened, at its line.
        let why = "    \(Self.broad)/RecipeCount.swift:8: a read widened: `RecipeCount` now reads `book.total`, which depends on "
            + "`RecipeListView.book.recipes`, which the action writes; it did not in the baseline (1 re-run, 1 in vain)\n"
        #expect(result.stderr.contains("""
            error: 2 actions do more than in the baseline '\(saved)':
              'tap Button in RecipeRow[1]': evaluations 2 → 3 (+1), wasted 0 → 1 (+1)
            \(why)  'tap Button in RecipeRow[3]': evaluations 2 → 3 (+1), wasted 0 → 1 (+1)
            \(why)
            """), "\(result.stderr)")
        #expect(result.stdout.contains("tap Button in RecipeRow[1]"), "the table is printed as ever")
    }

    @Test func aChangeThatNarrowsItPasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try baseline(of: Self.broad, in: folder)
        let result = ripple("audit", Self.narrow, "--baseline", saved)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error:"))
        // The saving is said as loudly as a regression would be, with both counts.
        #expect(result.stderr.contains("""
            note: 2 actions do less than in the baseline '\(saved)':
              'tap Button in RecipeRow[1]': evaluations 3 → 2 (-1), wasted 1 → 0 (-1)
              'tap Button in RecipeRow[3]': evaluations 3 → 2 (-1), wasted 1 → 0 (-1)

            """), "\(result.stderr)")
        let github = ripple("audit", Self.narrow, "--baseline", saved, "--format", "github")
        #expect(github.stdout.hasPrefix("::notice title=ripple audit::2 actions do less than in the baseline '\(saved)': 'tap Button in RecipeRow[1]': evaluations 3 → 2 (-1)"),
                "\(github.stdout)")
        let same = ripple("audit", Self.narrow, "--baseline", try baseline(of: Self.narrow, in: folder))
        #expect(same.status == 0 && !same.stderr.contains("error:") && !same.stderr.contains("gone") && !same.stderr.contains("do less"))
    }

    @Test func withABaselineSARIFKeepsEveryFindingAndAnnotationsReportOnlyWhatGotWorse() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let narrow = try baseline(of: Self.narrow, in: folder)
        let worse = try sarif(Self.broad, "--baseline", narrow)
        #expect(worse.status == 1)
        #expect(worse.results.map { $0["level"] as? String } == ["error", "error"])
        #expect(worse.results.map { $0["ruleId"] as? String } == ["computed-vs-cached", "computed-vs-cached"])
        try #require(worse.results.count == 2)
        #expect(((worse.results[0]["message"] as? [String: Any])?["text"] as? String)?
            .hasPrefix("'tap Button in RecipeRow[1]': evaluations 2 → 3 (+1), wasted 0 → 1 (+1) against the baseline; "
                       + "\(Self.broad)/RecipeCount.swift:8: a read widened: `RecipeCount` now reads `book.total`") == true)
        // Against its own audit the broad app wastes as much as before: nothing got worse, and SARIF still
        // holds both findings, as warnings, so that a code-scanning service keeps their alerts open.
        let broad = try baseline(of: Self.broad, in: folder)
        let same = try sarif(Self.broad, "--baseline", broad)
        #expect(same.status == 0)
        #expect(same.results.map { $0["level"] as? String } == ["warning", "warning"])
        // Each says how it stands to the baseline: worse is `updated`, the same `unchanged`, and one the
        // baseline lacks `new`; the fingerprints are those of the run without a baseline.
        #expect(worse.results.map { $0["baselineState"] as? String } == ["updated", "updated"])
        #expect(same.results.map { $0["baselineState"] as? String } == ["unchanged", "unchanged"])
        let empty = try baseline(of: Self.broad, in: folder) { $0["actions"] = [[String: Any]]() }
        let new = try sarif(Self.broad, "--baseline", empty)
        #expect(new.results.map { $0["baselineState"] as? String } == ["new", "new"])
        let prints = { (results: [[String: Any]]) in results.map { ($0["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintKey] } }
        #expect(prints(same.results) == prints(try sarif(Self.broad).results) && prints(new.results) == prints(same.results))
        // A run that does less than its baseline: its findings are `updated`.
        let lessWasted = try baseline(of: Self.broad, in: folder) { document in
            document["actions"] = (document["actions"] as! [[String: Any]]).map { action in
                var action = action
                action["evaluations"] = 9
                action["wasted"] = 5
                return action
            }
        }
        #expect(try sarif(Self.broad, "--baseline", lessWasted).results.map { $0["baselineState"] as? String } == ["updated", "updated"])
        #expect(try sarif(Self.broad).results.count == 2, "without a baseline every wasting action")
        let github = ripple("audit", Self.broad, "--baseline", broad, "--format", "github")
        #expect(github.status == 0 && github.stdout.split(separator: "\n").count == 1 && github.stdout.hasPrefix("::notice title=ripple audit::coverage:"))
    }

    /// The coverage's findings against a baseline: all kept, `unchanged` when the baseline had them and
    /// `new` when it did not, with the fingerprints of the run without one.
    @Test func theCoveragesFindingsAreKeptAndMarkedAgainstTheBaseline() throws {
        let app = "Tests/Fixtures/Swift/Degraded/OneBrokenScreen"
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = try sarif(app)
        let rules = alone.results.compactMap { $0["ruleId"] as? String }
        #expect(rules.contains("view-not-simulated") && rules.contains("control-not-simulated"), "\(rules)")
        let prints = { (results: [[String: Any]]) in results.map { ($0["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintKey] } }
        let same = try sarif(app, "--baseline", try baseline(of: app, in: folder))
        #expect(same.results.compactMap { $0["ruleId"] as? String } == rules)
        #expect(same.results.allSatisfy { $0["baselineState"] as? String == "unchanged" }, "\(same.results)")
        #expect(prints(same.results) == prints(alone.results))
        // A baseline without the warnings and the controls not simulated: each is new.
        let before = try baseline(of: app, in: folder) { document in
            document["notes"] = [[String: Any]]()
            var coverage = document["coverage"] as! [String: Any]
            coverage["unreached"] = [[String: Any]]()
            document["coverage"] = coverage
        }
        let new = try sarif(app, "--baseline", before)
        #expect(new.results.compactMap { $0["ruleId"] as? String } == rules)
        for result in new.results where ["view-not-simulated", "control-not-simulated"].contains(result["ruleId"] as? String) {
            #expect(result["baselineState"] as? String == "new", "\(result)")
        }
        #expect(prints(new.results) == prints(alone.results))
    }

    @Test func aNewActionThatWastesIsARegressionAndAGoneOneIsListed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The second action of the baseline is another control's: the run's second is new, the baseline's gone.
        let saved = try baseline(of: Self.narrow, in: folder) { document in
            var actions = document["actions"] as! [[String: Any]]
            actions[1]["action"] = "tap Button in RecipeRow[4]"
            actions[1]["identity"] = "tap Button \"Share\" in RecipeRow"
            document["actions"] = actions
        }
        let result = ripple("audit", Self.broad, "--baseline", saved)
        #expect(result.status == 1)
        #expect(result.stderr.contains("  'tap Button in RecipeRow[3]' is new: evaluations 3, wasted 1, stale 0\n"), "\(result.stderr)")
        #expect(result.stderr.contains("note: 1 action of the baseline '\(saved)' is gone: 'tap Button in RecipeRow[4]'\n"))
        // New and wasting nothing is no regression.
        let narrow = ripple("audit", Self.narrow, "--baseline", saved)
        #expect(narrow.status == 0 && !narrow.stderr.contains("is new"))
    }

    /// An action of the baseline on a screen now lost to a limit was not performed: an error that names
    /// it and the limit, and the run fails, even where the share of exact controls did not drop (it was a
    /// note that the action is gone, and exit 0, before). An action whose control left the source is gone.
    @Test func anActionOfTheBaselineOnAScreenLostToALimitFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func app(_ name: String, rows: Int, reset: Bool = true) throws -> String {
            let app = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try """
                import SwiftUI

                struct HomeScreen: View {
                    @State private var count = 0
                    var body: some View {
                        Button("Add") { count += 1 }
                        Text("\\(count)")
                    }
                }

                struct ListScreen: View {
                    @State private var picked = 0
                    var body: some View {
                        \(reset ? "Button(\"Reset\") { picked = 0 }" : "Text(\"\\(picked)\")")
                        ForEach(0..<\(rows), id: \\.self) { index in
                            Text("row \\(index)")
                        }
                    }
                }
                """.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
            return app.path
        }
        // The saved share is the lost run's, so only the action can fail the run.
        let saved = try baseline(of: try app("small", rows: 3), in: folder) { document in
            var coverage = document["coverage"] as! [String: Any]
            coverage["controlsExact"] = 1
            document["coverage"] = coverage
        }
        let lost = ripple("audit", try app("big", rows: 300_000), "--baseline", saved)
        #expect(lost.status == 1)
        #expect(lost.stderr.contains("""
            error: 1 action of the baseline '\(saved)' was not performed:
              'tap Button "Reset" in ListScreen': the screen 'ListScreen' is not simulated: 'ForEach' has 300000 elements; \
            a scenario may have at most 250000 view instances (limit: instances)

            """), "\(lost.stderr)")
        #expect(!lost.stderr.contains("is gone"))
        let github = ripple("audit", try app("big", rows: 300_000), "--baseline", saved, "--format", "github")
        #expect(github.status == 1)
        #expect(github.stdout.contains("::error title=ripple audit::1 action of the baseline '\(saved)' was not performed: 'tap Button \"Reset\" in ListScreen': "))
        let removed = ripple("audit", try app("removed", rows: 3, reset: false), "--baseline", saved)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr.contains("note: 1 action of the baseline '\(saved)' is gone: 'tap Button \"Reset\" in ListScreen'\n"), "\(removed.stderr)")
        let ci = try String(contentsOf: repository.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        #expect(ci.contains("`error: 1 action of the baseline 'main.json' was not performed:`"))
    }

    /// Controls hidden behind `#if !DEBUG` leave the audit none: against a baseline that had some it is
    /// a drop in coverage, `--min-coverage` fails, and the coverage says "no controls", never 100%
    /// (it printed "0 of 0 controls (100%)" and passed both before).
    @Test func noControlsAgainstABaselineWithSomeIsADrop() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func app(_ condition: String) throws -> String {
            let app = folder.appendingPathComponent(condition == "true" ? "shown" : "hidden")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try """
                import SwiftUI

                struct ContentView: View {
                    @State private var count = 0
                    var body: some View {
                        #if \(condition)
                        Button("Add") { count += 1 }
                        #endif
                        Text("\\(count)")
                    }
                }
                """.write(to: app.appendingPathComponent("App.swift"), atomically: true, encoding: .utf8)
            return app.path
        }
        let saved = try baseline(of: try app("true"), in: folder)
        let hidden = try app("!DEBUG")
        let result = ripple("audit", hidden, "--baseline", saved)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the audit simulated fewer controls exactly than the baseline '\(saved)': 1 of 1 (100%) → 0 of 0 (no controls)\n"), "\(result.stderr)")
        #expect(result.stdout.contains("0 simulated exactly (no controls)") && !result.stdout.contains("100%"), "\(result.stdout)")
        let budget = ripple("audit", hidden, "--min-coverage", "5", "--format", "warnings")
        #expect(budget.status == 1)
        #expect(budget.stdout.contains("error: ripple: the audit found no controls to simulate, so it cannot hold the minimum of 5%\n"), "\(budget.stdout)")
        #expect(ripple("audit", hidden, "--min-coverage", "0").status == 0)
        let ci = try String(contentsOf: repository.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        #expect(ci.contains("(`1 of 1 (100%) → 0 of 0 (no controls)`)") && ci.contains("`the audit found\n  no controls to simulate, so it cannot hold the minimum of 5%`"))
    }

    /// The note of actions gone names the first ten and counts the rest: a baseline of 70,000 actions
    /// printed a note of megabytes before.
    @Test func theNoteOfActionsGoneNamesTenAndCountsTheRest() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = try baseline(of: Self.narrow, in: folder) { document in
            var actions = document["actions"] as! [[String: Any]]
            for index in 0..<15 {
                var action = actions[0]
                action["action"] = "tap Button in RecipeRow[\(index + 10)]"
                actions.append(action)
            }
            document["actions"] = actions
        }
        let result = ripple("audit", Self.narrow, "--baseline", saved)
        let names = (10..<20).map { "'tap Button in RecipeRow[\($0)]'" }.joined(separator: ", ")
        #expect(result.stderr.contains("note: 15 actions of the baseline '\(saved)' are gone: \(names), … and 5 more\n"), "\(result.stderr)")
    }

    @Test func aDropInCoverageFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = "Tests/Fixtures/Swift/Degraded/OneBrokenScreen"
        let saved = try baseline(of: app, in: folder) { document in
            var coverage = document["coverage"] as! [String: Any]
            coverage["controlsExact"] = coverage["controls"]
            coverage["unreached"] = []
            document["coverage"] = coverage
        }
        let result = ripple("audit", app, "--baseline", saved)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: the audit simulated fewer controls exactly than the baseline '\(saved)': "), "\(result.stderr)")
        let github = ripple("audit", app, "--baseline", saved, "--format", "github")
        #expect(github.stdout.contains("::warning file=Tests/Fixtures/Swift/Degraded/OneBrokenScreen/FeaturedScreen.swift,line=17,col=13,title=ripple control-not-simulated::"))
        #expect(!github.stdout.contains("view-not-simulated"), "the warning was in the baseline")
        #expect(github.stdout.contains("::error title=ripple audit::the audit simulated fewer controls exactly than the baseline"))
        #expect(ripple("audit", app, "--baseline", try baseline(of: app, in: folder)).status == 0)
    }

    /// A count no audit writes, negative or past `AuditBaseline.maximumCount`, is an error at its place in
    /// the baseline, with the line and a caret: `Coverage.percent` and the comparison's differences
    /// trapped on such counts before.
    @Test(arguments: [("\"evaluations\": 9223372036854775807", "actions[0].evaluations", "9223372036854775807"),
                      ("\"evaluations\": -9223372036854775808", "actions[0].evaluations", "-9223372036854775808"),
                      ("\"wasted\": -1", "actions[0].wasted", "-1"),
                      ("\"controlsExact\": 9223372036854775807", "coverage.controlsExact", "9223372036854775807"),
                      ("\"controls\": -3", "coverage.controls", "-3")])
    func aCountNoAuditWritesIsAnErrorAtItsPlace(_ field: String, _ name: String, _ value: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("main.json").path
        var lines = [
            "{",
            "  \"schemaVersion\": 2,",
            "  \"coverage\": {\"controls\": 4, \"controlsExact\": 1, \"unreached\": []},",
            "  \"notes\": [],",
            "  \"actions\": [",
            "    {\"file\": \"narrow\", \"variant\": \"main\", \"action\": \"tap Button in RecipeRow[1]\", \"evaluations\": 2, \"wasted\": 0, \"stale\": 0}",
            "  ]",
            "}",
        ]
        let key = String(field.prefix { $0 != ":" })
        let row = try #require(lines.firstIndex { $0.contains(key) })
        let start = try #require(lines[row].range(of: key + ": "))
        let end = lines[row][start.upperBound...].firstIndex { $0 == "," || $0 == "}" }!
        lines[row].replaceSubrange(start.lowerBound..<end, with: field)
        let text = lines.joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The value's column: after the key, its colon and a space.
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: field)!.lowerBound) + key.count + 3
        let message = "'\(name)' is \(value); a count is a whole number from 0 to 2147483647; save it again with 'ripple audit --format json'"
        let printed = DiagnosticPrinter(source: text).render(.error(message, at: SourceLocation(file: path, line: row + 1, column: column)))
        #expect(printed.contains("\(path):\(row + 1):\(column): error: ") && printed.contains(field) && printed.contains("^"))
        let result = ripple("audit", Self.narrow, "--baseline", path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(printed), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A baseline one byte over the limit (a sparse file) is refused before it is read, with the limit
    /// docs/Reliability.md gives, as it gives the largest count.
    @Test func aBaselineOverTheSizeLimitIsRefusedAsTheDocsSay() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("main.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(AuditBaseline.maximumSize + 1))
        try handle.close()
        let message = "baselines are limited to \(AuditBaseline.maximumSize) bytes (limit: baseline size)"
        let result = ripple("audit", Self.narrow, "--baseline", path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: the baseline '\(path)' is \(AuditBaseline.maximumSize + 1) bytes; \(message)\n"), "\(result.stderr)")
        let reliability = try String(contentsOf: repository.appendingPathComponent("docs/Reliability.md"), encoding: .utf8)
        #expect(reliability.contains(message))
        #expect(reliability.contains("a count is a whole number from 0 to \(AuditBaseline.maximumCount)"))
    }

    struct BadBaseline: CustomTestStringConvertible, Sendable {
        var name: String
        var contents: String?
        var message: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        BadBaseline(name: "missing", contents: nil, message: "cannot read the baseline 'PATH': no such file or folder"),
        BadBaseline(name: "not JSON", contents: "action  evals", message: "the baseline 'PATH' is not JSON; save it again with 'ripple audit --format json'"),
        BadBaseline(name: "schema 1, an array", contents: "[]", message: "the baseline 'PATH' is a JSON array, as audits before schema version 2 wrote; save it again with 'ripple audit --format json'"),
        BadBaseline(name: "a trace", contents: "{\"file\": \"a.ripple\"}", message: "the baseline 'PATH' has no 'schemaVersion': it is not the JSON of 'ripple audit'; save it again with 'ripple audit --format json'"),
        BadBaseline(name: "another schema", contents: "{\"schemaVersion\": 3}", message: "the baseline 'PATH' has schema version 3, and this ripple reads version 2; save it again with 'ripple audit --format json'"),
        BadBaseline(name: "a field missing", contents: "{\"schemaVersion\": 2, \"coverage\": {\"controls\": 1, \"controlsExact\": 1, \"unreached\": []}, \"notes\": [], \"actions\": [{\"file\": \"a\", \"variant\": \"v\", \"action\": \"x\", \"evaluations\": 1, \"stale\": 0}]}",
                    message: "the baseline 'PATH' is not the JSON of 'ripple audit': 'actions[0].wasted' is missing; save it again with 'ripple audit --format json'"),
        BadBaseline(name: "a version that is not a number", contents: "{\"schemaVersion\": true, \"coverage\": {\"controls\": 1, \"controlsExact\": 1, \"unreached\": []}, \"notes\": [], \"actions\": []}",
                    message: "the baseline 'PATH' has a 'schemaVersion' that is not a number: it is not the JSON of 'ripple audit'; save it again with 'ripple audit --format json'"),
    ])
    func aBadBaselineIsAUsageErrorNamingTheFile(_ bad: BadBaseline) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("main.json").path
        if let contents = bad.contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        let result = ripple("audit", Self.narrow, "--baseline", path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: " + bad.message.replacingOccurrences(of: "PATH", with: path) + "\n"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
