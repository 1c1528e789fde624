/// Turns a syntax tree into a `Scenario`: declaration tables per variant, checked names, no cycles.
struct Resolver {
    var diagnostics: [Diagnostic] = []

    mutating func resolve(_ syntax: ScenarioSyntax) -> (variants: [ResolvedVariant], steps: [ResolvedStep], expectations: [ResolvedExpectation]) {
        var variants = resolveVariants(syntax)
        let (steps, expectations) = resolveSteps(syntax, variants: &variants)
        return (variants, steps, expectations)
    }

    /// The variants, each with its declaration table: what the engine needs to build the tree. Nothing
    /// in them depends on the steps.
    mutating func resolveVariants(_ syntax: ScenarioSyntax) -> [ResolvedVariant] {
        var builder = DeclarationBuilder()
        builder.readsOtherModules = syntax.readsOtherModules
        var variants: [ResolvedVariant] = []
        var variantNames: [String: SourceLocation] = [:]
        if syntax.variants.isEmpty {
            variants.append(ResolvedVariant(name: "main", table: builder.table(for: syntax, variant: nil), location: nil))
        }
        for variant in syntax.variants {
            if let first = variantNames[variant.name] {
                diagnostics.append(.error("duplicate variant '\(variant.name)' (first declared at line \(first.line))", at: variant.location))
                continue
            }
            variantNames[variant.name] = variant.location
            variants.append(ResolvedVariant(name: variant.name, table: builder.table(for: syntax, variant: variant), location: variant.location))
        }
        // Diagnostics about base declarations repeat once per variant: keep one of each.
        var seen: Set<Diagnostic> = []
        var found = builder.diagnostics.filter { seen.insert($0).inserted }
        // Swift source compiles: what the builder cannot make sense of is something Ripple does not
        // model, so it is a note and the declaration is simulated without it. Limits stay errors.
        if syntax.readsOtherModules {
            found = found.map { diagnostic in
                guard diagnostic.severity == .error, !diagnostic.message.contains("(limit:") else { return diagnostic }
                return .note("not simulated: " + diagnostic.message, at: diagnostic.location)
            }
        }
        diagnostics += found

        // An app's views may contain each other through data (a post that embeds a post): the screens
        // whose first tree recurses past a limit are left out when they run (`Scenario`).
        let appSource = syntax.readsOtherModules && syntax.sources.isEmpty && syntax.variants.isEmpty
        for index in variants.indices {
            // In Swift source a name in a getter may be another object's member of the same name: the
            // getter's own depth check catches a real cycle when it runs.
            checkCycles(&variants[index], computedProperties: !syntax.readsOtherModules, views: !appSource)
            variants[index].table.opaqueViews = syntax.opaqueViews
            variants[index].table.unsimulatedModifiers = syntax.unsimulatedModifiers
            variants[index].table.replacedTypes = syntax.replacedTypes
            variants[index].table.readsOtherModules = syntax.readsOtherModules
            if let rows = syntax.visibleRows { variants[index].table.visibleRows = rows }
            variants[index].table.rootView = rootView(of: variants[index], in: syntax)
            variants[index].rootEnvironment = variants[index].table.rootView == syntax.root ? syntax.rootEnvironment : syntax.appEnvironment
        }
        if syntax.readsOtherModules && syntax.variants.isEmpty, let main = variants.first, !main.table.rootView.isEmpty,
           syntax.root == nil || syntax.rootLocation != nil {
            variants = everyRoot(from: main, environment: syntax.appEnvironment)
        }
        // The preview's or window's arguments are the root's first values.
        if !syntax.rootArguments.isEmpty, let root = syntax.root {
            for index in variants.indices where variants[index].table.rootView == root {
                StandIns.fillRootInputs(of: &variants[index].table, from: syntax.rootArguments, notes: &diagnostics)
            }
        }
        if appSource, let main = variants.first, !main.table.rootView.isEmpty {
            let previews = previewStates(of: syntax, from: main, taken: Set(variants.map(\.name)))
            // Beside a preview's state, the launch state is named by its root, as each screen is.
            if !previews.isEmpty, variants.count == 1 { variants[0].name = main.table.rootView }
            variants += previews
        }
        // Swift source read without the caller of its root: the root's inputs get stand-ins.
        if syntax.readsOtherModules {
            for index in variants.indices { StandIns.fillRootInputs(of: &variants[index].table, notes: &diagnostics) }
        }
        // `--rows N`: collections that start empty get N stand-in elements.
        if let rows = syntax.standInRows {
            var noted: [Diagnostic] = []
            for index in variants.indices { StandIns.fillEmptyCollections(of: &variants[index].table, rows: rows, notes: &noted) }
            var seen = Set<Diagnostic>()
            diagnostics += noted.filter { seen.insert($0).inserted }
        }
        return variants
    }

