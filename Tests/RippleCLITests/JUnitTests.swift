import Foundation
import Testing
@testable import RippleCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A place `--junit` may not write, made inside a temporary folder holding `in/list-rows.ripple`.
struct ForbiddenReport: CustomTestStringConvertible, Sendable {
    var name: String
    /// The arguments after `check`, with `IN` for the scenarios folder's path.
    var arguments: [String]
    /// Makes the report path (a link, say) and returns it; `folder` is the temporary folder.
    var prepare: @Sendable (_ folder: URL) throws -> String
    var message: String
    var testDescription: String { name }
}

private let forbiddenReports: [ForbiddenReport] = [
    ForbiddenReport(name: "the scenario file itself", arguments: ["IN/list-rows.ripple"],
                    prepare: { $0.appendingPathComponent("in/list-rows.ripple").path }, message: "it is the scenario file"),
    ForbiddenReport(name: "the scenario file, spelt another way", arguments: ["IN/list-rows.ripple"],
                    prepare: { $0.appendingPathComponent("in/../in/./list-rows.ripple").path }, message: "it is the scenario file"),
    ForbiddenReport(name: "a symbolic link to the scenario", arguments: ["IN/list-rows.ripple"], prepare: { folder in
        let link = folder.appendingPathComponent("link.xml").path
        guard symlink(folder.appendingPathComponent("in/list-rows.ripple").path, link) == 0 else { throw Errno.current }
        return link
    }, message: "it is the scenario file"),
    ForbiddenReport(name: "a hard link to the scenario", arguments: ["IN/list-rows.ripple"], prepare: { folder in
        let hardLink = folder.appendingPathComponent("hard.xml").path
        guard link(folder.appendingPathComponent("in/list-rows.ripple").path, hardLink) == 0 else { throw Errno.current }
        return hardLink
    }, message: "it is the scenario file"),
    ForbiddenReport(name: "a scenario found in a folder given", arguments: ["IN"],
                    prepare: { $0.appendingPathComponent("in/list-rows.ripple").path }, message: "it is the scenario file"),
    ForbiddenReport(name: "a new file inside the scenarios folder", arguments: ["IN"],
                    prepare: { $0.appendingPathComponent("in/report.xml").path }, message: "it is inside the scenarios folder"),
    ForbiddenReport(name: "inside the scenarios folder through a linked folder", arguments: ["IN"], prepare: { folder in
        let link = folder.appendingPathComponent("linked").path
        guard symlink(folder.appendingPathComponent("in").path, link) == 0 else { throw Errno.current }
        return link + "/sub/report.xml"
    }, message: "it is inside the scenarios folder"),
]

// `--junit`: where the report may go, and what is said when it cannot. In `CLITests`, whose tests run one
// at a time, because `ripple(...)` changes the working folder.
extension CLITests {
    /// A report path that is a scenario, or inside a scenarios folder given, is a usage error, and the
    /// scenario stays as it was.
    @Test(arguments: forbiddenReports)
    func theJUnitReportNeverReplacesAScenario(_ forbidden: ForbiddenReport) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let scenario = scenarios.appendingPathComponent("list-rows.ripple")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Scenarios/list-rows.ripple"), to: scenario)
        let before = try Data(contentsOf: scenario)
        let report = try forbidden.prepare(folder)
        let arguments = forbidden.arguments.map { $0.replacingOccurrences(of: "IN", with: scenarios.path) }
        let result = ripple(["check"] + arguments + ["--junit", report])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: refusing to write the JUnit report to '\(report)': \(forbidden.message) '"), "\(result.stderr)")
        #expect(result.stderr.contains("; choose another path for --junit\n"))
        #expect(try Data(contentsOf: scenario) == before)
        #expect(!FileManager.default.fileExists(atPath: scenarios.appendingPathComponent("report.xml").path))
    }

    /// Next to a scenario named on its own is fine: only a folder given as input is off limits.
    @Test func theJUnitReportMayGoBesideAScenarioFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("list-rows.ripple")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Scenarios/list-rows.ripple"), to: scenario)
        let result = ripple("check", scenario.path, "--junit", folder.appendingPathComponent("report.xml").path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8).contains("<testsuites"))
    }

    /// A report that cannot be written names the path and the reason, never a Cocoa error code.
    @Test func anUnwritableReportNamesThePathAndTheReason() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let onFolder = ripple("check", "Scenarios/list-rows.ripple", "--junit", folder.path)
        #expect(onFolder.status == 64)
        #expect(onFolder.stderr.hasPrefix("error: cannot write the JUnit report '\(folder.path)': it is a folder\n"))
        let file = folder.appendingPathComponent("plain")
        try "x".write(to: file, atomically: false, encoding: .utf8)
        let underFile = ripple("check", "Scenarios/list-rows.ripple", "--junit", file.path + "/report.xml")
        #expect(underFile.status == 1)
        #expect(underFile.stderr == "error: cannot write the JUnit report '\(file.path)/report.xml': a part of the path is not a folder\n")
    }
}

