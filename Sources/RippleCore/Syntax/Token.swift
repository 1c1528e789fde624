/// One piece of a string literal: literal text or an interpolated expression.
public enum StringSegment: Hashable, Sendable {
    /// Text with escapes already processed.
    case text(String)
    /// `\(expression)`: the raw source between the parentheses and where it starts.
    case interpolation(source: [Character], location: SourceLocation)
}

/// The kinds of token the lexer produces.
public enum TokenKind: Hashable, Sendable {
    /// A name or keyword; keywords are contextual and checked by the parser.
    case identifier(String)
    /// `$name` or `$0`.
    case dollar(String)
    /// An integer literal.
    case integer(Int)
    /// A floating-point literal.
    case double(Double)
    /// A string literal, split at its interpolations.
    case string([StringSegment])
    /// Punctuation or an operator, e.g. `{`, `?.`, `==`, `+=`.
    case symbol(String)
    /// The end of the input.
    case end
}

/// A token with its position and whether a line break precedes it.
public struct Token: Hashable, Sendable {
    /// What the token is.
    public var kind: TokenKind
    /// Where it starts.
    public var location: SourceLocation
    /// Whether a newline separates it from the previous token (Swift ends statements there).
    public var followsNewline: Bool
    /// Whether whitespace or a comment separates it from the previous token (`x?` versus `x ?`).
    public var followsSpace: Bool

    /// How the token is spelled in messages.
    public var spelling: String {
        switch kind {
        case .identifier(let name): return name
        case .dollar(let name): return "$" + name
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .string: return "string literal"
        case .symbol(let symbol): return symbol
        case .end: return "end of file"
        }
    }

    /// Whether the token is the symbol `symbol`.
    public func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }

    /// Whether the token is the identifier or keyword `name`.
    public func isIdentifier(_ name: String) -> Bool { kind == .identifier(name) }
}

extension TokenKind {
    /// Whether the token is a string literal.
    var isString: Bool {
        if case .string = self { true } else { false }
    }
}
