/// One problem found in a scenario: where it is, how bad, and what to say about it.
public struct Diagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// How serious it is.
    public var severity: Severity
    /// Where it is.
    public var location: SourceLocation
    /// Lowercase, names in single quotes, no final period.
    public var message: String

    /// Creates an error diagnostic.
    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, location: location, message: message)
    }

    /// Creates a warning diagnostic.
    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .warning, location: location, message: message)
    }

    /// Creates a note: what Ripple assumed about code it does not model.
    public static func note(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .note, location: location, message: message)
    }

    /// `file:line:col: error: message`, without the source excerpt, on one line: a line break in the
    /// message or the file name is written `\n` (`TerminalText.oneLine`).
    public var description: String { "\(location): \(severity.rawValue): \(TerminalText.oneLine(message))" }
}

/// A collection of diagnostics that failed a stage, thrown as one error.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// The first `Limits.maximumErrors` diagnostics, in source order.
    public var diagnostics: [Diagnostic]
    /// How many more were found: counted, not kept.
    public var omittedCount: Int

    /// Wraps diagnostics, sorting them by position and keeping the first `Limits.maximumErrors`; `omitted`
    /// counts others found and not kept.
    public init(_ diagnostics: [Diagnostic], omitted: Int = 0) {
        let sorted = diagnostics.sorted { $0.location < $1.location }
        self.diagnostics = Array(sorted.prefix(Limits.maximumErrors))
        self.omittedCount = omitted + sorted.count - self.diagnostics.count
    }

    /// Every diagnostic found, kept or not.
    public var count: Int { diagnostics.count + omittedCount }

    /// `… and N more errors` when some were not kept, else nil.
    public var omissionLine: String? {
        omittedCount > 0 ? "… and \(omittedCount) more error\(omittedCount == 1 ? "" : "s")" : nil
    }

    public var description: String { (diagnostics.map(\.description) + [omissionLine].compactMap { $0 }).joined(separator: "\n") }
}
