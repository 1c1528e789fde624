internal import RippleCore

/// A step made only of plain writes, one a line (`model.items[241].done = true`), read without
/// swift-syntax.
///
/// swift-syntax as the toolchain ships it takes 40–80 µs a statement, and a generated scenario's
/// thousands of steps are nearly all of this one shape. Each statement here is a root name, then
/// `.member`s and integer subscripts, then `=` with spaces around it, then `true`, `false`, a decimal
/// integer or a string literal without escapes or interpolation, and nothing else on its line. The
/// statements are exactly those the lowering makes of swift-syntax's tree for the same text, with the
/// same locations (`PlainWritesTests` compares the two). A step with anything else in it (a comment, a
/// keyword, `;`, a call, a statement over two lines, any byte outside printable ASCII) is left to
/// swift-syntax whole, so what this reader does not know it never has to get right.
enum PlainWrites {
    /// The step's statements, or nil when the step is not plain writes alone.
    static func statements(of text: [UInt8], block: TopLevelParse.StepBlock, positions: SourcePositions) -> [RippleStatement]? {
        var reader = Reader(text: text, index: block.start + 2, end: block.end - 1, positions: positions)
        guard block.end - block.start >= 4, text[block.end - 1] == UInt8(ascii: "}") else { return nil }
        reader.skipBlanks(lineBreaks: true)
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var statements: [RippleStatement] = []
        while true {
            reader.skipBlanks(lineBreaks: true)
            if reader.index == reader.end { return statements }
            guard let statement = reader.write() else { return nil }
            statements.append(statement)
            reader.skipBlanks(lineBreaks: false)
            guard reader.index == reader.end || reader.take(.newline) else { return nil }
        }
    }

    /// Words that are not plain names to Swift somewhere: keywords, and the contextual words that change
    /// how a statement that starts with them is read. A step holding one is read by swift-syntax.
    static let reservedWords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "_", "actor", "any", "as", "associatedtype", "async", "await", "borrowing",
        "break", "case", "catch", "class", "consume", "consuming", "continue", "convenience", "copy", "default",
        "defer", "deinit", "didSet", "discard", "do", "dynamic", "each", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect", "infix",
        "init", "inout", "internal", "is", "isolated", "lazy", "let", "macro", "mutating", "nil", "nonisolated",
        "nonmutating", "open", "operator", "optional", "override", "package", "postfix", "precedencegroup", "prefix",
        "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "sending", "set", "some",
        "static", "struct", "subscript", "super", "switch", "then", "throw", "throws", "true", "try", "typealias",
        "unowned", "var", "weak", "where", "while", "willSet", "yield",
    ]

    private struct Reader {
        let text: [UInt8]
        var index: Int
        /// The step's closing `}`.
        let end: Int
        let positions: SourcePositions

        func location(_ offset: Int) -> SourceLocation { positions.location(ofOffset: offset) }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < end, text[index] == byte else { return false }
            index += 1
            return true
        }

        /// Skips spaces and tabs, and line feeds when `lineBreaks`; returns whether it skipped any.
        @discardableResult
        mutating func skipBlanks(lineBreaks: Bool) -> Bool {
            let start = index
            while index < end, text[index] == .space || text[index] == .tab || (lineBreaks && text[index] == .newline) { index += 1 }
            return index > start
        }

        static func startsName(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == .underscore
        }

        static func continuesName(_ byte: UInt8) -> Bool { startsName(byte) || isDigit(byte) }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        /// A name that is no reserved word, and where it starts.
        mutating func name() -> (text: String, start: Int)? {
            let start = index
            guard index < end, Self.startsName(text[index]) else { return nil }
            while index < end, Self.continuesName(text[index]) { index += 1 }
            let name = String(decoding: text[start..<index], as: UTF8.self)
            guard !PlainWrites.reservedWords.contains(name) else { return nil }
            return (name, start)
        }

        /// A decimal integer literal that fits an `Int`, without a sign, underscores or a leading zero.
        mutating func integer() -> (value: Int, start: Int)? {
            let start = index
            while index < end, Self.isDigit(text[index]) { index += 1 }
            let count = index - start
            guard count > 0, count <= 18, count == 1 || text[start] != UInt8(ascii: "0"),
                  index == end || !(Self.continuesName(text[index]) || text[index] == .period) else { return nil }
            return (Int(String(decoding: text[start..<index], as: UTF8.self))!, start)
        }

        /// `root.member[2].member = value`, as the lowering makes it from swift-syntax's tree: a member
        /// at its name, a subscript at its `[`, its argument at the argument, the statement at its root.
        mutating func write() -> RippleStatement? {
            guard let root = name() else { return nil }
            var target = RippleExpr(.identifier(root.text), at: location(root.start))
            while index < end {
                if text[index] == .period {
                    index += 1
                    guard let member = name() else { return nil }
                    target = RippleExpr(.member(target, name: member.text, optional: false), at: location(member.start))
                } else if text[index] == UInt8(ascii: "[") {
                    let bracket = index
                    index += 1
                    guard let literal = integer(), take(UInt8(ascii: "]")) else { return nil }
                    let argument = ArgumentSyntax(label: nil, value: RippleExpr(.integer(literal.value), at: location(literal.start)),
                                                  location: location(literal.start))
                    target = RippleExpr(.subscriptAccess(target, arguments: [argument], optional: false), at: location(bracket))
                } else {
                    break
                }
            }
            // `=` with blanks on both sides: Swift reads `a=b` alike, but `a =b` is an error.
            guard skipBlanks(lineBreaks: false), take(UInt8(ascii: "=")), skipBlanks(lineBreaks: false), let value = value() else { return nil }
            return RippleStatement(kind: .assignment(target: target, op: "=", value: value), location: location(root.start))
        }

        /// `true`, `false`, a decimal integer, or a one-line string literal of printable ASCII without
        /// a backslash.
        mutating func value() -> RippleExpr? {
            guard index < end else { return nil }
            let start = index
            if text[index] == .quote {
                index += 1
                while index < end, text[index] != .quote {
                    let byte = text[index]
                    guard byte >= 0x20, byte < 0x7F, byte != .backslash else { return nil }
                    index += 1
                }
                // `"""` opens a multi-line literal.
                guard take(.quote), !(index == start + 2 && index < end && text[index] == .quote) else { return nil }
                let literal = String(decoding: text[start + 1..<index - 1], as: UTF8.self)
                return RippleExpr(.string([.text(literal)]), at: location(start))
            }
            if Self.isDigit(text[index]) {
                guard let literal = integer() else { return nil }
                return RippleExpr(.integer(literal.value), at: location(literal.start))
            }
            while index < end, Self.continuesName(text[index]) { index += 1 }
            switch String(decoding: text[start..<index], as: UTF8.self) {
            case "true": return RippleExpr(.bool(true), at: location(start))
            case "false": return RippleExpr(.bool(false), at: location(start))
            default: return nil
            }
        }
    }
}
