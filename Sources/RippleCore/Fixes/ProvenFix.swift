/// A rewrite of a variant's declarations that would avoid what a hint names, made by Ripple itself:
/// `ripple audit` simulates the rewritten variant with the same actions and reports the difference it
/// measured, so the fix is proven, not promised.
public struct ProvenFix: Sendable {
    /// The hint the fix follows.
    public var kind: AuditHint.Kind
    /// The type the fix rewrites: the view, or the model class of a computed property.
    public var type: String
    /// What the fix changes, in one sentence: "pass `UserRow` `name` instead of `state` and `index`".
    public var summary: String
    /// The declarations the fix changed, as they were and as they are after it, by name.
    package var before: [DeclarationSyntax]
    package var after: [DeclarationSyntax]
    /// Why the rewrite is not tried although the code has its shape: what it would change that the
    /// audit cannot prove by performing the actions (a closure `==` would leave out that captures a value
    /// which can change); nil for a fix to try. A declined fix changes nothing.
    package var declined: String? = nil
    /// Struct properties the fix flattens, each with the fields it now holds itself: a step's read
    /// through one (`SignupForm.form.email`) reads the field (`SignupForm.email`) in the fixed code.
    package var flattened: [(property: String, fields: Set<String>)] = []

    /// A step's statement as it reads in the fixed code: each read through a flattened property reads
    /// the field itself.
    package func applied(to statement: StatementSyntax) -> StatementSyntax {
        guard !flattened.isEmpty else { return statement }
        return statement.replacing { e in
            guard case .member(let base, let field, false) = e.kind, case .member(let root, let property, false) = base.kind,
                  flattened.contains(where: { $0.property == property && $0.fields.contains(field) }) else { return nil }
            return ExprSyntax(.member(root, name: field, optional: false), at: e.location)
        }
    }

    /// The declarations with the fix's changed ones put in place of those of the same name, and those
    /// it adds (a view it moved code into) after the last one it changed.
    package func applied(to declarations: [DeclarationSyntax]) -> [DeclarationSyntax] {
        let changed = Dictionary(after.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var result = declarations.map { changed[$0.name] ?? $0 }
        let names = Set(declarations.map(\.name))
        let added = after.filter { !names.contains($0.name) }
        let place = result.lastIndex { changed[$0.name] != nil }.map { $0 + 1 } ?? result.endIndex
        result.insert(contentsOf: added, at: place)
        return result
    }
}

/// Finding the fix for a hint, and the scenario a set of fixes makes.
public enum ProvenFixes {
    /// The fix for the hint in these declarations; nil when the hint names no mechanical rewrite, or the
    /// code is not of the shape the rewrite needs (it says nothing it cannot write correctly). `outside`
    /// is what the scenario holds besides the declarations, which a fix reads but does not rewrite.
    package static func fix(for hint: AuditHint, in declarations: [DeclarationSyntax], outside: Outside = Outside()) -> ProvenFix? {
        switch hint.kind {
        case .passTheField, .passTheFieldsItShows: return PassTheFields.fix(view: hint.view, kind: hint.kind, in: declarations)
        case .computedProperty: return hint.subject.flatMap { StoreComputedProperty.fix(property: $0, in: declarations) }
        case .closureInput: return EquatableOnData.fix(view: hint.view, in: declarations)
        case .environmentKey: return hint.subject.flatMap { UnreadEnvironmentKey.fix(view: hint.view, key: $0, in: declarations) }
        case .readOnlyToPassOn: return hint.subject.flatMap { ReadOnlyToPassOn.fix(view: hint.view, read: $0, in: declarations) }
        case .readInChild:
            guard let reads = hint.subject?.split(separator: ", ").map(String.init) else { return nil }
            return MoveReadIntoChild.fix(view: hint.view, in: declarations, reads: reads)
        case .observableObject:
            return ObservableMigration.fix(view: hint.view, in: declarations, steps: outside.steps, rootObject: outside.rootObject)
        case .equatablePropertyType: return hint.subject.flatMap { EquatablePropertyType.fix(type: $0, in: declarations) }
        case .structObservableProperty: return hint.subject.flatMap { StructObservableProperty.fix(property: $0, in: declarations, steps: outside.steps) }
        case .largeStateStruct: return hint.subject.flatMap { LargeStateStruct.fix(slot: $0, in: declarations) }
        case .seededState, .inlineRows, .onChangeInParentBody, .wholeElementBinding, .environmentObjectAtTop: return nil
        }
    }

