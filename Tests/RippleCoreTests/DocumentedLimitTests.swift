import Foundation
import Testing
@testable import RippleCore
import RippleSwift

private let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs")

/// Each limit's message, with the value the code uses, is what the documentation says.
@Suite struct DocumentedLimitTests {
    static let messages: [(limit: String, text: String, inLanguage: Bool)] = [
        ("file size", "scenarios are limited to \(Scenario.maximumFileSize) bytes (limit: file size)", true),
        ("steps", "at most \(Scenario.maximumSteps) are allowed (limit: steps)", true),
        ("instances", "the scenario creates more than \(Engine.maximumInstances) view instances (limit: instances)", true),
        ("work per step", "the scenario needs more than \(Engine.maximumWork) evaluation steps (limit: work per step)", true),
        ("total work", "the scenario needs more than \(Engine.maximumTotalWork) evaluation steps in all (limit: total work)", false),
        ("call depth", "recursion deeper than \(Engine.maximumCallDepth) (limit: call depth)", true),
        ("value size", "value holds more than \(Engine.maximumValueSize) elements (limit: value size)", true),
        ("nesting depth", "views are nested more than \(Limits.maximumNestingDepth) levels deep", true),
        ("Swift nesting depth", "the code nests more than \(SwiftModule.maximumDepth) levels deep (N here) (limit: Swift nesting depth)", true),
        ("expression length", "expression has more than \(Limits.maximumChainLength) operators (limit: expression length)", true),
        ("statement nesting", "statements are nested more than \(Limits.maximumNestingDepth) levels deep (limit: nesting depth)", false),
        ("#elseif clauses", "the file has more than \(ParseGuard.maximumIfConfigClauses) '#elseif' (limit: #elseif clauses)", false),
        ("audit work", "took more than \(Simulation.maximumAuditWork) evaluation steps before it (limit: audit work)", false),
        ("memory", "past its ceiling of \(MemoryCeiling.defaultMegabytes) MB (limit: memory)", false),
        ("unknown recursion", "it is cut \(Limits.maximumUnknownRecursion) levels down (limit: unknown recursion)", false),
        ("untaken sides", "\(UntakenBranches.maximumWork) work units per body evaluation", false),
    ]

    @Test(arguments: messages.map(\.limit))
    func theDocsGiveTheLimitTheCodeHas(_ limit: String) throws {
        let entry = try #require(Self.messages.first { $0.limit == limit })
        let reliability = try String(contentsOf: docs.appendingPathComponent("Reliability.md"), encoding: .utf8)
        #expect(reliability.contains(entry.text), "docs/Reliability.md: \(entry.text)")
        if entry.inLanguage {
            let language = try String(contentsOf: docs.appendingPathComponent("Language.md"), encoding: .utf8)
            #expect(language.contains(entry.text), "docs/Language.md: \(entry.text)")
        }
    }
}
