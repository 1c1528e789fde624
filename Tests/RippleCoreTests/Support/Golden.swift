import Foundation
import Testing

/// Compares text with a golden file under `Snapshots/`; `RIPPLE_RECORD=1` writes the file instead.
func assertGolden(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RIPPLE_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record("missing golden file \(name); run with RIPPLE_RECORD=1 to record it", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
        let shownExpected = first < expectedLines.count ? String(expectedLines[first]) : "<end>"
        let shownActual = first < actualLines.count ? String(actualLines[first]) : "<end>"
        Issue.record("\(name) differs at line \(first + 1):\n  expected: \(shownExpected)\n  actual:   \(shownActual)\n(RIPPLE_RECORD=1 re-records)", sourceLocation: sourceLocation)
    }
}

/// The repository's folder, found from this file's path.
let repositoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Every bundled scenario file, by name.
let bundledScenarios: [String] = {
    let folder = repositoryURL.appendingPathComponent("Scenarios")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    // A scenario that reads app source (`source "apps/…"`) is loaded by the command line, which reads
    // files; the CLI tests check it.
    return names.filter { name in
        name.hasSuffix(".ripple") && !((try? bundledSource(name))?.split(separator: "\n").contains { $0.hasPrefix("source ") } ?? false)
    }.sorted()
}()

func bundledSource(_ name: String) throws -> String {
    try String(contentsOf: repositoryURL.appendingPathComponent("Scenarios").appendingPathComponent(name), encoding: .utf8)
}
