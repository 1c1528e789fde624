internal import Foundation
internal import SwiftSyntax
internal import RippleCore

/// A scenario file's top-level Swift, its steps' blocks included as `do { … }`, parsed and lowered.
///
/// swift-syntax as the toolchain ships it takes 40–80 µs a statement, and a generated scenario can hold
/// 10,000 writes. A step of plain writes alone is read without it (`PlainWrites`); when many other steps
/// are left, the file is parsed in pieces: one piece holds the declarations, each other a run of steps,
/// and each is the file's text with everything not its own blanked (line breaks kept), so every
/// declaration and statement is parsed once, at its own place. The declarations
/// are parsed on the calling thread and the runs of steps on other threads, which go on while the caller
/// resolves the declarations and builds the tree (`start`); the caller then parses the runs no thread has
/// taken. The pieces are joined in order. A file that stops the parse (a syntax error, a limit) stops it
/// once, where one parse of the whole file would: such a file is read again as one piece (its reader
/// does it), so that its errors do not depend on how many pieces there were or which thread parsed which.
struct TopLevelParse {
    /// A step's `do { … }` in the top-level text: where `do` starts, and the index after its `}`.
    struct StepBlock: Sendable {
        var start: Int
        var end: Int
    }

    /// What a piece, or all of them joined, gave.
    struct Result: Sendable {
        var declarations: [DeclarationSyntax] = []
        var extensions: [SwiftExtension] = []
        var rootCandidates: [SwiftLowering.RootCandidate] = []
        /// Each step's statements, by the step's index.
        var statements: [Int: [RippleStatement]] = [:]
        var errors: [Diagnostic] = []
        var notes: [Diagnostic] = []
        var omitted = 0
        /// Whether a piece stopped before lowering (a syntax error, a limit): then the pieces' errors are
        /// not those of the whole file, which stops at its first such problem and lowers nothing.
        var stopped = false
        /// How many steps were read as plain writes, without swift-syntax (`PlainWrites`).
        var plainSteps = 0
    }

    /// Fewest steps a piece of its own is worth.
    static let stepsPerPiece = 200

    /// The steps' pieces, being parsed on other threads while the caller goes on.
    struct StepsInProgress: Sendable {
        fileprivate let work: ParallelWork.StartedWork<Result>
        /// Whether the declarations' piece stopped.
        fileprivate let declarationsStopped: Bool
        /// The steps read as plain writes, by step index (`PlainWrites`).
        fileprivate let plain: [Int: [RippleStatement]]

        /// The pieces' results joined in order: what parsing them one after another gives. When any piece,
        /// the declarations' included, stopped (`Result.stopped`), the file is to be parsed as one piece.
        func finish() -> Result {
            var joined = TopLevelParse.join(work.finish())
            joined.statements.merge(plain) { parsed, _ in parsed }
            joined.plainSteps = plain.count
            joined.stopped = joined.stopped || declarationsStopped
            return joined
        }
    }

