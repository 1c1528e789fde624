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
