import RippleCore

/// Where a value is in a JSON document that `JSONDecoder` has read: the decoder names a value by its
/// path (`actions[2].evaluations`) but not its place, and an error in a file the user saved is shown at
/// its line, as a compiler shows one.
enum JSONPlace {
    /// The line and column (in characters) of the value at `path`, each component a key or an index
    /// written `[N]`; nil when the text does not lead there as written (a key spelt with escapes).
    static func location(of path: [String], in bytes: [UInt8], file: String) -> SourceLocation? {
        guard let offset = offset(of: path, in: bytes) else { return nil }
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The offset of the first byte of the value at `path`.
    static func offset(of path: [String], in bytes: [UInt8]) -> Int? {
        var position = skipSpace(bytes, from: 0)
        for component in path {
            if component.hasPrefix("["), let index = Int(component.dropFirst().dropLast()) {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
                position = skipSpace(bytes, from: position + 1)
                for _ in 0..<index {
                    position = skipSpace(bytes, from: skipValue(bytes, from: position))
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
                    position = skipSpace(bytes, from: position + 1)
                }
            } else {
                guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
                position = skipSpace(bytes, from: position + 1)
                while true {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
                    let end = skipValue(bytes, from: position)
                    let key = bytes[(position + 1)..<max(position + 1, end - 1)]
                    position = skipSpace(bytes, from: end)
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                    position = skipSpace(bytes, from: position + 1)
                    if key.elementsEqual(component.utf8) { break }
                    position = skipSpace(bytes, from: skipValue(bytes, from: position))
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return nil }
                    position = skipSpace(bytes, from: position + 1)
                }
            }
        }
        return position < bytes.count ? position : nil
    }

    private static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position
    }

    /// The offset just past the value that starts at `start`: a string, an object or array (counted by
    /// their brackets outside strings, without recursion), or a number or literal.
    private static func skipValue(_ bytes: [UInt8], from start: Int) -> Int {
        var position = start
        var depth = 0
        var inString = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if inString {
                if byte == UInt8(ascii: "\\") { position += 1 } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return position }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return position - 1 }
                depth -= 1
                if depth == 0 { return position }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                if depth == 0 { return position - 1 }
            default: break
            }
        }
        return position
    }
}
