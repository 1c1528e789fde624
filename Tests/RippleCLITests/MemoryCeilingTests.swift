import Foundation
import Testing
@testable import RippleCLI

/// The memory ceiling: past it, the screen loading ends with a warning at its place, the rest of the app
/// goes on, and the run fails, saying which screens were cut. The ceiling is the process's, so these run
/// the built `ripple` as a process of its own: in the test process it would stop the other tests' work.
@Suite struct MemoryCeilingTests {
    /// An app of two screens: one builds 20,000 rows, enough evaluations for the ceiling to be checked;
    /// the other is small.
    private func appWithALargeScreen() throws -> (folder: URL, app: String) {
        let folder = try temporaryFolder()
        let app = folder.appendingPathComponent("App").path
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try """
            import SwiftUI

            struct ContentView: View {
                @State private var count = 0
                var body: some View {
                    List {
                        Button("Add") { count += 1 }
                        ForEach(0..<20000, id: \\.self) { Text("\\($0) \\(count)") }
                    }
                }
            }

            struct SettingsView: View {
                @State private var on = false
                var body: some View { Toggle("On", isOn: $on) }
            }
            """.write(toFile: app + "/App.swift", atomically: true, encoding: .utf8)
        return (folder, app)
    }

    private static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/ripple")

    private func builtRipple(_ arguments: String...) throws -> ProgramResult? {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path) else {
            Issue.record("build the ripple product first (swift build)")
            return nil
        }
        return try runProgram(Self.binary, arguments)
    }

    @Test(arguments: ["parse", "run", "audit"])
    func aScreenPastTheMemoryCeilingIsCutAndTheRunFails(_ command: String) throws {
        let (folder, app) = try appWithALargeScreen()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try builtRipple(command, app, "--max-memory", "8") else { return }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(app)/App.swift:8:"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: the screen 'ContentView' is not simulated: Ripple holds "))
        #expect(result.stderr.contains("past its ceiling of 8 MB (limit: memory); '--max-memory MB' sets it"))
        #expect(result.stderr.contains("error: \(app): the screen 'ContentView' was cut at a limit; the rest of the app was simulated\n"))
        // The rest of the app is there: the small screen.
        #expect((result.stdout + result.stderr).contains("SettingsView"), "\(result.stdout)")
    }

    /// A generated screen of 10^6 views, each a view of its own with a body, beside a small one: under the
    /// default ceiling the large screen stops at a limit with a warning at its place, the small one is
    /// audited, and the run fails, naming the screen cut.
    @Test(arguments: ["parse", "audit"])
    func aScreenOfAMillionViewsIsCutAndTheRestAudited(_ command: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App").path
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try """
            import SwiftUI

            struct WallView: View {
                @State private var tick = 0
                var body: some View {
                    ScrollView {
                        Button("Tick") { tick += 1 }
                        ForEach(0..<1_000_000, id: \\.self) { index in Tile(index: index, tick: tick) }
                    }
                }
            }

            struct Tile: View {
                let index: Int
                let tick: Int
                var body: some View { Text("\\(index):\\(tick)") }
            }

            struct AboutView: View {
                @State private var shown = false
                var body: some View { Toggle("Shown", isOn: $shown) }
            }
            """.write(toFile: app + "/App.swift", atomically: true, encoding: .utf8)
        guard let result = try builtRipple(command, app) else { return }
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(app)/App.swift:8:"), "\(result.stderr)")
        #expect(result.stderr.contains("warning: the screen 'WallView' is not simulated: "), "\(result.stderr)")
        #expect(result.stderr.contains("(limit: "))
        #expect(result.stderr.contains("error: \(app): the screen 'WallView' was cut at a limit; the rest of the app was simulated\n"))
        #expect((result.stdout + result.stderr).contains("AboutView"), "\(result.stdout)")
    }

    @Test func underTheDefaultCeilingTheSameAppLoadsWhole() throws {
        let (folder, app) = try appWithALargeScreen()
        defer { try? FileManager.default.removeItem(at: folder) }
        guard let result = try builtRipple("parse", app) else { return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("limit: memory"))
        #expect(result.stdout.contains("ContentView"))
    }

    @Test(arguments: ["0", "-5", "lots"])
    func aCeilingThatIsNotANumberOfMegabytesIsAUsageError(_ value: String) {
        let result = ripple("parse", "Scenarios/list-rows.ripple", "--max-memory", value)
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--max-memory' takes megabytes from 1 to 1073741824, not '\(value)'"))
    }
}
