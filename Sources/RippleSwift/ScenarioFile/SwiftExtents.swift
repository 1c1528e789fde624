/// Where Swift's string literals, comments and braced blocks end, over a file's UTF-8 bytes: as much of
/// Swift's lexical structure as finding a scenario file's directives needs. The Swift itself is read by
/// swift-syntax; this only keeps a `{` or a `"` inside a literal or a comment from being taken for one
/// that opens a block.
struct SwiftExtents {
    let bytes: [UInt8]

    /// The byte at `index`, or 0 past the end.
    subscript(index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    var count: Int { bytes.count }

    /// Whether a comment starts at `index`.
    func startsComment(at index: Int) -> Bool {
        self[index] == .slash && (self[index + 1] == .slash || self[index + 1] == .star)
    }

    /// Whether a string literal starts at `index`: `"`, or one or more `#` and then `"` (a raw string).
    func startsString(at index: Int) -> Bool {
        var index = index
        while self[index] == .pound { index += 1 }
        return self[index] == .quote
    }

    /// The index after the comment at `index`: a line comment ends before its line break; block comments
    /// nest, as in Swift, and an unterminated one runs to the end of the file.
    func commentEnd(from index: Int) -> Int {
        var index = index
        if self[index + 1] == .slash {
            while index < count, !Self.isLineBreak(bytes[index]) { index += 1 }
            return index
        }
        var depth = 0
        while index < count {
            if self[index] == .slash && self[index + 1] == .star {
                depth += 1
                index += 2
            } else if self[index] == .star && self[index + 1] == .slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return count
    }

    /// The index after the string literal at `index`, interpolations and raw delimiters included. An
    /// unterminated single-line literal ends at its line break; swift-syntax reports it.
    func stringEnd(from index: Int) -> Int {
        var index = index
        var pounds = 0
        while self[index] == .pound { pounds += 1; index += 1 }
        let multiline = self[index + 1] == .quote && self[index + 2] == .quote
        index += multiline ? 3 : 1
        while index < count {
            let byte = bytes[index]
            if byte == .backslash, let escaped = poundsMatch(pounds, at: index + 1) {
                // `\(…)` (or `\#(…)` in a raw string) holds code, which may hold strings of its own.
                index = self[escaped] == .openParenthesis ? parenthesisEnd(from: escaped) : escaped + 1
                continue
            }
            if !multiline && Self.isLineBreak(byte) { return index }
            if byte == .quote && (!multiline || (self[index + 1] == .quote && self[index + 2] == .quote)) {
                if let end = poundsMatch(pounds, at: index + (multiline ? 3 : 1)) { return end }
            }
            index += 1
        }
        return count
    }

    /// The index after `pounds` `#` at `index`, or nil when fewer are there.
    private func poundsMatch(_ pounds: Int, at index: Int) -> Int? {
        for offset in 0..<pounds where self[index + offset] != .pound { return nil }
        return index + pounds
    }

    /// The index after the `)` that closes the `(` at `index`, or the end of the file.
    private func parenthesisEnd(from index: Int) -> Int {
        closing(.openParenthesis, .closeParenthesis, from: index, before: count).map { $0 + 1 } ?? count
    }

    /// The index after one unit of Swift text at `index`: a string literal, a comment, or one byte.
    func unitEnd(from index: Int) -> Int {
        if startsComment(at: index) { return commentEnd(from: index) }
        if startsString(at: index) { return stringEnd(from: index) }
        return index + 1
    }

    /// The index of the `}` that closes the `{` at `open`, or nil when the file ends first.
    func closingBrace(of open: Int) -> Int? {
        closing(.openBrace, .closeBrace, from: open, before: count)
    }

    /// The index of the `close` that matches the `open` at `index`, skipping literals and comments, or
    /// nil when `end` comes first.
    private func closing(_ open: UInt8, _ close: UInt8, from index: Int, before end: Int) -> Int? {
        var depth = 0
        var index = index
        while index < end {
            let next = unitEnd(from: index)
            if next == index + 1 {
                if bytes[index] == open { depth += 1 }
                if bytes[index] == close {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index = next
        }
        return nil
    }

    /// The end of the word (identifier or keyword) at `index`; `index` itself when none starts there.
    func wordEnd(from index: Int) -> Int {
        guard Self.startsWord(self[index]) else { return index }
        var index = index + 1
        while index < count, Self.continuesWord(bytes[index]) { index += 1 }
        return index
    }

    /// The text of `bytes[range]`.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    static func isLineBreak(_ byte: UInt8) -> Bool { byte == .newline || byte == .carriageReturn }

    static func isSpace(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }

    /// Letters, `_` and every non-ASCII byte (Swift's identifiers take most of Unicode, emoji included).
    static func startsWord(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == .underscore || byte >= 0x80
    }

    static func continuesWord(_ byte: UInt8) -> Bool { startsWord(byte) || isDigit(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let pound = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let underscore = UInt8(ascii: "_")
    static let semicolon = UInt8(ascii: ";")
    static let period = UInt8(ascii: ".")
}
