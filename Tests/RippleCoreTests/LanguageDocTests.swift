import Foundation
import Testing

/// What `docs/Language.md` says a scenario cannot contain is what Ripple says: every message in its
/// table of unsupported constructs is the message an invalid fixture or a diagnostics test gets.
@Suite struct LanguageDocTests {
    /// The backticked messages of the table under "## What is not supported".
    static func documentedMessages() throws -> [String] {
        let url = repositoryURL.appendingPathComponent("docs/Language.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let start = text.range(of: "## What is not supported") else { return [] }
        var messages: [String] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") || line.hasPrefix("### ") { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard line.hasPrefix("|"), cells.count >= 3, !cells[2].contains("---"), cells[2].trimmingCharacters(in: .whitespaces) != "message" else { continue }
            let parts = cells[2].split(separator: "`", omittingEmptySubsequences: false)
            messages += stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
        }
        return messages
    }

    /// The messages the tests check: each invalid fixture's first error and each diagnostics case's.
    static func testedMessages() -> Set<String> {
        var messages = Set(invalidCases.map(\.message))
        for fixture in FixtureFile.all(in: "Invalid") {
            let expected = fixture.url.deletingPathExtension().appendingPathExtension("expected")
            guard let line = try? String(contentsOf: expected, encoding: .utf8).split(separator: "\n").first,
                  let range = line.range(of: ": error: ") else { continue }
            messages.insert(String(line[range.upperBound...]))
        }
        return messages
    }

    /// A reader cannot open a path of the machine a document was written on: the docs cite public sources.
    @Test func noDocumentNamesAPathOfTheMachineItWasWrittenOn() throws {
        let docs = repositoryURL.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"]
        #expect(names.count > 5)
        for name in names {
            let text = try String(contentsOf: repositoryURL.appendingPathComponent(name), encoding: .utf8)
            for prefix in ["/work/", "/tmp/", "/root/", "/home/"] {
                #expect(!text.contains(prefix), "\(name) names a path under \(prefix)")
            }
        }
    }

    @Test func everyUnsupportedConstructTheDocsNameGivesTheMessageTheyQuote() throws {
        let documented = try Self.documentedMessages()
        #expect(documented.count > 30)
        let tested = Self.testedMessages()
        for message in documented {
            #expect(tested.contains(message), "docs/Language.md quotes '\(message)', which no fixture or diagnostics test gets")
        }
    }
}