    /// Parses the declarations of `topLevel`, whose step blocks are `steps`, and returns them with the
    /// steps' pieces, which `cores - 1` threads of their own parse meanwhile. When the caller has work of
    /// its own to do before it finishes them (`overlapping`), the steps are cut into more pieces, so that
    /// what is left when it comes back is shared out finely. Nil steps when the file has too few to be
    /// worth pieces: then the declarations' result holds the steps too.
    ///
    /// A step of plain writes alone is read here (`PlainWrites`) and blanked in the text swift-syntax
    /// parses. When that parse stops (a syntax error, a limit), the file is parsed whole again with every
    /// step in it, so that its errors are those of the file as written. `readsPlainWrites: false` leaves
    /// every step to swift-syntax, which the tests compare with.
    static func start(_ topLevel: [UInt8], steps: [StepBlock], positions: SourcePositions, cores: Int,
                      overlapping: Bool, readsPlainWrites: Bool = true) -> (declarations: Result, steps: StepsInProgress?) {
        var text = topLevel
        var plain: [Int: [RippleStatement]] = [:]
        var parsed: [(index: Int, block: StepBlock)] = []
        for (index, step) in steps.enumerated() {
            if readsPlainWrites, let statements = PlainWrites.statements(of: topLevel, block: step, positions: positions) {
                plain[index] = statements
                for offset in step.start..<step.end where !SwiftExtents.isLineBreak(text[offset]) { text[offset] = .space }
            } else {
                parsed.append((index, step))
            }
        }
        var runs = min(overlapping ? 4 * cores : cores, parsed.count / stepsPerPiece)
        // The checks before parsing count over the whole text (brackets open at once, `else if`s): a file
        // past one is read as one piece, which stops there.
        if runs > 1, ParseGuard.firstProblem(in: String(decoding: topLevel, as: UTF8.self)) != nil { runs = 1 }
        guard runs > 1 else {
            var whole = parsePiece(text, base: 0, steps: parsed, positions: positions)
            if whole.stopped, !plain.isEmpty {
                return (parsePiece(topLevel, base: 0, steps: steps.enumerated().map { (index: $0.offset, block: $0.element) }, positions: positions), nil)
            }
            whole.statements.merge(plain) { parsed, _ in parsed }
            whole.plainSteps = plain.count
            return (whole, nil)
        }
        var declarations = text
        var pieces: [(bytes: [UInt8], base: Int, steps: [(index: Int, block: StepBlock)])] = []
        for run in 0..<runs {
            let first = parsed.count * run / runs
            let last = parsed.count * (run + 1) / runs
            let base = parsed[first].block.start
            var bytes = text[base..<parsed[last - 1].block.end].map { SwiftExtents.isLineBreak($0) ? $0 : UInt8.space }
            for step in parsed[first..<last] {
                for index in step.block.start..<step.block.end {
                    bytes[index - base] = text[index]
                    if !SwiftExtents.isLineBreak(text[index]) { declarations[index] = .space }
                }
            }
            pieces.append((bytes, base, Array(parsed[first..<last])))
        }
        let parts = pieces
        // The calling thread is the last of the `cores`: it parses the declarations, goes on with its own
        // work when `overlapping`, and then takes what is left of the steps.
        let work = ParallelWork.start(parts.count, threads: cores - 1) { index in
            let piece = parts[index]
            return parsePiece(piece.bytes, base: piece.base, steps: piece.steps, positions: positions)
        }
        let declared = parsePiece(declarations, base: 0, steps: [], positions: positions)
        return (declared, StepsInProgress(work: work, declarationsStopped: declared.stopped, plain: plain))
    }

    /// Results joined in order.
    private static func join(_ results: [Result]) -> Result {
        var joined = Result()
        for part in results {
            joined.declarations += part.declarations
            joined.extensions += part.extensions
            joined.rootCandidates += part.rootCandidates
            joined.statements.merge(part.statements) { first, _ in first }
            joined.errors += part.errors
            joined.notes += part.notes
            joined.omitted += part.omitted
            joined.stopped = joined.stopped || part.stopped
        }
        return joined
    }

    /// Parses one piece, which starts at `base` in the file and holds `steps`, each with its number.
    private static func parsePiece(_ bytes: [UInt8], base: Int, steps: [(index: Int, block: StepBlock)], positions: SourcePositions) -> Result {
        var piecePositions = positions
        piecePositions.base = base
        var result = Result()
        let (tree, problems, more) = SwiftParse.tree(of: String(decoding: bytes, as: UTF8.self), positions: piecePositions)
        result.errors = problems
        result.omitted = more
        guard let tree else {
            result.stopped = true
            return result
        }
        var stepAt: [Int: Int] = [:]
        for step in steps { stepAt[step.block.start] = step.index }
        var lowering = SwiftLowering(positions: piecePositions, closedWorld: true)
        for item in tree.statements {
            if case .stmt(let statement) = item.item, let block = statement.as(DoStmtSyntax.self),
               let step = stepAt[base + block.positionAfterSkippingLeadingTrivia.utf8Offset] {
                result.statements[step] = lowering.lowerBlock(block.body.statements)
            } else {
                lowering.lowerTopLevel(item)
            }
        }
        result.declarations = lowering.declarations
        result.extensions = lowering.extensions
        result.rootCandidates = lowering.rootCandidates
        result.errors += lowering.errors
        result.notes = lowering.notes
        return result
    }
}
