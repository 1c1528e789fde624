/// Text written line by line so that no line of it is a CI runner's workflow command.
///
/// GitHub's runner reads a job's standard output and standard error line by line. A line whose first
/// character after leading whitespace starts `::` is a command (`::error file=…::`, `::add-mask::…`,
/// `::stop-commands::…`), and the older form `##[` is matched anywhere in a line. A source line, a
/// file name or a quoted label is any text a pull request wrote, so every stream Ripple prints to is
/// passed through a guard: the second `:` of a line's leading `::` is written `\u{3A}`, and the `[` of
/// every `##[` is written `\u{5B}`, Swift escapes as `TerminalText` writes others; in JSON (`--format
/// json` or `sarif` on standard output) they are `\u003A` and `\u005B`, JSON's own escapes, which keep
/// the string they are in the same string. Only `ripple audit --format github` writes commands, on
/// standard output, and its guard lets a line's leading `::` through (`allowsCommands`).
///
/// The guard keeps what it needs of the text written before, so a command split over two writes is
/// caught too.
public struct WorkflowCommandGuard: Sendable {
    /// How an escaped character is written: as Swift writes it in text, or as JSON does.
    public enum Escape: Sendable {
        case swift, json

        /// `\u{5B}` in Swift, `\u005B` in JSON.
        func escaped(_ scalar: Unicode.Scalar) -> String {
            switch self {
            case .swift:
                return TerminalText.swiftEscape(scalar)
            case .json:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
    }

    /// Whether a line may begin with `::`: true only for the annotations of `--format github`.
    public var allowsCommands: Bool
    public var escape: Escape

    /// Where the current line stands.
    private enum LineState: Sendable {
        /// Nothing but whitespace yet: a `:` here may start a command.
        case leadingWhitespace
        /// One `:` after the leading whitespace: another starts a command.
        case leadingColon
        /// Anything else: no `::` can start a command on this line.
        case rest
    }

    private var state = LineState.leadingWhitespace
    /// How many `#` end the text written so far on this line, up to two.
    private var hashes = 0

    public init(allowsCommands: Bool = false, escape: Escape = .swift) {
        self.allowsCommands = allowsCommands
        self.escape = escape
    }

    /// `text`, the next piece of what is printed, with every workflow command it would complete escaped.
    public mutating func filter(_ text: String) -> String {
        guard needsScan(text) else {
            note(text)
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "[" && hashes == 2 || scalar == ":" && state == .leadingColon && !allowsCommands {
                result += escape.escaped(scalar).unicodeScalars
            } else {
                result.append(scalar)
            }
            advance(over: scalar)
        }
        return String(result)
    }

    /// Whether `text` could complete a command: it holds `[` or `:`. Most text holds neither where it
    /// matters, and is only followed.
    private func needsScan(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ":") }
    }

    /// Follows `text` without changing it.
    private mutating func note(_ text: String) {
        // Only the end of the text matters: the state after its last line break, and its trailing `#`s.
        let lastLine = text.unicodeScalars.lastIndex(of: "\n").map { text.unicodeScalars[text.unicodeScalars.index(after: $0)...] }
        if lastLine != nil {
            state = .leadingWhitespace
            hashes = 0
        }
        for scalar in lastLine ?? text.unicodeScalars[...] { advance(over: scalar) }
    }

    private mutating func advance(over scalar: Unicode.Scalar) {
        if scalar == "\n" {
            state = .leadingWhitespace
            hashes = 0
            return
        }
        hashes = scalar == "#" ? min(2, hashes + 1) : 0
        switch state {
        case .leadingWhitespace:
            if scalar == ":" { state = .leadingColon } else if !scalar.properties.isWhitespace { state = .rest }
        case .leadingColon:
            state = .rest
        case .rest:
            break
        }
    }
}
