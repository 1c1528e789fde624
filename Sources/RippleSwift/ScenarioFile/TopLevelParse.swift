internal import Foundation
internal import SwiftSyntax
internal import RippleCore

/// A scenario file's top-level Swift, its steps' blocks included as `do { … }`, parsed and lowered.
///
/// swift-syntax takes about 50 µs a statement, and a generated scenario can hold 10,000 writes; a file
/// with many steps is therefore parsed in pieces on every core: one piece holds the declarations, each
/// other a run of steps, and each is the file's text with everything not its own blanked (line breaks
/// kept), so every declaration and statement is parsed once, at its own place. The pieces are joined
/// in order: the result does not depend on how many cores there are.
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
    }

    /// Fewest steps a piece of its own is worth.
    static let stepsPerPiece = 200

    /// Parses `topLevel`, whose step blocks are `steps`, in up to `cores` runs of steps beside the declarations.
    static func parse(_ topLevel: [UInt8], steps: [StepBlock], positions: SourcePositions, cores: Int) -> Result {
        let runs = min(cores, steps.count / stepsPerPiece)
        guard runs > 1 else { return parsePiece(topLevel, base: 0, steps: steps, first: 0, positions: positions) }
        var declarations = topLevel
        var pieces: [(bytes: [UInt8], base: Int, first: Int, count: Int)] = []
        for run in 0..<runs {
            let first = steps.count * run / runs
            let last = steps.count * (run + 1) / runs
            let base = steps[first].start
            var bytes = topLevel[base..<steps[last - 1].end].map { SwiftExtents.isLineBreak($0) ? $0 : UInt8.space }
            for step in steps[first..<last] {
                for index in step.start..<step.end {
                    bytes[index - base] = topLevel[index]
                    if !SwiftExtents.isLineBreak(topLevel[index]) { declarations[index] = .space }
                }
            }
            pieces.append((bytes, base, first, last - first))
        }
        pieces.insert((declarations, 0, 0, 0), at: 0)
        let results = IndexedResults<Result>(count: pieces.count)
        let parts = pieces
        ParallelWork.perform(iterations: parts.count) { index in
            let piece = parts[index]
            results.store(parsePiece(piece.bytes, base: piece.base, steps: Array(steps[piece.first..<piece.first + piece.count]),
                                     first: piece.first, positions: positions), at: index)
        }
        var joined = Result()
        for part in results.all {
            joined.declarations += part.declarations
            joined.extensions += part.extensions
            joined.rootCandidates += part.rootCandidates
            joined.statements.merge(part.statements) { first, _ in first }
            joined.errors += part.errors
            joined.notes += part.notes
            joined.omitted += part.omitted
        }
        return joined
    }

    /// Parses one piece, which starts at `base` in the file and holds `steps`, the first of them step
    /// number `first`.
    private static func parsePiece(_ bytes: [UInt8], base: Int, steps: [StepBlock], first: Int, positions: SourcePositions) -> Result {
        var piecePositions = positions
        piecePositions.base = base
        var result = Result()
        let (tree, problems, more) = SwiftParse.tree(of: String(decoding: bytes, as: UTF8.self), positions: piecePositions)
        result.errors = problems
        result.omitted = more
        guard let tree else { return result }
        var stepAt: [Int: Int] = [:]
        for (offset, step) in steps.enumerated() { stepAt[step.start] = first + offset }
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
