import Testing
@testable import RippleCore
import RippleSwift

/// `SyntaxWalker` visits every child of every statement and expression kind, in source order.
@Suite struct SyntaxWalkerTests {
    /// Records the identifiers it meets, in order.
    struct Identifiers: SyntaxWalker {
        var names: [String] = []

        mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
            switch expression.kind {
            case .identifier(let name), .dollar(let name): names.append(name)
            default: break
            }
            return .visitChildren
        }
    }

    /// The statements of step `s` of a scenario holding `statements`.
    static func statements(_ statements: String) throws -> [StatementSyntax] {
        let source = """
            scenario "walk"
            @Observable final class Model { var v: Int = 0 }
            struct Root: View {
                @State var model = Model()
                var body: some View { Text("x") }
            }
            step "s" {
            \(statements)
            }
            """
        let reading = ScenarioFile.read(source: source, file: "walk.ripple")
        return try #require(reading.syntax.steps.first).statements
    }

    static let kinds: [(kind: String, statements: String, names: [String])] = [
        ("identifier", "a", ["a"]),
        ("dollar", "f($b)", ["f", "b"]),
        ("string interpolation", #"f("x\(a) \(b.c)")"#, ["f", "a", "b"]),
        ("array", "f([a, b])", ["f", "a", "b"]),
        ("dictionary", "f([a: b, c: d])", ["f", "a", "c", "b", "d"]),
        ("member", "a.b.c", ["a"]),
        ("optional member", "a?.b", ["a"]),
        ("subscript", "a[b][c]", ["a", "b", "c"]),
        ("call", "f(a, label: b) { c } other: { d }", ["f", "a", "b", "c", "d"]),
        ("modifier", "f(a).m(b)", ["f", "a", "b"]),
        ("closure", "f { x in x + a }", ["f", "x", "a"]),
        ("unary", "f(!a)", ["f", "a"]),
        ("binary", "f(a + b)", ["f", "a", "b"]),
        ("ternary", "f(a ? b : c)", ["f", "a", "b", "c"]),
        ("force unwrap", "f(a!)", ["f", "a"]),
        ("paren", "f((a))", ["f", "a"]),
        ("assignment", "a = b", ["a", "b"]),
        ("compound assignment", "a += b", ["a", "b"]),
        ("let", "let x = a", ["a"]),
        ("if", "if a { b } else if c { d } else { e }", ["a", "b", "c", "d", "e"]),
        ("if let", "if let x = a, b { c }", ["a", "b", "c"]),
        ("if case", "if case .some(let x) = a { b }", ["a", "b"]),
        ("guard", "guard let x = a else { return }\nb", ["a", "b"]),
        ("switch", "switch a { case .x: b\ndefault: c }", ["a", "b", "c"]),
        ("for", "for x in a { b }", ["a", "b"]),
        ("environment write", "environment \\.colorScheme = a", ["a"]),
        ("view action", "task Row[a]", ["Row", "a"]),
    ]

    @Test(arguments: kinds.map(\.kind))
    func visitsEveryChild(of kind: String) throws {
        let entry = try #require(Self.kinds.first { $0.kind == kind })
        var walker = Identifiers()
        walker.walk(try Self.statements(entry.statements))
        #expect(walker.names == entry.names)
    }

    /// The resolver finds the views a body builds with the walker, so a view built in an `if let`
    /// condition or a string interpolation is one it builds: here, one that builds itself.
    @Test(arguments: [
        "if let label = Optional(Loop()) { Text(\"a\") }",
        "if case .some(let label) = Optional(Loop()) { Text(\"a\") }",
        "Text(\"\\(Loop())\")",
    ])
    func viewBuiltInAConditionOrInterpolationIsBuilt(_ body: String) {
        let found = diagnostics("""
            scenario "t"
            struct Root: View {
                var body: some View { Loop() }
            }
            struct Loop: View {
                var body: some View {
                    \(body)
                }
            }
            """)
        #expect(found.contains { $0.message == "view 'Loop' contains itself" }, "\(found.map(\.message))")
    }

    /// The checks made over a built-in view's argument walk every expression kind and stop at closures,
    /// which run later: a `/`, `%` or `Int(…)` may trap, an implicit member is a styling constant.
    @Test(arguments: [
        ("f(a / b)", true, false), ("f(a % b)", true, false), ("f(Int(a))", true, false), ("f(a + b)", false, false),
        ("f([a: b / c])", true, false), ("f(\"\\(a / b)\")", true, false), ("f(a ? b : c % d)", true, false),
        ("f(a[b / c])", true, false), ("f((a / b))", true, false), ("f { a / b }", false, false),
        ("f(.title)", false, true), ("f(a ? .red : .blue)", false, true), ("f(a.b(.c))", false, true),
        ("f { .title }", false, false), ("f(x: [.a])", false, true),
    ])
    func argumentChecksStopAtClosures(_ statement: String, mayTrap: Bool, hasImplicitMember: Bool) throws {
        guard case .expression(let expression) = try #require(Self.statements(statement).first).kind else {
            Issue.record("'\(statement)' is not an expression")
            return
        }
        #expect(expression.mayTrap == mayTrap)
        #expect(expression.hasImplicitMember == hasImplicitMember)
    }

    /// Records each view expression a builder's statements make, by its rendering.
    struct Views: ViewStatementWalker {
        var views: [String] = []

        mutating func visitView(_ expression: ExprSyntax) {
            views.append(expression.rendered)
        }
    }

    /// A view builder's walk meets the views of every branch and loop body, and neither a condition, a
    /// sequence nor a `let`'s value.
    @Test(arguments: [
        ("if a { A() } else if b { B() } else { C() }", ["A()", "B()", "C()"]),
        ("if let x = F() { A() }", ["A()"]),
        ("if case .some(let x) = F() { A() }", ["A()"]),
        ("switch a { case .x: A()\ndefault: B() }", ["A()", "B()"]),
        ("guard let x = F() else { return }\nA()", ["A()"]),
        ("for x in F() { A() }", ["A()"]),
        ("let v = F()\nA()", ["A()"]),
        ("a = F()\nA()", ["A()"]),
    ])
    func aViewBuildersWalkMeetsItsViews(_ statements: String, views: [String]) throws {
        var walker = Views()
        walker.walk(try Self.statements(statements))
        #expect(walker.views == views)
    }
}
