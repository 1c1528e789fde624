import Foundation
import Testing
@testable import RippleCLI

/// `--visible-rows N`: the window of a lazy container where the scenario does not set one (Rule 20).
@Suite(.serialized) struct VisibleRowsTests {
    static let scenario = """
        scenario "feed"
        WINDOW
        struct Root: View {
            @State private var items = [1, 2, 3, 4, 5, 6]
            var body: some View {
                List {
                    ForEach(items, id: \\.self) { item in Text("\\(item)") }
                }
            }
        }
        step "scroll" { scroll List to 3 }

        """

    func run(_ window: String, _ options: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feed.ripple")
        try Self.scenario.replacingOccurrences(of: "WINDOW", with: window).write(to: file, atomically: true, encoding: .utf8)
        return ripple(["run", file.path] + options)
    }

    @Test func theOptionSetsTheWindowWhereTheScenarioDoesNot() throws {
        let result = try run("", "--visible-rows", "2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("window: List in Root: rows 4–5 of 6"))
        // Must not: without it the default window shows all six rows, and scrolling moves nothing.
        let plain = try run("")
        #expect(!plain.stdout.contains("window:"))
    }

    @Test func theScenariosOwnWindowWins() throws {
        let result = try run("visible rows 3", "--visible-rows", "2")
        #expect(result.stdout.contains("window: List in Root: rows 4–6 of 6"))
    }

    @Test(arguments: ["0", "x"])
    func aBadNumberIsAUsageError(value: String) throws {
        let result = try run("", "--visible-rows", value)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--visible-rows' takes a number of rows from 1 to 100000, not '\(value)'"))
    }
}