    /// What a scenario holds besides its declarations: the statements of the steps a variant runs, and
    /// the first `.environmentObject(…)` the app or a preview puts an `ObservableObject` in the
    /// environment with, where it is: `.environmentObject(store)` (App.swift:10:18).
    package struct Outside {
        package var steps: [StatementSyntax] = []
        package var rootObject: String?

        package init(steps: [StatementSyntax] = [], rootObject: String? = nil) {
            self.steps = steps
            self.rootObject = rootObject
        }

        /// What `syntax` holds besides the declarations of `variant`.
        package init(_ syntax: ScenarioSyntax, variant: String) {
            steps = syntax.steps.filter { $0.variant == nil || $0.variant == variant }.flatMap(\.statements)
            let environments = [syntax.rootEnvironment, syntax.appEnvironment] + syntax.previews.map(\.environment)
            rootObject = environments.lazy.flatMap(\.entries).first { $0.kind == .object }.map { entry in
                "`\(entry.text)` (\(entry.location.file.split(separator: "/").last.map(String.init) ?? entry.location.file):\(entry.location.line))"
            }
        }
    }

    /// The declarations one variant of a scenario is made of: the top-level ones, with those the
    /// variant's block declares put in their place, in the order the resolver reads them.
    package static func declarations(of syntax: ScenarioSyntax, variant: String) -> [DeclarationSyntax] {
        var declarations = syntax.declarations
        if let block = syntax.variants.first(where: { $0.name == variant }) {
            for declaration in block.declarations {
                declarations.removeAll { $0.name == declaration.name }
                declarations.append(declaration)
            }
        }
        return declarations
    }

    /// The fixes for every hint, each found in the declarations the ones before it made; hints of one
    /// view and kind are fixed once. A declined fix is listed with its reason and changes nothing.
    package static func fixes(for hints: [AuditHint], in scenario: Scenario, variant: String) -> [ProvenFix] {
        var declarations = declarations(of: scenario.syntax, variant: variant)
        let outside = Outside(scenario.syntax, variant: variant)
        var fixes: [ProvenFix] = []
        var seen: Set<String> = []
        for hint in hints where seen.insert(hint.kind.rawValue + " " + hint.view + " " + (hint.subject ?? "")).inserted {
            guard let fix = fix(for: hint, in: declarations, outside: outside) else { continue }
            // Two hints one rewrite answers (the same view given twice): the second finds nothing to do.
            guard !fixes.contains(where: { $0.kind == fix.kind && $0.type == fix.type && $0.summary == fix.summary }) else { continue }
            if fix.declined == nil { declarations = fix.applied(to: declarations) }
            fixes.append(fix)
        }
        return fixes
    }

    /// The scenario the variant makes with the fixes applied, as its only variant, of the same name: the
    /// same root, steps and first values, and none of the expectations (they were written for the code as
    /// it was).
    package static func scenario(_ scenario: Scenario, variant: String, applying fixes: [ProvenFix]) throws(DiagnosticError) -> Scenario {
        try Scenario(syntax: syntax(scenario, variant: variant, applying: fixes), file: scenario.file)
    }

    /// The steps as they read in the code with `fixes` applied: a read through a property a fix flattened
    /// reads the field.
    package static func steps(_ steps: [StepSyntax], applying fixes: [ProvenFix]) -> [StepSyntax] {
        steps.map { step in
            var step = step
            step.statements = step.statements.map { statement in fixes.reduce(statement) { $1.applied(to: $0) } }
            return step
        }
    }

    /// The syntax `scenario(_:variant:applying:)` resolves.
    package static func syntax(_ scenario: Scenario, variant: String, applying fixes: [ProvenFix]) -> ScenarioSyntax {
        var syntax = scenario.syntax
        var declarations = declarations(of: syntax, variant: variant)
        for fix in fixes { declarations = fix.applied(to: declarations) }
        let location = syntax.variants.first { $0.name == variant }?.location ?? SourceLocation(file: syntax.file, line: 1, column: 1)
        syntax.declarations = declarations
        syntax.variants = [VariantSyntax(name: variant, declarations: [], location: location)]
        syntax.steps = steps(syntax.steps.filter { $0.variant == nil || $0.variant == variant }, applying: fixes)
        syntax.expectations = []
        syntax.sources = []
        if let resolved = scenario.variant(named: variant), !resolved.table.rootView.isEmpty {
            if syntax.root != resolved.table.rootView {
                syntax.rootArguments = []
                syntax.rootEnvironment = syntax.appEnvironment
            }
            syntax.root = resolved.table.rootView
            syntax.rootLocation = nil
        }
        return syntax
    }
}
