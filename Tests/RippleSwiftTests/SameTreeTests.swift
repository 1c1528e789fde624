import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// The Swift front end reads the Swift in every gallery scenario as the scenario parser does: the same
/// declarations, members, statements and expressions, at the same locations.
@Suite struct SameTreeTests {
    static let scenarios: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ripple") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test(arguments: scenarios)
    func topLevelDeclarationsMatch(_ path: String) throws {
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let (expected, diagnostics) = Parser.parse(source: source, file: path)
        #expect(diagnostics.isEmpty)
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
        return "swift front end: …" + String(a[start..<min(a.count, index + 200)]) + "\nscenario parser: …" + String(b[start..<min(b.count, index + 200)])
    }
}
