import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// `#elseif` clauses are counted before the parse, like `else if` links.
@Suite struct IfConfigClauseLimitTests {
    static func source(clauses: Int) -> String {
        "import SwiftUI\nstruct Root: View {\n    var body: some View {\n        #if FLAG\n        Text(\"x\")\n"
            + (0..<clauses).map { "        #elseif FLAG\($0)\n        Text(\"\($0)\")\n" }.joined()
            + "        #else\n        Text(\"none\")\n        #endif\n    }\n}\n"
    }

    /// 20,000 take swift-syntax 20 s to read: past the limit the file is refused at the first clause too many.
    @Test func moreThanTheLimitAreRefusedBeforeTheParse() throws {
        let started = Date()
        let result = loadSwift(Self.source(clauses: 20_000))
        #expect(result.module.errors.map(\.message) == ["the file has more than 1000 '#elseif' (limit: #elseif clauses)"])
        #expect(result.module.errors.map(\.location.line) == [6 + 2 * 1_000])
        #expect(result.module.errors.map(\.location.column) == [9])
        #expect(Date().timeIntervalSince(started) < 5)
        do {
            _ = try Scenario(source: "scenario \"t\"\n" + Self.source(clauses: 1_001).dropFirst("import SwiftUI\n".count), file: "t.ripple")
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["the file has more than 1000 '#elseif' (limit: #elseif clauses)"])
            #expect(error.diagnostics.map(\.location.line) == [6 + 2 * 1_000])
        }
    }

    @Test func theLimitItselfLoadsAndWordsThatOnlyStartAlikeDoNotCount() throws {
        #expect(loadSwift(Self.source(clauses: 1_000)).scenario != nil)
        let comments = (0..<1_100).map { "// #elseif \($0)\nlet s\($0) = \"#elseif\"\n" }.joined()
        #expect(loadSwift(comments + "struct A: View { var body: some View { Text(\"#elseif\") } }").module.errors.isEmpty)
    }
}
