import RippleCore

/// The files to write for one scenario, relative to its folder, and its headline numbers.
public struct RenderedScenario: Sendable {
    /// Totals over all steps for one variant.
    public struct Totals: Hashable, Sendable, Codable {
        public var variant: String
        public var evaluations: Int
        public var wasted: Int
        public var stale: Int
        /// `ForEach` row closures run, and those run in vain; nil when no row ran one.
        public var rows: Int?
        public var wastedRows: Int?

        /// Totals given as they are: a screen's in an app's audit summary.
        public init(variant: String, evaluations: Int, wasted: Int, stale: Int, rows: Int = 0, wastedRows: Int = 0) {
            self.variant = variant
            self.evaluations = evaluations
            self.wasted = wasted
            self.stale = stale
            if rows > 0 {
                self.rows = rows
                self.wastedRows = wastedRows
            }
        }

        /// A variant's counts summed over its steps.
        public init(_ variant: VariantTrace) {
            let counts = variant.steps.map(\.actionCounts)
            self.init(variant: variant.name, evaluations: counts.reduce(0) { $0 + $1.evaluations }, wasted: counts.reduce(0) { $0 + $1.wasted },
                      stale: counts.reduce(0) { $0 + $1.stale }, rows: counts.reduce(0) { $0 + $1.rows },
                      wastedRows: counts.reduce(0) { $0 + $1.wastedRows })
        }
    }

    /// The folder name: the scenario file's name without `.ripple`, made safe.
    public var folder: String
    public var title: String
    public var file: String
    public var steps: Int
    public var totals: [Totals]
    /// Per variant, the name of its picture without `.svg`, or nil when it has none to show.
    public var variantFiles: [String?]
    /// Relative path → bytes.
    public var files: [(path: String, contents: String)]
    /// What the render left out and why, at the variant it concerns.
    public var warnings: [Diagnostic]
    /// What a step is called: `step` for a scenario, `action` for an audit's report.
    public var stepWord = "step"
    /// The folder of the page that lists this one (an app's audit summary, for one of its screens): the
    /// gallery lists that page, not this one. Nil for a page the gallery lists.
    public var partOf: String?
}

extension RenderedScenario {
    /// A page written whole by its caller, with no pictures: an app's audit summary.
    public init(folder: String, title: String, file: String, steps: Int, totals: [Totals], page: String, stepWord: String) {
        self.folder = folder
        self.title = title
        self.file = file
        self.steps = steps
        self.totals = totals
        variantFiles = totals.map { _ in nil }
        files = [("index.html", page)]
        warnings = []
        self.stepWord = stepWord
    }
}

/// What `ripple render` can write.
public enum OutputFormat: String, CaseIterable, Sendable {
    case svg, dot, html, json
}

/// Renders one scenario: simulation, one layout per variant, a highlighted SVG per step, reports.
public enum ScenarioRenderer {
    /// Renders `scenario` into files for its folder.
    ///
    /// A graphviz failure or an SVG that fails `SVGSafety` is reported as a diagnostic at the variant's
    /// declaration, so the user learns which part of their scenario the picture came from.
    public static func render(_ scenario: Scenario, folder: String, formats: Set<OutputFormat> = Set(OutputFormat.allCases),
                              engine: String = "dot") throws -> RenderedScenario {
        let (trace, graphs) = try scenario.simulateWithGraphs()
        let locations = scenario.variants.map { $0.location ?? SourceLocation(file: scenario.file, line: 1, column: 1) }
        return try render(ReportInput(title: scenario.title, file: scenario.file, stepNames: scenario.steps.map(\.name),
                                      trace: trace, graphs: graphs, locations: locations), folder: folder, formats: formats, engine: engine)
    }

