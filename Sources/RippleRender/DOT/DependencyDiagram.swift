import RippleCore

/// A variant's dependency graph laid out as DOT: storage boxes, the view tree, dependency edges,
/// with large ForEach runs folded. Node and edge ids are stable so each step only changes classes.
public struct DependencyDiagram: Sendable {
    /// More instances than this of one row under one parent are folded into a summary node.
    public static let foldThreshold = 6

    /// A node's id and the classes it always has.
    public struct Element: Hashable, Sendable {
        public var id: String
        public var classes: String
    }

    /// A folded run of instances: the summary node, what it stands for, and its placeholder text.
    public struct Fold: Hashable, Sendable {
        public var id: String
        public var viewType: String
        /// Every instance of the run, the kept first and last included.
        public var paths: [String]
        /// The second line as laid out: the widest per-step text, replaced per step.
        public var placeholder: String
    }

    public var variant: String
    /// The DOT text.
    public var dot: String = ""
    /// Instance path → node id (folded instances → their summary node).
    public var instanceNodes: [String: String]
    /// Dependency key → node id (properties, groups' own nodes).
    public var keyNodes: [String: String]
    /// `key|instance|mechanism` → edge id.
    public var dependencyEdges: [String: String]
    /// `parent|child` → edge id.
    public var treeEdges: [String: String]
    public var folds: [Fold]
    /// Every path in a fold, and the fold it is in: looked up once per instance per step.
    public var foldIndex: [String: Int] = [:]
    /// Paths drawn inside a summary node rather than a node of their own.
    public var foldedPaths: Set<String> = []
    /// Instance nodes that stand for one instance (not a fold), for per-step classes.
    public var unfoldedNodes: [(path: String, id: String)] = []
    /// The graph's label as laid out; replaced per step with that step's title.
    public var titlePlaceholder: String

