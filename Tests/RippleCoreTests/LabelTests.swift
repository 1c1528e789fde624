import Testing
@testable import RippleCore

/// Objects are named after the first place they are stored, and a write names the property it wrote with
/// that name. An element of a list keeps the list's name and its index rather than a text of its own
/// (`ObjectLabel`); each case below reaches an object a different way, and the written property must read
/// exactly as the object's first place spells it.
@Suite struct LabelTests {
    static let source = """
    scenario "labels"
    @Observable final class Person {
        var name: String
    }
    @Observable final class Item: Identifiable {
        let id: Int
        var title: String
        var owner: Person
    }
    struct Slot {
        var item: Item
    }
    let shared = Person(name: "shared")
    @Observable final class Model {
        var items: [Item] = (0..<3).map { Item(id: $0, title: "t\\($0)", owner: Person(name: "p\\($0)")) }
        var slots: [Slot] = [Slot(item: Item(id: 10, title: "s", owner: shared))]
        var nested: [[Item]] = [[Item(id: 20, title: "n", owner: Person(name: "q"))]]
    }
    struct Root: View {
        @State private var model = Model()
        var body: some View {
            VStack {
                ForEach(model.items) { entry in
                    ItemRow(entry: entry)
                }
            }
        }
    }
    struct ItemRow: View {
        let entry: Item
        var body: some View {
            Text(entry.title + entry.owner.name)
        }
    }
    step "element" { model.items[2].title = "x" }
    step "element's object" { model.items[1].owner.name = "y" }
    step "object in a struct in a list" { model.slots[0].item.title = "z" }
    step "object stored first as a global" { model.slots[0].item.owner.name = "w" }
    step "list in a list" { model.nested[0][0].title = "v" }
    step "appended element" {
        model.items.append(Item(id: 3, title: "t3", owner: Person(name: "p3")))
    }
    step "appended element's property" { model.items[3].owner.name = "u" }
    """

    static let cases: [(step: String, target: String)] = [
        ("element", "Root.model.items[2].title"),
        ("element's object", "Root.model.items[1].owner.name"),
        ("object in a struct in a list", "Root.model.slots[0].item.title"),
        ("object stored first as a global", "shared.name"),
        ("list in a list", "Root.model.nested[0][0].title"),
        ("appended element's property", "Root.model.items[3].owner.name"),
    ]

    @Test(arguments: cases)
    func aWriteNamesThePropertyAfterTheObjectsFirstPlace(step: String, target: String) throws {
        let trace = try simulateChecked(Self.source)
        let steps = try #require(trace.variants.first?.steps)
        let written = try #require(steps.first { $0.name == step }?.writes.first)
        #expect(written.target == target)
    }

    /// The row that shows the written property names it the same way in its cause.
    @Test func theRowsCauseNamesTheElement() throws {
        let steps = try #require(try simulateChecked(Self.source).variants.first?.steps)
        let row = try #require(steps[0].instances.first { $0.name == "ItemRow[2]" })
        #expect(row.causes.map(\.subject) == ["Root.model.items[2].title"])
    }

    /// A list element's property text is written byte by byte, its index's digits in place.
    @Test(arguments: [0, 7, 9, 10, 99, 241, 100_000, Int.max])
    func anElementsPropertyTextSpellsItsIndex(index: Int) {
        #expect(Engine.elementPropertyText("Root.model.items", index, "title") == "Root.model.items[\(index)].title")
        #expect(Engine.elementPropertyText("", index, "") == "[\(index)].")
    }
}
