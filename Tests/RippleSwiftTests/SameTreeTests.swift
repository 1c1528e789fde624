import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// A scenario file's Swift reads as the same Swift in a `.swift` file does: for every gallery scenario,
/// the declarations `ScenarioFile` gives are those `SwiftModule` gives for the file with its directives
/// blanked out, members, statements, expressions and locations alike. Finding the directives moves no
/// declaration and takes none of its text.
@Suite struct SameTreeTests {
    static let scenarios: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ripple") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test(arguments: scenarios)
    func topLevelDeclarationsMatch(_ path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let expected = ScenarioFile.read(source: source, file: path).syntax
        #expect(ScenarioFile.read(source: source, file: path).errors.isEmpty)
        var module = SwiftModule()
        module.add(source: DirectiveBlanking.swiftPart(of: source), file: path)
        #expect(module.errors.isEmpty, "\(module.errors)")
        #expect(module.declarations.count == expected.declarations.count)
        for (lowered, parsed) in zip(module.declarations, expected.declarations) where lowered != parsed {
            Issue.record("'\(parsed.name)' differs:\n\(SameTreeTests.firstDifference(String(reflecting: lowered), String(reflecting: parsed)))")
        }
    }

    /// The first place two dumps differ, with some context.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let a = Array(a), b = Array(b)
        var index = 0
        while index < min(a.count, b.count), a[index] == b[index] { index += 1 }
        let start = max(0, index - 200)
        return "swift file: …" + String(a[start..<min(a.count, index + 200)]) + "\nscenario file: …" + String(b[start..<min(b.count, index + 200)])
    }
}