    /// Builds the diagram for `graph`, with room for the longest of `titles` as its label.
    public init(graph: VariantGraph, titles: [String], maximumCounts: Int, limit: RenderLimits.Graph = RenderLimits.graph(forEngine: "dot"), engine: String = "dot") {
        variant = graph.variant
        instanceNodes = [:]
        keyNodes = [:]
        dependencyEdges = [:]
        treeEdges = [:]
        folds = []
        titlePlaceholder = titles.max { $0.count < $1.count } ?? graph.variant
        var writer = DOTWriter(name: "ripple " + graph.variant)
        writer.defaults(.graph, [(.rankdir, "LR"), (.fontname, "Helvetica"), (.fontsize, "16"), (.labelloc, "t"),
                                  (.label, .text(titlePlaceholder)), (.nodesep, "0.25"), (.ranksep, "0.6"), (.newrank, "true"),
                                  (.bgcolor, "white"), (.ordering, "out"), (.id, "graph-\(graph.variant)")])
        writer.defaults(.node, [(.shape, "box"), (.style, "rounded,filled"), (.fillcolor, "white"), (.fontname, "Helvetica"),
                                 (.fontsize, "11"), (.penwidth, "1.2")])
        writer.defaults(.edge, [(.fontname, "Helvetica"), (.fontsize, "9"), (.arrowsize, "0.7")])

        // Storage: one box per object, view storage, environment and app storage.
        var counter = 0
        func nextID(_ prefix: String) -> String { counter += 1; return "\(prefix)\(counter)" }
        // Objects that are elements of one array (`model.items[0]`, `model.items[1]`, ...) fold like rows do:
        // the first and the last stay, the rest share one box whose properties stand for all of theirs.
        var foldedGroups: [String: [VariantGraph.Group]] = [:]
        var keptGroups: [VariantGraph.Group] = []
        let runs = Dictionary(grouping: graph.groups.filter { Self.arrayElementPrefix($0.name) != nil },
                              by: { "\($0.type)|\(Self.arrayElementPrefix($0.name)!)" })
        var folded: Set<String> = []
        for (key, run) in runs where run.count > Self.foldThreshold {
            foldedGroups[key] = Array(run.dropFirst().dropLast())
            for group in run.dropFirst().dropLast() { folded.insert(group.name) }
        }
        for group in graph.groups where !folded.contains(group.name) { keptGroups.append(group) }
        for (_, run) in foldedGroups.sorted(by: { $0.key < $1.key }) {
            let first = run[0]
            let clusterID = nextID("cluster_fold")
            let prefix = Self.arrayElementPrefix(first.name) ?? first.name
            var ids: [String: String] = [:]
            writer.subgraph(clusterID, [(.label, "\(prefix)[…]: \(first.type) × \(Self.formatted(run.count)) more  \(first.kind)"),
                                        (.style, "rounded,dashed"), (.color, "#8a8a8a"), (.fontsize, "11"),
                                        (.id, .text(clusterID)), (.class, "group fold \(Self.classToken(first.kind))")]) { inner in
                for property in first.properties {
                    let id = nextID("p")
                    ids[property.label] = id
                    inner.node(id, [(.label, .text(property.label)), (.id, .text(id)), (.class, "key property \(Self.classToken(property.kind))"),
                                    (.style, "rounded,filled"), (.fillcolor, .text(Self.propertyFill(property.kind))), (.shape, "box3d")])
                }
            }
            for group in run {
                for property in group.properties { keyNodes[property.key] = ids[property.label] }
            }
        }
        // A group is drawn inside the group it belongs to (`Group.owner`), when that one is drawn.
        let keptNames = Set(keptGroups.map(\.name))
        let inside = Dictionary(grouping: keptGroups.filter { $0.owner.map(keptNames.contains) == true }, by: { $0.owner! })
        func draw(_ group: VariantGraph.Group, into writer: inout DOTWriter) {
            let clusterID = nextID("cluster_g")
            let groupKind = Self.classToken(group.kind)
            var members: [(String, VariantGraph.Property)] = []
            for property in group.properties { members.append((nextID("p"), property)) }
            let headerID = nextID("g")
            let hasHeader = group.kind == "ObservableObject"
            writer.subgraph(clusterID, [(.label, .text(group.type.isEmpty ? group.name : "\(group.name): \(group.type)  \(group.kind)")),
                                        (.style, "rounded"), (.color, "#8a8a8a"), (.fontsize, "11"),
                                        (.id, .text(clusterID)), (.class, "group \(groupKind)")]) { inner in
                if hasHeader {
                    inner.node(headerID, [(.label, "objectWillChange"), (.shape, "box"), (.style, "rounded,filled,bold"),
                                          (.fillcolor, "#fff4e0"), (.id, .text(headerID)), (.class, "key group-key")])
                }
                for (id, property) in members {
                    inner.node(id, [(.label, .text(property.label)), (.id, .text(id)), (.class, "key property \(Self.classToken(property.kind))"),
                                    (.shape, property.kind == "computed" ? "note" : "box"),
                                    (.style, property.kind == "computed" ? "filled" : "rounded,filled"),
                                    (.fillcolor, .text(Self.propertyFill(property.kind)))])
                }
                for child in inside[group.name] ?? [] { draw(child, into: &inner) }
            }
            if hasHeader { keyNodes[group.key] = headerID }
            for (id, property) in members { keyNodes[property.key] = id }
        }
        for group in keptGroups where group.owner.map(keptNames.contains) != true { draw(group, into: &writer) }
        for group in graph.groups {
            for property in group.properties where property.kind == "computed" {
                for read in property.reads {
                    guard let from = keyNodes[read], let to = keyNodes[property.key] else { continue }
                    let id = nextID("c")
                    writer.edge(from, to, [(.id, .text(id)), (.class, "computed"), (.style, "dotted"), (.arrowhead, "vee"), (.color, "#777777")])
                }
            }
        }

        // The view tree, with long runs of one row folded.
        let children = Dictionary(grouping: graph.instances.filter { $0.parent != nil }, by: { $0.parent! })
        for (_, siblings) in children.sorted(by: { $0.key < $1.key }) {
            let rows = Dictionary(grouping: siblings.filter { $0.name.contains("[") }, by: \.viewType)
            for (viewType, run) in rows.sorted(by: { $0.key < $1.key }) where run.count > Self.foldThreshold {
                let id = nextID("fold")
                let middle = run.dropFirst().dropLast()
                for instance in middle { instanceNodes[instance.path] = id; foldedPaths.insert(instance.path) }
                let widest = Self.formatted(max(run.count, maximumCounts))
                folds.append(Fold(id: id, viewType: viewType, paths: run.map(\.path),
                                  placeholder: "\(widest) evaluated, \(widest) wasted, \(widest) stale"))
            }
        }
        for instance in graph.instances where !foldedPaths.contains(instance.path) {
            let id = nextID("v")
            instanceNodes[instance.path] = id
            var lines = [instance.name]
            lines += instance.properties.prefix(6)
            if instance.properties.count > 6 { lines.append("… \(instance.properties.count - 6) more") }
            writer.node(id, [(.label, .leftAligned(lines)), (.id, .text(id)),
                             (.class, "view\(instance.isModifier ? " modifier" : "")"),
                             (.shape, instance.isModifier ? "component" : "box")])
        }
        for fold in folds {
            writer.node(fold.id, [(.label, "\(fold.viewType) × \(Self.formatted(fold.paths.count))\n\(fold.placeholder)"), (.id, .text(fold.id)),
                                  (.class, "view fold"), (.shape, "box3d")])
        }
        var seenTree: Set<String> = []
        for instance in graph.instances {
            guard let parent = instance.parent, let from = instanceNodes[parent], let to = instanceNodes[instance.path] else { continue }
            let pair = from + "|" + to
            let id: String
            if seenTree.insert(pair).inserted {
                id = nextID("t")
                writer.edge(from, to, [(.id, .text(id)), (.class, "tree"), (.color, "#444444"), (.arrowhead, "normal")])
                treePairIDs[pair] = id
            } else {
                id = treePairIDs[pair]!
            }
            treeEdges[parent + "|" + instance.path] = id
        }
        var seenDependency: [String: String] = [:]
        for dependency in graph.dependencies {
            guard let from = keyNodes[dependency.key], let to = instanceNodes[dependency.instance] else { continue }
            let pair = "\(from)|\(to)|\(dependency.mechanism)"
            let id: String
            if let existing = seenDependency[pair] {
                id = existing
            } else {
                id = nextID("d")
                seenDependency[pair] = id
                writer.edge(from, to, [(.id, .text(id)), (.class, "dependency \(Self.classToken(dependency.mechanism))")] + Self.edgeStyle(dependency.mechanism))
            }
            dependencyEdges["\(dependency.key)|\(dependency.instance)|\(dependency.mechanism)"] = id
        }
        // The legend: one box per outcome, styled by the same classes as the instances.
        writer.subgraph("cluster_legend", [(.label, "legend"), (.style, "rounded"), (.color, "#bbbbbb"), (.fontsize, "11"),
                                           (.id, "legend"), (.class, "legend")]) { inner in
            var previous: String?
            for (outcome, text) in [("needed", "needed"), ("wasted", "wasted"), ("stale", "stale"), ("skipped", "skipped"), ("written", "written"),
                                    ("created", "new"), ("destroyed", "destroyed")] {
                let id = "legend-\(outcome)"
                inner.node(id, [(.label, .text(text)), (.id, .text(id)), (.class, "view legend \(outcome)"), (.fontsize, "11"), (.margin, "0.05,0.02"),
                                (.height, "0.25")])
                if let previous { inner.edge(previous, id, [(.style, "invis")]) }
                previous = id
            }
        }
        if writer.nodeCount > limit.nodes || writer.edgeCount > limit.edges {
            summarise(graph: graph, nodes: writer.nodeCount, edges: writer.edgeCount, limit: limit, engine: engine)
            return
        }
        dot = writer.text
        for (index, fold) in folds.enumerated() {
            for path in fold.paths { foldIndex[path] = index }
        }
        unfoldedNodes = instanceNodes.filter { !foldedPaths.contains($0.key) }.map { ($0.key, $0.value) }.sorted { $0.id < $1.id }
    }

