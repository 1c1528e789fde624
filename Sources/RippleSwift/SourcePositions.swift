internal import SwiftSyntax
internal import RippleCore

/// Turns swift-syntax's byte offsets into Ripple's locations: 1-based lines, and columns counted in
/// characters, as the diagnostic printer counts them, so a diagnostic's caret lands on the character it
/// names.
struct SourcePositions {
    let file: String
    private let bytes: [UInt8]
    /// The byte offset at which each line starts.
    private let lineStarts: [Int]
    /// Whether each line is ASCII alone, where a column is a byte count, found without reading the line.
    private let lineIsASCII: [Bool]
    /// Where the text swift-syntax parsed starts in the file: a region of a scenario file is parsed on
    /// its own, and its offsets are counted from here.
    var base = 0
    /// What ends the parsed text, in a message's words: the end of the file, or the `}` that closes the
    /// block a region of a scenario file was taken from.
    var end = "end of file"

    init(source: String, file: String) {
        self.init(bytes: Array(source.utf8), file: file)
    }

    init(bytes: [UInt8], file: String) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        var ascii: [Bool] = []
        var lineASCII = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 { lineASCII = false }
            // The same line breaks as `SourceLines`: LF, CR, CR LF (one break), and U+2028/U+2029.
            if byte == 0x0A {
                starts.append(index + 1)
                ascii.append(lineASCII)
                lineASCII = true
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
                ascii.append(lineASCII)
                lineASCII = true
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                index += 2
                starts.append(index + 1)
                ascii.append(false)
                lineASCII = true
            }
            index += 1
        }
        ascii.append(lineASCII)
        lineStarts = starts
        lineIsASCII = ascii
    }

    /// The location of a byte offset.
    func location(ofOffset offset: Int) -> RippleCore.SourceLocation {
        let offset = min(max(offset + base, 0), bytes.count)
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let prefix = bytes[start..<offset]
        let column = lineIsASCII[low] || prefix.allSatisfy({ $0 < 0x80 }) ? prefix.count : String(decoding: prefix, as: UTF8.self).count
        return RippleCore.SourceLocation(file: file, line: low + 1, column: column + 1)
    }

    /// Where a node's first token starts, past its leading trivia (comments, spaces).
    func location(of node: some SyntaxProtocol) -> RippleCore.SourceLocation {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
