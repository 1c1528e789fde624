import Testing
@testable import RippleCore
import RippleSwift

/// An app of many one-view files loads in time linear in its roots: each is a screen of its own, and a
/// screen does the work of the views it builds, not of every view the app declares.
@Suite struct ManyRootsTests {
    /// Each screen makes the shared box (`ViewInfo`) of the views it builds only, and is found by name
    /// at once: a box of every view for every screen made the load quadratic in roots.
    @Test func eachScreenMakesTheBoxesOfTheViewsItBuildsOnly() throws {
        let files = (1...50).map { ("V\($0).swift", "struct V\($0): View { var body: some View { Text(\"v\") } }\n") }
        let scenario = try #require(loadSwift(files).scenario)
        #expect(scenario.variants.count == 50)
        for variant in scenario.variants {
            let simulation = try Simulation(scenario: scenario, variant: variant.name, semantics: scenario.semantics)
            #expect(simulation.engine.viewInfos.keys.sorted() == [variant.table.rootView])
            #expect(scenario.variant(named: variant.name)?.table.rootView == variant.table.rootView)
        }
    }
}
