import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// A statement of app source that Ripple cannot evaluate makes its value opaque, with a note, and the
/// statements after it run: the body is not dropped, so the controls it builds are found.
@Suite struct OpaqueStatementTests {
    /// `Tests/Fixtures/Swift/OpaqueLet/ReceiptView.swift`: a `let` divides by a stand-in zero before the
    /// view's `VStack` and its button.
    @Test func aLetRippleCannotEvaluateDoesNotDropTheBody() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Swift/OpaqueLet/ReceiptView.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        let result = loadSwift([("ReceiptView.swift", source)])
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.notes.map(\.message).contains("not simulated: division by zero"))
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: scenario.semantics)
        let actions = simulation.availableActions()
        #expect(actions.map(\.name) == ["tap Button \"More tip\" in ReceiptView"])
        let step = try simulation.perform(actionAt: 0)
        #expect(step.writes.map(\.statement) == ["tipPercent += 5"])
        #expect(step.instances.map(\.path) == ["ReceiptView"])
    }

    /// Each statement that holds a value: a `let` in a body, in a view's computed property, in a closure
    /// and in a model's method, and an `if` condition. The view after it is built, or the write after it
    /// made.
    @Test(arguments: [
        "var body: some View {\n        let first = names[0]\n        Button(\"Add\") { count += 1 }\n    }",
        "var body: some View {\n        if names[0].isEmpty { Text(\"empty\") }\n        Button(\"Add\") { count += 1 }\n    }",
        "var body: some View {\n        if let first = Int(names[0]) { Text(\"\\(first)\") }\n        Button(\"Add\") { count += 1 }\n    }",
        "var body: some View { content }\n    @ViewBuilder var content: some View {\n        let first = names[0]\n        Button(\"Add\") { count += 1 }\n    }",
        "var body: some View {\n        Button(\"Add\") {\n            let first = names[0]\n            count += 1\n        }\n    }",
    ])
    func aStatementRippleCannotEvaluateIsOpaque(_ body: String) throws {
        let source = "import SwiftUI\nstruct Screen: View {\n    let names: [String]\n    @State private var count = 0\n    \(body)\n}\n"
        let result = loadSwift(source)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: scenario.semantics)
        let actions = simulation.availableActions()
        #expect(actions.map(\.name) == ["tap Button \"Add\" in Screen"])
        let step = try simulation.perform(actionAt: 0)
        #expect(step.writes.map(\.statement) == ["count += 1"])
        let notes = (scenario.notes + simulation.notes).map(\.message)
        #expect(notes.contains("not simulated: index 0 is out of range (count is 0)"), "\(notes)")
    }

    /// A scenario file is not Swift that compiled: the same `let` is an error there.
    @Test func aScenarioFileStillReportsTheError() {
        let text = "scenario \"t\"\nstruct Root: View {\n    let names: [String] = []\n    var body: some View {\n        let first = names[0]\n        Text(first)\n    }\n}\n"
        #expect(throws: DiagnosticError.self) { try Scenario(source: text, file: "t.ripple") }
    }
}
