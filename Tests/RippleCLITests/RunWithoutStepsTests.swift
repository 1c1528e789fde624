import Foundation
import Testing
@testable import RippleCLI

// `ripple run` on code without steps: what it shows, where to go next, and no empty table. In
// `CLITests`, whose tests run one at a time, because `ripple(...)` changes the working folder.
extension CLITests {
    @Test(arguments: [["Scenarios/apps/task-manager"], ["Scenarios/apps/task-manager", "Scenarios/apps/settings", "Scenarios/apps/reading-list"],
                      ["Tests/Fixtures/Swift/Baseline/broad", "--rows", "2"]])
    func runOnAppSourceSaysWhatItShowsAndPointsToAudit(_ arguments: [String]) {
        let result = ripple(["run"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("evals  wasted  stale"), "no table without steps:\n\(result.stdout)")
        for line in result.stdout.split(separator: "\n") { #expect(line.count <= RunCommand.width, "\(line.count) columns: \(line)") }
        for path in arguments where !path.hasPrefix("-") && path != "2" {
            let name = path.split(separator: "/").last!
            #expect(result.stdout.contains("scenario \"\(name)\" (swift6.2): no steps to replay, so this is the first evaluation only\n"))
            #expect(result.stdout.contains("'ripple audit \(path)' performs them and says which are simulated exactly\n"))
        }
        if arguments.contains("Scenarios/apps/settings") { #expect(result.stdout.contains("  Scenarios/apps/settings main: no steps\n")) }
    }

    @Test func runOnAScenarioWithoutStepsSaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("still.ripple")
        try """
        scenario "Still"
        struct Root: View {
            @State private var on = false
            var body: some View { Toggle("On", isOn: $on) }
        }
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("run", file.path)
        #expect(result.status == 0)
        #expect(result.stdout == """
            scenario "Still" (swift6.2): no steps to replay, so this is the first evaluation only
              main: 1 view built
            add a 'step' to replay a write (docs/Language.md)
              'ripple audit \(file.path)' performs every action on the screen

            """, "\(result.stdout)")
    }

    /// A scenario with steps prints its steps and its table.
    @Test func runWithStepsStillPrintsTheTable() {
        let result = ripple("run", "Scenarios/task-manager.ripple")
        #expect(result.stdout.contains("step \"add Call Sam\"\n") && result.stdout.contains("evals  wasted  stale\n"))
        #expect(!result.stdout.contains("no steps to replay"))
    }
}
