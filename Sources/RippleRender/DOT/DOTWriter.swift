import RippleCore

/// The graphviz attributes Ripple sets, and no others: a name or value from a scenario can never
/// choose an attribute (`URL`, `fontname`, `stylesheet`, `peripheries`, …), only fill one of these.
public enum DOTAttribute: String, Sendable, CaseIterable {
    case arrowhead, arrowsize, bgcolor, `class`, color, fillcolor, fontname, fontsize, height, id, label, labelloc
    case margin, newrank, nodesep, ordering, penwidth, rankdir, ranksep, shape, style
}

/// A value for a DOT attribute. Every value is written as a quoted, escaped DOT string: nothing that
/// arrives here can end the string early or carry DOT syntax of its own.
public enum DOTValue: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// Text drawn as written.
    case text(String)
    /// Lines drawn left-aligned (each ended by graphviz's `\l`).
    case leftAligned([String])

    public init(stringLiteral value: String) {
        self = .text(value)
    }

    /// The value as it appears in DOT, quoted.
    var quoted: String {
        switch self {
        case .text(let text):
            return DOTWriter.quoted(text)
        case .leftAligned(let lines):
            var body = "\""
            for line in lines { body += DOTWriter.escaped(line) + "\\l" }
            return body + "\""
        }
    }
}

/// Builds DOT text. Every identifier and value is quoted and escaped in one place (`quoted`), so any
/// name a scenario uses (quotes, backslashes, `<script>`, newlines, right-to-left marks, emoji) comes
/// out as written and cannot add attributes, nodes or graphs.
public struct DOTWriter {
    /// A list of attributes, in the order they are written.
    public typealias Attributes = [(DOTAttribute, DOTValue)]

    private var lines: [String] = []
    private var indent = 1
    private let name: String
    /// Nodes written so far, for the limits on what is handed to graphviz.
    public private(set) var nodeCount = 0
    /// Edges written so far.
    public private(set) var edgeCount = 0

    /// Starts a directed graph; a named graph keeps graphviz's SVG output stable from run to run.
    public init(name: String) {
        self.name = name
    }

    /// A DOT quoted string: `"`, `\` and line breaks escaped; everything else as written.
    public static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// The inside of a DOT quoted string. A backslash is doubled, so graphviz's own escapes (`\N`, `\G`,
    /// `\l`) never start from a name; control and invisible characters are written as their Swift escape
    /// (`\u{1B}`, `\u{202E}`, `TerminalText`), as standard output shows them, so neither the file nor
    /// the picture drawn from it carries them.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": break
            default:
                if scalar.properties.generalCategory == .control || TerminalText.isInvisible(scalar) {
                    result += "\\" + TerminalText.swiftEscape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func attributeList(_ attributes: Attributes) -> String {
        attributes.isEmpty ? "" : " [" + attributes.map { "\($0.0.rawValue)=\($0.1.quoted)" }.joined(separator: ", ") + "]"
    }

    private mutating func line(_ text: String) {
        lines.append(String(repeating: "    ", count: indent) + text)
    }

    /// `graph [...]`, `node [...]` or `edge [...]` defaults.
    public mutating func defaults(_ kind: Defaults, _ attributes: Attributes) {
        line(kind.rawValue + Self.attributeList(attributes) + ";")
    }

    /// What `defaults` sets defaults for.
    public enum Defaults: String, Sendable {
        case graph, node, edge
    }

    /// A node.
    public mutating func node(_ id: String, _ attributes: Attributes) {
        nodeCount += 1
        line(Self.quoted(id) + Self.attributeList(attributes) + ";")
    }

    /// An edge.
    public mutating func edge(_ from: String, _ to: String, _ attributes: Attributes) {
        edgeCount += 1
        line(Self.quoted(from) + " -> " + Self.quoted(to) + Self.attributeList(attributes) + ";")
    }

    /// A subgraph; `cluster_` names draw a box.
    public mutating func subgraph(_ name: String, _ attributes: Attributes, body: (inout DOTWriter) -> Void) {
        line("subgraph " + Self.quoted(name) + " {")
        indent += 1
        for (attribute, value) in attributes { line("\(attribute.rawValue)=\(value.quoted);") }
        body(&self)
        indent -= 1
        line("}")
    }

    /// The finished DOT text.
    public var text: String {
        "digraph " + Self.quoted(name) + " {\n" + lines.joined(separator: "\n") + "\n}\n"
    }
}
