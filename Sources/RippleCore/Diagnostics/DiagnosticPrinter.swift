/// Formats diagnostics the way compilers do: the location line, the source line, a caret.
public struct DiagnosticPrinter: Sendable {
    private let lines: [Substring]

    /// Creates a printer for diagnostics about `source`.
    public init(source: String) {
        self.lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Renders one diagnostic as three lines: `file:line:col: error: message`, the source line, a caret.
    public func render(_ diagnostic: Diagnostic) -> String {
        var printed = diagnostic
        // A message quoting a megabyte-long name would flood the terminal like the line itself.
        if printed.message.count > 400 { printed.message = String(printed.message.prefix(400)) + "…" }
        var text = printed.description + "\n"
        let index = diagnostic.location.line - 1
        guard lines.indices.contains(index) else { return text }
        var line = String(lines[index])
        if line.hasSuffix("\r") { line.removeLast() }
        // Very long lines are cut around the caret so a 1 MB line does not flood the terminal.
        let column = max(1, diagnostic.location.column)
        var shown = Array(line)
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
        diagnostics.map(render).joined()
    }
}

extension Character {
    fileprivate var isControl: Bool {
        unicodeScalars.allSatisfy { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }
    }
}
