import Testing
import Foundation
@testable import RippleCore

@Suite struct TmpTiming {
    @Test func timing() throws {
        let g = CaseGenerator(seed: 1)
        let cases = (0..<500).map { g.makeCase(index: $0) }
        let clock = ContinuousClock()
        var t = clock.now
        for c in cases { _ = Oracle.run(c) }
        print("TIMING real", clock.now - t)
        t = clock.now
        let texts = cases.map { ScenarioText.make($0) }
        print("TIMING text", clock.now - t)
        t = clock.now
        for text in texts { var l = Lexer(source: text, file: "x"); _ = l.tokenize() }
        print("TIMING lex", clock.now - t)
        t = clock.now
        for text in texts { _ = Array(text) }
        print("TIMING chars", clock.now - t)
        let decl = "scenario \"x\"\n" + OracleModelText.declarations
        t = clock.now
        for _ in texts { _ = Parser.parse(source: decl, file: "x") }
        print("TIMING parse-decl-only", clock.now - t)
        t = clock.now
        for text in texts { _ = Parser.parse(source: text, file: "x") }
        print("TIMING parse", clock.now - t)
        t = clock.now
        for text in texts { let (syntax, _) = Parser.parse(source: text, file: "x"); var r = Resolver(); _ = r.resolve(syntax) }
        print("TIMING parse+resolve", clock.now - t)
        t = clock.now
        for text in texts { _ = try Scenario(source: text, file: "x") }
        print("TIMING scenario", clock.now - t)
    }
}