    /// The steps and expectations, checked against the variants; a step written inside a variant block
    /// goes to that variant.
    mutating func resolveSteps(_ syntax: ScenarioSyntax, variants: inout [ResolvedVariant]) -> (steps: [ResolvedStep], expectations: [ResolvedExpectation]) {
        // One step per name, in the order the names first appear; a step written inside a variant block
        // replaces the top-level one of its name for that variant.
        var steps: [ResolvedStep] = []
        var stepNames: [String: SourceLocation] = [:]
        var topLevelSteps: [String: SourceLocation] = [:]
        var variantSteps: [String: [String: SourceLocation]] = [:]
        for step in syntax.steps {
            let declared = step.variant.map { variantSteps[$0]?[step.name] } ?? topLevelSteps[step.name]
            if let first = declared {
                let place = step.variant.map { " in variant '\($0)'" } ?? ""
                diagnostics.append(.error("duplicate step '\(step.name)'\(place) (first declared at line \(first.line))", at: step.location))
                continue
            }
            if step.statements.isEmpty {
                diagnostics.append(.error("step '\(step.name)' writes nothing", at: step.location))
            }
            let resolved = ResolvedStep(name: step.name, statements: step.statements, location: step.location)
            if let variant = step.variant {
                variantSteps[variant, default: [:]][step.name] = step.location
                if let index = variants.firstIndex(where: { $0.name == variant }) { variants[index].steps[step.name] = resolved }
            } else {
                topLevelSteps[step.name] = step.location
            }
            if stepNames[step.name] == nil {
                stepNames[step.name] = step.location
                steps.append(resolved)
            } else if step.variant == nil, let index = steps.firstIndex(where: { $0.name == step.name }) {
                // The top-level step is the one every variant without its own runs.
                steps[index] = resolved
            }
        }
        // A step written only inside variant blocks must be written in each: every variant runs every step.
        for step in steps where topLevelSteps[step.name] == nil {
            let missing = variants.filter { $0.steps[step.name] == nil }.map(\.name)
            guard !missing.isEmpty else { continue }
            diagnostics.append(.error("step '\(step.name)' is written for \(variants.count - missing.count == 1 ? "one variant" : "some variants") but not for \(missing.map { "'\($0)'" }.joined(separator: ", ")); write it there too, or at the top level",
                                      at: step.location))
        }
        if steps.count > Scenario.maximumSteps {
            diagnostics.append(.error("the scenario has \(steps.count) steps; at most \(Scenario.maximumSteps) are allowed (limit: steps)", at: steps[Scenario.maximumSteps].location))
        }
        var expectations: [ResolvedExpectation] = []
        var expectationKeys: [String: SourceLocation] = [:]
        for expectation in syntax.expectations {
            if !expectation.isInitial, stepNames[expectation.step] == nil {
                // A suggestion compares the name with every step's: only for the errors that are reported.
                let suggestion = diagnostics.count < Limits.maximumErrors ? Suggestion.didYouMean(expectation.step, in: stepNames.keys) : ""
                diagnostics.append(.error("unknown step '\(expectation.step)'\(suggestion)", at: expectation.stepLocation))
                continue
            }
            if let variant = expectation.variant, !variants.contains(where: { $0.name == variant }) {
                diagnostics.append(.error("unknown variant '\(variant)'\(Suggestion.didYouMean(variant, in: variants.map(\.name)))", at: expectation.variantLocation ?? expectation.location))
                continue
            }
            // `update 1` is the step's own update, as a block without `update` is.
            let update = expectation.update == 1 ? nil : expectation.update
            let key = "\(expectation.isInitial ? "" : "'")\(expectation.step)|\(expectation.variant ?? "*")|\(expectation.semantics?.rawValue ?? "-")|\(update ?? 1)"
            if let first = expectationKeys[key] {
                let what = expectation.isInitial ? "the first evaluation" : "step '\(expectation.step)'"
                let which = update.map { "update \($0) of " } ?? ""
                diagnostics.append(.error("duplicate expectation for \(which)\(what) (first at line \(first.line))", at: expectation.location))
                continue
            }
            expectationKeys[key] = expectation.location
            expectations.append(ResolvedExpectation(step: expectation.step, isInitial: expectation.isInitial, variant: expectation.variant,
                                                    semantics: expectation.semantics, update: update, clauses: expectation.clauses,
                                                    location: expectation.location))
        }
        return (steps, expectations)
    }

