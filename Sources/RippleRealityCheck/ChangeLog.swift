import RippleCore

/// A recorded SwiftUI change log, read into body evaluations and step markers.
///
/// It reads what a user can capture from a real app (docs/RealityCheck.md):
/// - the unified log's default text (`log stream` / `log show`): a timestamp, thread, type, activity,
///   PID and TTL, then `[com.apple.SwiftUI:Changed Body Properties] ContentView: @self, _count changed.`;
///   lines of other subsystems and categories are skipped;
/// - the unified log as `--style ndjson` (one event object a line) or `--style json` (an array of them),
///   each event with `eventMessage`, `subsystem`, `category` and `timestamp`;
/// - Xcode's console, or any text, with `Self._printChanges()`'s lines: `ContentView: @self, _count
///   changed.`, `ContentView: @dependencies changed.`, `ContentView: unchanged.`; other lines (the app's
///   own output) are skipped.
///
/// A line with `ripple-step: NAME` anywhere in it, from any subsystem, marks where the step `NAME`
/// begins. A line of SwiftUI's change category that is not a change line is an error at its place; a
/// last line cut short (no line break after it) that does not read is skipped with a note.
public struct ChangeLog: Sendable {
    /// How the log was written.
    public enum Format: String, Sendable, Codable {
        /// `log stream` / `log show` in their default text style.
        case unifiedLogText = "unified log text"
        /// `log stream --style ndjson` or `log show --style json`.
        case unifiedLogJSON = "unified log JSON"
        /// `Self._printChanges()` lines in Xcode's console or any other text.
        case console = "console text"
    }

    /// One body evaluation the log recorded: one line `_printChanges()` or `_logChanges()` wrote.
    public struct Change: Hashable, Sendable {
        /// The view type, without its module and generic arguments: `ContentView`.
        public var viewType: String
        /// The reasons in the order the line gives them (`@self`, `_count`); empty for `unchanged.`.
        public var reasons: [String]
        /// The 1-based line of the log it is on.
        public var line: Int
        /// Seconds from an arbitrary origin, when the line has a timestamp.
        public var time: Double?

        public init(viewType: String, reasons: [String], line: Int, time: Double? = nil) {
            self.viewType = viewType
            self.reasons = reasons
            self.line = line
            self.time = time
        }

        /// The line without its type, as `_printChanges()` words it: `@self, _count changed`, `unchanged`.
        public var reasonText: String {
            reasons.isEmpty ? "unchanged" : reasons.joined(separator: ", ") + " changed"
        }
    }

    /// A `ripple-step: NAME` line: the step `NAME` begins after it.
    public struct Marker: Hashable, Sendable {
        public var name: String
        public var line: Int
        public var time: Double?
    }

    /// A change or a marker, in log order.
    public enum Entry: Hashable, Sendable {
        case change(Change)
        case marker(Marker)
    }

    /// The log's path as the user gave it.
    public var file: String
    /// How it was written.
    public var format: Format
    /// The changes and markers, in log order.
    public var entries: [Entry]
    /// What was passed over and said: a last line cut short.
    public var notes: [Diagnostic]
    /// How many non-empty lines (or JSON events) were neither a change nor a marker: other subsystems,
    /// the header `log stream` prints, the app's own output.
    public var skipped: Int

    /// Most bytes a log may hold (a documented limit, docs/RealityCheck.md): an hour of a busy app's
    /// change lines is a few megabytes.
    public static let maximumFileSize = 64 << 20
    /// What a step marker line holds before the step's name.
    public static let markerPrefix = "ripple-step:"
    /// The unified log's subsystem and category that `_logChanges()` writes to.
    public static let subsystem = "com.apple.SwiftUI"
    public static let category = "Changed Body Properties"

    public init(file: String, format: Format, entries: [Entry], notes: [Diagnostic] = [], skipped: Int = 0) {
        self.file = file
        self.format = format
        self.entries = entries
        self.notes = notes
        self.skipped = skipped
    }

    /// The changes alone, in log order.
    public var changes: [Change] {
        entries.compactMap { if case .change(let change) = $0 { change } else { nil } }
    }

    /// The markers alone, in log order.
    public var markers: [Marker] {
        entries.compactMap { if case .marker(let marker) = $0 { marker } else { nil } }
    }

