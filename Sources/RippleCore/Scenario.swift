/// A scenario read, resolved and checked: ready to simulate. It is where the stages meet, each handing its
/// result to the next: the parser (`Syntax/`) gives the syntax tree, the resolver (`Model/`) the resolved
/// variants, steps and expectations, the engine (`Engine/`, through `Simulation`) the traces (`Trace/`).
/// No stage calls back into one before it.
///
/// Loading runs every variant through every step once under the scenario's semantics, so errors that
/// only show when code runs (an unknown property, a write to an input) are reported before any output.
public struct Scenario: Sendable {
    /// Most steps a scenario may have (a documented limit).
    public static let maximumSteps = 10_000
    /// Largest scenario file accepted, in bytes (a documented limit).
    public static let maximumFileSize = 4 * 1024 * 1024

    public var file: String
    public var title: String
    /// The file's `semantics` directive, or swift6.2.
    public var semantics: Semantics
    /// The variants, or an app's screens, in order.
    public var variants: [ResolvedVariant] {
        get { resolvedVariants }
        set {
            resolvedVariants = newValue
            variantPositions = Self.positions(of: newValue)
        }
    }
    private var resolvedVariants: [ResolvedVariant]
    /// Each variant's position in `variants` by name, the first of a name: an app of thousands of
    /// screens looks up each one by name, and a search through the array made its load quadratic.
    private var variantPositions: [String: Int] = [:]
    public var steps: [ResolvedStep]
    public var expectations: [ResolvedExpectation]
    /// Every instance each variant had at any time, by the names expectations may give it.
    public private(set) var instanceNames: [String: InstanceNames] = [:]
    /// Every instance path each variant had at any time.
    public var instancePaths: [String: [String]] { instanceNames.mapValues(\.paths) }
    /// What Ripple assumed about code it does not model (Swift source only), in source order.
    public private(set) var notes: [Diagnostic] = []
    /// The screens of app source that could not be simulated, by root view, each with the warning that
    /// says why: every other screen was loaded.
    public private(set) var screensNotSimulated: [String: Diagnostic] = [:]
    /// The screens left out because they crossed a limit (memory, instances, work), in name order: what a
    /// run printed is not the whole app, and its exit status says so.
    public var screensCutAtALimit: [String] {
        screensNotSimulated.filter { $0.value.message.contains("(limit: ") }.keys.sorted()
    }
    /// The evaluation steps loading took: every screen's first tree and every step, in all.
    public private(set) var loadWork = 0
    /// The trace under `semantics`, computed while loading.
    public private(set) var trace: ScenarioTrace
    /// The syntax tree the scenario was resolved from: what a proven fix rewrites (`ProvenFixes`).
    package private(set) var syntax: ScenarioSyntax
    /// What stops a set of fixes of a variant from being written into the source the scenario was read
    /// from (the rewritten code does not parse, or cannot be put in its place), or nil; the front end that
    /// read the files sets it, and the audit keeps no fix it names a problem for (`AuditFixes`).
    package var rewriteCheck: (@Sendable (_ syntax: ScenarioSyntax, _ variant: String, _ fixes: [ProvenFix]) -> String?)?

