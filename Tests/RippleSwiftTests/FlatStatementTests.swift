import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// A `switch`, an `else if` chain and a run of `guard`s are lowered so that nothing walking Ripple's tree
/// recurses once per case, link or guard: as a chain of nested `if`s, a `switch` of 5,000 cases would
/// overflow the stack of every walk over it, and one of 50,000 the stack of what frees it.
@Suite struct FlatStatementTests {
    /// A view whose body switches over `n` in `count` cases; the last builds `Last`, the others text.
    static func switchView(cases count: Int, selecting selected: Int) -> String {
        var text = "struct Root: View {\n    @State private var n = \(selected)\n    var body: some View {\n        switch n {\n"
        for index in 0..<count - 1 { text += "        case \(index): Text(\"\(index)\")\n" }
        text += "        case \(count - 1): Last()\n        default: Text(\"other\")\n        }\n    }\n}\n"
        return text + "struct Last: View {\n    var body: some View { Text(\"last\") }\n}\n"
    }

    @Test(arguments: [5_000, 50_000])
    func aLongSwitchInSwiftSourceBuildsTheCaseThatMatches(cases: Int) throws {
        let started = Date()
        let result = loadSwift("import SwiftUI\n" + Self.switchView(cases: cases, selecting: cases - 1))
        let scenario = try #require(result.scenario, "\(String(describing: result.error)) \(result.module.errors)")
        #expect(instancePaths(scenario).contains { $0.hasSuffix("Last") }, "\(instancePaths(scenario))")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test(arguments: [5_000, 50_000])
    func aLongSwitchInAScenarioFileRunsItsSteps(cases: Int) throws {
        let text = "scenario \"switch\"\n" + Self.switchView(cases: cases, selecting: 0) + """
            step "last" { n = \(cases - 1) }
            step "other" { n = \(cases) }
            expect "last" { evaluates Root, Last; appears Last }
            expect "other" { evaluates Root; disappears Last }

            """
        let started = Date()
        let scenario = try Scenario(source: text, file: "switch.ripple")
        let results = try ExpectationChecker.check(scenario)
        #expect(!results.isEmpty && results.allSatisfy(\.passed), "\(results)")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// A `case` of thousands of patterns is one condition split in halves, a dozen levels deep.
    @Test func aCaseOfThousandsOfPatternsLoads() throws {
        let patterns = (0..<5_000).map(String.init).joined(separator: ", ")
        let source = "import SwiftUI\nstruct Root: View {\n    @State private var n = 4999\n    var body: some View {\n"
            + "        switch n {\n        case \(patterns): Last()\n        default: Text(\"other\")\n        }\n    }\n}\n"
            + "struct Last: View {\n    var body: some View { Text(\"last\") }\n}\n"
        let scenario = try #require(loadSwift(source).scenario)
        #expect(instancePaths(scenario).contains { $0.hasSuffix("Last") })
    }

    /// The clauses of a `switch` and of an `else if` chain are one statement, each clause at its place.
    @Test func aSwitchIsOneStatementOfOneClausePerCase() throws {
        var module = SwiftModule()
        module.add(source: """
            struct Root: View {
                @State private var n = 0
                var body: some View {
                    switch n {
                    case 0: Text("zero")
                    case 1, 2, 3: Text("few")
                    default: Text("many")
                    }
                    if n == 0 { Text("a") } else if n == 1 { Text("b") } else if n == 2 { Text("c") }
                }
            }
            """, file: "App.swift")
        let syntax = module.scenario(title: "t", file: "App.swift", root: nil)
        guard case .type(let root)? = syntax.declarations.first, let body = root.properties.first(where: { $0.name == "body" })?.getter else {
            Issue.record("no body")
            return
        }
        #expect(body.count == 2)
        guard case .ifStatement(let cases, let otherwise) = body[0].kind, case .ifStatement(let links, let last) = body[1].kind else {
            Issue.record("not two if statements: \(body.map(\.rendered))")
            return
        }
        #expect(cases.map(\.location.line) == [5, 6])
        #expect(cases.map(\.location.column) == [9, 9])
        #expect(otherwise?.count == 1)
        #expect(links.map(\.location.line) == [9, 9, 9])
        #expect(links.map(\.location.column) == [9, 38, 67])
        #expect(last == nil)
        // Printed, the chain is the `else if` chain it was.
        #expect(body[1].rendered == "if n == 0 { Text(\"a\") } else { if n == 1 { Text(\"b\") } else { if n == 2 { Text(\"c\") } } }")
        #expect(SwiftPrinter().statement(body[1], level: 0)
            == "if n == 0 {\n    Text(\"a\")\n} else if n == 1 {\n    Text(\"b\")\n} else if n == 2 {\n    Text(\"c\")\n}")
    }

    // MARK: - Guards

    /// `count` guards in a row, then what they guard.
    static func guards(_ count: Int, indent: String = "        ") -> String {
        (0..<count).map { "\(indent)guard n != \($0 + 1_000) else { return Text(\"x\") }\n" }.joined()
    }

    /// Each `guard` nests what follows it: the 65th in a row is refused at its place, in app source and in
    /// a scenario file alike, so that 5,000 cannot overflow the stack of the lowering.
    @Test(arguments: [65, 5_000])
    func guardsPastTheNestingDepthAreRefusedWhereTheyCrossIt(count: Int) throws {
        let view = "struct Root: View {\n    @State private var n = 0\n    var label: Text {\n" + Self.guards(count)
            + "        return Text(\"y\")\n    }\n    var body: some View { label }\n}\n"
        let swift = loadSwift("import SwiftUI\n" + view)
        #expect(swift.module.errors.map(\.message) == ["statements are nested more than 64 levels deep (limit: nesting depth)"])
        #expect(swift.module.errors.map(\.location.line) == [5 + 64])
        #expect(swift.module.errors.map(\.location.column) == [9])
        do {
            _ = try Scenario(source: "scenario \"t\"\n" + view, file: "t.ripple")
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["statements are nested more than 64 levels deep (limit: nesting depth)"])
            #expect(error.diagnostics.map(\.location.line) == [5 + 64])
        }
    }