    private var treePairIDs: [String: String] = [:]

    /// Why the graph was not drawn in full, when it was too large to hand to graphviz.
    public private(set) var omission: String?

    /// Replaces a graph too large to lay out by one box that says so, under the same title, so that every
    /// step's picture and the report still work: no instance is drawn, so none is highlighted.
    private mutating func summarise(graph: VariantGraph, nodes: Int, edges: Int, limit: RenderLimits.Graph, engine: String) {
        let reason = "\(graph.variant)'s graph has \(Self.formatted(nodes)) nodes and \(Self.formatted(edges)) edges; "
            + "Ripple lays out at most \(Self.formatted(limit.nodes)) nodes and \(Self.formatted(limit.edges)) edges "
            + (engine == "dot" ? "" : "with \(engine) ") + "(limit: graph size)"
        omission = reason
        instanceNodes = [:]
        keyNodes = [:]
        dependencyEdges = [:]
        treeEdges = [:]
        folds = []
        foldIndex = [:]
        foldedPaths = []
        unfoldedNodes = []
        var writer = DOTWriter(name: "ripple " + graph.variant)
        writer.defaults(.graph, [(.fontname, "Helvetica"), (.fontsize, "16"), (.labelloc, "t"), (.label, .text(titlePlaceholder)),
                                 (.bgcolor, "white"), (.id, "graph-\(graph.variant)")])
        writer.node("summary", [(.label, .text("Not drawn: \(reason).\nThe trace and the counts cover all \(Self.formatted(graph.instances.count)) instances.")),
                                (.id, "summary"), (.class, "summary"), (.shape, "note"), (.fontname, "Helvetica"), (.fontsize, "12")])
        dot = writer.text
    }

