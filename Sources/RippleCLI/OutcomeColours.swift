#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Colours the outcome of each instance line of a text trace (`TaskRow[1]  wasted  …`) for a terminal:
/// needed green, wasted yellow, stale magenta, and each step's heading bold.
///
/// It sits after `TerminalSafeStream`, so the only escape sequences that reach the terminal are the ones
/// written here: a scenario's names and values were made safe before they arrived.
struct OutcomeColouringStream<Base: TextOutputStream>: StructuredOutputStream {
    private var base: Base
    private let enabled: Bool

    init(_ base: Base, enabled: Bool) {
        self.base = base
        self.enabled = enabled
    }

    static var reset: String { "\u{1B}[0m" }

    /// The SGR sequence for an outcome word.
    static func colour(of outcome: Substring) -> String? {
        switch outcome {
        case "needed": "\u{1B}[32m"
        case "wasted": "\u{1B}[33m"
        case "stale": "\u{1B}[35m"
        default: nil
        }
    }

    mutating func write(_ string: String) {
        guard enabled else {
            base.write(string)
            return
        }
        base.write(Self.coloured(string))
    }

    /// A document is never coloured: a word in a JSON string is not an outcome.
    mutating func writeStructured(_ document: String) {
        base.write(structured: document)
    }

    /// `text` with the first outcome word of each line (between two spaces on each side, or after `: `
    /// and before ` —` in the verbose form) and each `step "…"` heading coloured.
    static func coloured(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 64)
        var first = true
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { output += "\n" }
            first = false
            if line.hasPrefix("step \"") {
                output += "\u{1B}[1m" + line + reset
                continue
            }
            output += colouredLine(line)
        }
        return output
    }

    private static func colouredLine(_ line: Substring) -> String {
        for (before, after) in [("  ", "  "), (": ", " —")] {
            for outcome in ["needed", "wasted", "stale"] {
                guard let range = line.range(of: before + outcome + after) else { continue }
                let start = line.index(range.lowerBound, offsetBy: before.count)
                let end = line.index(start, offsetBy: outcome.count)
                return String(line[..<start]) + colour(of: line[start..<end])! + line[start..<end] + reset + line[end...]
            }
        }
        return String(line)
    }
}

/// Whether standard output is a terminal that may be coloured: it is one, and `NO_COLOR` is unset or
/// empty (https://no-color.org).
public func standardOutputTakesColour(environment: [String: String]) -> Bool {
    guard isatty(1) == 1 else { return false }
    return (environment["NO_COLOR"] ?? "").isEmpty
}
