/// Text made safe to print on a terminal.
///
/// Names and values in a scenario can hold any character, and a terminal acts on control characters: ESC
/// starts sequences that move the cursor, clear the screen or set the window's title, BEL rings, CR
/// returns to the start of the line so that what follows overwrites it. And some characters show nothing
/// or reorder what follows them (`isInvisible`): a label reads backwards, or two actions that differ by a
/// zero-width space look the same. Every control character but line feed and tab, and every invisible
/// character, is shown as its Swift escape (`\u{1B}`, `\u{202E}`) instead, so what a user reads is what
/// the scenario says. JSON output is unchanged by this: JSON escapes these characters itself.
public enum TerminalText {
    /// `text` with C0 controls (but `\n` and `\t`), DEL, C1 controls and invisible characters written as `\u{…}`.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += swiftEscape(scalar)
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
        default: isInvisible(scalar)
        }
    }

    /// Whether the character shows nothing or changes how the text around it is ordered: the
    /// bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), the direction marks
    /// (U+200E, U+200F, U+061C) and the zero-width characters (U+200B–200D, U+2060, U+FEFF), the
    /// "Trojan Source" characters. Every output shows them escaped: text and Swift as `\u{202E}`, JSON
    /// as `\u202E`, HTML as the visible text `\u{202E}`.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060, 0x2066...0x2069, 0x061C, 0xFEFF: true
        default: false
        }
    }

    /// The character as Swift writes it escaped, `\u{202E}`.
    public static func swiftEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
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
