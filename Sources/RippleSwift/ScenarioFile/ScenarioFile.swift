package import RippleCore
internal import Foundation

/// A scenario file (`*.ripple`) read by the Swift front end: Ripple's directives read by
/// `DirectiveReader`, the Swift between and inside them by swift-syntax and the same lowering as app
/// source, so that whatever one accepts the other does. A scenario file is a closed world, written for
/// Ripple: what the lowering would note as not simulated is an error there.
package enum ScenarioFile {
    /// What reading a file gave: its tree, its first `Limits.maximumErrors` errors in source order and
    /// how many more there were, and notes on how it was read.
    package struct Reading: Sendable {
        package var syntax: ScenarioSyntax
        package var errors: [Diagnostic]
        package var omitted: Int
        package var notes: [Diagnostic]
    }

    /// Reads a scenario file's text; a file of many steps is parsed on up to `cores` threads, to the same result.
    package static func read(source: String, file: String, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Reading {
        var reader = DirectiveReader(bytes: Array(source.utf8), file: file)
        reader.readDirectives()
        reader.lowerSwift(cores: max(1, cores))
        var syntax = reader.syntax
        syntax.prelude = Prelude.declarations
        let sorted = reader.errors.sorted { $0.location < $1.location }
        let kept = Array(sorted.prefix(Limits.maximumErrors))
        return Reading(syntax: syntax, errors: kept, omitted: reader.omitted + sorted.count - kept.count, notes: reader.notes)
    }
}

extension Scenario {
    /// Reads, resolves and checks a scenario file's bytes, rejecting invalid UTF-8 and files over the size limit.
    package init(bytes: [UInt8], file: String) throws(DiagnosticError) {
        try self.init(source: try Scenario.text(of: bytes, file: file), file: file)
    }

    /// Reads, resolves and checks a scenario file's text.
    package init(source: String, file: String) throws(DiagnosticError) {
        if source.utf8.count > Self.maximumFileSize { throw Self.fileTooLarge(size: source.utf8.count, file: file) }
        try self.init(reading: ScenarioFile.read(source: source, file: file), file: file)
    }

    /// Resolves and checks what reading a scenario file gave.
    package init(reading: ScenarioFile.Reading, file: String) throws(DiagnosticError) {
        // Resolving a tree with holes in it would only report the holes again: stop at syntax errors.
        if !reading.errors.isEmpty { throw DiagnosticError(reading.errors, omitted: reading.omitted) }
        try self.init(syntax: reading.syntax, file: file, notes: reading.notes)
    }
}
