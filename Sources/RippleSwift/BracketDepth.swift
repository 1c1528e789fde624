/// Square brackets open at once in Swift source, counted before the file is parsed.
///
/// The toolchain's swift-syntax takes time exponential in the number of `[` open at once (its look-ahead
/// for an inline array type tries both readings at each level): 18 nested brackets take about a second,
/// 22 take 14 s, and the fuzzer's 900-byte file of them did not finish. Real code nests two or three.
/// The count skips comments and string literals, whose brackets the parser does not look at.
enum BracketDepth {
    /// Most `[` open at once in a Swift file (a documented limit).
    static let maximum = 12

    /// The byte offset of the first `[` that makes more than `maximum` open at once, if any.
    static func firstBeyondLimit(in source: String) -> Int? {
        let bytes = Array(source.utf8)
        var depth = 0
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
                if depth > maximum { return index }
            case UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
