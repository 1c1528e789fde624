/// Builds DOT text. Every identifier and string is quoted and escaped, so any name a scenario uses
/// (quotes, backslashes, `<script>`, newlines, right-to-left marks, emoji) comes out as written.
public struct DOTWriter {
    private var lines: [String] = []
    private var indent = 1
    private let name: String

    /// Starts a directed graph; a named graph keeps graphviz's SVG output stable from run to run.
    public init(name: String) {
        self.name = name
    }

    /// A DOT quoted string: `"`, `\` and line breaks escaped; everything else as written.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default:
                // Other control characters have no place in a label; show them as a replacement mark.
                if scalar.properties.generalCategory == .control { result += "\u{FFFD}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// A label whose lines are left-aligned (`\l`), each escaped.
    public static func leftAlignedLabel(_ lines: [String]) -> String {
        var body = ""
        for line in lines {
            let escaped = quoted(line)
            body += escaped.dropFirst().dropLast() + "\\l"
        }
        return "\"" + body + "\""
    }

    private static func attributes(_ attributes: [(String, String)]) -> String {
        attributes.isEmpty ? "" : " [" + attributes.map { "\($0.0)=\($0.1.hasPrefix("\"") ? $0.1 : quoted($0.1))" }.joined(separator: ", ") + "]"
    }

    private mutating func line(_ text: String) {
        lines.append(String(repeating: "    ", count: indent) + text)
    }

    /// `graph [...]`, `node [...]` or `edge [...]` defaults.
    public mutating func defaults(_ kind: String, _ attributes: [(String, String)]) {
        line(kind + Self.attributes(attributes) + ";")
    }

    /// A node; values starting with `"` are taken as already quoted.
    public mutating func node(_ id: String, _ attributes: [(String, String)]) {
        line(Self.quoted(id) + Self.attributes(attributes) + ";")
    }

    /// An edge.
    public mutating func edge(_ from: String, _ to: String, _ attributes: [(String, String)]) {
        line(Self.quoted(from) + " -> " + Self.quoted(to) + Self.attributes(attributes) + ";")
    }

    /// A subgraph; `cluster_` names draw a box.
    public mutating func subgraph(_ name: String, _ attributes: [(String, String)], body: (inout DOTWriter) -> Void) {
        line("subgraph " + Self.quoted(name) + " {")
        indent += 1
        for attribute in attributes { line("\(attribute.0)=\(attribute.1.hasPrefix("\"") ? attribute.1 : Self.quoted(attribute.1));") }
        body(&self)
        indent -= 1
        line("}")
    }

    /// The finished DOT text.
    public var text: String {
        "digraph " + Self.quoted(name) + " {\n" + lines.joined(separator: "\n") + "\n}\n"
    }
}
