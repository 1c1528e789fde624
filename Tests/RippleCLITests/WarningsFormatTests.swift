import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore

/// `ripple audit --format warnings`: compiler-style lines, the SARIF findings' rules, one note for what
/// was not simulated, and `--stamp`.
@Suite(.serialized) struct WarningsFormatTests {
    static let screens = "Tests/Fixtures/PluginPackage/Sources/Screens"
    static let rename = "Tests/Fixtures/PluginPackage/Sources/Screens/UserList.swift:21:13: %@: 'tap Button \"Rename Brian\" in UserList': "
        + "4 evaluations, 3 wasted (most: UserRow ×2), 0 stale; `UserRow` receives `state` and an index but reads only "
        + "`state.users[index].name`: pass it that value instead [list-rows]\n"

    static func line(_ level: String) -> String { rename.replacingOccurrences(of: "%@", with: level) }

    @Test func eachWastingActionIsALineAtItsControlUnderItsRule() {
        let result = ripple("audit", Self.screens, "--format", "warnings")
        #expect(result.status == 0)
        #expect(result.stdout == Self.line("warning"))
        #expect(result.stderr == "", "the notes of loading are the summary's")
        let badge = "Scenarios/apps/task-manager/TaskRowView.swift:10:13: warning: 'tap Button in TaskRowView[UUID-%@]': 3 evaluations, 1 wasted "
            + "(most: TaskCountBadge ×1), 0 stale; `TaskCountBadge` reads `store.total` through the computed `total`, which reads "
            + "`TaskListView.store.tasks`: any change to it re-runs the view; store the computed value and update it on write, or read only "
            + "what it needs [computed-vs-cached]\n"
        let tasks = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "warnings")
        #expect(tasks.status == 0 && tasks.stderr == "")
        #expect(tasks.stdout == badge.replacingOccurrences(of: "%@", with: "1") + badge.replacingOccurrences(of: "%@", with: "3"))
    }

    /// The same findings as SARIF's, in its order, at its places.
    @Test func theLinesAreTheSARIFFindings() throws {
        let sarif = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "sarif")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let fromSARIF = try results.map { result -> String in
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let region = try #require(location["region"] as? [String: Any])
            let text = try #require((result["message"] as? [String: Any])?["text"] as? String)
            return "\(uri):\(region["startLine"] ?? ""):\(region["startColumn"] ?? ""): \(result["level"] ?? ""): \(text) [\(result["ruleId"] ?? "")]\n"
        }
        #expect(results.count == 2)
        #expect(ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "warnings").stdout == fromSARIF.joined())
    }

    @Test func whatWasNotSimulatedIsOneNote() {
        let result = ripple("audit", "Tests/Fixtures/Swift/Degraded/OneBrokenScreen", "--format", "warnings")
        #expect(result.status == 0)
        #expect(result.stdout == "note: ripple: 2 of 3 controls simulated exactly (66%); not simulated: 1 control, 1 view or body "
                + "(ripple audit --format html shows where)\n")
        #expect(result.stderr == "", "no warning per place, on either stream")
    }

    @Test func overABudgetTheLinesAreErrorsAndTheRunFails() {
        let over = ripple("audit", Self.screens, "--format", "warnings", "--max-wasted", "2")
        #expect(over.status == 1)
        #expect(over.stdout == Self.line("error")
                + "error: ripple: the audit found 3 wasted evaluations, over the budget of 2: 'tap Button \"Rename Brian\" in UserList' 3 (most: UserRow)\n")
        #expect(over.stderr == "")
        let within = ripple("audit", Self.screens, "--format", "warnings", "--max-wasted", "3", "--max-stale", "0")
        #expect(within.status == 0 && within.stdout == Self.line("warning"))
        let coverage = ripple("audit", "Tests/Fixtures/Swift/Degraded/OneBrokenScreen", "--format", "warnings", "--min-coverage", "100")
        #expect(coverage.status == 1)
        #expect(coverage.stdout.hasPrefix("error: ripple: the audit simulated 2 of 3 controls exactly (66%), under the minimum of 100%\nnote: ripple: 2 of 3"))
    }

    @Test func withABaselineOnlyWhatGotWorse() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("narrow.json")
        try ripple("audit", CIFormatTests.narrow, "--format", "json").stdout.write(to: saved, atomically: true, encoding: .utf8)
        let worse = ripple("audit", CIFormatTests.broad, "--format", "warnings", "--baseline", saved.path)
        #expect(worse.status == 1)
        let lines = worse.stdout.split(separator: "\n")
        try #require(lines.count == 2, "\(worse.stdout)")
        #expect(lines[0].hasPrefix("Tests/Fixtures/Swift/Baseline/broad/RecipeRow.swift:12:13: error: 'tap Button in RecipeRow[1]': "
                                   + "evaluations 2 → 3 (+1), wasted 0 → 1 (+1) against the baseline; Tests/Fixtures/Swift/Baseline/broad/RecipeCount.swift:8: "
                                   + "a read widened: `RecipeCount` now reads `book.total`"))
        #expect(lines.allSatisfy { $0.hasSuffix(" [computed-vs-cached]") })
        #expect(worse.stderr == "", "the regressions are the lines")
        let same = ripple("audit", CIFormatTests.narrow, "--format", "warnings", "--baseline", saved.path)
        #expect(same == (0, "", ""))
    }

    /// Code Ripple cannot read is a note, not a failure: the compiler reports what is wrong with it.
    @Test func codeThatCannotBeReadIsANote() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "import SwiftUI\nstruct A: View {\n    var body: some View { Text( }\n}\n".write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let result = ripple("audit", folder.path, "--format", "warnings")
        #expect(result == (0, "note: ripple: could not read '\(folder.path)' ('ripple audit \(folder.path)' says why)\n", ""))
        #expect(ripple("audit", folder.path).status == 1, "the other formats still fail")
    }

    /// A valid Swift file Ripple refuses (13 '[' open at once, past `ParseGuard.maximumBrackets`) beside
    /// an app that wastes: without a budget it is the note above; with one, or a baseline, the run fails,
    /// as a budget cannot pass on code Ripple did not read, and no stamp is written (every budget passed
    /// silently before, and the stamp told the build the audit had passed).
    @Test func aBudgetCannotPassOnCodeRippleDidNotRead() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: CIFormatTests.broad) {
            try FileManager.default.copyItem(atPath: CIFormatTests.broad + "/" + file, toPath: app.appendingPathComponent(file).path)
        }
        let brackets = 13  // `ParseGuard.maximumBrackets` and one more
        try ("let deep = " + String(repeating: "[", count: brackets) + "1" + String(repeating: "]", count: brackets) + "\n")
            .write(to: app.appendingPathComponent("Deep.swift"), atomically: true, encoding: .utf8)
        let note = "note: ripple: could not read '\(app.path)' ('ripple audit \(app.path)' says why)\n"
        #expect(ripple("audit", app.path, "--format", "warnings") == (0, note, ""))
        let stamp = folder.appendingPathComponent("stamp.swift").path
        let budget = ripple("audit", app.path, "--format", "warnings", "--max-wasted", "0", "--max-stale", "0", "--stamp", stamp)
        #expect(budget == (1, "error: ripple: --max-wasted, --max-stale cannot pass on code Ripple did not read: "
                               + "could not read '\(app.path)' ('ripple audit \(app.path)' says why)\n" + note, ""))
        #expect(!FileManager.default.fileExists(atPath: stamp))
        let saved = folder.appendingPathComponent("main.json")
        try ripple("audit", CIFormatTests.broad, "--format", "json").stdout.write(to: saved, atomically: true, encoding: .utf8)
        let baseline = ripple("audit", app.path, "--format", "warnings", "--baseline", saved.path)
        #expect(baseline.status == 1)
        #expect(baseline.stdout.hasPrefix("error: ripple: --baseline cannot pass on code Ripple did not read: "), "\(baseline.stdout)")
        for doc in ["docs/CI.md", "docs/Plugin.md"] {
            let text = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(doc), encoding: .utf8)
            #expect(text.contains("`error: ripple: --max-wasted cannot pass on code Ripple did not read: could not read"), "\(doc)")
        }
    }

    @Test func aMessageStaysOnOneLine() {
        let finding = AuditFinding(ruleId: "stale-view", level: .warning, message: "a\nb\r\nc", file: "A.swift", line: 3, column: 7, identity: "")
        let gap = AuditFinding(ruleId: "action-not-simulated", level: .warning, message: "x", file: "A.swift", line: 4, column: 1, identity: "")
        var coverage = Coverage()
        coverage.controls = 4
        coverage.controlsExact = 3
        #expect(AuditWarnings.text([finding, gap, gap], failures: ["over\nbudget"], coverage: coverage, unread: [], sinceBaseline: true)
                == "A.swift:3:7: warning: a b c [stale-view]\nerror: ripple: over budget\n"
                + "note: ripple: 3 of 4 controls simulated exactly (75%); not simulated, and new since the baseline: 2 actions (ripple audit --format html shows where)\n")
        #expect(AuditWarnings.text([], failures: [], coverage: coverage, unread: [], sinceBaseline: false) == "")
    }

    /// A line feed or carriage return in a file name is written `\n` or `\r`, as diagnostics write
    /// it: the name cannot start a line of its own that a build reads as a diagnostic, and the stamp
    /// keeps every line a comment.
    @Test func aFileNameStaysOnOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = "Users\nForged.swift:1:1: error: forged\rlet pwned = 1 .swift"
        try FileManager.default.copyItem(atPath: Self.screens + "/UserList.swift", toPath: folder.appendingPathComponent(name).path)
        let stamp = folder.appendingPathComponent("work/RippleLint.swift")
        let result = ripple("audit", folder.path, "--format", "warnings", "--stamp", stamp.path)
        #expect(result.status == 0, "\(result.stderr)")
        let shown = "\(folder.path)/Users\\nForged.swift:1:1: error: forged\\rlet pwned = 1 .swift"
        #expect(result.stdout.hasPrefix(shown + ":21:13: warning: 'tap Button \"Rename Brian\" in UserList': "), "\(result.stdout)")
        #expect(result.stdout.split(separator: "\n").count == 1)
        let text = try String(contentsOf: stamp, encoding: .utf8)
        #expect(!text.unicodeScalars.contains("\r"))
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("// ") }, "every line of the stamp is a comment")
        #expect(text.contains("// " + shown + ":21:13: warning: "))
    }

    /// The stamp splits the report at line feeds only, and writes a carriage return in a line as `\r`:
    /// Swift ends a comment at either.
    @Test func theStampKeepsNoCarriageReturn() {
        let stamp = AuditWarnings.stamp("A.swift:1:1: warning: a\rlet pwned = 1\nB.swift:2:2: warning: b\r\n", sources: ["S\r"])
        #expect(!stamp.unicodeScalars.contains("\r"))
        #expect(stamp.hasSuffix("// A.swift:1:1: warning: a\\rlet pwned = 1\n// B.swift:2:2: warning: b\\r\n"), "\(stamp)")
    }

    // MARK: - --stamp

    @Test func theStampHoldsTheLinesAsCommentsAndGoesWhenTheRunFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stamp = folder.appendingPathComponent("work/RippleLint.swift")
        let result = ripple("audit", Self.screens, "--format", "warnings", "--stamp", stamp.path)
        #expect(result.status == 0 && result.stdout == Self.line("warning"))
        let text = try String(contentsOf: stamp, encoding: .utf8)
        #expect(text == AuditWarnings.stampMark + " of '\(Self.screens)':\n"
                + "// the build runs the audit again when one of its sources changes (docs/Plugin.md).\n// " + Self.line("warning"))
        // Over the budget the stamp goes, so that a build runs the audit again.
        #expect(ripple("audit", Self.screens, "--format", "warnings", "--stamp", stamp.path, "--max-wasted", "0").status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
    }

    @Test func theStampReplacesOnlyItsOwnFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = folder.appendingPathComponent("Mine.swift")
        try "struct Mine {}\n".write(to: mine, atomically: true, encoding: .utf8)
        let refused = ripple("audit", Self.screens, "--format", "warnings", "--stamp", mine.path)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: refusing to replace '\(mine.path)': Ripple did not write it; move it away or choose another name for --stamp\n"))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "struct Mine {}\n")
        let other = ripple("audit", Self.screens, "--stamp", mine.path)
        #expect(other.status == 64 && other.stderr.hasPrefix("error: --stamp goes with --format warnings\n"))
    }
}
