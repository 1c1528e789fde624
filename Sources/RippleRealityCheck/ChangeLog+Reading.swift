import Foundation
import RippleCore

/// A log's text split into lines, with whether the last one ended with a line break.
struct LogLines {
    /// The lines without their line breaks (`\n` or `\r\n`).
    var lines: [Substring]
    /// Whether the text ends with a line break, so its last line was written whole.
    var endsWithLineBreak: Bool

    init(_ text: String) {
        // Swift reads `\r\n` as one character, which is not `\n`: both end a line.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        endsWithLineBreak = text.hasSuffix("\n") || text.hasSuffix("\r\n")
        if endsWithLineBreak { lines.removeLast() }
        self.lines = lines
    }

    var isBlank: Bool { lines.allSatisfy { $0.trimmingWhitespace().isEmpty } }

    /// Whether the 0-based line `index` is the last and has no line break after it: a capture cut short.
    func isCut(_ index: Int) -> Bool { index == lines.count - 1 && !endsWithLineBreak }

    /// The header `log stream` and `log show` print before the events.
    static func isHeader(_ line: Substring) -> Bool {
        line.hasPrefix("Filtering the log data") || line.hasPrefix("Timestamp ") || line.hasPrefix("Skipping info and debug")
    }

    /// The 0-based index of the line where JSON events begin: the first line, past blank ones and the
    /// header, that starts with `{` or `[`; nil when the log is text.
    func firstJSONLine() -> Int? {
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || Self.isHeader(trimmed) { continue }
            return trimmed.first == "{" || trimmed.first == "[" ? index : nil
        }
        return nil
    }
}

/// Reads a log's lines or events into a `ChangeLog`'s entries.
struct Reader {
    var file: String
    var lines: LogLines
    var format = ChangeLog.Format.console
    var entries: [ChangeLog.Entry] = []
    var notes: [Diagnostic] = []
    var skipped = 0

    init(file: String, lines: LogLines) {
        self.file = file
        self.lines = lines
    }

    private static let changeCategory = "[\(ChangeLog.subsystem):\(ChangeLog.category)]"
    private static let expectedChange = "a change line such as 'ContentView: @self, _count changed.'"

