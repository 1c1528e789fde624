import Testing
@testable import RippleCore
import RippleSwift

/// Rule 20: a lazy container builds only the rows in its window; a step scrolls rows in.
@Suite struct LazyWindowTests {
    @Test(arguments: [("List", true), ("LazyVStack", true), ("LazyHStack", true), ("LazyVGrid", true), ("LazyHGrid", true),
                      ("VStack", false), ("ScrollView", false), ("ForEach", false)])
    func onlyLazyContainersWindowTheirRows(container: String, lazy: Bool) {
        #expect(LazyWindow.isLazy(container) == lazy)
    }

    @Test(arguments: [(0, 0, 3, true), (2, 0, 3, true), (3, 0, 3, false), (2, 3, 3, false), (5, 3, 3, true), (6, 3, 3, false)])
    func aRowIsBuiltInsideTheWindow(position: Int, first: Int, visible: Int, builds: Bool) {
        #expect(LazyWindow.builds(position: position, first: first, visible: visible) == builds)
    }

    /// A window scrolls no further than its last rows filling it, and not above the top.
    @Test(arguments: [(3, 6, 3, 3), (5, 6, 3, 3), (40, 6, 3, 3), (0, 6, 3, 0), (2, 2, 3, 0)])
    func scrollingStopsAtTheLastRows(row: Int, total: Int, visible: Int, first: Int) {
        #expect(LazyWindow.firstRow(scrollingTo: row, total: total, visible: visible) == first)
    }

    @Test func aSectionPassesItsRowsOnAndAStackIsOneRow() {
        #expect(LazyWindow.passesRowsOn("Section"))
        #expect(LazyWindow.passesRowsOn("Group"))
        #expect(!LazyWindow.passesRowsOn("HStack"))
    }

    @Test func theWindowIsSaidAsAPersonCountsRows() {
        #expect(LazyWindow.describe(first: 0, visible: 14, total: 40) == "rows 1–14 of 40")
        #expect(LazyWindow.describe(first: 3, visible: 14, total: 6) == "rows 4–6 of 6")
        #expect(LazyWindow.describe(first: 0, visible: 3, total: 0) == "no rows of 0")
    }

    static let feed = """
        scenario "feed"
        semantics swift6.2
        visible rows 3
        @Observable final class Item: Identifiable {
            let id: Int
            var title: String
            init(id: Int, title: String) { self.id = id; self.title = title }
        }
        @Observable final class Store {
            var items: [Item] = [Item(id: 1, title: "a"), Item(id: 2, title: "b"), Item(id: 3, title: "c"),
                                 Item(id: 4, title: "d"), Item(id: 5, title: "e"), Item(id: 6, title: "f")]
        }
        struct Root: View {
            @State private var store = Store()
            var body: some View {
                CONTAINER {
                    ROWS
                }
            }
        }
        struct Row: View {
            let item: Item
            var body: some View { Text(item.title) }
        }
        step "below the window" { Root.store.items[4].title = "E" }
        step "in the window" { Root.store.items[1].title = "B" }
        step "scroll" { scroll CONTAINER to 3 }
        step "scrolled in" { Root.store.items[4].title = "EE" }
        step "scrolled out" { Root.store.items[1].title = "BB" }
        """

    static func feed(_ container: String, row: String = "Row(item: item)", around: String? = nil) -> String {
        let rows = "ForEach(store.items) { item in \(row) }"
        return feed.replacingOccurrences(of: "CONTAINER", with: container)
            .replacingOccurrences(of: "ROWS", with: around.map { "\($0) { \(rows) }" } ?? rows)
    }

    /// Must not: a row below the window has no instance, so a write it would read re-runs nothing; must:
    /// a row in the window re-runs.
    @Test(arguments: ["List", "LazyVStack"])
    func onlyTheRowsInTheWindowAreBuilt(container: String) throws {
        let trace = try simulateChecked(Self.feed(container))
        let steps = trace.variants[0].steps
        #expect(trace.variants[0].initialInstances == 4)
        #expect(steps[0].evaluated.isEmpty)
        #expect(steps[0].counts.stale == 0)
        #expect(steps[1].evaluated == ["Row[2]"])
        #expect(steps[0].windows == ["\(container) in Root: rows 1–3 of 6"])
    }

    /// A scroll builds the rows that come into the window and destroys those that leave, without running
    /// the body that holds the container; then a row scrolled in re-runs and one scrolled out does not.
    @Test func aScrollBuildsTheRowsThatComeOnScreen() throws {
        let steps = try simulateChecked(Self.feed("List")).variants[0].steps
        #expect(steps[2].names(.needed) == ["Row[4]", "Row[5]", "Row[6]"])
        #expect(!steps[2].evaluated.contains("Root"))
        #expect(steps[2].destroyed == ["Root/Row[1]", "Root/Row[2]", "Root/Row[3]"])
        #expect(steps[2].instances.first?.causes.first?.detail.contains("scrolled into List's window (rows 4–6 of 6)") == true)
        #expect(steps[2].writes.first?.kind == "scroll")
        #expect(steps[2].writes.first?.new == "rows 4–6 of 6")
        #expect(steps[3].evaluated == ["Row[5]"])
        #expect(steps[4].evaluated.isEmpty)
    }

