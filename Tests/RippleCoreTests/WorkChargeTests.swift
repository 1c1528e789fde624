import Testing
@testable import RippleCore

/// Work that evaluates little but costs much is charged to the work limit, and a limit, once crossed,
/// ends the step: nothing is built, copied or recorded past it.
@Suite struct WorkChargeTests {
    /// A model whose methods each call the next twice, `levels` deep, the last one writing `leaf`.
    private func fanningMethods(levels: Int, leaf: String = "count += 1") -> String {
        "scenario \"t\"\n@Observable final class Store {\n    var count: Int = 0\n"
            + (0..<levels).map { "    func m\($0)() { m\($0 + 1)(); m\($0 + 1)() }\n" }.joined()
            + "    func m\(levels)() { \(leaf) }\n}\n"
            + "struct Root: View {\n    @State private var store = Store()\n    var body: some View { Text(\"\\(store.count)\") }\n}\n"
            + "step \"go\" { store.m0() }\n"
    }

    /// Computed properties that each read the previous one twice, down to a stored `p0`.
    private func fanningProperties(levels: Int) -> String {
        "scenario \"t\"\n@Observable final class Model {\n    var p0: Int = 1\n"
            + (1...levels).map { "    var p\($0): Int { p\($0 - 1) + p\($0 - 1) }\n" }.joined()
            + "}\nlet model = Model()\nstruct Root: View {\n    var body: some View { Text(\"\\(model.p\(levels))\") }\n}\n"
    }

    /// View helpers that each build the next twice, down to a `Text`.
    private func fanningHelpers(levels: Int, function: Bool) -> String {
        let call = { (i: Int) in function ? "f\(i)()" : "v\(i)" }
        let declare = { (i: Int) in function ? "func f\(i)() -> some View" : "var v\(i): some View" }
        return "scenario \"t\"\nstruct Root: View {\n    var body: some View { VStack { \(call(0)) } }\n"
            + (0..<levels).map { "    @ViewBuilder \(declare($0)) { \(call($0 + 1)); \(call($0 + 1)) }\n" }.joined()
            + "    \(declare(levels)) { Text(\"x\") }\n}\n"
    }

    private func simulation(_ text: String) throws -> (Scenario, Simulation) {
        let scenario = try Scenario(source: text, file: "t.ripple")
        return (scenario, try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: scenario.semantics))
    }

    /// 2^11 - 1 method calls in one step, and 2^10 writes, each charged: the step cost one evaluation per
    /// write before.
    @Test func everyMethodCallAndWriteCostsWork() throws {
        let (scenario, simulation) = try simulation(fanningMethods(levels: 10))
        _ = try simulation.run(try #require(scenario.steps(of: scenario.variants[0].name).first))
        #expect(simulation.engine.work >= 2047 * Engine.callWork + 1024 * "count += 1".utf8.count)
    }

    /// Each getter and each helper built is a call, charged as one.
    @Test(arguments: [false, true])
    func everyHelperCallCostsWork(function: Bool) throws {
        let (_, simulation) = try simulation(fanningHelpers(levels: 10, function: function))
        #expect(simulation.engine.work >= 2047 * Engine.callWork)
    }

    @Test func everyGetterCallCostsWork() throws {
        let (_, simulation) = try simulation(fanningProperties(levels: 10))
        #expect(simulation.engine.work >= 2047 * Engine.callWork)
    }

    /// 2^40 calls from one step, 2^40 getters, 2^25 helpers (helpers that build views nest at most 32
    /// deep, `Callee.levels`): each stops at the work limit.
    @Test(arguments: ["methods", "properties", "helpers", "functions"])
    func exponentialCallsStopAtTheWorkLimit(_ shape: String) {
        let text = switch shape {
        case "methods": fanningMethods(levels: 40)
        case "properties": fanningProperties(levels: 40)
        case "helpers": fanningHelpers(levels: 25, function: false)
        default: fanningHelpers(levels: 25, function: true)
        }
        #expect(diagnostics(text).first?.message == "the scenario needs more than 5000000 evaluation steps (limit: work per step)")
    }

    /// A stored property read 2^16 times through one chain of computed properties is one use of its key:
    /// logging each use with its chain would take 656 MB at 2^20.
    @Test func aKeyUsedAgainThroughTheSameChainIsLoggedOnce() throws {
        let (_, simulation) = try simulation(fanningProperties(levels: 16))
        #expect(simulation.engine.log.keyLog.count == 1)
        #expect(simulation.engine.log.keyLog.first?.via == (1...16).reversed().map { "p\($0)" })
    }

    /// A limit ends the pass: the bodies after it are neither built nor evaluated, and report no errors
    /// (going on, a million views would take 12 s to report the instance limit). `Late` runs after the
    /// rows' bodies.
    @Test(arguments: [
        // The instance limit, crossed while the rows' bodies create their cells.
        "ForEach(0..<300, id: \\.self) { i in Row() }; Late()",
        // A `ForEach` over more elements than the limit, refused in the body that builds it.
        "ForEach(0..<250001, id: \\.self) { i in Text(\"x\") }; Late()",
    ])
    func aLimitEndsThePass(_ body: String) {
        let text = "scenario \"t\"\nlet zero = 0\nstruct Root: View {\n    var body: some View { VStack { \(body) } }\n}\n"
            + "struct Row: View {\n    var body: some View { ForEach(0..<1000, id: \\.self) { j in Cell() } }\n}\n"
            + "struct Cell: View {\n    var body: some View { Text(\"c\") }\n}\n"
            + "struct Late: View {\n    var body: some View { Text(\"\\(1 / zero)\") }\n}\n"
        let messages = diagnostics(text).map(\.message)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.hasSuffix("(limit: instances)") == true, "\(messages)")
    }
}
