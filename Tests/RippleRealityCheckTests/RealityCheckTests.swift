import Foundation
import Testing
import RippleCore
import RippleSwift
@testable import RippleRealityCheck

/// The comparison of a log with the counter scenario of Tests/Fixtures/RealityCheck.
@Suite struct RealityCheckTests {
    static func counter() throws -> VariantTrace {
        let path = RealityCheckFixture.folder.appendingPathComponent("counter.ripple").path
        let scenario = try Scenario(source: String(contentsOfFile: path, encoding: .utf8), file: path)
        return try scenario.predictionForRealityCheck(variant: "main")
    }

    static func grades(_ check: RealityCheck) -> [String] {
        check.steps.flatMap { step in step.rows.map { "\(step.name) \($0.viewType) \($0.logged)/\($0.predicted) \($0.grade.words)" } }
    }

    /// A log that matches the prediction confirms every row, paired by its markers' names.
    @Test func aMatchingLogIsConfirmedByName() throws {
        let check = RealityCheck(log: try RealityCheckFixture.log("counter-unified.log"), prediction: try Self.counter())
        #expect(check.matching == .names && check.boundaries == .markers)
        #expect(Self.grades(check) == [
            "initial ContentView 1/1 confirmed", "initial CountLabel 1/1 confirmed",
            "add ContentView 1/1 confirmed", "add CountLabel 1/1 confirmed",
            "add again ContentView 1/1 confirmed", "add again CountLabel 1/1 confirmed",
        ])
        #expect(check.agrees)
        let row = try #require(check.steps[1].rows.first)
        #expect(row.loggedChanges == [.init(reasons: "_count changed", count: 1, lines: [7])])
        #expect(row.predictedChanges == [.init(reasons: "_count changed", count: 1, instances: ["ContentView"], causes: ["state _count"])])
    }

    /// Markers whose names are not the scenario's steps, and pauses, pair by order.
    @Test func markersThatNameNoStepAndPausesPairByOrder() throws {
        let console = RealityCheck(log: try RealityCheckFixture.log("counter-console.txt"), prediction: try Self.counter())
        #expect(console.matching == .order)
        #expect(console.steps.map(\.logStep) == ["initial", "add", "add"])
        #expect(console.agrees)
        let pauses = RealityCheck(log: try RealityCheckFixture.log("counter-pauses.log"), prediction: try Self.counter())
        #expect(pauses.boundaries == .timeGaps && pauses.matching == .order)
        #expect(pauses.steps.map(\.logStep) == ["initial", "pause 1", "pause 2"])
        #expect(pauses.agrees)
        #expect(pauses.text(scenario: "counter.ripple").contains("steps: no 'ripple-step:' markers; split at pauses of 1 s or more, paired with the scenario's steps by order"))
    }

    /// One re-run more than predicted and one fewer: both named, with both counts and both causes.
    @Test func extraRunsOnEitherSideAreDisagreements() throws {
        let text = "ContentView: @self, @identity, _count changed.\nCountLabel: @self, @identity changed.\n"
            + "ripple-step: add\nContentView: _count changed.\nContentView: @self changed.\nCountLabel: @self changed.\n"
            + "ripple-step: add again\nContentView: _count changed.\n"
        let check = RealityCheck(log: try ChangeLog(parsing: text, file: "app.log"), prediction: try Self.counter())
        #expect(Self.grades(check).filter { !$0.hasSuffix("confirmed") } == [
            "add ContentView 2/1 extra in the app", "add again CountLabel 0/1 extra in Ripple",
        ])
        #expect(!check.agrees && check.disagreements.map(\.step) == ["add", "add again"])
        let printed = check.text(scenario: "counter.ripple")
        #expect(printed.contains("""
              ContentView       2          1  extra in the app
                  app:    _count changed; @self changed (log lines 4, 5)
                  Ripple: _count changed (state _count)
            """))
        #expect(printed.contains("""
              CountLabel        0          1  extra in Ripple
                  app:    no line
                  Ripple: @self changed (input count)
            """))
        #expect(printed.hasSuffix("2 disagreements; if Ripple is wrong, docs/RealityCheck.md says what to send\n"))
        #expect(printed.split(separator: "\n").allSatisfy { $0.count <= 120 })
    }

    /// A type the log never names is not instrumented, and one the scenario does not have is outside it:
    /// neither is a disagreement.
    @Test func notRecordedAndNotInTheScenarioAreNoDisagreements() throws {
        let text = "ContentView: @self, @identity, _count changed.\nToolbar: @self changed.\nripple-step: add\nContentView: _count changed.\n"
        let check = RealityCheck(log: try ChangeLog(parsing: text, file: "app.log"), prediction: try Self.counter())
        #expect(Self.grades(check) == [
            "initial ContentView 1/1 confirmed", "initial CountLabel 0/1 not recorded", "initial Toolbar 1/0 not in the scenario",
            "add ContentView 1/1 confirmed", "add CountLabel 0/1 not recorded",
        ])
        #expect(check.agrees)
        #expect(check.steps[2].logStep == nil, "the log has no step 'add again'")
        #expect(check.text(scenario: "counter.ripple").contains("step \"add again\": not in the log"))
    }

    /// A capture that began after the first render has no initial step to compare.
    @Test func aLogThatBeginsAfterTheFirstRender() throws {
        let check = RealityCheck(log: try ChangeLog(parsing: "ripple-step: add\nContentView: _count changed.\nCountLabel: @self changed.\n", file: "x"),
                                 prediction: try Self.counter())
        #expect(check.steps[0].logStep == nil && check.steps[0].rows.isEmpty)
        #expect(check.agrees)
    }

    /// The JSON document carries every row with its grade and both sides.
    @Test func theDocumentHoldsEveryRow() throws {
        let check = RealityCheck(log: try RealityCheckFixture.log("counter-unified.log"), prediction: try Self.counter())
        let document = check.document(scenario: "counter.ripple")
        #expect(document.version == 1 && document.comparison == "byTypeAndCount" && document.agrees)
        #expect(document.grades["confirmed"] == 6 && document.grades["extraInApp"] == 0)
        #expect(document.steps.map(\.name) == ["initial", "add", "add again"])
        #expect(document.steps[1].rows.map(\.grade) == [.confirmed, .confirmed])
        let data = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(RealityCheck.Document.self, from: data) == document)
    }
}
