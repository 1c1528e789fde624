import Testing
@testable import RippleCore

/// What a write's causes say when it reaches many views, and when later writes in the step reach them
/// again. Views that reached a key the same way share one list of causes (docs/Performance.md, "How the
/// engine keeps a write cheap"); each view must still read exactly its own.
@Suite struct CauseTests {
    static let source = """
    scenario "causes"
    struct Item: Identifiable {
        var id: Int
        var title: String
    }
    @Observable final class Model {
        var items: [Item] = (0..<3).map { Item(id: $0, title: "t\\($0)") }
        var header: String = "h"
    }
    struct Root: View {
        @State private var model = Model()
        var body: some View {
            List {
                ForEach(model.items.indices, id: \\.self) { index in
                    Row(model: model, index: index)
                }
            }
        }
    }
    struct Row: View {
        let model: Model
        let index: Int
        var body: some View {
            Text(model.items[index].title)
            if index == 0 {
                Text(model.header)
            }
        }
    }
    step "one write" { model.items[1].title = "x" }
    step "two writes" {
        model.header = "h2"
        model.items[1].title = "y"
        model.items[2].title = "z"
    }
    """

    static let itemsCause = "depends on Root.model.items (reads model.items[index].title) (in-place mutation items[1].title)"

    @Test func oneWriteGivesEveryRowTheSameCause() throws {
        let steps = try #require(try simulateChecked(Self.source).variants.first?.steps)
        let rows = steps[0].instances.filter { $0.viewType == "Row" }
        #expect(rows.map(\.name) == ["Row[0]", "Row[1]", "Row[2]"])
        for row in rows {
            #expect(row.causes.map(\.detail) == [Self.itemsCause], "\(row.name)")
            #expect(row.causes.map(\.old) == [#""t1""#] && row.causes.map(\.new) == [#""x""#], "\(row.name)")
        }
    }

    /// Row[0] is reached first by the header and then by the items; Rows 1 and 2 only by the items, twice.
    /// A later write marks the first write's cause and drops its old → new pair (the writes touched
    /// different places below `items`); Row[0]'s extra cause must not reach the rows that shared a list.
    @Test func laterWritesMarkEachRowsOwnCauses() throws {
        let steps = try #require(try simulateChecked(Self.source).variants.first?.steps)
        let rows = Dictionary(uniqueKeysWithValues: steps[1].instances.filter { $0.viewType == "Row" }.map { ($0.name, $0.causes) })
        let header = "depends on Root.model.header (reads model.header) (assignment header)"
        let items = "depends on Root.model.items (reads model.items[index].title) (in-place mutation items[1].title) (and later writes in this step)"
        #expect(rows["Row[0]"]?.map(\.detail) == [header, items])
        #expect(rows["Row[1]"]?.map(\.detail) == [items])
        #expect(rows["Row[2]"]?.map(\.detail) == [items])
        #expect(rows["Row[1]"]?.first?.old == nil && rows["Row[1]"]?.first?.new == nil)
        #expect(rows["Row[0]"]?.first?.old == #""h""# && rows["Row[0]"]?.first?.new == #""h2""#)
    }
}
