/// One token of a scenario file's own grammar: the words, names, numbers and symbols of `scenario`,
/// `semantics`, `source`, `variant`, `step` and `expect` lines, and of what an `expect` block holds.
struct DirectiveToken {
    enum Kind: Equatable {
        case word(String)
        case integer(Int?)
        /// A string literal; its text is decoded by `DirectiveReader.literalText`.
        case string
        case symbol(String)
        case end
    }

    var kind: Kind
    /// Where the token's bytes are in the file.
    var range: Range<Int>
    /// Whether a line break comes between this token and the one before it.
    var followsNewline: Bool
    /// Whether spaces, a line break or a comment come between this token and the one before it.
    var followsSpace: Bool

    func isSymbol(_ symbol: String) -> Bool { kind == .symbol(symbol) }

    func isWord(_ word: String) -> Bool { kind == .word(word) }
}

extension SwiftExtents {
    /// The token that starts at or after `index`, past spaces, line breaks and comments.
    func directiveToken(from index: Int) -> DirectiveToken {
        var index = index
        var newline = false
        var space = false
        while index < count {
            let byte = bytes[index]
            if Self.isLineBreak(byte) {
                newline = true
                space = true
                index += 1
            } else if Self.isSpace(byte) {
                space = true
                index += 1
            } else if startsComment(at: index) {
                space = true
                index = commentEnd(from: index)
            } else {
                break
            }
        }
        guard index < count else {
            return DirectiveToken(kind: .end, range: count..<count, followsNewline: true, followsSpace: true)
        }
        let byte = bytes[index]
        let kind: DirectiveToken.Kind
        var end: Int
        if startsString(at: index) {
            end = stringEnd(from: index)
            kind = .string
        } else if Self.startsWord(byte) {
            end = wordEnd(from: index)
            kind = .word(text(index..<end))
        } else if Self.isDigit(byte) {
            end = index
            while end < count, Self.isDigit(bytes[end]) || bytes[end] == .underscore { end += 1 }
            kind = .integer(Int(text(index..<end).filter { $0 != "_" }))
        } else if byte == UInt8(ascii: "<") && self[index + 1] == UInt8(ascii: "=") {
            end = index + 2
            kind = .symbol("<=")
        } else {
            // One character, whole: a symbol or a character a directive cannot hold.
            end = index + 1
            while end < count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            kind = .symbol(text(index..<end))
        }
        return DirectiveToken(kind: kind, range: index..<end, followsNewline: newline, followsSpace: space)
    }
}
