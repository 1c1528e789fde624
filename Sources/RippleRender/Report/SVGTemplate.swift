/// A laid-out SVG cut once at every place a step changes — the end of each element's `class` and each
/// replaceable text — so drawing a step is joining pieces, with no searching.
struct SVGTemplate {
    private enum Slot {
        /// Extra classes for the element with this id go here.
        case classes(String)
        /// A laid-out text: its replacement for the step, or itself.
        case text(String)
    }

    private var pieces: [Substring] = []
    private var slots: [Slot] = []

    /// Cuts `svg` at every `<g id="…" class="…"` and at the content of every `<text>` element whose
    /// text, read as XML (graphviz writes `-` as `&#45;`), is one of `texts`.
    init(_ svg: String, texts: Set<String>) {
        let bytes = Array(svg.utf8)
        var cuts: [(start: Int, end: Int, slot: Slot)] = []
        let marker = Array("<g id=\"".utf8)
        let classMarker = Array("\" class=\"".utf8)
        var index = 0
        while let found = Self.find(marker, in: bytes, from: index) {
            var cursor = found + marker.count
            let idStart = cursor
            while cursor < bytes.count && bytes[cursor] != UInt8(ascii: "\"") { cursor += 1 }
            let id = String(decoding: bytes[idStart..<cursor], as: UTF8.self)
            index = cursor
            guard Self.matches(classMarker, in: bytes, at: cursor) else { continue }
            cursor += classMarker.count
            while cursor < bytes.count && bytes[cursor] != UInt8(ascii: "\"") { cursor += 1 }
            cuts.append((cursor, cursor, .classes(id)))
            index = cursor
        }
        if !texts.isEmpty {
            let open = Array("<text".utf8), close = Array("</text>".utf8)
            var from = 0
            while let found = Self.find(open, in: bytes, from: from) {
                guard let tagEnd = bytes[(found + open.count)...].firstIndex(of: UInt8(ascii: ">")),
                      let end = Self.find(close, in: bytes, from: tagEnd + 1) else { break }
                let content = String(decoding: bytes[(tagEnd + 1)..<end], as: UTF8.self)
                let text = XML.unescape(content)
                if texts.contains(text) { cuts.append((tagEnd + 1, end, .text(text))) }
                from = end + close.count
            }
        }
        cuts.sort { $0.start < $1.start }
        var previous = 0
        let source = Substring(svg)
        let utf8 = source.utf8
        for cut in cuts where cut.start >= previous {
            let from = utf8.index(utf8.startIndex, offsetBy: previous)
            let to = utf8.index(utf8.startIndex, offsetBy: cut.start)
            pieces.append(source[from..<to])
            slots.append(cut.slot)
            previous = cut.end
        }
        pieces.append(source[utf8.index(utf8.startIndex, offsetBy: previous)...])
    }

    /// The SVG for one step.
    func render(_ highlight: StepHighlight) -> String {
        var output = ""
        output.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count } + slots.count * 8)
        for (index, slot) in slots.enumerated() {
            output += pieces[index]
            switch slot {
            case .classes(let id):
                if let extra = highlight.classes[id] { output += " " + extra.joined(separator: " ") }
            case .text(let original):
                output += XML.escape(highlight.texts[original] ?? original)
            }
        }
        output += pieces[slots.count]
        return output
    }

    private static func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start < bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first && matches(pattern, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }
}
