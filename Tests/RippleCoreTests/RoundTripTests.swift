import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// Every expression and statement, printed back and parsed again, prints the same: the printer and
/// the parser agree on every construct.
@Suite struct RoundTripTests {
    static let everyConstruct: String = {
        let url = repositoryURL.appendingPathComponent("Tests/Fixtures/Valid/every-construct.ripple")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    @Test func everyConstructLoadsAndRuns() throws {
        let trace = try simulateChecked(Self.everyConstruct)
        #expect(trace.variants.first?.steps.count == 11)
        let scenario = try loadScenario(Self.everyConstruct)
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
    }

    @Test func everyStatementRoundTrips() throws {
        let reading = ScenarioFile.read(source: Self.everyConstruct, file: "every.ripple")
        #expect(reading.errors.isEmpty)
        let syntax = reading.syntax
        var statements: [StatementSyntax] = []
        for case .type(let type) in syntax.declarations + syntax.variants.flatMap(\.declarations) {
            for property in type.properties { statements += property.getter ?? [] }
            for function in type.functions { statements += function.body }
            for initializer in type.initializers { statements += initializer.body }
        }
        for step in syntax.steps { statements += step.statements }
        #expect(statements.count > 40)
        for statement in statements {
            let printed = statement.rendered
            let reparsed = ScenarioFile.read(source: "step \"s\" { \(printed) }", file: "r.ripple")
            #expect(reparsed.errors.isEmpty, "'\(printed)' parses again")
            #expect(reparsed.syntax.steps.first?.statements.first?.rendered == printed, "'\(printed)' prints the same after a round trip")
        }
    }

    @Test(arguments: [
        "model.users[index].name", "state.currentUser?.name", "title ?? \"none\"", "items.first { $0.id == id }",
        "items.filter { item in item.done }.count", "\"Count: \\(model.count + 1)\"", "!flag && (a || b)", "-x * 2 - y / 3",
        "a == b ? \"yes\" : \"no\"", "\\.self", "\\User.id", ".dark", "[1, 2, 3]", "nil", "3.5", "true",
        "Binding(get: { name }, set: { name = $0 })", "$model.settings.fontSize", "value!", "0..<10", "a?[0]",
        "Text(\"a\").font(.title).onChange(of: x) { print(x) }", "Button(\"go\") { run() } label: { Text(\"x\") }",
    ])
    func expressionRoundTrips(_ text: String) throws {
        let printed = try #require(Self.expression(in: "let e = \(text)")).rendered
        #expect(try #require(Self.expression(in: "let e = \(printed)")).rendered == printed)
    }

    /// The value of the one global `source` declares, as the Swift front end reads it.
    private static func expression(in source: String) -> ExprSyntax? {
        let reading = ScenarioFile.read(source: source, file: "e.ripple")
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        guard case .global(let global)? = reading.syntax.declarations.first else { return nil }
        return global.value
    }
}
