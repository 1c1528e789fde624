import Testing
@testable import RippleCore

/// Each place that runs statements with control flow (a model method, an initializer, an action, a
/// function that computes a value, a body) runs `if`/`else if`/`else`, `guard`, `switch`, `for` and
/// `return` the same way. A step's own statements are writes, with no control flow of their own.
@Suite struct StatementHostTests {
    /// Appends to `log` by the same control flow in every host that writes: for 1, 2, 3, then stops
    /// at the `guard` before 4, leaving "aebecd".
    static let loop = """
        for i in [1, 2, 3, 4] {
            if i == 1 { log += "a" } else if i == 2 { log += "b" } else { log += "c" }
            switch i {
            case 3: log += "d"
            default: log += "e"
            }
            guard i < 3 else { return }
        }
        """

    static let source = """
        scenario "hosts"
        @Observable final class Model {
            var log: String = ""
            var built: String = ""
            init() {
                \(loop.replacingOccurrences(of: "log +=", with: "built +="))
            }
            func run() {
                \(loop)
            }
            func classify(_ n: Int) -> String {
                for i in [1, 2, 3] {
                    if i == n { return "found" }
                }
                guard n != 9 else { return "nine" }
                switch n {
                case 0: return "zero"
                default: return "other"
                }
            }
        }
        let model = Model()
        struct Root: View {
            var body: some View {
                VStack {
                    if model.log.isEmpty { Empty() } else if model.log == "x" { Other() } else { Full() }
                    Button("Go") {
                        model.log = ""
                        for i in [1, 2, 3, 4] {
                            if i == 1 { model.log += "a" } else if i == 2 { model.log += "b" } else { model.log += "c" }
                            switch i {
                            case 3: model.log += "d"
                            default: model.log += "e"
                            }
                            guard i < 3 else { return }
                        }
                    }
                }
            }
        }
        struct Empty: View { var body: some View { Text("empty") } }
        struct Other: View { var body: some View { Text("other") } }
        struct Full: View { var body: some View { Text("full") } }
        step "method" { model.run() }
        step "action" { tap Root "Go" }
        step "function" { model.log = model.classify(2) + model.classify(0) + model.classify(9) + model.classify(7) }
        """

    static func log(after step: StepTrace) -> String? {
        step.writes.last { $0.target.hasSuffix("log") }?.new
    }

    @Test func aMethodAnActionAndAFunctionRunTheSameControlFlow() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps.map(Self.log(after:)) == [#""aebecd""#, #""aebecd""#, #""foundzeronineother""#])
    }

    @Test func anInitializerRunsTheSameControlFlow() throws {
        let scenario = try loadScenario(Self.source)
        let dump = ModelDump.render(try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).snapshot(),
                                    variant: scenario.variants[0].name, semantics: .swift62)
        #expect(dump.contains(#"built = "aebecd""#), "\(dump)")
    }

    @Test func aBodyRunsTheSameControlFlow() throws {
        let first = try simulateChecked(Self.source).variants[0].steps[0]
        #expect(first.destroyed.contains { $0.hasSuffix("Empty") } && first.created.contains { $0.hasSuffix("Full") },
                "\(first.created) \(first.destroyed)")
        #expect(!first.created.contains { $0.hasSuffix("Other") })
    }

    /// A getter of one `if` whose branches are one expression each is Swift's `if` expression; a getter
    /// with more statements gives what its `return` gives, whatever an `if` before it ran.
    static let getters = """
        scenario "getters"
        @Observable final class Model {
            var flag: Bool = false
            var label: String {
                if flag { "on" } else { "off" }
            }
            var summary: String {
                if !flag { label.uppercased() }
                return "summary of " + label
            }
            var log: String = ""
        }
        let model = Model()
        struct Root: View {
            var body: some View { Text(model.log) }
        }
        step "read" { model.log = model.label + ", " + model.summary }
        step "flip" { model.flag = true; model.log = model.label + ", " + model.summary }
        """

    @Test func aValueBodyRunsPastAnIfAndAnIfExpressionIsAValue() throws {
        let steps = try simulateChecked(Self.getters).variants[0].steps
        #expect(steps.map(Self.log(after:)) == [#""off, summary of off""#, #""on, summary of on""#])
    }
}