    // MARK: - Root

    /// The root is the view no other view builds; with several, the first declared.
    private mutating func rootView(of variant: ResolvedVariant, in syntax: ScenarioSyntax) -> String {
        let table = variant.table
        if let root = syntax.root {
            if table.views[root] != nil { return root }
            // A `#Preview` or `WindowGroup` that builds a view another file or module declares: the root is
            // found as for any source.
            if let location = syntax.rootLocation, syntax.readsOtherModules {
                diagnostics.append(.note("'\(root)', which builds the preview or window, is not declared in the source; the root is the view no other view builds", at: location))
                var unnamed = syntax
                unnamed.root = nil
                return rootView(of: variant, in: unnamed)
            }
            diagnostics.append(.error("the root '\(root)' is not a view the source declares\(Suggestion.didYouMean(root, in: table.views.keys))",
                                      at: syntax.rootLocation ?? SourceLocation(file: syntax.file, line: 1, column: 1)))
            return ""
        }
        var used: Set<String> = []
        for view in table.views.values {
            for site in viewSites(in: view.body + view.helpers.flatMap(\.statements)) { used.insert(site.name) }
        }
        let candidates = table.views.values.filter { !$0.isModifier && !used.contains($0.name) }
            .sorted { $0.location < $1.location }
        guard let root = candidates.first else {
            if !table.views.isEmpty && diagnostics.allSatisfy({ !$0.message.contains("contains itself") && !$0.message.contains("contain each other") }) {
                let location = table.views.values.map(\.location).min()!
                diagnostics.append(.error("no root view: every view is built by another view", at: location))
            } else if table.views.isEmpty {
                diagnostics.append(.error("the scenario declares no view ('struct Root: View { var body: some View { ... } }')",
                                          at: SourceLocation(file: syntax.file, line: 1, column: 1)))
            }
            return ""
        }
        return root.name
    }

    /// Swift source with no root named on the command line: besides the root found, every other view that
    /// no view builds is the root of a variant of its own, named after it, so that every screen of the
    /// source is evaluated once.
    private func everyRoot(from main: ResolvedVariant, environment: RootEnvironmentSyntax) -> [ResolvedVariant] {
        let table = main.table
        var used: Set<String> = []
        for view in table.views.values {
            for site in viewSites(in: view.body + view.helpers.flatMap(\.statements)) { used.insert(site.name) }
        }
        let others = table.views.values.filter { !$0.isModifier && !used.contains($0.name) && $0.name != table.rootView }
            .sorted { $0.location < $1.location }
        guard !others.isEmpty else { return [main] }
        return [ResolvedVariant(name: table.rootView, table: table, location: nil, rootEnvironment: main.rootEnvironment)] + others.map { Self.screen(rootedAt: $0.name, in: table, environment: environment) }
    }