    private func location(_ index: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: index + 1, column: column)
    }

    private mutating func noteCut(_ index: Int, what: String = "line") {
        notes.append(.note("the last \(what) is cut short; it was skipped", at: location(index, 1)))
    }

    // MARK: - Text

    /// Reads every line as the unified log's text or console text.
    mutating func readText() throws(DiagnosticError) {
        var errors: [Diagnostic] = []
        for (index, raw) in lines.lines.enumerated() {
            let line = raw.trimmingWhitespace()
            guard !line.isEmpty else { continue }
            if LogLines.isHeader(line) { skipped += 1; continue }
            let leadingSpace = raw.distance(from: raw.startIndex, to: line.startIndex)
            let (time, rest) = LogTimestamp.leading(line)
            if let marker = ChangeLog.marker(in: line) {
                if !marker.name.isEmpty {
                    entries.append(.marker(ChangeLog.Marker(name: marker.name, line: index + 1, time: time)))
                } else if lines.isCut(index) {
                    noteCut(index)
                } else {
                    errors.append(.error("a step marker needs a name: '\(ChangeLog.markerPrefix) NAME'",
                                         at: location(index, leadingSpace + marker.column + ChangeLog.markerPrefix.count)))
                }
                continue
            }
            if let category = rest.range(of: Self.changeCategory) {
                format = .unifiedLogText
                let message = rest[category.upperBound...]
                if let change = ChangeLog.change(in: message) {
                    entries.append(.change(ChangeLog.Change(viewType: change.viewType, reasons: change.reasons, line: index + 1, time: time)))
                } else if lines.isCut(index) {
                    noteCut(index)
                } else {
                    let start = message.trimmingWhitespace().startIndex
                    let column = leadingSpace + line.distance(from: line.startIndex, to: start) + 1
                    errors.append(.error("expected \(Self.expectedChange) after '\(Self.changeCategory)'", at: location(index, column)))
                }
                continue
            }
            if time != nil, rest.contains("[") {
                // Another subsystem or category of the unified log.
                format = .unifiedLogText
                skipped += 1
                continue
            }
            // Xcode's console with its metadata shows the process before the message: `Counter[4711:2f1a0] `.
            var message = rest
            if time != nil, let space = message.firstIndex(of: " "), message[..<space].hasSuffix("]") { message = message[space...] }
            if let change = ChangeLog.change(in: message) {
                entries.append(.change(ChangeLog.Change(viewType: change.viewType, reasons: change.reasons, line: index + 1, time: time)))
            } else {
                // A cut line of SwiftUI's is worth a note; the app's own output is not.
                if lines.isCut(index), line.contains(": @") || line.contains(": _") || line.contains("[\(ChangeLog.subsystem)") { noteCut(index) }
                skipped += 1
            }
        }
        if !errors.isEmpty { throw DiagnosticError(errors) }
    }

    // MARK: - JSON

    /// Reads JSON events from the 0-based line `start`: one object a line (`--style ndjson`), or an
    /// array of objects over many lines (`--style json`).
    mutating func readJSON(from start: Int) throws(DiagnosticError) {
        format = .unifiedLogJSON
        let first = lines.lines[start].trimmingWhitespace()
        if first.first == "{", JSONObjects.end(of: first) == first.endIndex {
            var errors: [Diagnostic] = []
            for index in start..<lines.lines.count {
                let line = lines.lines[index].trimmingWhitespace()
                guard !line.isEmpty else { continue }
                guard line.first == "{" else { skipped += 1; continue }
                let column = lines.lines[index].distance(from: lines.lines[index].startIndex, to: line.startIndex) + 1
                if JSONObjects.end(of: line) == nil, lines.isCut(index) { noteCut(index, what: "event"); continue }
                do throws(DiagnosticError) {
                    try read(event: line, at: location(index, column))
                } catch {
                    errors += error.diagnostics
                }
            }
            if !errors.isEmpty { throw DiagnosticError(errors) }
            return
        }
        // An array over many lines: each top-level object is one event.
        let text = lines.lines[start...].joined(separator: "\n")
        var objects = JSONObjects(text: text[...], firstLine: start)
        var errors: [Diagnostic] = []
        while true {
            switch objects.next() {
            case nil:
                if !errors.isEmpty { throw DiagnosticError(errors) }
                return
            case .object(let object, let line, let column):
                do throws(DiagnosticError) {
                    try read(event: object, at: location(line, column))
                } catch {
                    errors += error.diagnostics
                }
            case .cut(let line):
                noteCut(line, what: "event")
            case .unexpected(let line, let column):
                errors.append(.error("expected a JSON object for each log event, as 'log show --style json' writes", at: location(line, column)))
                throw DiagnosticError(errors)
            }
        }
    }

    /// Reads one event object: a marker, a change of SwiftUI's category, or another subsystem's event.
    private mutating func read(event text: Substring, at place: SourceLocation) throws(DiagnosticError) {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw DiagnosticError([.error("a log event that is not valid JSON", at: place)])
        }
        guard let message = object["eventMessage"] as? String else {
            throw DiagnosticError([.error("a log event without an 'eventMessage'; expected the JSON of 'log show --style json' or 'log stream --style ndjson'", at: place)])
        }
        let time = (object["timestamp"] as? String).flatMap { LogTimestamp.leading($0[...]).seconds }
        let subsystem = object["subsystem"] as? String, category = object["category"] as? String
        if let marker = ChangeLog.marker(in: message[...]) {
            guard !marker.name.isEmpty else { throw DiagnosticError([.error("a step marker needs a name: '\(ChangeLog.markerPrefix) NAME'", at: place)]) }
            entries.append(.marker(ChangeLog.Marker(name: marker.name, line: place.line, time: time)))
            return
        }
        let isChangeCategory = subsystem == ChangeLog.subsystem && category == ChangeLog.category
        guard isChangeCategory || (subsystem == nil && category == nil) else { skipped += 1; return }
        guard let change = ChangeLog.change(in: message[...]) else {
            if isChangeCategory { throw DiagnosticError([.error("expected \(Self.expectedChange) in 'eventMessage'", at: place)]) }
            skipped += 1
            return
        }
        entries.append(.change(ChangeLog.Change(viewType: change.viewType, reasons: change.reasons, line: place.line, time: time)))
    }
}

/// The top-level objects of a JSON array written over many lines, found by matching braces outside
/// strings, each with the line and column it starts at.
struct JSONObjects {
    enum Found {
        case object(Substring, line: Int, column: Int)
        /// An object the text ends inside: the 0-based line it starts on.
        case cut(line: Int)
        /// A character that is neither an object, `[`, `]`, `,` nor white space.
        case unexpected(line: Int, column: Int)
    }

    private let text: Substring
    private var position: Substring.Index
    private var line: Int
    private var lineStart: Substring.Index

    init(text: Substring, firstLine: Int) {
        self.text = text
        position = text.startIndex
        line = firstLine
        lineStart = text.startIndex
    }

    mutating func next() -> Found? {
        while position < text.endIndex {
            let character = text[position]
            switch character {
            case "\n":
                position = text.index(after: position)
                line += 1
                lineStart = position
            case " ", "\t", "\r", "\r\n", "[", "]", ",":
                if character == "\r\n" { line += 1; lineStart = text.index(after: position) }
                position = text.index(after: position)
            case "{":
                let column = text.distance(from: lineStart, to: position) + 1
                let startLine = line
                guard let end = Self.end(of: text[position...]) else {
                    position = text.endIndex
                    return .cut(line: startLine)
                }
                let object = text[position..<end]
                for scanned in object where scanned == "\n" || scanned == "\r\n" { line += 1 }
                if let lastBreak = object.lastIndex(where: { $0 == "\n" || $0 == "\r\n" }) { lineStart = text.index(after: lastBreak) }
                position = end
                return .object(object, line: startLine, column: column)
            default:
                return .unexpected(line: line, column: text.distance(from: lineStart, to: position) + 1)
            }
        }
        return nil
    }

    /// The index just past the `}` that closes the object `text` starts with; nil when the text ends first.
    static func end(of text: Substring) -> Substring.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
                if depth == 0 { return text.index(after: index) }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
