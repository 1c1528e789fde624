/// A step: its writes, one transaction.
public struct ResolvedStep: Hashable, Sendable {
    public var name: String
    public var statements: [StatementSyntax]
    /// Each statement as the trace prints it, rendered once when the scenario is resolved: every variant
    /// replays the same statements.
    public var texts: [String]
    /// Each statement's written place below its root name (`users[1].name`), for causes.
    var targets: [String]
    /// Each statement taken apart when it is a write of the usual shape (`StepWrite`), else nil.
    var writes: [StepWrite?]
    public var location: SourceLocation

    public init(name: String, statements: [StatementSyntax], location: SourceLocation) {
        self.name = name
        self.statements = statements
        self.texts = statements.map(\.rendered)
        self.targets = texts.map(Engine.shortTarget)
        self.writes = statements.map(StepWrite.init)
        self.location = location
    }
}

/// An `expect` block, with its references checked against the instances the variants create.
public struct ResolvedExpectation: Hashable, Sendable {
    public var step: String
    /// nil: every variant.
    public var variant: String?
    /// nil: the scenario's semantics.
    public var semantics: Semantics?
    public var clauses: [ExpectationClauseSyntax]
    public var location: SourceLocation
}

/// One variant's declarations.
public struct ResolvedVariant: Sendable {
    public var name: String
    public var table: DeclarationTable
    public var location: SourceLocation?
}
