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
        return escapingInvisible(String(decoding: data, as: UTF8.self))
    }

    /// JSON with every invisible character (`TerminalText.isInvisible`) written as a `\uXXXX` escape,
    /// which `JSONEncoder` leaves raw. JSON's own syntax is ASCII, so each is inside a string.
    static func escapingInvisible(_ json: String) -> String {
        // Every invisible character is encoded starting with one of these bytes.
        guard json.utf8.contains(where: { $0 == 0xD8 || $0 == 0xE2 || $0 == 0xEF }),
              json.unicodeScalars.contains(where: TerminalText.isInvisible) else { return json }
        var escaped = ""
        escaped.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if TerminalText.isInvisible(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// JSON safe to put inside an HTML `<script>` element: no `<` can close it.
    static func forScript(_ value: some Encodable) -> String {
        encode(value: value, pretty: false).replacingAll("<", with: "\\u003c").replacingAll("\u{2028}", with: "\\u2028").replacingAll("\u{2029}", with: "\\u2029")
    }
}
