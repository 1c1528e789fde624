internal import SwiftSyntax
internal import RippleCore

/// Turns swift-syntax's byte offsets into Ripple's locations: 1-based lines, and columns counted in
/// characters, as Ripple's own lexer counts them, so a diagnostic's caret lands on the same character
/// whichever front end read the file.
struct SourcePositions {
    let file: String
    private let bytes: [UInt8]
    /// The byte offset at which each line starts.
    private let lineStarts: [Int]

    init(source: String, file: String) {
        self.file = file
        bytes = Array(source.utf8)
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // The same line breaks as Ripple's lexer: LF, CR, CR LF (one break), and U+2028/U+2029.
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            } else if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                index += 2
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The location of a byte offset.
    func location(ofOffset offset: Int) -> RippleCore.SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let prefix = bytes[start..<offset]
        let column = prefix.allSatisfy { $0 < 0x80 } ? prefix.count : String(decoding: prefix, as: UTF8.self).count
        return RippleCore.SourceLocation(file: file, line: low + 1, column: column + 1)
    }

    /// Where a node's first token starts, past its leading trivia (comments, spaces).
    func location(of node: some SyntaxProtocol) -> RippleCore.SourceLocation {
        location(ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
