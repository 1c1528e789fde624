import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG parsed as XML: the `g` elements by id with their classes, and every text.
struct SVGDocument {
    var classes: [String: Set<String>] = [:]
    var texts: [String] = []

    init(_ svg: String) throws {
        let document = try XMLDocument(xmlString: svg, options: [])
        // FoundationXML on Linux does not find attributes by name on namespaced SVG elements: read the list.
        func visit(_ node: XMLNode) {
            if let element = node as? XMLElement {
                if element.name == "g" {
                    var id: String?
                    var classList: String?
                    for attribute in element.attributes ?? [] {
                        if attribute.name == "id" { id = attribute.stringValue }
                        if attribute.name == "class" { classList = attribute.stringValue }
                    }
                    if let id { classes[id] = Set((classList ?? "").split(separator: " ").map(String.init)) }
                }
                if element.name == "text", let value = element.stringValue { texts.append(value) }
            }
            for child in node.children ?? [] { visit(child) }
        }
        visit(document)
    }
}