    /// A scenario file's text: its bytes, rejected when over the size limit or not valid UTF-8. The front
    /// end that reads scenario files (`RippleSwift`) starts here.
    public static func text(of bytes: [UInt8], file: String) throws(DiagnosticError) -> String {
        if bytes.count > Self.maximumFileSize { throw Self.fileTooLarge(size: bytes.count, file: file) }
        guard let source = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticError([.error("file is not valid UTF-8", at: Self.firstInvalidUTF8(in: bytes, file: file))])
        }
        return source
    }

    /// The error for a file over `maximumFileSize`: `size` bytes, or nil when only "more than the limit"
    /// is known (a pipe, read until one byte past the limit).
    public static func fileTooLarge(size: Int?, file: String) -> DiagnosticError {
        let size = size.map { "\($0)" } ?? "more than \(maximumFileSize)"
        return DiagnosticError([.error("file is \(size) bytes; scenarios are limited to \(maximumFileSize) bytes (limit: file size)",
                                       at: SourceLocation(file: file, line: 1, column: 1))])
    }

    /// Resolves a syntax tree without running anything: the resolver's diagnostics (`ripple-bench` times
    /// the front end with it).
    package static func resolveOnly(_ syntax: ScenarioSyntax) -> [Diagnostic] {
        var resolver = Resolver()
        _ = resolver.resolve(syntax)
        return resolver.diagnostics
    }

    /// Resolves and checks a syntax tree a front end built (the scenario parser, or the Swift front end
    /// for a `.swift` file or folder).
    package init(syntax: ScenarioSyntax, file: String, notes frontEndNotes: [Diagnostic] = []) throws(DiagnosticError) {
        try self.init(declarations: syntax, file: file, notes: frontEndNotes, steps: nil)
    }

    /// The steps a front end was still reading when it handed over the declarations: the steps' syntax,
    /// with the errors and notes of reading them. The errors are the whole file's, in source order, as a
    /// front end reports them; when there are any, nothing is resolved.
    package struct LaterSteps {
        package var steps: [StepSyntax]
        package var errors: [Diagnostic]
        package var omitted: Int
        package var notes: [Diagnostic]

        package init(steps: [StepSyntax], errors: [Diagnostic], omitted: Int, notes: [Diagnostic]) {
            self.steps = steps
            self.errors = errors
            self.omitted = omitted
            self.notes = notes
        }
    }

    /// Resolves and checks a syntax tree whose steps `laterSteps` gives: the first variant's tree is built
    /// before it is called, so that a front end can read the steps meanwhile (a scenario file's steps are
    /// most of its parsing). The result, and every error, is what the tree with its steps gives.
    package init(declarations syntax: ScenarioSyntax, file: String, notes frontEndNotes: [Diagnostic] = [],
                 laterSteps: @escaping () -> LaterSteps) throws(DiagnosticError) {
        try self.init(declarations: syntax, file: file, notes: frontEndNotes, steps: laterSteps)
    }

    private init(declarations declared: ScenarioSyntax, file: String, notes frontEndNotes: [Diagnostic],
                 steps laterSteps: (() -> LaterSteps)?) throws(DiagnosticError) {
        var syntax = declared
        // App source is read by the command line, which merges it into the tree (`SwiftModule`). Syntax
        // errors come first: with steps still being read, this waits for them.
        let sourceError = syntax.sources.first.flatMap { reference in
            syntax.readsOtherModules ? nil : DiagnosticError([.error("'source \"\(reference.path)\"' reads app source; load this scenario with the 'ripple' command", at: reference.location)])
        }
        if laterSteps == nil, let sourceError { throw sourceError }
        var resolver = Resolver()
        var variants = resolver.resolveVariants(syntax)
        self.file = file
        self.syntax = syntax
        self.title = syntax.title ?? file
        self.semantics = syntax.semantics ?? .swift62
        self.resolvedVariants = variants
        self.variantPositions = Self.positions(of: variants)
        self.steps = []
        self.expectations = []
        self.trace = ScenarioTrace(file: file, title: title, semantics: semantics, variants: [])
        // While the front end reads the steps, the first variant's tree is built: the engine needs only its
        // declarations. It is used only if everything resolves, as it would have been built then.
        var firstSimulation: Result<Simulation, DiagnosticError>?
        var frontEndNotes = frontEndNotes
        if let laterSteps {
            if sourceError == nil, let first = variants.first, !resolver.diagnostics.contains(where: { $0.severity == .error }) {
                firstSimulation = Result { () throws(DiagnosticError) in try Simulation(scenario: self, variant: first.name, semantics: semantics) }
            }
            let later = laterSteps()
            if !later.errors.isEmpty { throw DiagnosticError(later.errors, omitted: later.omitted) }
            if let sourceError { throw sourceError }
            syntax.steps = later.steps
            frontEndNotes += later.notes
            self.syntax = syntax
        }
        let (steps, expectations) = resolver.resolveSteps(syntax, variants: &variants)
        self.variants = variants
        self.steps = steps
        self.expectations = expectations
        var diagnostics = frontEndNotes + resolver.diagnostics
        if syntax.title == nil && diagnostics.allSatisfy({ $0.severity == .note }) {
            diagnostics.append(.error("missing 'scenario \"title\"' at the top of the file", at: SourceLocation(file: file, line: 1, column: 1)))
        }
        // Notes say what was assumed; they are kept, and never fail the load.
        notes = diagnostics.filter { $0.severity != .error }.sorted { $0.location < $1.location }
        diagnostics.removeAll { $0.severity != .error }
        guard diagnostics.filter({ $0.severity == .error }).isEmpty else { throw DiagnosticError(diagnostics) }
        // Run everything once: runtime errors become diagnostics, and expectations can be checked against real names.
        var traces: [VariantTrace] = []
        // The engine's notes, once each, however many variants meet them.
        var notedInVariants = Set(notes)
        var failures: [(diagnostic: Diagnostic, variant: String)] = []
        // An app's own source holds many screens: one that cannot be simulated (or that recurses past a
        // limit) is left out with a warning at its place, and the others load. A scenario file's variants,
        // and the work limit of the whole load, stay errors.
        let degradesScreens = syntax.readsOtherModules && syntax.sources.isEmpty && syntax.variants.isEmpty
        var screenFailures: [(diagnostic: Diagnostic, variant: String)] = []
        // The work limit is per step; steps and variants multiply it, so loading has a budget in all.
        var spent = 0
        // The fields expectations name rows by: only for them is each row's element read at the end.
        let namedFields = InstanceNames.fieldsNamed(in: expectations.flatMap { $0.clauses.flatMap(\.references) }.map(\.path))
        // App source: a view no screen evaluated becomes a screen of its own, once the screens before it
        // have run, until every view has been evaluated or tried.
        var evaluatedViews: Set<String> = []
        var position = 0
        while true {
            if position == self.variants.count {
                guard degradesScreens, spent <= Engine.maximumTotalWork, let main = self.variants.first else { break }
                let (screens, screenNotes) = Resolver.screensOfTheirOwn(in: main.table, environment: syntax.appEnvironment, evaluated: evaluatedViews,
                                                                       roots: Set(self.variants.filter { $0.state == nil }.map(\.table.rootView)))
                guard !screens.isEmpty else { break }
                self.variants += screens
                for note in screenNotes where notedInVariants.insert(note).inserted { notes.append(note) }
            }
            let variant = self.variants[position]
            position += 1
            // The screens of their own come after the app's: past the load's budget they are left out,
            // with a warning, and the app's own screens stand.
            if spent > Engine.maximumTotalWork, position > variants.count {
                let left = self.variants[(position - 1)...].map(\.name)
                notes.append(.warning("\(left.count) screen\(left.count == 1 ? "" : "s") of \(left.count == 1 ? "its" : "their") own (\(left.prefix(3).map { "'\($0)'" }.joined(separator: ", "))\(left.count > 3 ? ", …" : "")) not simulated: the load needs more than \(Engine.maximumTotalWork) evaluation steps in all (limit: total work)",
                                      at: variant.location ?? SourceLocation(file: file, line: 1, column: 1)))
                self.variants.removeSubrange((position - 1)...)
                break
            }
            if spent > Engine.maximumTotalWork {
                failures.append((.error("the scenario needs more than \(Engine.maximumTotalWork) evaluation steps in all (limit: total work)",
                                        at: variant.location ?? SourceLocation(file: file, line: 1, column: 1)), variant.name))
                break
            }
            do throws(DiagnosticError) {
                let simulation: Simulation
                if let built = firstSimulation, variant.name == variants.first?.name {
                    simulation = try built.get()
                } else {
                    simulation = try Simulation(scenario: self, variant: variant.name, semantics: semantics)
                }
                spent += simulation.work
                // A row is named by the values its element had at any time: they are read after each step.
                var byField = Set(simulation.instancePaths(byField: namedFields))
                let initial = expectsInitial ? simulation.initialTrace() : nil
                var steps: [StepTrace] = []
                for step in self.steps(of: variant.name) {
                    if spent > Engine.maximumTotalWork {
                        throw DiagnosticError([.error("the scenario needs more than \(Engine.maximumTotalWork) evaluation steps in all (limit: total work)",
                                                      at: step.location)])
                    }
                    steps.append(try simulation.run(step))
                    spent += simulation.work
                    byField.formUnion(simulation.instancePaths(byField: namedFields))
                }
                traces.append(VariantTrace(name: variant.name, semantics: semantics, initialInstances: simulation.initialInstances, initial: initial, steps: steps))
                for note in simulation.notes where notedInVariants.insert(note).inserted { notes.append(note) }
                instanceNames[variant.name] = InstanceNames(paths: simulation.allInstancePaths, byField: byField.sorted())
                // A view only a preview's sample data showed is still a screen of its own, as the app could show it.
                if variant.state == nil { evaluatedViews.formUnion(InstanceNames.viewTypes(inPaths: simulation.allInstancePaths)) }
            } catch {
                if degradesScreens, !error.diagnostics.contains(where: { $0.message.contains("(limit: total work)") }) {
                    screenFailures += error.diagnostics.map { ($0, variant.name) }
                } else {
                    failures += error.diagnostics.map { ($0, variant.name) }
                }
            }
        }
        loadWork = spent
        diagnostics += Self.merge(failures, variantCount: self.variants.count)
        if !screenFailures.isEmpty {
            let left = Self.screensLeftOut(screenFailures)
            notes = (notes + left.map(\.warning)).sorted { $0.location < $1.location }
            for (screen, warning) in left.flatMap({ entry in entry.screens.map { ($0, entry.warning) } }) { screensNotSimulated[screen] = warning }
            let notSimulated = screensNotSimulated
            self.variants.removeAll { notSimulated[$0.name] != nil }
        }
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
        trace.variants = traces
        diagnostics += checkReferences()
        guard diagnostics.isEmpty else { throw DiagnosticError(diagnostics) }
    }

    /// An error found in one variant names it; the same error in every variant is reported once.
    static func merge(_ failures: [(diagnostic: Diagnostic, variant: String)], variantCount: Int) -> [Diagnostic] {
        var variantsByDiagnostic: [Diagnostic: [String]] = [:]
        var order: [Diagnostic] = []
        for failure in failures {
            if variantsByDiagnostic[failure.diagnostic] == nil { order.append(failure.diagnostic) }
            variantsByDiagnostic[failure.diagnostic, default: []].append(failure.variant)
        }
        return order.map { diagnostic in
            let names = variantsByDiagnostic[diagnostic]!
            guard variantCount > 1, names.count < variantCount else { return diagnostic }
            var named = diagnostic
            named.message += " (in variant \(names.map { "'\($0)'" }.joined(separator: ", ")))"
            return named
        }
    }

    /// The warnings for screens left out: one per error, naming every screen it stopped.
    static func screensLeftOut(_ failures: [(diagnostic: Diagnostic, variant: String)]) -> [(warning: Diagnostic, screens: [String])] {
        var screensByDiagnostic: [Diagnostic: [String]] = [:]
        var order: [Diagnostic] = []
        for failure in failures {
            if screensByDiagnostic[failure.diagnostic] == nil { order.append(failure.diagnostic) }
            if !screensByDiagnostic[failure.diagnostic, default: []].contains(failure.variant) { screensByDiagnostic[failure.diagnostic, default: []].append(failure.variant) }
        }
        return order.map { diagnostic in
            let screens = screensByDiagnostic[diagnostic]!
            let named = screens.count == 1 ? "the screen '\(screens[0])' is" : "the screens \(screens.map { "'\($0)'" }.joined(separator: ", ")) are"
            return (.warning("\(named) not simulated: \(diagnostic.message)", at: diagnostic.location), screens)
        }
    }

    private func checkReferences() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for expectation in expectations {
            let names = expectation.variant.map { [$0] } ?? variants.map(\.name)
            for clause in expectation.clauses {
                for reference in clause.references {
                    for variant in names {
                        let instances = instanceNames[variant] ?? InstanceNames(paths: [])
                        let matches = instances.paths(named: reference.path)
                        let table = self.variant(named: variant)?.table
                        let type = Self.viewType(named: reference.path)
                        if matches.isEmpty, table?.views[type] != nil, !instances.shortNames.contains(where: { Self.viewType(named: $0) == type }) {
                            // A view the variant declares but never builds (a sheet never presented): the
                            // expectation fails when it is checked, saying so. A row or key that was never
                            // built of a type that was is more likely a slip, and stays an error.
                            continue
                        } else if matches.isEmpty {
                            let place = variants.count == 1 && variant == "main" ? "" : " in variant '\(variant)'"
                            // A suggestion compares the name with every instance's: only for the errors reported.
                            let suggestion = diagnostics.count < Limits.maximumErrors ? Suggestion.didYouMean(reference.path, in: instances.shortNames + (table?.views.keys.sorted() ?? [])) : ""
                            diagnostics.append(.error("no instance '\(reference.path)'\(place)\(suggestion)", at: reference.location))
                        } else if matches.count > 1 {
                            diagnostics.append(.error("'\(reference.path)' is ambiguous in variant '\(variant)': \(matches.sorted().prefix(3).map { "'\($0)'" }.joined(separator: ", ")); use a full path", at: reference.location))
                        }
                    }
                }
            }
        }
        return diagnostics
    }

    /// Whether an `expect initial` block asks for the first evaluation, which is kept as a step only then.
    var expectsInitial: Bool { expectations.contains(where: \.isInitial) }

    /// The variant or screen named `name`, the first of that name; nil when there is none.
    public func variant(named name: String) -> ResolvedVariant? {
        variantPositions[name].map { resolvedVariants[$0] }
    }

    private static func positions(of variants: [ResolvedVariant]) -> [String: Int] {
        Dictionary(variants.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The steps a variant runs, in order: the scenario's, each replaced by the variant's own step of
    /// that name where its block has one.
    public func steps(of variant: String) -> [ResolvedStep] {
        guard let own = self.variant(named: variant)?.steps, !own.isEmpty else { return steps }
        return steps.map { own[$0.name] ?? $0 }
    }

    /// The view type an instance reference names: its last component without an index or key
    /// (`Root/UserRow[2]` names `UserRow`).
    static func viewType(named reference: String) -> String {
        let last = reference.split(separator: "/").last.map(String.init) ?? reference
        return String(last.prefix { $0 != "[" })
    }

    /// Simulates every variant and gathers each one's graph for drawing.
    public func simulateWithGraphs(semantics override: Semantics? = nil) throws(DiagnosticError) -> (trace: ScenarioTrace, graphs: [VariantGraph]) {
        let semantics = override ?? self.semantics
        var result = ScenarioTrace(file: file, title: title, semantics: semantics, variants: [])
        var graphs: [VariantGraph] = []
        for variant in variants {
            let simulation = try Simulation(scenario: self, variant: variant.name, semantics: semantics, collectingGraph: true)
            var steps: [StepTrace] = []
            for step in self.steps(of: variant.name) {
                steps.append(try simulation.run(step))
                simulation.collectDependencies()
            }
            result.variants.append(VariantTrace(name: variant.name, semantics: semantics, initialInstances: simulation.initialInstances, steps: steps))
            graphs.append(simulation.graph())
        }
        return (result, graphs)
    }

    /// Simulates the scenario under `semantics` (the scenario's own by default), optionally one variant only;
    /// `recordingShown` adds to each step what each instance shows after it (`StepTrace.shown`).
    public func simulate(semantics override: Semantics? = nil, variant: String? = nil, recordingShown: Bool = false) throws(DiagnosticError) -> ScenarioTrace {
        let semantics = override ?? self.semantics
        var result = ScenarioTrace(file: file, title: title, semantics: semantics, variants: [])
        for candidate in variants where variant == nil || candidate.name == variant {
            if semantics == self.semantics, !recordingShown, let cached = trace.variants.first(where: { $0.name == candidate.name }) {
                result.variants.append(cached)
                continue
            }
            let simulation = try Simulation(scenario: self, variant: candidate.name, semantics: semantics, recordingShown: recordingShown)
            let initial = expectsInitial ? simulation.initialTrace() : nil
            var steps: [StepTrace] = []
            for step in self.steps(of: candidate.name) { steps.append(try simulation.run(step)) }
            result.variants.append(VariantTrace(name: candidate.name, semantics: semantics, initialInstances: simulation.initialInstances, initial: initial, steps: steps))
        }
        return result
    }

    /// Where the first invalid byte is, as a line and a column of characters.
    package static func firstInvalidUTF8(in bytes: [UInt8], file: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            let end = index + length
            if length == 0 || end > bytes.count || String(validating: bytes[index..<end], as: UTF8.self) == nil {
                let column = (String(validating: bytes[lineStart..<index], as: UTF8.self)?.count ?? (index - lineStart)) + 1
                return SourceLocation(file: file, line: line, column: column)
            }
            // Lines end as `SourceLines` says: at `\n`, at `\r\n` (the `\n` of which starts no new line) and at a lone `\r`.
            if byte == 0x0D || byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) { line += 1 }
            if byte == 0x0D || byte == 0x0A { lineStart = end }
            index = end
        }
        return SourceLocation(file: file, line: line, column: 1)
    }
}