    /// A row whose closure builds only built-in views runs its closure only in the window too.
    @Test func aClosureRowIsWindowedToo() throws {
        let steps = try simulateChecked(Self.feed("List", row: "Text(item.title)")).variants[0].steps
        #expect(steps[0].evaluated.isEmpty)
        #expect(steps[1].evaluated == ["ForEach[2]"])
        #expect(steps[2].names(.needed) == ["ForEach[4]", "ForEach[5]", "ForEach[6]"])
        #expect(steps[3].evaluated == ["ForEach[5]"])
    }

    /// Must: a `VStack` builds every row, so a write below any window re-runs its row; it has no window to
    /// scroll.
    @Test func aStackBuildsEveryRow() throws {
        let source = Self.feed("VStack").replacingOccurrences(of: "step \"scroll\" { scroll VStack to 3 }\n", with: "")
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Row[5]"])
        #expect(steps[0].windows == nil)
        let errors = diagnostics(Self.feed("VStack")).map(\.message)
        #expect(errors.contains { $0.hasPrefix("'VStack' builds every row and does not scroll rows in") })
    }

    /// Rows a `Section` holds are the list's rows; a stack of rows inside the list is one row, built whole.
    @Test func aSectionsRowsAreTheListsAndAStackIsOneRow() throws {
        #expect(try simulateChecked(Self.feed("List", around: "Section")).variants[0].steps[0].evaluated.isEmpty)
        let stack = Self.feed("List", around: "HStack").replacingOccurrences(of: "step \"scroll\" { scroll List to 3 }\n", with: "")
        #expect(try simulateChecked(stack).variants[0].steps[0].evaluated == ["Row[5]"])
    }

    /// A grid's window shows a line of items for each visible row: as many items as its tracks.
    @Test func aGridsWindowHoldsItsTracksForEachLine() {
        #expect(LazyWindow.visibleItems(lines: 3, perLine: 2) == 6)
        #expect(LazyWindow.firstItem(scrollingTo: 2, items: 10, lines: 2, perLine: 3) == 6)
        #expect(LazyWindow.firstItem(scrollingTo: 1, items: 10, lines: 2, perLine: 3) == 3)
        #expect(LazyWindow.firstItem(scrollingTo: 9, items: 6, lines: 3, perLine: 1) == 3)
        #expect(LazyWindow.describe(first: 3, visible: 6, total: 10, grid: true) == "items 4–9 of 10")
    }

    @Test(arguments: [
        ("LazyVGrid(columns: [GridItem(), GridItem(), GridItem()]) {}", 3),
        ("LazyHGrid(rows: Array(repeating: GridItem(), count: 2)) {}", 2),
        ("LazyVGrid(columns: columns) {}", nil),
        ("List {}", 1),
    ] as [(String, Int?)])
    func aGridCountsTheTracksItWrites(view: String, perLine: Int?) throws {
        let reading = ScenarioFile.read(source: "let e = \(view)", file: "e.ripple")
        guard case .global(let global)? = reading.syntax.declarations.first, case .call(let callee, let arguments, _) = global.value.kind,
              case .identifier(let name) = callee.kind else {
            Issue.record("no call in \(view)")
            return
        }
        #expect(Engine.itemsPerLine(of: name, arguments) == perLine)
    }

    static let grid = """
        scenario "grid"
        visible rows 2
        @Observable final class Photo: Identifiable {
            let id: Int
            var title: String
            init(id: Int, title: String) { self.id = id; self.title = title }
        }
        @Observable final class Album {
            var photos: [Photo] = [Photo(id: 1, title: "a"), Photo(id: 2, title: "b"), Photo(id: 3, title: "c"),
                                   Photo(id: 4, title: "d"), Photo(id: 5, title: "e"), Photo(id: 6, title: "f")]
        }
        struct Root: View {
            @State private var album = Album()
            var body: some View {
                LazyVGrid(columns: COLUMNS) {
                    ForEach(album.photos) { photo in Cell(photo: photo) }
                }
            }
        }
        struct Cell: View {
            let photo: Photo
            var body: some View { Text(photo.title) }
        }
        step "fourth" { Root.album.photos[3].title = "D" }
        step "fifth" { Root.album.photos[4].title = "E" }
        step "scroll" { scroll LazyVGrid to 1 }
        step "fifth again" { Root.album.photos[4].title = "EE" }
        """

