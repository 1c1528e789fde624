/// Turns scenario text into tokens, collecting lexical errors instead of stopping at the first.
public struct Lexer {
    private let characters: [Character]
    private let file: String
    /// The file's number in `SourceFiles`, found once rather than for every token.
    private let fileNumber: UInt32
    private var index = 0
    private var line: Int
    private var column: Int
    private var sawNewline = true
    private var sawSpace = true
    /// Lexical problems, in order.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Problems found past `Parser.maximumErrors`, counted and not kept.
    public private(set) var omittedErrors = 0

    /// Symbols, longest first, so `?.` wins over `?` and `...` over `.`.
    private static let symbols: [String] = [
        "...", "..<", "===", "!==",
        "?.", "??", "==", "!=", "<=", ">=", "&&", "||", "->", "+=", "-=", "*=", "/=", "%=",
        "{", "}", "(", ")", "[", "]", ",", ":", ";", ".", "?", "!", "=", "<", ">", "+", "-",
        "*", "/", "%", "@", "\\", "&", "|", "#", "^", "~",
    ].sorted { $0.count > $1.count }

    /// The symbols by their first character, longest first: one lookup per token instead of a scan.
    private static let symbolsByFirstCharacter: [Character: [String]] = Dictionary(grouping: symbols, by: { $0.first! })
    /// Characters some symbol starts with: anything else skips the symbol search.
    private static let symbolStarts = Set(symbols.compactMap(\.first))

    /// Creates a lexer over `characters`, starting at `line`:`column` (interpolations start mid-file).
    public init(characters: [Character], file: String, line: Int = 1, column: Int = 1) {
        self.characters = characters
        self.file = file
        fileNumber = SourceFiles.number(file)
        self.line = line
        self.column = column
    }

    /// Creates a lexer over a whole file.
    public init(source: String, file: String) {
        self.init(characters: Array(source), file: file)
    }

    /// Lexes everything, ending with an `.end` token.
    public mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private var location: SourceLocation { SourceLocation(fileNumber: fileNumber, line: line, column: column) }

    /// Records a problem; past `Parser.maximumErrors` the rest are only counted, since a file of garbage
    /// would otherwise keep one per character.
    private mutating func report(_ diagnostic: @autoclosure () -> Diagnostic) {
        if diagnostics.count < Parser.maximumErrors { diagnostics.append(diagnostic()) } else { omittedErrors += 1 }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        let position = index + offset
        return position < characters.count ? characters[position] : nil
    }