    // MARK: - Reading

    /// Reads a log's bytes: errors when they are not UTF-8, when a line of SwiftUI's change category or a
    /// JSON event does not read, and when nothing in the log is a change line.
    public init(bytes: [UInt8], file: String) throws(DiagnosticError) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticError([.error("the log is not valid UTF-8", at: Scenario.firstInvalidUTF8(in: bytes, file: file))])
        }
        try self.init(parsing: text, file: file)
    }

    /// Reads a log's text; see `init(bytes:file:)`.
    public init(parsing text: String, file: String) throws(DiagnosticError) {
        let lines = LogLines(text)
        var reader = Reader(file: file, lines: lines)
        if let start = lines.firstJSONLine() {
            try reader.readJSON(from: start)
        } else {
            try reader.readText()
        }
        self.init(file: file, format: reader.format, entries: reader.entries, notes: reader.notes, skipped: reader.skipped)
        guard !changes.isEmpty else {
            let what = lines.isBlank ? "the log is empty" : "no SwiftUI change lines in the log"
            throw DiagnosticError([.error("\(what); expected lines of 'Self._printChanges()' ('ContentView: @self, _count changed.') "
                                          + "or of the unified log's '\(Self.subsystem)' subsystem, category '\(Self.category)' (docs/RealityCheck.md)",
                                          at: SourceLocation(file: file, line: 1, column: 1))])
        }
    }

    // MARK: - One line

    /// A `_printChanges()` line's type and reasons: `ContentView: @self, _count changed.`,
    /// `ContentView: unchanged.`; nil when `message` is not one. Each reason is `@word` or `_word`.
    public static func change(in message: Substring) -> (viewType: String, reasons: [String])? {
        let message = message.trimmingWhitespace()
        guard let colon = message.range(of: ": ") else { return nil }
        let type = message[..<colon.lowerBound]
        let rest = message[colon.upperBound...]
        guard let first = type.first, first.isLetter || first == "_", Self.hasNoSpaceOutsideGenerics(type) else { return nil }
        let reasons: [String]
        if rest == "unchanged." {
            reasons = []
        } else if rest.hasSuffix(" changed.") {
            reasons = rest.dropLast(" changed.".count).split(separator: ",").map { String($0.trimmingWhitespace()) }
            guard !reasons.isEmpty, reasons.allSatisfy(isReason) else { return nil }
        } else {
            return nil
        }
        return (viewType(named: type), reasons)
    }

    /// A view type as Ripple names it: `MyApp.ContentView<Text>` is `ContentView`.
    public static func viewType(named name: Substring) -> String {
        let plain = name.prefix { $0 != "<" }
        return String(plain.split(separator: ".").last ?? plain)
    }

    /// `@self`, `@identity`, `@dependencies`, `_count`: a sigil, then letters, digits and underscores.
    static func isReason(_ text: String) -> Bool {
        guard let first = text.first, first == "@" || first == "_", text.count > 1 else { return false }
        return text.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Whether every space in `type` lies between angle brackets: `Pair<Int, String>`.
    private static func hasNoSpaceOutsideGenerics(_ type: Substring) -> Bool {
        var depth = 0
        for character in type {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if character == " " && depth == 0 { return false }
        }
        return true
    }

    /// The step name after `ripple-step:` in `text`, and the column (in characters of `text`, 1-based)
    /// where the marker starts; nil when `text` has no marker. The name is trimmed, and quotes around it
    /// dropped; an empty name is returned as such.
    static func marker(in text: Substring) -> (name: String, column: Int)? {
        guard let range = text.range(of: markerPrefix) else { return nil }
        var name = text[range.upperBound...].trimmingWhitespace()
        if name.count >= 2, name.first == "\"", name.last == "\"" { name = name.dropFirst().dropLast() }
        return (String(name), text.distance(from: text.startIndex, to: range.lowerBound) + 1)
    }
}

extension Substring {
    /// Without spaces, tabs and a carriage return at either end.
    func trimmingWhitespace() -> Substring {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\r" || character == "\r\n" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let end = lastIndex(where: { !isSpace($0) })!
        return self[start...end]
    }
}