    /// Must: an item on the window's second line re-runs; must not: one on the third. A scroll moves the
    /// window by lines.
    @Test func aGridBuildsTheLinesInItsWindow() throws {
        let steps = try simulateChecked(Self.grid.replacingOccurrences(of: "COLUMNS", with: "[GridItem(), GridItem()]")).variants[0].steps
        #expect(steps[0].evaluated == ["Cell[4]"])
        #expect(steps[1].evaluated.isEmpty)
        #expect(steps[1].windows == ["LazyVGrid in Root: items 1–4 of 6"])
        #expect(steps[2].names(.needed) == ["Cell[5]", "Cell[6]"])
        #expect(steps[2].destroyed == ["Root/Cell[1]", "Root/Cell[2]"])
        #expect(steps[3].evaluated == ["Cell[5]"])
    }

    /// Tracks not written as an array: one item a line, and a note at the grid says so.
    @Test func aGridWithTracksRippleCannotCountSaysSo() throws {
        let source = Self.grid.replacingOccurrences(of: "COLUMNS", with: "columns")
            .replacingOccurrences(of: "    @State private var album = Album()", with: "    @State private var album = Album()\n    let columns = [1, 2]")
        let scenario = try loadScenario(source)
        #expect(scenario.notes.map(\.message).contains("the number of 'columns' of 'LazyVGrid' is not written as an array of them; its window counts one item a line"))
        #expect(scenario.trace.variants[0].steps[0].evaluated.isEmpty)
    }

    static let stateRows = """
        scenario "state rows"
        visible rows 2
        @Observable final class Store {
            var ids = [1, 2, 3, 4]
            var appeared = 0
        }
        struct Root: View {
            @State private var store = Store()
            var body: some View {
                List {
                    ForEach(store.ids, id: \\.self) { id in
                        Row(id: id, store: store)
                    }
                }
            }
        }
        struct Row: View {
            let id: Int
            let store: Store
            @State private var open = false
            var body: some View {
                Text("\\(id) \\(open)").onAppear { store.appeared += 1 }
            }
        }
        step "scroll" { scroll List to 2 }
        """

    /// A row scrolled in appears, and its `.onAppear` runs; one that leaves with `@State` of its own is
    /// destroyed, and the scroll says so where it stands.
    @Test func aScrolledRowAppearsAndALeavingRowsStateIsNoted() throws {
        let scenario = try loadScenario(Self.stateRows)
        let step = try #require(scenario.trace.variants.first?.steps.first)
        #expect(step.followUps?.first?.name.hasPrefix(".onAppear in Row[3]") == true)
        #expect(step.followUps?.first?.writes.count == 2)
        let notes = scenario.notes.filter { $0.message.contains("left the window") }
        #expect(notes.map(\.message) == [
            "'Row[1]' left the window and was destroyed with its 'open'; SwiftUI may keep a row's state while it is off screen (docs/Semantics.md, Rule 20)",
            "'Row[2]' left the window and was destroyed with its 'open'; SwiftUI may keep a row's state while it is off screen (docs/Semantics.md, Rule 20)",
        ])
        #expect(notes.first?.location.line == 25)
        // Must not: a row without storage of its own leaves no note.
        let plain = try loadScenario(Self.stateRows.replacingOccurrences(of: "    @State private var open = false\n", with: "")
            .replacingOccurrences(of: " \\(open)", with: ""))
        #expect(!plain.notes.contains { $0.message.contains("left the window") })
    }

    /// Without `visible rows`, the window shows the default number of rows: six rows are all built.
    @Test func theDefaultWindowShowsFourteenRows() throws {
        let source = Self.feed("List").replacingOccurrences(of: "visible rows 3\n", with: "")
        let steps = try simulateChecked(source).variants[0].steps
        #expect(LazyWindow.defaultVisibleRows == 14)
        #expect(steps[0].evaluated == ["Row[5]"])
        #expect(steps[0].windows == nil)
        #expect(steps[2].writes.first?.notified == false)
    }

    @Test(arguments: [
        ("visible rows 0", "expected a number of rows from 1 to 100000 after 'visible rows', found '0'"),
        ("visible lines 3", "expected 'rows' after 'visible', found 'lines'"),
    ])
    func aBadWindowIsAnErrorAtItsPlace(line: String, message: String) {
        let found = diagnostics(Self.feed("List").replacingOccurrences(of: "visible rows 3", with: line))
        #expect(found.first?.message == message)
        #expect(found.first?.location.line == 3)
    }

    @Test(arguments: [
        ("scroll List to x", "expected 'scroll CONTAINER to ROW' or 'scroll CONTAINER in VIEW to ROW'; the row is a whole number from 0, not 'x'"),
        ("scroll List by 3", "expected 'scroll CONTAINER to ROW' or 'scroll CONTAINER in VIEW to ROW', found 'scroll List by 3'"),
        ("scroll List in Other to 3", "no 'List' is on screen in 'Other'"),
    ])
    func aBadScrollIsAnErrorAtItsPlace(statement: String, message: String) {
        let found = diagnostics(Self.feed("List").replacingOccurrences(of: "scroll List to 3", with: statement))
        #expect(found.map(\.message) == [message])
        #expect(found.first?.location.column == 17)
    }
}