/// Blocks that check one step in one variant, as docs/Language.md has them: one without `in` and one
/// with, or one without `under` and one naming the scenario's own semantics.
private let overlapping = """
scenario "Overlapping blocks"
semantics swift6.2
@Observable final class Model { var count = 0 }
variant "one" {
    struct Root: View {
        @State private var model = Model()
        var body: some View { Text("\\(model.count)") }
    }
}
variant "two" {
    struct Root: View {
        @State private var model = Model()
        var body: some View { Text("\\(model.count)") }
    }
}
step "bump" { model.count += 1 }
expect "bump" { evaluates Root }
expect "bump" in "two" { wasted nothing }
expect "bump" in "two" under swift6.2 { stale nothing }
expect audit { stale 0 }
expect audit { wasted <= 0 }

"""

extension CLITests {
    /// Each overlapping block is checked and counted on its own, as Language.md says.
    @Test func overlappingBlocksAreEachCheckedAndADuplicateIsAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("overlapping.ripple")
        try overlapping.write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("check", file.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("passed \(file.path): 6 expectations\n"), "\(result.stdout)")
        try (overlapping + "expect \"bump\" in \"two\" { evaluates Root }\n").write(to: file, atomically: true, encoding: .utf8)
        let duplicate = ripple("check", file.path)
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains(":22:1: error: duplicate expectation for step 'bump' (first at line 18)"), "\(duplicate.stderr)")
    }

    /// The JUnit file never names two tests of a suite alike: overlapping blocks carry their lines,
    /// and the audit's actions of two apps with one name are numbered.
    @Test func theJUnitReportNamesEveryTestDistinctly() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("overlapping.ripple")
        try overlapping.write(to: file, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("check.xml")
        #expect(ripple("check", file.path, "--junit", report.path).status == 0)
        let audit = folder.appendingPathComponent("audit.xml")
        #expect(ripple("audit", "Tests/Fixtures/Swift/Baseline/narrow", "Tests/Fixtures/Swift/Baseline/broad", "--junit", audit.path).status == 0)
        for path in [report, audit] {
            let xml = try String(contentsOf: path, encoding: .utf8)
            let names = xml.components(separatedBy: "<testcase name=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(names.count == Set(names).count, "\(names)")
            #expect(names.count >= 5)
        }
        let xml = try String(contentsOf: report, encoding: .utf8)
        for line in 17...19 { #expect(xml.contains("<testcase name=\"bump in two (swift6.2), line \(line)\"")) }
        #expect(xml.contains("<testcase name=\"bump in one (swift6.2)\""))
        #expect(xml.contains("<testcase name=\"audit in every variant (swift6.2), line 20\"") && xml.contains("<testcase name=\"audit in every variant (swift6.2), line 21\""))
        let auditXML = try String(contentsOf: audit, encoding: .utf8)
        #expect(auditXML.contains("<testcase name=\"tap Button in RecipeRow[1] (main) #2\""))
    }
}