    /// A state of its own for each of the app's previews that builds a view the source declares
    /// (`ScenarioSyntax.previews`): rooted at that view, its inputs set by the preview's arguments, in the
    /// preview's environment alone, named `View, preview 'Title'`; a preview of a view the source does not
    /// declare is a note.
    private mutating func previewStates(of syntax: ScenarioSyntax, from main: ResolvedVariant, taken: Set<String>) -> [ResolvedVariant] {
        var names = taken
        var states: [ResolvedVariant] = []
        for preview in syntax.previews {
            guard main.table.views[preview.view] != nil else {
                diagnostics.append(.note("the preview builds '\(preview.view)', which the source does not declare; it is not a state Ripple simulates", at: preview.location))
                continue
            }
            var name = preview.view + ", " + preview.stateName
            var number = 2
            while names.contains(name) {
                name = preview.view + ", " + preview.stateName + " \(number)"
                number += 1
            }
            names.insert(name)
            var state = ResolvedVariant(name: name, table: main.table, location: preview.location, rootEnvironment: preview.environment)
            state.table.rootView = preview.view
            state.state = preview.stateName
            StandIns.fillRootInputs(of: &state.table, from: preview.arguments, notes: &diagnostics)
            states.append(state)
        }
        return states
    }

    /// A screen of app source rooted at `view`, named after it, in the declarations of `table`, shown
    /// inside the app: in `environment`, what the app's scenes put there.
    private static func screen(rootedAt view: String, in table: DeclarationTable, environment: RootEnvironmentSyntax) -> ResolvedVariant {
        var rooted = table
        rooted.rootView = view
        return ResolvedVariant(name: view, table: rooted, location: nil, rootEnvironment: environment)
    }

    /// The screens of app source for the views no screen evaluated: a view built only in a sheet, a
    /// link's destination, a branch not taken in the first state or a body Ripple could not evaluate
    /// becomes a screen of its own, its inputs given stand-ins, with a note that says so. A view that
    /// another of them builds is left to that one's screen; `evaluated` grows as the new screens run, and
    /// the caller asks again until no view is left.
    static func screensOfTheirOwn(in table: DeclarationTable, environment: RootEnvironmentSyntax, evaluated: Set<String>, roots: Set<String>) -> (screens: [ResolvedVariant], notes: [Diagnostic]) {
        let candidates = table.views.values.filter { view in
            !view.isModifier && !evaluated.contains(view.name) && !roots.contains(view.name)
                && !table.opaqueViews.contains(view.name) && !Coverage.isPreviewOnly(view.name)
        }.sorted { $0.location < $1.location }
        guard !candidates.isEmpty else { return ([], []) }
        let names = Set(candidates.map(\.name))
        let resolver = Resolver()
        var builtByAnother: Set<String> = []
        for view in candidates {
            for site in resolver.viewSites(in: view.body + view.helpers.flatMap(\.statements)) where site.name != view.name && names.contains(site.name) {
                builtByAnother.insert(site.name)
            }
        }
        // Views that build each other in a ring: the first in the source starts.
        let chosen = candidates.filter { !builtByAnother.contains($0.name) }
        var screens: [ResolvedVariant] = []
        var notes: [Diagnostic] = []
        for view in chosen.isEmpty ? [candidates[0]] : chosen {
            var screen = screen(rootedAt: view.name, in: table, environment: environment)
            notes.append(.note("no screen Ripple evaluated builds '\(view.name)' (it is built only in a sheet, a destination, a branch not taken or a body Ripple could not evaluate); it is evaluated as a screen of its own",
                               at: view.location))
            StandIns.fillRootInputs(of: &screen.table, notes: &notes)
            screens.append(screen)
        }
        return (screens, notes)
    }

    // MARK: - Cycles

