import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// Every complete scenario in the docs (a ```swift block that starts with `scenario` and declares a
/// view) loads, and the expectations it holds pass: an example a reader copies does what the text says.
@Suite struct DocumentationExampleTests {
    static let documents = ["docs/Tutorial.md", "docs/Language.md", "docs/Semantics.md", "docs/Import.md", "README.md"]

    struct Example: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var source: String
        var testDescription: String { "\(document):\(line)" }
    }

    /// The complete scenarios among the snippets: they start with `scenario` and declare a view.
    static func examples() throws -> [Example] {
        try snippets().filter { $0.source.hasPrefix("scenario \"") && $0.source.contains(": View {") }
    }

    /// Every ```swift block of the docs, complete or a fragment (a declaration, a `step`, an `expect`),
    /// reads without a syntax error: what a reader copies is written as Ripple reads it.
    static func snippets() throws -> [Example] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        var found: [Example] = []
        for document in documents {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            var block: [String]?
            var start = 0
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                if block == nil, line == "```swift" {
                    block = []
                    start = index + 2
                } else if let lines = block, line == "```" {
                    found.append(Example(document: document, line: start, source: lines.joined(separator: "\n") + "\n"))
                    block = nil
                } else if block != nil {
                    block!.append(line)
                }
            }
        }
        return found
    }

    @Test(arguments: try snippets())
    func everySnippetReadsWithoutASyntaxError(_ example: Example) {
        let reading = ScenarioFile.read(source: example.source, file: example.testDescription)
        #expect(reading.errors.isEmpty, "\(example.testDescription): \(reading.errors.map(\.message))")
    }

    @Test func theDocsHoldExamples() throws {
        #expect(try Self.examples().count >= 10)
    }

    @Test(arguments: try examples())
    func anExampleLoadsAndItsExpectationsPass(_ example: Example) throws {
        let scenario = try Scenario(source: example.source, file: example.testDescription)
        for result in try ExpectationChecker.check(scenario) {
            #expect(result.passed, "\(example.testDescription): expectation for '\(result.step)' in '\(result.variant)' failed")
        }
    }
}
