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

    /// `file:line:col: error: message`, without the source excerpt.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// A collection of diagnostics that failed a stage, thrown as one error.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, in source order.
    public var diagnostics: [Diagnostic]

    /// Wraps diagnostics, sorting them by position.
    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
