/// Where lines begin and end in scenario text: the one rule the front end counts lines by
/// (`SourcePositions`) and the printer finds them by.
///
/// A line ends at `\n`, at `\r\n` or at a lone `\r`, as in Swift source. Other characters Unicode calls
/// newlines (vertical tab, form feed, U+0085, U+2028, U+2029) are whitespace inside a line. `\r\n` is
/// one `Character` in Swift, so splitting a `String` on the character `"\n"` misses it; this type works
/// on the UTF-8 bytes instead.
enum SourceLines {
    /// The text of the 1-based lines `numbers`, without their line breaks, found in one pass over `source`.
    ///
    /// Only the lines asked for are kept: a 4 MB file of empty lines would otherwise be four million
    /// substrings.
    static func lines(_ numbers: Set<Int>, in source: String) -> [Int: Substring] {
        guard let last = numbers.max(), last >= 1 else { return [:] }
        var found: [Int: Substring] = [:]
        let utf8 = source.utf8
        var line = 1
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = utf8.index(after: index)
                continue
            }
            // Both bytes are ASCII, so these indices fall on character boundaries too.
            if numbers.contains(line) { found[line] = source[start..<index] }
            if line == last { return found }
            var next = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), next != utf8.endIndex, utf8[next] == UInt8(ascii: "\n") {
                next = utf8.index(after: next)
            }
            line += 1
            start = next
            index = next
        }
        if numbers.contains(line) { found[line] = source[start..<utf8.endIndex] }
        return found
    }
}

extension Character {
    /// Whether this character ends a line: `\n`, `\r\n` (one character in Swift) or a lone `\r`.
    var isLineBreak: Bool {
        // A grapheme never goes on past `\n` or a lone `\r`, and `\r\n` starts with `\r`, so the first byte
        // decides; it is the lexer's test for every character it reads.
        let first = utf8.first
        return first == 10 || first == 13
    }
}
