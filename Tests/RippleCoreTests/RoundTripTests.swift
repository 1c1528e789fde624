import Foundation
import Testing
@testable import RippleCore

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
        let (syntax, diagnostics) = Parser.parse(source: Self.everyConstruct, file: "every.ripple")
        #expect(diagnostics.isEmpty)
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
            let reparsed = Parser.parse(source: "step \"s\" { \(printed) }", file: "r.ripple")
            #expect(reparsed.1.isEmpty, "'\(printed)' parses again")
            #expect(reparsed.0.steps.first?.statements.first?.rendered == printed, "'\(printed)' prints the same after a round trip")
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
        var lexer = Lexer(source: text, file: "e.ripple")
        var parser = Parser(tokens: lexer.tokenize(), file: "e.ripple")
        let expression = try parser.parseExpression()
        #expect(lexer.diagnostics.isEmpty && parser.diagnostics.isEmpty)
        let printed = expression.rendered
        var again = Lexer(source: printed, file: "e.ripple")
        var reparser = Parser(tokens: again.tokenize(), file: "e.ripple")
        #expect(try reparser.parseExpression().rendered == printed)
    }
}
