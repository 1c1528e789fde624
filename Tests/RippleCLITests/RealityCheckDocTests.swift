import Foundation
import Testing
@testable import RippleCLI

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// docs/RealityCheck.md, followed as the page says: its app and scenario saved, the console log it
/// shows saved as `counter.log`, and `ripple compare` printing what the page shows.
@Suite struct RealityCheckDocTests {
    static let page = "docs/RealityCheck.md"

    @Test func theRecipeComparesAsThePageShows() throws {
        try #require(DocCommands.binaryIsBuilt, "build the ripple product first (swift build)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DocCommands.copy("Tests/Fixtures/RealityCheck/counter-console.txt", to: "counter.log", in: folder)
        let pieces = try DocCommands.pieces(of: Self.page)
        #expect(pieces.contains { if case .save("Counter/App.swift", _) = $0 { true } else { false } })
        #expect(pieces.contains { if case .save("counter.ripple", _) = $0 { true } else { false } })
        #expect(pieces.contains { if case .shown("ripple compare counter.log counter.ripple", _, _) = $0 { true } else { false } })
        #expect(try DocCommands.follow(Self.page, in: folder) == [])
    }

    /// The log the page shows is the fixture the test compares, the recipe names the calls and the
    /// capture it describes, and the helper keeps its calls to debug builds.
    @Test func thePageShowsWhatItTests() throws {
        let text = try String(contentsOf: repository.appendingPathComponent(Self.page), encoding: .utf8)
        let log = try String(contentsOf: repository.appendingPathComponent("Tests/Fixtures/RealityCheck/counter-console.txt"), encoding: .utf8)
        #expect(text.contains("```text\n" + log + "```\n"))
        for phrase in ["let _ = Self._printChanges()", "Self._logChanges()", "#if DEBUG", "print(\"ripple-step: add\")",
                       "log stream --level debug --predicate 'subsystem == \"com.apple.SwiftUI\" AND category == \"Changed Body Properties\" OR eventMessage BEGINSWITH \"ripple-step:\"'",
                       "`--format json`", "## When Ripple is wrong"] {
            #expect(text.contains(phrase), "\(phrase)")
        }
        for grade in ["confirmed", "extra in the app", "extra in Ripple", "not recorded", "not in the scenario"] {
            #expect(text.contains("| **\(grade)** |"), "\(grade)")
        }
        // Every field of the JSON document is in the page's table.
        let fields = ["version", "log", "scenario", "logFormat", "variant", "semantics", "comparison", "boundaries", "gap", "matching",
                      "steps", "unpairedLogSteps", "skippedLines", "grades", "disagreements", "agrees", "notes"]
        for field in fields { #expect(text.contains("`\(field)`"), "\(field)") }
        let helper = try #require(text.components(separatedBy: "static func recordChanges() {\n").dropFirst().first)
        #expect(helper.hasPrefix("        #if DEBUG\n"))
    }
}