    @Test func sixtyFourGuardsLoadAndRun() throws {
        let view = "struct Root: View {\n    @State private var n = 0\n    var label: Text {\n" + Self.guards(64)
            + "        return Text(\"\\(n)\")\n    }\n    var body: some View { label }\n}\n"
        let scenario = try Scenario(source: "scenario \"t\"\n" + view + "step \"set\" { n = 1000 }\nexpect \"set\" { evaluates Root }\n", file: "t.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
    }

    /// `if`s nested inside `if`s count the same way.
    @Test func nestedIfsPastTheNestingDepthAreRefused() {
        let opening = (0..<65).map { _ in "if n > 0 { " }.joined()
        let source = "import SwiftUI\nstruct Root: View {\n    @State private var n = 0\n    var body: some View {\n        "
            + opening + "Text(\"x\")" + String(repeating: " }", count: 65) + "\n    }\n}\n"
        let result = loadSwift(source)
        #expect(result.module.errors.map(\.message) == ["statements are nested more than 64 levels deep (limit: nesting depth)"])
        #expect(result.module.errors.map(\.location.line) == [5])
        #expect(result.module.errors.map(\.location.column) == [9 + 64 * 11])
    }

    /// What guards nest adds to the expressions inside them: a statement taller than swift-syntax's limit
    /// is refused with that limit's error, where the lowering builds it.
    @Test func guardsAroundADeepExpressionAreHeldToTheSwiftNestingDepth() {
        let members = String(repeating: ".a", count: 460)
        let source = "import SwiftUI\nstruct Root: View {\n    @State private var n = 0\n    var label: Text {\n" + Self.guards(60)
            + "        return Text(verbatim: n\(members))\n    }\n    var body: some View { label }\n}\n"
        let result = loadSwift(source)
        // The return statement is 462 levels tall (a call, 460 members, a name); the 22nd guard from the
        // top is the first, folding from the last, to make 501.
        #expect(result.module.errors.map(\.message) == ["the code nests more than 500 levels deep (501 here) (limit: Swift nesting depth)"])
        #expect(result.module.errors.map(\.location.line) == [5 + 21])
        #expect(result.module.errors.map(\.location.column) == [9])
    }
}