    private mutating func advance() {
        let character = characters[index]
        index += 1
        if character.isLineBreak {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private mutating func skipTrivia() {
        let startIndex = index
        defer { if index != startIndex { sawSpace = true } }
        while let character = peek() {
            if character.isLineBreak {
                sawNewline = true
                advance()
            } else if character.isWhitespace {
                advance()
            } else if character == "/" && peek(1) == "/" {
                while let c = peek(), !c.isLineBreak { advance() }
            } else if character == "/" && peek(1) == "*" {
                let start = location
                advance(); advance()
                var depth = 1
                while depth > 0 {
                    guard let c = peek() else {
                        report(.error("unterminated comment", at: start))
                        return
                    }
                    if c == "*" && peek(1) == "/" { depth -= 1; advance(); advance() }
                    else if c == "/" && peek(1) == "*" { depth += 1; advance(); advance() }
                    else { if c.isLineBreak { sawNewline = true }; advance() }
                }
            } else {
                return
            }
        }
    }

    /// The next token; characters that make none are reported and skipped in a loop, not by recursion,
    /// so a long run of them cannot overflow the stack.
    private mutating func next() -> Token {
        while true {
            if let token = scanToken() { return token }
        }
    }

    /// Scans one token, or reports what was skipped and returns nil.
    private mutating func scanToken() -> Token? {
        skipTrivia()
        let start = location
        let newline = sawNewline
        let space = sawSpace
        sawNewline = false
        sawSpace = false
        func token(_ kind: TokenKind) -> Token {
            Token(kind: kind, location: start, followsNewline: newline, followsSpace: space)
        }
        guard let character = peek() else { return token(.end) }

        if character.isIdentifierStart {
            return token(.identifier(readWord()))
        }
        if character == "`" {
            advance()
            let word = readWord()
            if peek() == "`" { advance() } else {
                report(.error("unterminated escaped identifier", at: start))
            }
            return token(.identifier(word))
        }
        if character == "$" {
            advance()
            if let c = peek(), c.isIdentifierStart || c.isASCIIDigitCharacter {
                return token(.dollar(readWord()))
            }
            report(.error("expected a name after '$'", at: start))
            return nil
        }
        if character.isASCIIDigitCharacter {
            return token(readNumber(start: start))
        }
        if character == "\"" {
            return token(.string(readString(start: start)))
        }
        if Self.symbolStarts.contains(character) {
            for symbol in Self.symbolsByFirstCharacter[character] ?? [] where matches(symbol) {
                for _ in symbol { advance() }
                return token(.symbol(symbol))
            }
        }
        advance()
        // A run of the same stray character (NUL padding, say) is one problem, found in one pass.
        while peek() == character { advance() }
        if diagnostics.count >= Parser.maximumErrors {
            omittedErrors += 1
        } else {
            // Invisible characters (controls, right-to-left and other format marks) are named by code point:
            // printed raw they would vanish or reorder the message in a terminal.
            let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .privateUse, .unassigned]
            let shown = character.unicodeScalars.first.map { invisible.contains($0.properties.generalCategory) ? "U+" + String($0.value, radix: 16, uppercase: true) : String(character) } ?? "?"
            report(.error("unexpected character '\(shown)'", at: start))
        }
        return nil
    }

    private func matches(_ symbol: String) -> Bool {
        var offset = 0
        for character in symbol {
            if peek(offset) != character { return false }
            offset += 1
        }
        return true
    }

    private mutating func readWord() -> String {
        var word = ""
        while let c = peek(), c.isIdentifierStart || c.isASCIIDigitCharacter {
            word.append(c)
            advance()
        }
        return word
    }

    private mutating func readNumber(start: SourceLocation) -> TokenKind {
        var text = ""
        var isDouble = false
        while let c = peek() {
            if c.isASCIIDigitCharacter || c == "_" {
                if c != "_" { text.append(c) }
                advance()
            } else if c == ".", !isDouble, let d = peek(1), d.isASCIIDigitCharacter {
                isDouble = true
                text.append(c)
                advance()
            } else {
                break
            }
        }
        if isDouble { return .double(Double(text) ?? 0) }
        guard let value = Int(text) else {
            report(.error("integer literal '\(text.prefix(40))' overflows Int", at: start))
            return .integer(0)
        }
        return .integer(value)
    }

    private mutating func readString(start: SourceLocation) -> [StringSegment] {
        advance()  // opening quote
        var segments: [StringSegment] = []
        var text = ""
        while true {
            guard let c = peek(), !c.isLineBreak else {
                report(.error("unterminated string literal", at: start))
                break
            }
            if c == "\"" {
                advance()
                break
            }
            if c == "\\" {
                let escapeLocation = location
                advance()
                guard let e = peek(), !e.isLineBreak else { continue }
                advance()
                switch e {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "0": text.append("\0")
                case "\"": text.append("\"")
                case "'": text.append("'")
                case "\\": text.append("\\")
                case "u":
                    // `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
                    var digits = ""
                    if peek() == "{" {
                        advance()
                        while let d = peek(), d.isHexDigit, digits.count < 9 { digits.append(d); advance() }
                        if peek() == "}" { advance() } else { digits = "" }
                    }
                    if let value = UInt32(digits, radix: 16), !digits.isEmpty, digits.count <= 8, let scalar = Unicode.Scalar(value) {
                        text.unicodeScalars.append(scalar)
                    } else {
                        report(.error("invalid unicode escape in string literal; write '\\u{1F600}'", at: escapeLocation))
                    }
                case "(":
                    if !text.isEmpty { segments.append(.text(text)); text = "" }
                    let innerStart = location
                    var inner: [Character] = []
                    var depth = 1
                    var inString = false
                    while let d = peek(), !d.isLineBreak {
                        if d == "\"" { inString.toggle() }
                        if !inString {
                            if d == "(" { depth += 1 }
                            if d == ")" { depth -= 1; if depth == 0 { break } }
                        }
                        inner.append(d)
                        advance()
                    }
                    if peek() == ")" {
                        advance()
                        segments.append(.interpolation(source: inner, location: innerStart))
                    } else {
                        report(.error("unterminated string interpolation", at: escapeLocation))
                    }
                default:
                    report(.error("invalid escape sequence '\\\(e)' in string literal", at: escapeLocation))
                }
                continue
            }
            text.append(c)
            advance()
        }
        if !text.isEmpty || segments.isEmpty { segments.append(.text(text)) }
        return segments
    }
}

extension Character {
    var isIdentifierStart: Bool {
        // ASCII first, without Unicode property lookups: nearly every character of a scenario is ASCII.
        if let ascii = asciiValue { return ascii == 95 || (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122) }
        // Non-ASCII letters and emoji are allowed in names, as in Swift; marks and controls are not.
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse,
             .unassigned, .surrogate:
            return false
        default:
            return isLetter || scalar.properties.isEmojiPresentation || scalar.properties.isEmoji && scalar.value > 0xFF
        }
    }

    var isASCIIDigitCharacter: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
