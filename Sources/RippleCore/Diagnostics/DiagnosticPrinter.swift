/// Formats diagnostics the way compilers do: the location line, the source line, a caret.
public struct DiagnosticPrinter: Sendable {
    /// What begins the source line and the caret line: a bar after the indent, so no source line is
    /// ever printed at the start of a line, where a CI runner would read `::error …` in it as a command.
    public static let excerptPrefix = "  | "

    private let source: String

    /// Creates a printer for diagnostics about `source`.
    public init(source: String) {
        self.source = source
    }

    /// Renders one diagnostic as three lines: `file:line:col: error: message`, the source line, a caret,
    /// the last two after `excerptPrefix`.
    public func render(_ diagnostic: Diagnostic) -> String {
        var cache: (line: Int, characters: [Character])?
        return render(diagnostic, lines: SourceLines.lines([diagnostic.location.line], in: source), cache: &cache)
    }

    /// Renders every diagnostic in order, finding their source lines in one pass over the text.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        let lines = SourceLines.lines(Set(diagnostics.map(\.location.line)), in: source)
        var cache: (line: Int, characters: [Character])?
        var text = ""
        for diagnostic in diagnostics { text += render(diagnostic, lines: lines, cache: &cache) }
        return text
    }

    /// Renders an error's diagnostics, then `… and N more errors` on a line of its own when it kept only
    /// the first ones.
    public func render(_ error: DiagnosticError) -> String {
        render(error.diagnostics) + (error.omissionLine.map { $0 + "\n" } ?? "")
    }

    /// Renders one diagnostic with its line taken from `lines`, which `SourceLines` split the same way the
    /// lexer counted them. The characters of the last line shown are kept in `cache`: diagnostics in
    /// source order often share a line, and splitting a megabyte-long line into characters for each of
    /// them made printing a hundred errors on it take seconds.
    private func render(_ diagnostic: Diagnostic, lines: [Int: Substring], cache: inout (line: Int, characters: [Character])?) -> String {
        var printed = diagnostic
        // A message quoting a megabyte-long name would flood the terminal like the line itself.
        if printed.message.count > 400 { printed.message = String(printed.message.prefix(400)) + "…" }
        var text = printed.description + "\n"
        guard let line = lines[diagnostic.location.line] else { return text }
        if cache?.line != diagnostic.location.line { cache = (diagnostic.location.line, Array(line)) }
        // Very long lines are cut around the caret so a 1 MB line does not flood the terminal.
        let column = max(1, diagnostic.location.column)
        var shown = cache!.characters
        var caretColumn = column
        let window = 120
        if shown.count > window {
            let start = max(0, min(column - 1 - window / 2, shown.count - window))
            shown = Array(shown[start..<min(shown.count, start + window)])
            caretColumn = column - start
        }
        // Tabs keep their width under the caret; control characters are shown as spaces; the `[` of a
        // `##[`, which a CI runner reads as a command anywhere in a line, is shown as `\u{5B}` with the
        // caret moved past it (`WorkflowCommandGuard`).
        let pieces = shown.indices.map { index in
            let character = shown[index]
            if character == "\t" { return "\t" }
            if character.isControl { return " " }
            if character == "[", index >= 2, shown[index - 1] == "#", shown[index - 2] == "#" { return "\\u{5B}" }
            return String(character)
        }
        let visible = pieces.joined()
        let padding = pieces.prefix(max(0, caretColumn - 1)).map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.count) }.joined()
        text += Self.excerptPrefix + visible + "\n"
        text += Self.excerptPrefix + padding + "^\n"
        return text
    }
}

extension Character {
    fileprivate var isControl: Bool {
        // U+2028 and U+2029 are whitespace to the lexer, but a terminal may break the line at them.
        unicodeScalars.allSatisfy {
            switch $0.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }
}
