/// What Swift source is checked for before the toolchain's swift-syntax parses it: two shapes of input,
/// both found by the fuzzer, on which that parser does not return.
///
/// - **Square brackets open at once.** Its look-ahead for an inline array type tries both readings at
///   each level, so time grows exponentially: 18 nested `[` take about a second, 22 take 14 s, and a
///   900-byte file of them did not finish. Real code nests two or three.
/// - **`else if` links.** The parser recurses once per link and is not bounded by its own nesting
///   limit: a chain of 4,000 overflows an 8 MB stack. Ripple's own nesting limit (`SwiftModule.maximumDepth`)
///   refuses a chain of more than about 120 after the parse; a real file has a few dozen in all.
///
/// The scan skips comments and string literals, whose contents the parser does not look at.
enum ParseGuard {
    /// Most `[` open at once in a Swift file (a documented limit).
    static let maximumBrackets = 12
    /// Most `else if` in one Swift file (a documented limit).
    static let maximumElseIfs = 1_000

    /// The first place the source goes past a limit, with the error to report there.
    static func firstProblem(in source: String) -> (offset: Int, message: String)? {
        let bytes = Array(source.utf8)
        var depth = 0
        var elseIfs = 0
        var index = 0
        func at(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(1) == UInt8(ascii: "*"):
                // Block comments nest in Swift.
                var level = 0
                repeat {
                    if at(0) == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { level += 1; index += 2 }
                    else if at(0) == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") { level -= 1; index += 2 }
                    else { index += 1 }
                } while level > 0 && index < bytes.count
                continue
            case UInt8(ascii: "\""):
                let multiline = at(1) == UInt8(ascii: "\"") && at(2) == UInt8(ascii: "\"")
                index += multiline ? 3 : 1
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
                    if multiline {
                        if at(0) == UInt8(ascii: "\""), at(1) == UInt8(ascii: "\""), at(2) == UInt8(ascii: "\"") { index += 2; break }
                    } else if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\n") {
                        break
                    }
                    index += 1
                }
            case UInt8(ascii: "["):
                depth += 1
                if depth > maximumBrackets { return (index, "more than \(maximumBrackets) '[' are open at once (limit: bracket depth)") }
            case UInt8(ascii: "e") where isElseIf(bytes, at: index):
                elseIfs += 1
                if elseIfs > maximumElseIfs { return (index, "the file has more than \(maximumElseIfs) 'else if' (limit: else-if links)") }
                index += 4
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether `else`, white space and `if` start at `index`, as words.
    private static func isElseIf(_ bytes: [UInt8], at index: Int) -> Bool {
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80
        }
        guard index + 4 <= bytes.count, bytes[index..<index + 4].elementsEqual("else".utf8) else { return false }
        if index > 0, isWordByte(bytes[index - 1]) { return false }
        var next = index + 4
        guard next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D else { return false }
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x09 || bytes[next] == 0x0D { next += 1 }
        guard next + 2 <= bytes.count, bytes[next] == UInt8(ascii: "i"), bytes[next + 1] == UInt8(ascii: "f") else { return false }
        return next + 2 == bytes.count || !isWordByte(bytes[next + 2])
    }
}
