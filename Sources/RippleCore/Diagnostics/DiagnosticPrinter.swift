/// Formats diagnostics the way compilers do: the location line, the source line, a caret.
public struct DiagnosticPrinter: Sendable {
    private let lines: [Substring]

    /// Creates a printer for diagnostics about `source`.
    public init(source: String) {
        self.lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Renders one diagnostic as three lines: `file:line:col: error: message`, the source line, a caret.
    public func render(_ diagnostic: Diagnostic) -> String {
        var cache: (index: Int, characters: [Character])?
        return render(diagnostic, cache: &cache)
    }

    /// `render(_:)`, keeping the characters of the last line shown in `cache`: diagnostics in source
    /// order often share a line, and splitting a megabyte-long line into characters for each of them
    /// made printing a hundred errors on it take seconds.
    private func render(_ diagnostic: Diagnostic, cache: inout (index: Int, characters: [Character])?) -> String {
        var printed = diagnostic
        // A message quoting a megabyte-long name would flood the terminal like the line itself.
        if printed.message.count > 400 { printed.message = String(printed.message.prefix(400)) + "…" }
        var text = printed.description + "\n"
        let index = diagnostic.location.line - 1
        guard lines.indices.contains(index) else { return text }
        if cache?.index != index {
            var line = String(lines[index])
            if line.hasSuffix("\r") { line.removeLast() }
            cache = (index, Array(line))
        }
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
        // Tabs keep their width under the caret; control characters are shown as spaces.
        let visible = shown.map { $0 == "\t" ? "\t" : ($0.isControl ? " " : String($0)) }.joined()
        let padding = shown.prefix(max(0, caretColumn - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        text += "    " + visible + "\n"
        text += "    " + padding + "^\n"
        return text
    }

    /// Renders every diagnostic in order.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var cache: (index: Int, characters: [Character])?
        var text = ""
        for diagnostic in diagnostics { text += render(diagnostic, cache: &cache) }
        return text
    }

    /// Renders an error's diagnostics, then `… and N more errors` on a line of its own when it kept only
    /// the first ones.
    public func render(_ error: DiagnosticError) -> String {
        render(error.diagnostics) + (error.omissionLine.map { $0 + "\n" } ?? "")
    }
}

extension Character {
    fileprivate var isControl: Bool {
        unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }
}
