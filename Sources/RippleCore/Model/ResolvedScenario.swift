/// A step: its writes, one transaction.
public struct ResolvedStep: Hashable, Sendable {
    public var name: String
    public var statements: [StatementSyntax]
    public var location: SourceLocation
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
