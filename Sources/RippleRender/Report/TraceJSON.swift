import Foundation
import RippleCore

/// The JSON form of a trace (docs/Trace.md): sorted keys, so the same input gives the same bytes.
public enum TraceJSON {
    /// Encodes a trace.
    public static func encode(_ trace: ScenarioTrace) -> String {
        encode(value: trace)
    }

    /// Encodes several traces as one array, in order.
    public static func encode(_ traces: [ScenarioTrace]) -> String {
        encode(value: traces)
    }

    /// Decodes a trace written by `encode`.
    public static func decode(_ text: String) throws -> ScenarioTrace {
        try JSONDecoder().decode(ScenarioTrace.self, from: Data(text.utf8))
    }

    public static func encode(value: some Encodable, pretty: Bool = true) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return "{}" }
        return escapingUnsafe(String(decoding: data, as: UTF8.self))
    }

    /// JSON with DEL, every C1 control (U+007F–U+009F) and every invisible character
    /// (`TerminalText.isInvisible`) written as a `\uXXXX` escape, which `JSONEncoder` leaves raw (it
    /// escapes the C0 controls itself). A terminal acts on a raw C1 control as on ESC (U+009B starts a
    /// sequence), and the output is printed past the terminal sanitiser, so the JSON escapes them itself.
    /// JSON's own syntax is ASCII, so each is inside a string.
    static func escapingUnsafe(_ json: String) -> String {
        // DEL is 0x7F, a C1 control starts with 0xC2, and every invisible character with one of the others.
        guard json.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 || $0 == 0xEF }),
              json.unicodeScalars.contains(where: isEscaped) else { return json }
        var escaped = ""
        escaped.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if isEscaped(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        (0x7F...0x9F).contains(scalar.value) || TerminalText.isInvisible(scalar)
    }

    /// JSON safe to put inside an HTML `<script>` element: no `<` can close it.
    static func forScript(_ value: some Encodable) -> String {
        encode(value: value, pretty: false).replacingAll("<", with: "\\u003c").replacingAll("\u{2028}", with: "\\u2028").replacingAll("\u{2029}", with: "\\u2029")
    }
}
