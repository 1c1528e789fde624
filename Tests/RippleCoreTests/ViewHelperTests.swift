import Testing
@testable import RippleCore

/// A view's computed properties and methods run inside the body that uses them (docs/Semantics.md,
/// "View helpers"): their reads are the body's, the views they build are its children.
@Suite struct ViewHelperTests {
    static let source = """
        scenario "helpers"
        @Observable final class Model {
            var title: String = "a"
            var count: Int = 0
            var unrelated: Int = 0
            var items: [Item] = [Item(id: 1, name: "x"), Item(id: 2, name: "y")]
        }
        @Observable final class Item: Identifiable {
            let id: Int
            var name: String
        }
        struct Root: View {
            @State private var model = Model()
            var heading: String { model.title.uppercased() }
            var badge: some View {
                Text("\\(model.count)")
            }
            func row(_ item: Item, prefix: String = "#") -> some View {
                ItemRow(item: item, prefix: prefix)
            }
            var body: some View {
                VStack {
                    Text(heading)
                    badge
                    ForEach(model.items) { item in
                        self.row(item)
                    }
                }
            }
        }
        struct ItemRow: View {
            let item: Item
            let prefix: String
            var body: some View { Text(prefix + item.name) }
        }
        step "title" { model.title = "b" }
        step "count" { model.count = 1 }
        step "unrelated" { model.unrelated = 1 }
        step "name" { model.items[0].name = "z" }
        """

    @Test func aComputedPropertysReadsAreTheBodysReads() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[0].evaluated == ["Root"])
        #expect(steps[0].instances.first { $0.name == "Root" }?.outcome == .needed)
        #expect(steps[0].instances.first { $0.name == "Root" }?.changedReads.contains { $0.contains("model.title") } == true)
    }

    @Test func aViewBuildingPropertysReadsAreTheBodysReads() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[1].evaluated == ["Root"])
        #expect(steps[1].instances.first { $0.name == "Root" }?.outcome == .needed)
    }

    @Test func whatNoHelperReadsEvaluatesNothing() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[2].evaluated == [])
    }

    @Test func aMethodsViewsAreTheBodysChildren() throws {
        let scenario = try loadScenario(Self.source)
        #expect(scenario.instancePaths["main"]?.contains("Root/ItemRow[1]") == true)
        let steps = try simulateChecked(Self.source).variants[0].steps
        // The row reads the name; the parent that called the method does not.
        #expect(steps[3].evaluated == ["ItemRow[1]"])
    }

    @Test(arguments: [
        ("func row(_ item: Item) -> some View { Text(item.name) }", "row()", "'row' needs an unlabelled argument for parameter 'item'"),
        ("func row(_ item: Item) -> some View { Text(item.name) }", "row(model.items[0], model.items[1])", "'row' takes 1 argument; 'model.items[1]' is one too many"),
    ])
    func aMethodCalledWithTheWrongArgumentsIsAnError(declaration: String, call: String, message: String) throws {
        let source = """
            scenario "t"
            @Observable final class Model { var items: [Item] = [Item(id: 1, name: "x"), Item(id: 2, name: "y")] }
            @Observable final class Item: Identifiable {
                let id: Int
                var name: String
            }
            struct Root: View {
                @State private var model = Model()
                \(declaration)
                var body: some View { \(call) }
            }
            """
        #expect(diagnostics(source).map(\.message) == [message])
    }
}
