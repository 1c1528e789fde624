import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The last check before an SVG is written to a file or inlined in a report: the document is parsed as
/// XML and must hold nothing a browser could run or fetch.
///
/// Ripple's reports are opened in browsers and committed to documentation, and the names in them come
/// from scenarios written by anyone. The DOT writer already keeps names out of graphviz's syntax; this
/// check holds whatever graphviz returns to the same standard, so a hole in either is caught here.
///
/// Refused: an element outside the small set graphviz's SVG renderer and Ripple's stylesheet use (so no
/// `<script>`, `<foreignObject>`, `<a>`, `<image>`, `<use>`), any `on…` event-handler attribute, a link
/// (`href`, `xlink:href`) anywhere but to an id in the same document, a `url(…)` that is not `url(#…)`,
/// a `javascript:`, `vbscript:` or `data:` URL in an attribute that holds a URL (`urlAttributes`), `@import` in a stylesheet, processing
/// instructions (`<?xml-stylesheet …?>`), entity declarations and any document type but SVG 1.1's.
public enum SVGSafety {
    /// Why an SVG was refused.
    public struct Violation: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was found, in plain words.
        public var reason: String
        public var description: String { "the SVG graphviz returned was refused: \(reason)" }
    }

    /// The elements an SVG may hold.
    static let allowedElements: Set<String> = [
        "svg", "g", "title", "desc", "polygon", "polyline", "path", "ellipse", "circle", "rect", "line", "text", "tspan",
        "defs", "pattern", "style", "linearGradient", "radialGradient", "stop",
    ]

    /// The one document type graphviz writes.
    static let svgDoctype = #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#

    /// Throws when `svg` is not well-formed XML or holds anything refused above.
    public static func check(_ svg: String) throws(Violation) {
        try checkProlog(svg)
        let data = Data(svg.utf8)
        let parser = XMLParser(data: data)
        let inspector = Inspector()
        parser.delegate = inspector
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        // On Linux `parse()` can answer true after an error, so the error itself is what counts.
        let parsed = parser.parse()
        if let violation = inspector.violation { throw violation }
        if !parsed || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw Violation(reason: "it is not well-formed XML (libxml2 error \(code) at line \(parser.lineNumber))")
        }
        guard inspector.sawRoot else { throw Violation(reason: "it has no <svg> element") }
    }

    /// Before the root element only the XML declaration, SVG 1.1's document type, comments and white space
    /// may stand: a document type with an internal subset could declare entities, and another could name
    /// an external DTD.
    private static func checkProlog(_ svg: String) throws(Violation) {
        guard let root = svg.range(of: "<svg") else { throw Violation(reason: "it has no <svg> element") }
        var rest = Substring(svg[..<root.lowerBound])
        while true {
            rest = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
            if rest.isEmpty { return }
            if rest.hasPrefix("<?xml "), let end = rest.range(of: "?>") {
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE"), let end = rest.firstIndex(of: ">"),
                      rest[...end].split(whereSeparator: \.isWhitespace).joined(separator: " ") == svgDoctype {
                rest = rest[rest.index(after: end)...]
            } else {
                throw Violation(reason: "its prolog holds '\(rest.prefix(40))'")
            }
        }
    }

    /// Collects the first violation while the parser walks the document.
    private final class Inspector: NSObject, XMLParserDelegate {
        var violation: Violation?
        var sawRoot = false
        private var styleDepth = 0
        private var styleText = ""

        private func refuse(_ reason: String, _ parser: XMLParser) {
            if violation == nil { violation = Violation(reason: reason) }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if !sawRoot {
                sawRoot = true
                guard name == "svg" else { return refuse("its root element is <\(name)>, not <svg>", parser) }
            }
            guard SVGSafety.allowedElements.contains(name) else { return refuse("it holds a <\(name)> element", parser) }
            if name == "style" { styleDepth += 1 }
            for (attribute, value) in attributes.sorted(by: { $0.key < $1.key }) {
                if let reason = SVGSafety.problem(attribute: attribute, value: value) { return refuse("<\(name)> has \(reason)", parser) }
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard name == "style" else { return }
            styleDepth -= 1
            if let reason = SVGSafety.problem(stylesheet: styleText) { refuse("a stylesheet with \(reason)", parser) }
            styleText = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if styleDepth > 0 { styleText += string }
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            if styleDepth > 0 { styleText += String(decoding: block, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, foundProcessingInstructionWithTarget target: String, data: String?) {
            refuse("a processing instruction '<?\(target)'", parser)
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            refuse("an entity declaration '\(name)'", parser)
        }

        func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
            refuse("an external entity '\(name)'", parser)
        }

        func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
                    notationName: String?) {
            refuse("an unparsed entity '\(name)'", parser)
        }
    }

    /// The attributes a browser follows or runs as a URL (a link, an animation's value, a style's
    /// `url(…)`); a `url(…)` in any other attribute is checked on its own (`externalURL`).
    static let urlAttributes: Set<String> = ["href", "src", "style", "action", "formaction", "from", "to", "by", "values"]

    /// What is wrong with one attribute, or nil.
    static func problem(attribute: String, value: String) -> String? {
        let name = attribute.lowercased()
        let local = name.split(separator: ":").last.map(String.init) ?? name
        if local.hasPrefix("on") { return "an event handler '\(attribute)'" }
        let compact = compacted(value)
        // An `id`, a `class` or a label is never a URL: a screen named `javascript:x` is drawn as it is named.
        for scheme in ["javascript:", "vbscript:", "data:"] where urlAttributes.contains(local) && compact.contains(scheme) {
            return "a '\(scheme)' URL in '\(attribute)'"
        }
        if local == "href" || local == "src", !compact.hasPrefix("#") { return "a link to '\(value.prefix(60))' in '\(attribute)'" }
        if let reason = externalURL(in: compact) { return "\(reason) in '\(attribute)'" }
        return nil
    }

    /// What is wrong with a stylesheet's text, or nil.
    static func problem(stylesheet: String) -> String? {
        let compact = compacted(stylesheet)
        if compact.contains("@import") { return "'@import'" }
        if compact.contains("expression(") { return "'expression('" }
        for scheme in ["javascript:", "vbscript:", "data:"] where compact.contains(scheme) { return "a '\(scheme)' URL" }
        return externalURL(in: compact)
    }

    /// A `url(…)` that points outside the document, described; nil when every `url(` is `url(#…)`.
    private static func externalURL(in compact: String) -> String? {
        var rest = Substring(compact)
        while let found = rest.range(of: "url(") {
            rest = rest[found.upperBound...]
            let target = rest.drop { $0 == "'" || $0 == "\"" }
            if !target.hasPrefix("#") { return "a reference to 'url(\(target.prefix(40))'" }
        }
        return nil
    }

    /// Lowercased, with white space, control characters and backslashes removed, the way browsers read
    /// `java\tscript:` and CSS escapes loosely.
    private static func compacted(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: text.lowercased().unicodeScalars.filter {
            !($0.properties.isWhitespace || $0.properties.generalCategory == .control || $0 == "\\")
        })
        return result
    }
}
