import Testing
@testable import RippleCore
import RippleSwift

/// A scenario file's Swift goes through the same parser and lowering as a `.swift` file: what one
/// accepts, the other does. Each construct here was refused in scenario files by the parser that read
/// them before swift-syntax did; it loads in both now, to the same result.
@Suite struct ScenarioFileTests {
    static let root = "struct Root: View {\n    var body: some View { Text(\"a\") }\n}\n"

    static let accepted: [(name: String, swift: String)] = [
        ("await", "struct Root: View {\n    let title: String = \"t\"\n    var body: some View { Text(await title) }\n}\n"),
        ("try", "struct Root: View {\n    let title: String = \"t\"\n    var body: some View { Text(try title) }\n}\n"),
        ("dotted import", "import Foundation.NSObject\n" + root),
        ("explicit getter", "@Observable final class Model {\n    var total: Int { get { 1 } }\n}\n" + root),
        ("lazy property", "@Observable final class Model {\n    lazy var total: Int = 0\n}\n" + root),
        ("nested type", "struct Root: View {\n    struct Inner { var a: Int = 1 }\n    var body: some View { Text(\"a\") }\n}\n"),
        ("weak reference", "@Observable final class Model {\n    weak var parent: Model?\n}\n" + root),
        ("async function type", "struct Root: View {\n    let load: () async -> Void = {}\n    var body: some View { Text(\"a\") }\n}\n"),
        ("throwing function type", "struct Root: View {\n    let load: () throws -> Void = {}\n    var body: some View { Text(\"a\") }\n}\n"),
    ]

    @Test(arguments: accepted.map(\.name))
    func aConstructAcceptedInSwiftIsAcceptedInAScenarioFile(_ name: String) throws {
        let swift = try #require(Self.accepted.first { $0.name == name }).swift
        let app = loadSwift(swift)
        #expect(app.module.errors.isEmpty, "\(app.module.errors)")
        #expect(app.error == nil, "\(String(describing: app.error))")
        let scenario = try Scenario(source: "scenario \"t\"\n" + swift, file: "t.ripple")
        let fromSwift = try #require(app.scenario).simulate()
        let fromScenarioFile = try scenario.simulate()
        #expect(fromScenarioFile.variants.map(\.steps.count) == fromSwift.variants.map(\.steps.count))
    }

    @Test func directivesAtTheStartOfALineEndADeclarationLeftOpen() {
        // The step at the start of a line is still read as a step; the struct it ends is reported open.
        let found = diagnostics("scenario \"t\"\nstruct Root: View {\n    var body: some View { Text(\"a\") }\nstep \"s\" { Root.x = 1 }\n")
        #expect(found.first?.message == "expected '}' to close 'Root', found end of file")
        #expect(found.first?.location.line == 5)
    }

    @Test func anEnvironmentWriteIsReadInsideAStep() throws {
        let reading = ScenarioFile.read(source: "scenario \"t\"\n" + Self.root + "step \"s\" {\n    environment \\.colorScheme = .dark\n}\n", file: "t.ripple")
        #expect(reading.errors.isEmpty)
        let statement = try #require(reading.syntax.steps.first?.statements.first)
        guard case .environmentWrite(let key, _) = statement.kind else { Issue.record("\(statement.kind)"); return }
        #expect(key == "colorScheme")
        #expect(statement.location.line == 6 && statement.location.column == 5)
    }
}
