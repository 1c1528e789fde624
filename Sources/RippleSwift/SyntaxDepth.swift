internal import SwiftSyntax

/// How deep a parsed tree goes, found without recursion: the lowering and everything after it recurse
/// once per level, so a tree past `SwiftModule.maximumDepth` (a chain of 20,000 members, a sum of
/// 30,000 terms) is refused before it is walked, with an error at its deepest node, where walking it
/// would overflow the stack.
enum SyntaxDepth {
    /// The first operator sequence (`a + b * c`, before folding) with more than `limit` operators: folded,
    /// it nests one level per operator.
    static func firstSequenceBeyond(_ limit: Int, in tree: SourceFileSyntax) -> SequenceExprSyntax? {
        var stack: [Syntax] = [Syntax(tree)]
        while let node = stack.popLast() {
            // A sequence alternates operands and operators.
            if let sequence = node.as(SequenceExprSyntax.self), sequence.elements.count / 2 > limit { return sequence }
            for child in node.children(viewMode: .sourceAccurate) { stack.append(child) }
        }
        return nil
    }

    /// The deepest node, and its depth (the file is 1), when the tree goes deeper than `limit`.
    static func firstBeyond(_ limit: Int, in tree: SourceFileSyntax) -> (node: Syntax, depth: Int)? {
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return (node, depth) }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// The depth of the deepest node.
    static func maximum(of tree: SourceFileSyntax) -> Int {
        var deepest = 0
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return deepest
    }
}
