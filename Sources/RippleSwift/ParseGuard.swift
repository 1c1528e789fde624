/// What Swift source is checked for before the toolchain's swift-syntax parses it: characters code must
/// not hold, an unterminated comment (which the parser takes as trivia without an error), and two shapes
/// of input, both found by the fuzzer, on which that parser does not return.
///
/// - **Square brackets open at once.** Its look-ahead for an inline array type tries both readings at
///   each level, so time grows exponentially: 18 nested `[` take about a second, 22 take 14 s, and a
///   900-byte file of them does not finish. Real code nests two or three.
/// - **`else if` links.** The parser recurses once per link and is not bounded by its own nesting
///   limit: a chain of 4,000 overflows an 8 MB stack. Ripple's own nesting limit (`SwiftModule.maximumDepth`)
///   refuses a chain of more than about 120 after the parse; a real file has a few dozen in all.
/// - **`#elseif` clauses.** Each makes the parse and the reading of `#if` slower the more there are
///   before it: 20,000 take 20 s. A real file has a handful.
///
/// The scan skips comments and the text of string literals, raw ones (`#"…"#`) included, whose contents
/// the parser does not look at; an interpolation in a string is code (`\(x)`, in a raw string `\#(x)`),
/// and is scanned as such.
package enum ParseGuard {
    /// Most `[` open at once in a Swift file (a documented limit).
    static let maximumBrackets = 12
    /// Most `else if` in one Swift file (a documented limit).
    static let maximumElseIfs = 1_000
    /// Most `#elseif` in one Swift file (a documented limit).
    package static let maximumIfConfigClauses = 1_000

    /// The first place the source goes past a limit, with the error to report there.
    static func firstProblem(in source: String) -> (offset: Int, message: String)? {
        let bytes = Array(source.utf8)
        var depth = 0
        var elseIfs = 0
        var poundElseIfs = 0
        var index = 0
        // The string literals whose interpolation the scan is in, with the parentheses open outside it:
        // an interpolation is code, and its brackets count like any other.
        var interpolations: [(multiline: Bool, pounds: Int, parentheses: Int)] = []
        var parentheses = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        /// Whether `pounds` `#`s start at `offset` from `index`.
        func hasPounds(_ pounds: Int, from offset: Int) -> Bool { (0..<pounds).allSatisfy { at(offset + $0) == UInt8(ascii: "#") } }
        /// Skips a string literal's text from `index` to its end (past which `index` is left at the last
        /// byte of the closing delimiter) or to an interpolation, whose code the scan then reads; returns
        /// true for an interpolation. A raw string's (`pounds` `#`s) escapes and end carry as many `#`s.
        func skipString(multiline: Bool, pounds: Int) -> Bool {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "\\"), hasPounds(pounds, from: 1) {
                    if at(1 + pounds) == UInt8(ascii: "(") {
                        interpolations.append((multiline, pounds, parentheses))
                        index += 2 + pounds
                        return true
                    }
                    index += 2 + pounds
                    continue
                }
                if multiline {
                    if at(0) == UInt8(ascii: "\""), at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\""), hasPounds(pounds, from: 3) {
                        index += 2 + pounds
                        return false
                    }
                } else if bytes[index] == UInt8(ascii: "\n") {
                    return false
                } else if bytes[index] == UInt8(ascii: "\""), hasPounds(pounds, from: 1) {
                    index += pounds
                    return false
                }
                index += 1
            }
            return false
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                let start = index
                var level = 0
                repeat {
                    if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { level += 1; index += 2 }
                    else if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") { level -= 1; index += 2 }
                    else { index += 1 }
                } while level > 0 && index < bytes.count
                if level > 0 { return (start, "unterminated comment") }
                continue
            // A quote always opens a string; a `#` only when a raw string's quote follows its pounds.
            case UInt8(ascii: "\""),
                 UInt8(ascii: "#") where rawStringPounds(bytes, at: index) != nil:
                let pounds = rawStringPounds(bytes, at: index) ?? 0
                index += pounds
                let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
                index += multiline ? 3 : 1
                if skipString(multiline: multiline, pounds: pounds) { continue }
            case UInt8(ascii: "("):
                parentheses += 1
            case UInt8(ascii: ")"):
                // The end of an interpolation: the string it is in goes on.
                if let open = interpolations.last, open.parentheses == parentheses {
                    interpolations.removeLast()
                    index += 1
                    if skipString(multiline: open.multiline, pounds: open.pounds) { continue }
                } else {
                    parentheses -= 1
                }
            case UInt8(ascii: "["):
                depth += 1
                if depth > maximumBrackets { return (index, "more than \(maximumBrackets) '[' are open at once (limit: bracket depth)") }
            case UInt8(ascii: "e") where isElseIf(bytes, at: index):
                elseIfs += 1
                if elseIfs > maximumElseIfs { return (index, "the file has more than \(maximumElseIfs) 'else if' (limit: else-if links)") }
                index += 4
            case UInt8(ascii: "#") where isWord("#elseif", in: bytes, at: index):
                poundElseIfs += 1
                if poundElseIfs > maximumIfConfigClauses {
                    return (index, "the file has more than \(maximumIfConfigClauses) '#elseif' (limit: #elseif clauses)")
                }
                index += 6
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "`"):
                // A name in backticks, raw identifiers (`` `${x}` ``, Swift 6.2) included, is a name
                // whatever it holds: its text is skipped to the closing backtick on the line.
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "`"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "`") { index = end }
            case UInt8(ascii: "$"):
                // `$name` and `$0`; a `$` on its own is Swift's only in code Ripple never reads, and on its
                // own swift-syntax reports the name after it as unexpected code. `$/` ends a regex literal
                // at its end-of-line anchor (`/^log_\d{8}\.log$/`), which swift-syntax parses.
                let next = at(1)
                let startsName = next == UInt8(ascii: "_") || (next >= 0x30 && next <= 0x39) || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) || next >= 0x80
                if !startsName && next != UInt8(ascii: "/") { return (index, "expected a name after '$'") }
            default:
                if let scalar = invisibleCharacter(in: bytes, at: index) {
                    return (index, "unexpected character 'U+\(String(scalar, radix: 16, uppercase: true))'")
                }
            }
            index += 1
        }
        return nil
    }

    /// The code point of a character at `index` that code must not hold: a control character other than
    /// white space, or a mark that reorders or hides text (right-to-left and other direction
    /// marks and overrides, the "Trojan Source" characters). Swift's compiler warns about some and skips
    /// NUL; Ripple refuses them in code, where they would make what a reader sees differ from what runs.
    /// In comments and string literals they are text.
    private static func invisibleCharacter(in bytes: [UInt8], at index: Int) -> UInt32? {
        let byte = bytes[index]
        // Tab, line feed, vertical tab, form feed and carriage return are white space in Swift.
        if (byte < 0x20 && !(0x09...0x0D).contains(byte)) || byte == 0x7F { return UInt32(byte) }
        guard index + 1 < bytes.count else { return nil }
        if byte == 0xD8 && bytes[index + 1] == 0x9C { return 0x061C }
        guard byte == 0xE2, index + 2 < bytes.count else { return nil }
        let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
        let marks: [ClosedRange<UInt32>] = [0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069]
        return marks.contains { $0.contains(scalar) } ? scalar : nil
    }

    /// How many `#`s open a string literal at `index`: 0 for `"`, N for N `#`s and `"`; nil for none.
    private static func rawStringPounds(_ bytes: [UInt8], at index: Int) -> Int? {
        var end = index
        while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: "\"") ? end - index : nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
    }

    /// Whether `word` starts at `index` and no word character follows it.
    private static func isWord(_ word: StaticString, in bytes: [UInt8], at index: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
        return matches && (index + count == bytes.count || !isWordByte(bytes[index + count]))
    }

    /// Whether `else`, white space and `if` start at `index`, as words.
    private static func isElseIf(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].elementsEqual("else".utf8) else { return false }
        if index > 0, isWordByte(bytes[index - 1]) { return false }
        var next = index + 4
        guard next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D else { return false }
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D { next += 1 }
        guard next + 2 <= bytes.count, bytes[next] == UInt8(ascii: "i"), bytes[next + 1] == UInt8(ascii: "f") else { return false }
        return next + 2 == bytes.count || !isWordByte(bytes[next + 2])
    }
}