    /// Renders a trace and its graphs into files for a folder: what `render(_:folder:formats:engine:)`
    /// does once it has simulated a scenario, and what `ripple audit --format html` does with the actions
    /// it performed.
    public static func render(_ input: ReportInput, folder: String, formats: Set<OutputFormat> = Set(OutputFormat.allCases),
                              engine: String = "dot") throws -> RenderedScenario {
        let trace = input.trace, graphs = input.graphs
        let names = PictureNames(variants: trace.variants.map(\.name), steps: input.stepNames)
        var files: [(String, String)] = []
        var pictures: [VariantPicture] = []
        var warnings: [Diagnostic] = []
        for (index, variant) in trace.variants.enumerated() {
            let graph = graphs[index]
            let location = input.locations[index]
            let overview = overviewTitle(variant: variant, steps: input.stepWord)
            let titles = variant.steps.map { StepHighlight.title(step: $0.name, variant: variant.name, counts: $0.counts) } + [overview]
            let maximum = variant.steps.map { $0.counts.evaluations }.max() ?? 0
            let drawn = index < RenderLimits.maximumVariantsDrawn
            let diagram = DependencyDiagram(graph: graph, titles: titles, maximumCounts: maximum, limit: RenderLimits.graph(forEngine: engine), engine: engine)
            var picture = VariantPicture(name: variant.name, slug: names.variants[index], svg: "", highlights: [], diagram: diagram)
            if !drawn {
                picture.omission = "not drawn: Ripple draws the first \(RenderLimits.maximumVariantsDrawn) variants of a scenario (limit: variants drawn)"
                if index == RenderLimits.maximumVariantsDrawn {
                    warnings.append(.warning("the scenario has \(trace.variants.count) variants; the pictures show the first \(RenderLimits.maximumVariantsDrawn) and the rest are in the trace only (limit: variants drawn)", at: location))
                }
                pictures.append(picture)
                continue
            }
            if let omission = diagram.omission {
                picture.omission = "not drawn: " + omission
                warnings.append(.warning(omission + "; its picture is a summary and the trace is complete", at: location))
            }
            if formats.contains(.dot) { files.append((names.variants[index] + ".dot", diagram.dot)) }
            guard formats.contains(.svg) || formats.contains(.html) else { pictures.append(picture); continue }
            let laidOut: String
            do {
                laidOut = SVGHighlighter.prepare(try Graphviz.renderSVG(dot: diagram.dot, engine: engine))
                try SVGSafety.check(laidOut)
            } catch {
                // A `GraphvizError` or an `SVGSafety.Violation`, each describing itself.
                throw DiagnosticError([.error("variant '\(variant.name)' could not be drawn: \(error)", at: location)])
            }
            var alive = Set(graph.initialPaths)
            let base = StepHighlight.overview(diagram: diagram, title: overview, alive: alive)
            // Cut once, drawn once per step: only the classes and the replaceable texts change.
            let template = SVGTemplate(laidOut, texts: Set([diagram.titlePlaceholder] + diagram.folds.map(\.placeholder)))
            picture.svg = template.render(base)
            if formats.contains(.svg) { files.append((names.variants[index] + ".svg", picture.svg)) }
            for (stepIndex, step) in variant.steps.enumerated() {
                // Alive during the step: what existed before it, plus what it created.
                var during = input.startingPaths?[index][stepIndex] ?? alive
                during.formUnion(step.created)
                let highlight = StepHighlight(diagram: diagram, step: step, variant: variant.name, alive: during)
                picture.highlights.append(highlight)
                if formats.contains(.svg) {
                    files.append((names.steps[index][stepIndex] + ".svg", template.render(highlight)))
                }
                alive = during.subtracting(step.destroyed)
                alive.formUnion(step.created)
            }
            picture.overview = base
            picture.laidOut = laidOut
            pictures.append(picture)
        }
        // Escaped as standard output is: a terminal that shows the file acts on none of its characters.
        files.append(("trace.txt", TerminalText.sanitized(TraceText.render(trace))))
        if formats.contains(.json) { files.append(("trace.json", TraceJSON.encode(trace) + "\n")) }
        if formats.contains(.html) {
            files.append(("index.html", HTMLReport.page(input, pictures: pictures)))
        }
        let totals = trace.variants.map(RenderedScenario.Totals.init)
        let thumbnails = pictures.map { $0.omission == nil && formats.contains(.svg) ? $0.slug : nil }
        return RenderedScenario(folder: folder, title: input.title, file: input.file, steps: input.stepNames.count,
                                totals: totals, variantFiles: thumbnails, files: files, warnings: warnings, stepWord: input.stepWord)
    }

    static func overviewTitle(variant: VariantTrace, steps word: String = "step") -> String {
        "\(variant.name): \(variant.initialInstances) instance\(variant.initialInstances == 1 ? "" : "s"), \(variant.steps.count) \(word)\(variant.steps.count == 1 ? "" : "s")"
    }
}

/// The names of one scenario's picture files, without `.svg` or `.dot`, chosen once so that the files
/// written and every link to them (the report's, the gallery's thumbnails) agree.
///
/// Variants are named first, so a variant's own picture keeps its plain name; a step's picture is the
/// variant's name and the step's, and gets `-2`, `-3` when that is taken (variant `a-b` beside variant
/// `a`'s step `b`).
struct PictureNames {
    /// Per variant.
    var variants: [String]
    /// Per variant, per step.
    var steps: [[String]]

    init(variants variantNames: [String], steps stepNames: [String]) {
        variants = FileName.distinctSlugs(variantNames)
        var used = Set(variants)
        let stepSlugs = FileName.distinctSlugs(stepNames)
        steps = variants.map { variant in
            stepSlugs.map { step in FileName.distinct(variant + "-" + step, from: &used) }
        }
    }
}

/// One variant's picture: the laid-out SVG and each step's highlight.
struct VariantPicture {
    var name: String
    var slug: String
    /// The overview SVG (no step selected).
    var svg: String
    var highlights: [StepHighlight]
    var diagram: DependencyDiagram
    var overview: StepHighlight?
    var laidOut: String = ""
    /// Why the variant has no full picture (too large, or past the variants drawn), shown in the report.
    var omission: String?
}

extension StepHighlight {
    /// No step: every instance plain, absent ones faded, the overview title.
    static func overview(diagram: DependencyDiagram, title: String, alive: Set<String>) -> StepHighlight {
        var classes: [String: [String]] = [:]
        for (path, id) in diagram.instanceNodes where !alive.contains(path) { classes[id, default: []].append("absent") }
        var texts = [diagram.titlePlaceholder: title]
        for fold in diagram.folds { texts[fold.placeholder] = "\(DependencyDiagram.formatted(fold.paths.count)) instances" }
        return StepHighlight(classes: classes, texts: texts, title: title)
    }
}
