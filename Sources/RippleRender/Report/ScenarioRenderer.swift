import RippleCore

/// The files to write for one scenario, relative to its folder, and its headline numbers.
public struct RenderedScenario: Sendable {
    /// Totals over all steps for one variant.
    public struct Totals: Hashable, Sendable, Codable {
        public var variant: String
        public var evaluations: Int
        public var wasted: Int
        public var stale: Int
    }

    /// The folder name: the scenario file's name without `.ripple`, made safe.
    public var folder: String
    public var title: String
    public var file: String
    public var steps: Int
    public var totals: [Totals]
    /// Relative path → bytes.
    public var files: [(path: String, contents: String)]
}

/// What `ripple render` can write.
public enum OutputFormat: String, CaseIterable, Sendable {
    case svg, dot, html, json
}

/// Renders one scenario: simulation, one layout per variant, a highlighted SVG per step, reports.
public enum ScenarioRenderer {
    /// Renders `scenario` into files for its folder.
    public static func render(_ scenario: Scenario, folder: String, formats: Set<OutputFormat> = Set(OutputFormat.allCases),
                              engine: String = "dot") throws -> RenderedScenario {
        let (trace, graphs) = try scenario.simulateWithGraphs()
        let stepSlugs = FileName.distinctSlugs(scenario.steps.map(\.name))
        let variantSlugs = FileName.distinctSlugs(trace.variants.map(\.name))
        var files: [(String, String)] = []
        var pictures: [VariantPicture] = []
        for (index, variant) in trace.variants.enumerated() {
            let graph = graphs[index]
            let overview = overviewTitle(scenario: scenario, variant: variant)
            let titles = variant.steps.map { StepHighlight.title(step: $0.name, variant: variant.name, counts: $0.counts) } + [overview]
            let maximum = variant.steps.map { $0.counts.evaluations }.max() ?? 0
            let diagram = DependencyDiagram(graph: graph, titles: titles, maximumCounts: maximum)
            if formats.contains(.dot) { files.append(("\(variantSlugs[index]).dot", diagram.dot)) }
            let needsSVG = formats.contains(.svg) || formats.contains(.html)
            var picture = VariantPicture(name: variant.name, slug: variantSlugs[index], svg: "", highlights: [], diagram: diagram)
            if needsSVG {
                let laidOut = SVGHighlighter.prepare(try Graphviz.renderSVG(dot: diagram.dot, engine: engine))
                var alive = Set(graph.initialPaths)
                let base = StepHighlight.overview(diagram: diagram, title: overview, alive: alive)
                // Cut once, drawn once per step: only the classes and the replaceable texts change.
                let template = SVGTemplate(laidOut, texts: Set([diagram.titlePlaceholder] + diagram.folds.map(\.placeholder)))
                picture.svg = template.render(base)
                if formats.contains(.svg) { files.append(("\(variantSlugs[index]).svg", picture.svg)) }
                for (stepIndex, step) in variant.steps.enumerated() {
                    // Alive during the step: what existed before it, plus what it created.
                    var during = alive
                    during.formUnion(step.created)
                    let highlight = StepHighlight(diagram: diagram, step: step, variant: variant.name, alive: during)
                    picture.highlights.append(highlight)
                    if formats.contains(.svg) {
                        files.append(("\(variantSlugs[index])-\(stepSlugs[stepIndex]).svg", template.render(highlight)))
                    }
                    alive = during.subtracting(step.destroyed)
                    alive.formUnion(step.created)
                }
                picture.overview = base
                picture.laidOut = laidOut
            }
            pictures.append(picture)
        }
        files = uniqueNames(files)
        files.append(("trace.txt", TraceText.render(trace)))
        if formats.contains(.json) { files.append(("trace.json", TraceJSON.encode(trace) + "\n")) }
        if formats.contains(.html) {
            files.append(("index.html", HTMLReport.page(scenario: scenario, trace: trace, pictures: pictures, stepSlugs: stepSlugs)))
        }
        let totals = trace.variants.map { variant in
            RenderedScenario.Totals(variant: variant.name,
                                    evaluations: variant.steps.reduce(0) { $0 + $1.counts.evaluations },
                                    wasted: variant.steps.reduce(0) { $0 + $1.counts.wasted },
                                    stale: variant.steps.reduce(0) { $0 + $1.counts.stale })
        }
        return RenderedScenario(folder: folder, title: scenario.title, file: scenario.file, steps: scenario.steps.count,
                                totals: totals, files: files)
    }

    /// A variant named `a-b` and a variant `a` with a step `b` would both write `a-b.svg`: later files get `-2`.
    static func uniqueNames(_ files: [(String, String)]) -> [(String, String)] {
        var used: Set<String> = ["trace.txt", "trace.json", "index.html", "summary.json"]
        return files.map { name, contents in
            var candidate = name
            var counter = 2
            while used.contains(candidate) {
                let dot = name.lastIndex(of: ".") ?? name.endIndex
                candidate = name[..<dot] + "-\(counter)" + name[dot...]
                counter += 1
            }
            used.insert(candidate)
            return (candidate, contents)
        }
    }

    static func overviewTitle(scenario: Scenario, variant: VariantTrace) -> String {
        "\(variant.name): \(variant.initialInstances) instance\(variant.initialInstances == 1 ? "" : "s"), \(variant.steps.count) step\(variant.steps.count == 1 ? "" : "s")"
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