    /// `model.items` for `model.items[12]`; nil when the name is not an array element.
    static func arrayElementPrefix(_ name: String) -> String? {
        guard name.hasSuffix("]"), let open = name.lastIndex(of: "[") else { return nil }
        let digits = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return nil }
        return String(name[..<open])
    }

    /// A CSS class token for a kind: letters and digits only.
    static func classToken(_ text: String) -> String {
        let token = text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        return token.isEmpty ? "other" : String(String.UnicodeScalarView(token))
    }

    static func propertyFill(_ kind: String) -> String {
        switch kind {
        case "observable": "#e8f1fb"
        case "published": "#fff4e0"
        case "ignored", "plain": "#f2f2f2"
        case "computed": "#f7f7ff"
        case "state": "#e9f7ec"
        case "environment": "#f3ebfa"
        case "appstorage": "#f7efe6"
        default: "white"
        }
    }

    static func edgeStyle(_ mechanism: String) -> DOTWriter.Attributes {
        switch mechanism {
        case "observation": [(.color, "#1f6fbf")]
        case "objectWillChange": [(.color, "#c06a00"), (.style, "bold")]
        case "state": [(.color, "#2e8b3e")]
        case "binding": [(.color, "#2e8b3e"), (.style, "dashed")]
        case "environment": [(.color, "#7b3fb0")]
        case "appstorage": [(.color, "#8b5a2b")]
        default: [(.color, "#9a9a9a"), (.style, "dotted"), (.arrowhead, "odot")]
        }
    }

    /// `10,000`.
    static func formatted(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
