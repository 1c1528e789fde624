import Testing
@testable import RippleCore
import RippleSwift

/// The picture's storage groups: one per owning instance, whatever its slots hold.
@Suite struct VariantGraphTests {
    @Test func aViewsStateIsOneGroupWhenASlotHoldsAnObject() throws {
        let source = """
            scenario "t"
            @Observable final class Store { var count: Int = 0 }
            struct Root: View {
                @State private var store = Store()
                @State private var draft = ""
                @State private var expanded = false
                var body: some View { Text("\\(store.count) \\(draft) \\(expanded)") }
            }
            """
        let (_, graphs) = try loadScenario(source).simulateWithGraphs()
        let storage = graphs[0].groups.filter { $0.name == "Root storage" }
        #expect(storage.count == 1)
        #expect(storage.first?.properties.map(\.label) == ["@State draft", "@State expanded"])
        #expect(graphs[0].groups.contains { $0.name == "Root.store" })
    }
}