    private mutating func checkCycles(_ variant: inout ResolvedVariant, computedProperties: Bool, views: Bool) {
        let table = variant.table
        // Views that contain themselves, directly or through others, would recurse forever.
        var edges: [String: [(name: String, location: SourceLocation)]] = [:]
        for view in table.views.values where views {
            edges[view.name] = viewSites(in: view.body + view.helpers.flatMap(\.statements)).filter { table.views[$0.name] != nil }
        }
        reportCycles(edges, describe: { cycle in
            cycle.count == 1 ? "view '\(cycle[0])' contains itself" : "views \(cycle.map { "'\($0)'" }.joined(separator: " → ")) contain each other"
        }, tooDeep: { "views are nested more than \(Limits.maximumNestingDepth) levels deep, down to '\($0)' (limit: nesting depth)" })
        // Computed properties that read themselves through other computed properties.
        for data in table.data.values where computedProperties {
            var computedEdges: [String: [(name: String, location: SourceLocation)]] = [:]
            let names = Set(data.computed.map(\.name))
            for computed in data.computed {
                var references: [(name: String, location: SourceLocation)] = []
                for statement in computed.getter { StatementSyntax.names(in: statement, into: &references) }
                computedEdges[computed.name] = references.filter { names.contains($0.name) }
            }
            reportCycles(computedEdges, describe: { cycle in
                cycle.count == 1 ? "computed property '\(cycle[0])' of '\(data.name)' reads itself"
                    : "computed properties \(cycle.map { "'\($0)'" }.joined(separator: " → ")) of '\(data.name)' form a cycle"
            }, tooDeep: { "computed properties of '\(data.name)' read each other more than \(Limits.maximumNestingDepth) levels deep, down to '\($0)' (limit: nesting depth)" })
        }
    }

    private mutating func reportCycles(_ edges: [String: [(name: String, location: SourceLocation)]], describe: ([String]) -> String,
                                       tooDeep: (String) -> String) {
        var state: [String: Int] = [:]  // 1: on the stack, 2: done
        var stack: [String] = []
        var reported: Set<Set<String>> = []
        var reportedDepth = false
        func visit(_ node: String) {
            state[node] = 1
            stack.append(node)
            for edge in edges[node] ?? [] {
                if state[edge.name] == 1 {
                    let cycle = Array(stack[stack.lastIndex(of: edge.name)!...])
                    if reported.insert(Set(cycle)).inserted {
                        let rotated = cycle + [edge.name]
                        diagnostics.append(.error(describe(cycle.count == 1 ? cycle : rotated), at: edge.location))
                    }
                } else if state[edge.name] == nil {
                    // A chain longer than the nesting limit would recurse that deep when it runs (and here):
                    // report it once and look no deeper.
                    if stack.count >= Limits.maximumNestingDepth {
                        if !reportedDepth { diagnostics.append(.error(tooDeep(edge.name), at: edge.location)) }
                        reportedDepth = true
                        continue
                    }
                    visit(edge.name)
                }
            }
            stack.removeLast()
            state[node] = 2
        }
        for node in edges.keys.sorted() where state[node] == nil { visit(node) }
    }

    // MARK: - Walking syntax

    /// Calls of capitalized names in a body: custom views built there, with their positions, in
    /// conditions (`if let`, `if case`) and string interpolations as anywhere else.
    func viewSites(in statements: [StatementSyntax]) -> [(name: String, location: SourceLocation)] {
        var walker = ViewSiteWalker()
        walker.walk(statements)
        return walker.sites
    }

}

/// Collects `Resolver.viewSites(in:)`: each call of a capitalized name, outermost first. A step's view
/// action names an instance, not a view it builds, so its target is passed over.
private struct ViewSiteWalker: SyntaxWalker {
    var sites: [(name: String, location: SourceLocation)] = []

    mutating func visit(_ statement: StatementSyntax) -> WalkContinuation {
        if case .viewAction = statement.kind { return .skipChildren }
        return .visitChildren
    }

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        if case .call(let callee, _, _) = expression.kind, case .identifier(let name) = callee.kind, name.first?.isUppercase == true {
            sites.append((name, expression.location))
        }
        return .visitChildren
    }
}
