import RippleCore

/// What a report is drawn from: a trace, each variant's graph, and what the page says about them. A
/// scenario makes one from its steps (`ScenarioRenderer.render(_:folder:formats:engine:)`); an audit from
/// the actions it performed, each from the first state.
public struct ReportInput: Sendable {
    public var title: String
    public var file: String
    /// The steps' names, the same in every variant.
    public var stepNames: [String]
    public var trace: ScenarioTrace
    /// Per variant, the graph every step is highlighted on.
    public var graphs: [VariantGraph]
    /// Per variant, where it is declared, for a message about its picture.
    public var locations: [SourceLocation]
    /// Per variant, per step, the instances alive before it, for steps that do not start where the one
    /// before left off (an audit performs each action from the first state); nil counts them from the
    /// graph's first instances and what each step created and destroyed.
    public var startingPaths: [[Set<String>]]?
    /// HTML the page shows above the steps, already escaped.
    public var preface = ""
    /// What a step is called on the page: `step`, `action`.
    public var stepWord = "step"

    public init(title: String, file: String, stepNames: [String], trace: ScenarioTrace, graphs: [VariantGraph], locations: [SourceLocation],
                startingPaths: [[Set<String>]]? = nil, preface: String = "", stepWord: String = "step") {
        self.title = title
        self.file = file
        self.stepNames = stepNames
        self.trace = trace
        self.graphs = graphs
        self.locations = locations
        self.startingPaths = startingPaths
        self.preface = preface
        self.stepWord = stepWord
    }
}
