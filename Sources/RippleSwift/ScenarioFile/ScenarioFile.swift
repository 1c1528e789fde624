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
        /// How many steps were read as plain writes, without swift-syntax (`PlainWrites`).
        package var plainSteps = 0
    }

    /// Reads a scenario file's text; a file of many steps has them parsed on this thread and `cores - 1`
    /// others, to the same result.
    ///
    /// Steps of plain writes are read without swift-syntax (`PlainWrites`); `readsPlainWrites: false`
    /// has swift-syntax read them too, to the same result, which the tests check.
    package static func read(source: String, file: String, cores: Int = ProcessInfo.processInfo.activeProcessorCount,
                             readsPlainWrites: Bool = true) -> Reading {
        begin(source: source, file: file, cores: cores, overlapping: false, readsPlainWrites: readsPlainWrites).finish()
    }

    /// A file whose declarations are read and whose steps other threads may still be parsing.
    package struct StartedReading: Sendable {
        /// The file as read so far. Until `finish()`, its steps hold no statements when `isComplete` is false.
        package var declarations: Reading
        fileprivate var reader: DirectiveReader
        /// The reader before it read the declarations.
        fileprivate var before: DirectiveReader
        fileprivate var steps: TopLevelParse.StepsInProgress?

        /// Whether `declarations` is the whole file: one with too few steps to parse them in pieces.
        package var isComplete: Bool { steps == nil }

        /// The whole file, as `read(source:file:cores:)` gives it: parses on the calling thread the steps
        /// no other thread has taken yet, and waits for the rest.
        package func finish() -> Reading {
            guard let steps else { return declarations }
            var reader = reader
            reader.lowerSteps(steps.finish(), before: before)
            return ScenarioFile.reading(of: reader)
        }
    }

    /// Reads a scenario file's directives and declarations, and starts its steps on `cores - 1` other
    /// threads, so that the caller can resolve the declarations and build the tree meanwhile; `finish()`
    /// gives what `read` would have.
    package static func start(source: String, file: String, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> StartedReading {
        begin(source: source, file: file, cores: cores, overlapping: true)
    }

    /// Reads the directives and declarations and starts the steps' pieces: finer ones when the caller has
    /// work of its own to do before it finishes them (`overlapping`, see `TopLevelParse.start`).
    private static func begin(source: String, file: String, cores: Int, overlapping: Bool, readsPlainWrites: Bool = true) -> StartedReading {
        var reader = DirectiveReader(bytes: Array(source.utf8), file: file)
        reader.readsPlainWrites = readsPlainWrites
        reader.readDirectives()
        let before = reader
        let steps = reader.lowerDeclarations(cores: max(1, cores), overlapping: overlapping)
        return StartedReading(declarations: reading(of: reader), reader: reader, before: before, steps: steps)
    }

    /// What the reader found, its errors in source order and at most `Limits.maximumErrors` of them.
    private static func reading(of reader: DirectiveReader) -> Reading {
        var syntax = reader.syntax
        syntax.prelude = Prelude.declarations
        let sorted = reader.errors.sorted { $0.location < $1.location }
        let kept = Array(sorted.prefix(Limits.maximumErrors))
        return Reading(syntax: syntax, errors: kept, omitted: reader.omitted + sorted.count - kept.count, notes: reader.notes,
                       plainSteps: reader.plainSteps)
    }
}

extension Scenario {
    /// Reads, resolves and checks a scenario file's bytes, rejecting invalid UTF-8 and files over the size limit.
    package init(bytes: [UInt8], file: String) throws(DiagnosticError) {
        try self.init(source: try Scenario.text(of: bytes, file: file), file: file)
    }

    /// Reads, resolves and checks a scenario file's text. A file of many steps has them parsed on the other
    /// cores while the first variant's tree is built on this one.
    package init(source: String, file: String) throws(DiagnosticError) {
        if source.utf8.count > Self.maximumFileSize { throw Self.fileTooLarge(size: source.utf8.count, file: file) }
        try self.init(started: ScenarioFile.start(source: source, file: file), file: file)
    }

    /// Resolves and checks a file `ScenarioFile.start` began to read, its steps read while the first
    /// variant's tree is built; `standInRows` is the command line's `--rows`, `visibleRows` its
    /// `--visible-rows`, which a scenario's own `visible rows N` overrides.
    package init(started: ScenarioFile.StartedReading, file: String, standInRows: Int? = nil, visibleRows: Int? = nil) throws(DiagnosticError) {
        // Declarations with syntax errors are not resolved: the whole file's errors are reported together.
        guard !started.isComplete, started.declarations.errors.isEmpty else {
            var reading = started.finish()
            reading.syntax.standInRows = standInRows
            reading.syntax.visibleRows = reading.syntax.visibleRows ?? visibleRows
            try self.init(reading: reading, file: file)
            return
        }
        var declarations = started.declarations.syntax
        declarations.standInRows = standInRows
        declarations.visibleRows = declarations.visibleRows ?? visibleRows
        try self.init(declarations: declarations, file: file, notes: started.declarations.notes) {
            let whole = started.finish()
            return LaterSteps(steps: whole.syntax.steps, errors: whole.errors, omitted: whole.omitted,
                              notes: Array(whole.notes.dropFirst(started.declarations.notes.count)))
        }
    }

    /// Resolves and checks what reading a scenario file gave.
    package init(reading: ScenarioFile.Reading, file: String) throws(DiagnosticError) {
        // Resolving a tree with holes in it would only report the holes again: stop at syntax errors.
        if !reading.errors.isEmpty { throw DiagnosticError(reading.errors, omitted: reading.omitted) }
        try self.init(syntax: reading.syntax, file: file, notes: reading.notes)
    }
}
