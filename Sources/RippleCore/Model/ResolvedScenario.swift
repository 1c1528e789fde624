/// A step: its writes, one transaction.
public struct ResolvedStep: Hashable, Sendable {
    public var name: String
    public var statements: [StatementSyntax]
    /// Each statement as the trace prints it, rendered once when the scenario is resolved: every variant
    /// replays the same statements.
    public var texts: [String]
    /// Each statement's written place below its root name (`users[1].name`), for causes.
    var targets: [String]
    public var location: SourceLocation

    public init(name: String, statements: [StatementSyntax], location: SourceLocation) {
        self.name = name
        self.statements = statements
        self.texts = statements.map(\.rendered)
        self.targets = texts.map(Self.writtenPlace)
        self.location = location
    }

    /// The place a statement writes, below its root name, from its printed text.
    static func writtenPlace(_ statement: String) -> String {
        // `state.users[1].name = "Bea"` → `users[1].name`: the written place below the root name.
        // One pass over the bytes for ` = `, ` += ` and the like: statements print as `target op value`.
        var target = statement
        let bytes = Array(statement.utf8)
        var index = 0
        scan: while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: " ") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "=") && bytes[index + 2] == UInt8(ascii: " ") { break scan }
                if "+-*/%".utf8.contains(next), index + 3 < bytes.count, bytes[index + 2] == UInt8(ascii: "="), bytes[index + 3] == UInt8(ascii: " ") { break scan }
            }
            index += 1
        }
        if index + 2 < bytes.count { target = String(decoding: bytes[..<index], as: UTF8.self) }
        if let dot = target.firstIndex(of: ".") { return String(target[target.index(after: dot)...]) }
        return target
    }
}

/// An `expect` block, with its references checked against the instances the variants create.
public struct ResolvedExpectation: Hashable, Sendable {
    /// The step's name; empty for `expect initial`.
    public var step: String
    /// Held against the variant's first evaluation, before any step.
    public var isInitial: Bool
    /// nil: every variant.
    public var variant: String?
    /// nil: the scenario's semantics.
    public var semantics: Semantics?
    /// The update of the step the clauses hold against, from 1, the step's own; nil: its own.
    public var update: Int?
    public var clauses: [ExpectationClauseSyntax]
    public var location: SourceLocation
}

/// One variant's declarations.
public struct ResolvedVariant: Sendable {
    public var name: String
    public var table: DeclarationTable
    public var location: SourceLocation?
    /// What is in the root's environment before any view puts something there: what the preview or the
    /// window the root came from gives it, and for any other screen what the app's scenes give
    /// (`ScenarioSyntax.rootEnvironment`, `appEnvironment`). Kept beside the table, not in it: a
    /// debug build copies the table into frames of the engine's deepest recursions.
    public var rootEnvironment = RootEnvironmentSyntax()
    /// For a preview's state of a screen (`PreviewSyntax`), how it is named: `preview 'With data'`; nil
    /// for the app's launch state, a screen of its own and a scenario's variant.
    public var state: String?
    /// The steps written inside the variant's block, by name: each replaces the top-level step of its
    /// name for this variant.
    public var steps: [String: ResolvedStep] = [:]
}
