internal import SwiftOperators
internal import SwiftParser
internal import SwiftSyntax
internal import RippleCore

/// Swift text parsed with the toolchain's parser and checked against Ripple's limits: the tree with its
/// operators folded, ready to lower, or the errors that stop it.
enum SwiftParse {
    /// swift-syntax's own nesting limit, given on every parse: its release default, which the toolchain's
    /// library has. Built in debug, the swift-syntax package defaults to 20 levels, which real SwiftUI
    /// code passes, so a debug build on the package path (docs/Install.md) would refuse it.
    static let parserNestingLevels = 256

    /// The syntax tree of `source`, as swift-syntax's parser reads it within `parserNestingLevels`.
    static func syntax(of source: String) -> SourceFileSyntax {
        var source = source
        // The parser copies the bytes into the tree's own arena.
        return source.withUTF8 { SwiftParser.Parser.parse(source: $0, maximumNestingLevel: parserNestingLevels) }
    }

    /// Parses `source`, whose offsets `positions` turns into locations (a whole file, or a region of a
    /// scenario file with its `base`). A tree past a limit, or with syntax errors, gives errors instead.
    static func tree(of source: String, positions: SourcePositions) -> (tree: SourceFileSyntax?, errors: [Diagnostic], omitted: Int) {
        if let (offset, message) = ParseGuard.firstProblem(in: source) {
            return (nil, [.error(message, at: positions.location(ofOffset: offset))], 0)
        }
        let tree = syntax(of: source)
        // Nesting past the limit is reported as such, before the syntax errors that swift-syntax's own
        // nesting limit (256 levels) would leave in the tree.
        if let (node, depth) = SyntaxDepth.firstBeyond(SwiftModule.maximumDepth, in: tree) {
            return (nil, [nestingError(depth, at: positions.location(of: node))], 0)
        }
        // The parser marks a tree with errors: only such a tree is walked for them.
        if tree.hasError {
            let (errors, omitted) = SyntaxErrors.find(in: tree, positions: positions)
            if !errors.isEmpty { return (nil, errors, omitted) }
        }
        // `a + b * c` is parsed as a flat sequence; folding gives it Swift's standard precedence, one level
        // per operator. Everything after the parse recurses once per level of the tree: a tree past the
        // limits is refused before it is walked.
        if let sequence = SyntaxDepth.firstSequenceBeyond(Limits.maximumChainLength, in: tree) {
            return (nil, [.error("expression has more than \(Limits.maximumChainLength) operators (limit: expression length)",
                                 at: positions.location(of: sequence))], 0)
        }
        let folded = operators.foldAll(tree) { _ in }.as(SourceFileSyntax.self) ?? tree
        if let (node, depth) = SyntaxDepth.firstBeyond(SwiftModule.maximumDepth, in: folded) {
            return (nil, [nestingError(depth, at: positions.location(of: node))], 0)
        }
        return (folded, [], 0)
    }

    /// Swift's standard operators and precedence groups, which swift-syntax builds anew each time it is asked.
    private static let operators = OperatorTable.standardOperators

    /// The error for a tree that nests `depth` levels, past `SwiftModule.maximumDepth`: checked on the
    /// parsed tree and again once its operators are folded, each of which can add a level, and on
    /// Ripple's tree as it is lowered, where each `guard` adds one (`SwiftLowering.lowerBlock`).
    static func nestingError(_ depth: Int, at location: RippleCore.SourceLocation) -> Diagnostic {
        .error("the code nests more than \(SwiftModule.maximumDepth) levels deep (\(depth) here) (limit: Swift nesting depth)", at: location)
    }
}
