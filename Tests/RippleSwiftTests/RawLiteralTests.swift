import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// Raw strings (`#"…"#`) are read raw, and emitted as Swift that means the same.
@Suite struct RawStringTests {
    /// The value of `let s = LITERAL` in a view, as Ripple reads it.
    static func value(of literal: String) throws -> String? {
        let result = loadSwift("import SwiftUI\nstruct Root: View {\n    let n = 2\n    let s = \(literal)\n    var body: some View { Text(s) }\n}\n")
        let scenario = try #require(result.scenario, "\(String(describing: result.error)) \(result.module.errors)")
        guard case .type(let root)? = scenario.syntax.declarations.first(where: { $0.name == "Root" }),
              case .string(let parts)? = root.properties.first(where: { $0.name == "s" })?.initializer?.kind else { return nil }
        return parts.map { part in
            switch part {
            case .text(let text): text
            case .interpolation(let e): "<" + e.rendered + ">"
            }
        }.joined()
    }

    @Test(arguments: [
        (##"#"\u{41}"#"##, #"\u{41}"#),
        (##"#"\(not)"#"##, #"\(not)"#),
        (##"#"trailing\"#"##, #"trailing\"#),
        (##"#"\n is two characters"#"##, #"\n is two characters"#),
        (##"#"an escape \#n and \#u{41}"#"##, "an escape \n and A"),
        (##"#"in \#(n) raw"#"##, "in <n> raw"),
        (###"##"a \#(n) b \##(n) \#n \##t"##"###, "a \\#(n) b <n> \\#n \t"),
        (#""\\u{41} \u{41}""#, #"\u{41} A"#),
    ])
    func aRawStringIsReadRaw(literal: String, value: String) throws {
        #expect(try Self.value(of: literal) == value)
    }

    /// Printed back, the value is a plain literal whose escapes give the same characters.
    @Test func aRawStringIsEmittedAsSwiftThatMeansTheSame() throws {
        let value = try #require(try Self.value(of: ##"#"\u{41} \(not) \"#"##))
        let printed = SwiftPrinter().expression(ExprSyntax(.string([.text(value)]), at: SourceLocation(file: "t", line: 1, column: 1)), level: 0)
        #expect(printed == #""\\u{41} \\(not) \\""#)
        #expect(try Self.value(of: printed) == value)
    }

    /// The scan before the parse reads raw strings as strings: `\(` in one opens no interpolation.
    @Test func theScanBeforeTheParseReadsRawStrings() throws {
        #expect(try Self.value(of: ##"#"\($ [[[[[[[[[[[[[[[[ )"#"##) == #"\($ [[[[[[[[[[[[[[[[ )"#)
        #expect(try Self.value(of: ###"##"\#($ ) "# "##"###) == ##"\#($ ) "# "##)
        #expect(try Self.value(of: "#\"\"\"\n    \\(\\#n$ \\\n    \"\"\"#") == "\\(\n$ \\")
        // An interpolation in a raw string is code, and is scanned as such.
        let interpolated = loadSwift("let a = [1]\nlet s = #\"x \\#(a" + String(repeating: "[", count: 40) + "0)\"#\n")
        #expect(interpolated.module.errors.map(\.message) == ["more than 12 '[' are open at once (limit: bracket depth)"])
    }
}

/// Raw identifiers (Swift 6.2: any text in backticks) are names wherever the front end reads names.
@Suite struct RawIdentifierTests {
    static let source = """
        import SwiftUI
        struct `${x}`: View {
            let `load data` = "a"
            var body: some View { Text(`load data`) }
        }
        struct Root: View {
            @State private var `$count` = 0
            var body: some View {
                VStack {
                    `${x}`()
                    Text("\\(`$count`)")
                    Button("Add") { `$count` += 1 }
                }
            }
        }

        """

    @Test func aViewAndItsPropertiesMayHaveRawNames() throws {
        let result = loadSwift(Self.source, root: "Root")
        let scenario = try #require(result.scenario, "\(String(describing: result.error)) \(result.module.errors)")
        #expect(instancePaths(scenario) == ["Root", "Root/${x}"])
        let names = scenario.syntax.declarations.map(\.name)
        #expect(names.contains("${x}"))
        guard case .type(let view)? = scenario.syntax.declarations.first(where: { $0.name == "${x}" }) else { return }
        #expect(view.properties.map(\.name) == ["load data", "body"])
    }

    @Test func aRawNameInAScenarioFileIsANameToo() throws {
        let text = "scenario \"t\"\n" + Self.source.replacingOccurrences(of: "import SwiftUI\n", with: "").replacingOccurrences(of: "$count", with: "the count")
            // The resolver finds the root as the view no view builds, and takes only a capitalized call for a view built.
            .replacingOccurrences(of: "${x}", with: "X-ray view")
            + "step \"add\" { `the count` += 1 }\nexpect \"add\" { evaluates Root }\n"
        let scenario = try Scenario(source: text, file: "t.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
    }

    /// A `$` that starts no name is still refused, at its place.
    @Test func aDollarOutsideBackticksStillNeedsAName() {
        let result = loadSwift("struct A: View {\n    var body: some View { Text($ ) }\n}\n")
        #expect(result.module.errors.map(\.message) == ["expected a name after '$'"])
        #expect(result.module.errors.map(\.location.line) == [2])
        #expect(result.module.errors.map(\.location.column) == [32])
    }
}
