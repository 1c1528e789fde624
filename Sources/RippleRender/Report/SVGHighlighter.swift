import RippleCore
/// Draws a step on a laid-out SVG by editing classes and texts; the layout itself never changes.
public enum SVGHighlighter {
    /// The stylesheet every Ripple SVG carries: outcomes differ by border and pattern, not by colour alone.
    public static let style = """
    <style>
    .node.view polygon, .node.view path { fill: #ffffff; stroke: #555555; }
    .node.needed polygon, .node.needed path { fill: #cfeed3; stroke: #1b7a2c; stroke-width: 3px; }
    .node.wasted polygon, .node.wasted path { fill: url(#ripple-hatch); stroke: #b35900; stroke-width: 2.5px; stroke-dasharray: 6 3; }
    .node.stale polygon, .node.stale path { fill: url(#ripple-dots); stroke: #8e1b8e; stroke-width: 2.5px; stroke-dasharray: 1.5 3; }
    .node.skipped polygon, .node.skipped path { fill: #f4f4f4; stroke: #9a9a9a; }
    .node.wasted text, .node.stale text { paint-order: stroke; stroke: #ffffff; stroke-width: 4px; stroke-linejoin: round; }
    .node.absent { opacity: 0.25; }
    .node.created text { font-weight: bold; }
    .node.created polygon, .node.created path { stroke-width: 4.5px; }
    .node.destroyed { opacity: 0.6; }
    .node.destroyed polygon, .node.destroyed path { stroke: #c62828; stroke-dasharray: 3 2; }
    .node.destroyed text { text-decoration: line-through; }
    .node.written polygon, .node.written path { fill: #fff08a; stroke: #000000; stroke-width: 3px; }
    .node.source polygon, .node.source path { stroke: #000000; stroke-width: 2px; }
    .edge.path path { stroke-width: 3.5px; }
    .edge.path polygon { stroke-width: 2px; }
    .edge.missed path { stroke: #8e1b8e; stroke-width: 2.5px; stroke-dasharray: 2 3; }
    .node.missed polygon, .node.missed path { stroke: #8e1b8e; stroke-width: 3px; stroke-dasharray: 1.5 3; }
    .legend-needed { fill: #cfeed3; stroke: #1b7a2c; stroke-width: 3px; }
    .legend-wasted { fill: url(#ripple-hatch); stroke: #b35900; stroke-width: 2.5px; stroke-dasharray: 6 3; }
    .legend-stale { fill: url(#ripple-dots); stroke: #8e1b8e; stroke-width: 2.5px; stroke-dasharray: 1.5 3; }
    .legend-skipped { fill: #f4f4f4; stroke: #9a9a9a; }
    .legend-written { fill: #fff08a; stroke: #000000; stroke-width: 3px; }
    .legend-created { fill: #ffffff; stroke: #555555; stroke-width: 4.5px; }
    .legend-destroyed { fill: #ffffff; stroke: #c62828; stroke-dasharray: 3 2; }
    </style>
    """

    /// Patterns for the fills above: diagonal hatching (wasted) and dots (stale).
    public static let definitions = """
    <defs>
    <pattern id="ripple-hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">
    <rect width="8" height="8" fill="#ffe2bf"/><line x1="0" y1="0" x2="0" y2="8" stroke="#d9822b" stroke-width="3"/>
    </pattern>
    <pattern id="ripple-dots" patternUnits="userSpaceOnUse" width="7" height="7">
    <rect width="7" height="7" fill="#f6dcf6"/><circle cx="3.5" cy="3.5" r="1.6" fill="#a54aa5"/>
    </pattern>
    </defs>
    """

    /// Adds the stylesheet and patterns after the opening `<svg ...>` tag, and puts the clusters in a fixed order.
    public static func prepare(_ svg: String) -> String {
        let svg = sortingClusters(svg)
        guard let open = svg.range(of: "<svg") , let close = svg[open.upperBound...].firstIndex(of: ">") else { return svg }
        let insertAt = svg.index(after: close)
        return String(svg[..<insertAt]) + "\n" + style + "\n" + definitions + String(svg[insertAt...])
    }

    /// graphviz emits clusters in the order of their names' addresses in memory, which differs from run to run
    /// although their positions do not. The cluster groups (flat: a title, a path, a label) are sorted by id,
    /// so the same DOT gives the same bytes.
    static func sortingClusters(_ svg: String) -> String {
        let lines = svg.split(separator: "\n", omittingEmptySubsequences: false)
        var clusters: [(id: Substring, lines: [Substring])] = []
        var firstIndex: Int?
        var output: [Substring] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<g id=\""), line.contains("class=\"cluster") {
                if firstIndex == nil { firstIndex = output.count }
                let id = line.dropFirst(7).prefix { $0 != "\"" }
                var block: [Substring] = []
                while index < lines.count {
                    block.append(lines[index])
                    index += 1
                    if block.last == "</g>" { break }
                }
                clusters.append((id, block))
                continue
            }
            output.append(line)
            index += 1
        }
        guard let firstIndex else { return svg }
        output.insert(contentsOf: clusters.sorted { $0.id < $1.id }.flatMap(\.lines), at: firstIndex)
        return output.joined(separator: "\n")
    }

    /// The SVG with each element's classes extended and laid-out texts replaced, for one step.
    public static func apply(_ highlight: StepHighlight, to svg: String) -> String {
        SVGTemplate(svg, texts: Set(highlight.texts.keys)).render(highlight)
    }
}

/// Escaping for XML and HTML text and attributes.
public enum XML {
    /// `&`, `<`, `>`, `"` and `'` escaped; control characters XML 1.0 cannot carry, even escaped,
    /// become U+FFFD; invisible characters (`TerminalText.isInvisible`) are shown as the text `\u{202E}`.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else if TerminalText.isInvisible(scalar) {
                    escaped += TerminalText.swiftEscape(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}

extension XML {
    /// Text content as XML reads it: the five named entities and numeric references decoded; anything
    /// else left as it is.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: ampersand, to: semicolon) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let name = after[after.index(after: ampersand)..<semicolon]
            let decoded: String? = switch name {
            case "amp": "&"
            case "lt": "<"
            case "gt": ">"
            case "quot": "\""
            case "apos": "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    String(Character(scalar))
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    String(Character(scalar))
                } else {
                    nil
                }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
            }
        }
        return result + rest
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        guard let first = target.first else { return nil }
        var index = startIndex
        while let found = self[index...].firstIndex(of: first) {
            if self[found...].hasPrefix(target) {
                return found..<self.index(found, offsetBy: target.count)
            }
            index = self.index(after: found)
        }
        return nil
    }
}

extension String {
    func range(of target: String) -> Range<String.Index>? {
        Substring(self).range(of: target)
    }
}
