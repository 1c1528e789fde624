import RippleCore

/// What one step changes in a variant's picture: extra classes per node and edge, and replaced texts.
public struct StepHighlight: Hashable, Sendable {
    /// Element id → classes added for this step (`needed`, `wasted`, `stale`, `skipped`, `absent`, `created`,
    /// `destroyed`, `written`, `path`).
    public var classes: [String: [String]]
    /// Text as laid out → text for this step (the title, folded runs' counts).
    public var texts: [String: String]
    /// "rename Brian — broad: 5 evaluations, 4 wasted".
    public var title: String

    /// A highlight from its parts.
    public init(classes: [String: [String]], texts: [String: String], title: String) {
        self.classes = classes
        self.texts = texts
        self.title = title
    }

    /// The title of a step for a variant.
    public static func title(step: String, variant: String, counts: StepCounts) -> String {
        var title = "\(step) — \(variant): \(counts.evaluations) evaluation\(counts.evaluations == 1 ? "" : "s"), \(counts.wasted) wasted"
        if counts.stale > 0 { title += ", \(counts.stale) stale" }
        if counts.rows > 0 { title += "; \(counts.rows) row closure\(counts.rows == 1 ? "" : "s"), \(counts.wastedRows) wasted" }
        return title
    }

    /// The highlight for `step`, given which instance paths are alive during it.
    public init(diagram: DependencyDiagram, step: StepTrace, variant: String, alive: Set<String>) {
        classes = [:]
        texts = [:]
        title = Self.title(step: step.name, variant: variant, counts: step.counts)
        texts[diagram.titlePlaceholder] = title
        var outcomes: [String: Outcome] = [:]
        for instance in step.instances { outcomes[instance.path] = instance.outcome }
        for (path, id) in diagram.unfoldedNodes {
            if !alive.contains(path) {
                classes[id, default: []].append("absent")
            } else {
                classes[id, default: []].append((outcomes[path] ?? .skipped).rawValue)
            }
            if step.created.contains(path) { classes[id, default: []].append("created") }
            if step.destroyed.contains(path) { classes[id, default: []].append("destroyed") }
        }
        // Folded runs count only the instances the step touched; the rest are skipped.
        var touched: [Int: [Outcome: Int]] = [:]
        for instance in step.instances {
            if let fold = diagram.foldIndex[instance.path] { touched[fold, default: [:]][instance.outcome, default: 0] += 1 }
        }
        for (index, fold) in diagram.folds.enumerated() {
            var counts = touched[index] ?? [:]
            counts[.skipped] = fold.paths.count - counts.values.reduce(0, +)
            let evaluated = (counts[.needed] ?? 0) + (counts[.wasted] ?? 0)
            let outcome: Outcome = (counts[.needed] ?? 0) > 0 ? .needed : (counts[.wasted] ?? 0) > 0 ? .wasted : (counts[.stale] ?? 0) > 0 ? .stale : .skipped
            classes[fold.id, default: []].append(outcome.rawValue)
            var text = "\(DependencyDiagram.formatted(evaluated)) evaluated, \(DependencyDiagram.formatted(counts[.wasted] ?? 0)) wasted"
            if let stale = counts[.stale], stale > 0 { text += ", \(DependencyDiagram.formatted(stale)) stale" }
            texts[fold.placeholder] = text
        }
        for write in step.writes {
            if let id = diagram.keyNodes[write.target] { classes[id, default: []].append("written") }
            if write.kind == "objectWillChange.send()", let id = diagram.keyNodes[write.target] { classes[id, default: []].append("written") }
        }
        // The invalidation path: the edge each cause travelled along.
        for instance in step.instances {
            for cause in instance.causes {
                guard let source = cause.source else { continue }
                switch cause.kind {
                case .input, .newIdentity, .objectRecreated, .seededState:
                    if let id = diagram.treeEdges[source + "|" + instance.path] { classes[id, default: []].append("path") }
                    // A stale view's seeded `@State` is what it shows: its box is marked as the cause.
                    if cause.kind == .seededState, let id = diagram.keyNodes[instance.path + "." + cause.subject] {
                        classes[id, default: []].append("missed")
                    }
                default:
                    for mechanism in ["observation", "objectWillChange", "state", "binding", "environment", "appstorage", "untracked"] {
                        if let id = diagram.dependencyEdges["\(source)|\(instance.path)|\(mechanism)"] {
                            classes[id, default: []].append(instance.outcome == .stale ? "missed" : "path")
                        }
                    }
                    if let id = diagram.keyNodes[source], cause.kind != .untracked { classes[id, default: []].append("source") }
                }
            }
        }
        for key in classes.keys { classes[key] = Array(Set(classes[key]!)).sorted() }
    }
}
