/// Text made safe to print on a terminal.
///
/// Names and values in a scenario can hold any character, and a terminal acts on control characters: ESC
/// starts sequences that move the cursor, clear the screen or set the window's title, BEL rings, CR
/// returns to the start of the line so that what follows overwrites it. Every control character but line
/// feed and tab is shown as its Swift escape (`\u{1B}`) instead, so what a user reads is what the scenario
/// says. JSON output is unchanged by this: JSON escapes these characters itself.
public enum TerminalText {
    /// `text` with C0 controls (but `\n` and `\t`), DEL and C1 controls written as `\u{…}`.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}

extension TerminalText {
    /// `name` with line feeds and carriage returns written `\n` and `\r`: a file name (or any name)
    /// printed inside a line, which must not end it. A name holding a line feed could otherwise print a
    /// line of its own, `file:line:col: error: …`, that a CI problem matcher takes for a diagnostic.
    public static func oneLine(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return name }
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
