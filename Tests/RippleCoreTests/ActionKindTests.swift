import Testing
@testable import RippleCore

/// Every kind of action `ripple audit` takes beyond taps and controls: each found where it is written,
/// named after where it is, and simulated from the first state of the screen.
@Suite struct ActionKindTests {
    static let screen = """
    scenario "kinds"
    semantics swift6.2
    enum Sort: CaseIterable {
        case name, date, size
    }
    struct Item: Identifiable, Equatable {
        var id: Int
        var title: String
    }
    @Observable final class Store {
        var items: [Item] = [Item(id: 1, title: "A"), Item(id: 2, title: "B"), Item(id: 3, title: "C")]
        var sort: Sort = .name
        var layout = "list"
        var path: [Int] = []
        var showsHelp = false
        var log = 0
        func delete(at offsets: IndexSet) { items.remove(atOffsets: offsets) }
        func load() async { log += 1 }
    }
    struct Root: View {
        @State private var store = Store()
        var body: some View {
            NavigationStack(path: $store.path) {
                Picker("Sort", selection: $store.sort) {
                    Text("Name").tag(Sort.name)
                }
                Picker("Layout", selection: $store.layout) {
                    Text("List").tag("list")
                    Text("Grid").tag("grid")
                }
                Text(store.layout)
                ForEach(store.items) { item in
                    NavigationLink(value: item.id) {
                        Row(title: item.title)
                    }
                    .swipeActions {
                        Button("Remove") { store.items.removeAll { $0.id == item.id } }
                    }
                    .contextMenu {
                        Button("Same") { store.items[0].title = store.items[0].title }
                    }
                }
                .onDelete(perform: store.delete)
                .onMove { from, to in store.items.move(fromOffsets: from, toOffset: to) }
                Button("Help", action: showHelp)
                Counter(store: store)
                    .navigationDestination(for: Int.self) { id in Detail(id: id) }
            }
            .sheet(isPresented: $store.showsHelp) { Text("Help") }
            .onChange(of: store.sort) { old, new in store.log += 1 }
            .task {
                store.log = 0
                await store.load()
                try? await Task.sleep(for: .seconds(1))
                store.log += 10
            }
            .refreshable { store.items.reverse() }
        }
        func showHelp() { store.showsHelp = true }
    }
    struct Row: View {
        let title: String
        var body: some View { Text(title) }
    }
    struct Detail: View {
        let id: Int
        var body: some View { Text("Detail \\(id)") }
    }
    struct Counter: View {
        let store: Store
        var body: some View { Text("\\(store.log)") }
    }
    """

    func simulation() throws -> Simulation {
        let scenario = try Scenario(source: Self.screen, file: "kinds.ripple")
        return try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
    }

    @Test(arguments: [
        // A picker's options are its tags; with fewer than two, the cases of the selection's enum.
        ("choose Picker \"Sort\" in Root", "choose", 24, ["Root"]),
        ("choose Picker \"Layout\" in Root", "choose", 27, ["Root"]),
        // The rows are identified by their element: the first and the last row stand for the rest.
        ("push NavigationLink in Root, row 1", "push", 33, ["Root", "Detail"]),
        ("tap Button \"Remove\" (.swipeActions) in Root, row 3", "tap", 37, ["Root"]),
        ("tap Button \"Same\" (.contextMenu) in Root, row 1", "tap", 40, ["Root"]),
        // A list's delete and move: the first row deleted, the first row moved below the second. The rows
        // left are given what they had, so only the list's body re-runs.
        ("delete a row with .onDelete in Root", "delete", 43, ["Root"]),
        ("move a row with .onMove in Root", "move", 44, ["Root"]),
        // A method named as the action is called.
        ("tap Button \"Help\" in Root", "tap", 45, ["Root", "sheet"]),
        // The sheet is shown in a step not counted, then dismissed: its view goes, the presenter re-runs
        // for the binding it made.
        ("dismiss .sheet in Root", "dismiss", 49, ["Root"]),
        ("run .onChange(of: store.sort) in Root", "change", 50, ["Counter"]),
        // The task ran up to its first real wait when the root appeared (`store.load()` never waits, so it
        // runs through); what follows the wait is resumed.
        ("resume .task in Root", "resume", 51, ["Counter"]),
        ("refresh .refreshable in Root", "refresh", 57, ["Root"]),
    ])
    func anActionIsFoundNamedAndSimulated(name: String, kind: String, line: Int, evaluated: [String]) throws {
        let simulation = try simulation()
        let actions = simulation.availableActions()
        let index = try #require(actions.firstIndex { $0.name == name }, "\(actions.map(\.name))")
        #expect(actions[index].kind == kind)
        #expect(actions[index].location.line == line)
        let step = try simulation.perform(actionAt: index)
        #expect(step.instances.map(\.viewType) == evaluated)
    }

    /// What each action writes, old and new: the value a person would give.
    @Test(arguments: [
        ("choose Picker \"Sort\" in Root", ".name", ".date"),
        ("choose Picker \"Layout\" in Root", "\"list\"", "\"grid\""),
        ("push NavigationLink in Root, row 3", "[]", "[3]"),
        ("dismiss .sheet in Root", "true", "false"),
        // The first row goes; the first row moves below the second.
        ("delete a row with .onDelete in Root", "[Item(id: 1, title: \"A\"), Item(id: 2, title: \"B\"), Item(id: 3, title: \"C\")]",
         "[Item(id: 2, title: \"B\"), Item(id: 3, title: \"C\")]"),
        ("move a row with .onMove in Root", "[Item(id: 1, title: \"A\"), Item(id: 2, title: \"B\"), Item(id: 3, title: \"C\")]",
         "[Item(id: 2, title: \"B\"), Item(id: 1, title: \"A\"), Item(id: 3, title: \"C\")]"),
    ])
    func anActionWritesWhatAPersonWould(name: String, old: String, new: String) throws {
        let simulation = try simulation()
        let index = try #require(simulation.availableActions().firstIndex { $0.name == name })
        let write = try #require(try simulation.perform(actionAt: index).writes.first)
        #expect(write.old == old)
        #expect(write.new == new)
    }

    /// An action that writes an equal value in place re-runs what the mutation tells (an array's element
    /// always notifies), and that evaluation is wasted.
    @Test func aSameValueWriteIsWastedWhereItNotifies() throws {
        let simulation = try simulation()
        let index = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button \"Same\" (.contextMenu) in Root, row 1" })
        let step = try simulation.perform(actionAt: index)
        #expect(step.instances.map(\.outcome) == [.wasted])
    }

    /// A task started when its view appeared: no person starts it, and one that waits offers its resume
    /// once.
    @Test func onlyATaskThatWaitsCanBeResumed() throws {
        let names = try simulation().availableActions().map(\.name)
        #expect(names.filter { $0.hasSuffix(".task in Root") } == ["resume .task in Root"])
        #expect(names.filter { $0.hasSuffix(".refreshable in Root") } == ["refresh .refreshable in Root"])
    }

    /// Every row's actions when asked: one per row, each named by its row.
    @Test func everyRowIsNamedByItsElement() throws {
        let scenario = try Scenario(source: Self.screen, file: "kinds.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let pushes = simulation.availableActions(allRows: true).filter { $0.kind == "push" }.map(\.name)
        #expect(pushes == ["push NavigationLink in Root, row 1", "push NavigationLink in Root, row 2", "push NavigationLink in Root, row 3"])
    }

    /// A list's delete needs a row and its move two: with fewer, the list offers neither, rather than an
    /// action that fails on its first row.
    @Test(arguments: [(0, [String]()), (1, ["delete"]), (2, ["delete", "move"])])
    func aRowActionIsOfferedOnlyWithTheRowsItTakes(rows: Int, offered: [String]) throws {
        let items = (0..<rows).map { "\"item \($0)\"" }.joined(separator: ", ")
        let scenario = try Scenario(source: """
            scenario "rows"
            @Observable final class Store {
                var items: [String] = [\(items)]
            }
            struct Root: View {
                @State private var store = Store()
                var body: some View {
                    List {
                        ForEach(store.items, id: \\.self) { item in Text(item) }
                            .onDelete { offsets in store.items.remove(atOffsets: offsets) }
                            .onMove { from, to in store.items.move(fromOffsets: from, toOffset: to) }
                    }
                }
            }
            """, file: "rows.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        #expect(simulation.availableActions(allRows: false).map(\.kind).sorted() == offered)
    }

    /// `dismiss()` in a view pushed onto a `NavigationStack(path:)` pops it with what was pushed above it:
    /// the path keeps the elements before its place, and only the views above it are destroyed.
    @Test(arguments: [(0, "[]", ["Root/Detail[0]", "Root/Detail[1]"]), (1, "[1]", ["Root/Detail[1]"])])
    func dismissInAPushedViewPopsIt(row: Int, path: String, destroyed: [String]) throws {
        let source = """
            scenario "pop"
            @Observable final class Router {
                var path: [Int] = []
            }
            struct Root: View {
                @State private var router = Router()
                var body: some View {
                    NavigationStack(path: $router.path) {
                        Text("\\(router.path.count) deep")
                            .navigationDestination(for: Int.self) { n in Detail(n: n) }
                    }
                }
            }
            struct Detail: View {
                let n: Int
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Button("Back") { dismiss() } }
            }
            step "push two" { Root.router.path = [1, 2] }
            step "back" { tap Detail[\(row)] "Back" }
            """
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[1].writes.map(\.new) == [path])
        #expect(steps[1].destroyed == destroyed)
    }

    /// `allCases` lists an enum's cases in declaration order, each a row identified by its case; the
    /// picker built over them chooses the case after the one selected.
    @Test func aPickerOverAllCasesChoosesTheNextCase() throws {
        let scenario = try Scenario(source: """
            scenario "all cases"
            enum Size: CaseIterable {
                case small, medium, large
            }
            struct Root: View {
                @State private var size: Size = .medium
                var body: some View {
                    Picker("Size", selection: $size) {
                        ForEach(Size.allCases, id: \\.self) { size in Text("\\(size)").tag(size) }
                    }
                    ForEach(Size.allCases, id: \\.self) { size in Row(size: size) }
                }
            }
            struct Row: View {
                let size: Size
                var body: some View { Text("\\(size)") }
            }
            """, file: "cases.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        #expect(simulation.allInstancePaths == ["Root", "Root/Row[.small]", "Root/Row[.medium]", "Root/Row[.large]"])
        let index = try #require(simulation.availableActions().firstIndex { $0.name == "choose Picker \"Size\" in Root" })
        let step = try simulation.perform(actionAt: index)
        #expect(step.writes.map(\.new) == [".large"])
    }

    /// A view's own method called in an action's closure runs with the view as `self`, its parameters
    /// given the call's arguments: the flag shows the sheet (which the presenter does not read), the
    /// rename re-runs the label that shows the title.
    @Test(arguments: [("tap Button \"Open\" in Root", ["sheet"]), ("tap Button \"Rename\" in Root", ["Label"])])
    func aViewsMethodCalledInAnActionRuns(action: String, evaluated: [String]) throws {
        let scenario = try Scenario(source: """
            scenario "view methods"
            @Observable final class Model { var title = "A" }
            struct Root: View {
                @State private var model = Model()
                @State private var shows = false
                var body: some View {
                    Button("Open") { open() }
                    Button("Rename") { rename(to: "B") }
                    Label(model: model)
                        .sheet(isPresented: $shows) { Text("Sheet") }
                }
                func open() { shows = true }
                func rename(to title: String) { model.title = title }
            }
            struct Label: View {
                let model: Model
                var body: some View { Text(model.title) }
            }
            """, file: "methods.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let index = try #require(simulation.availableActions().firstIndex { $0.name == action })
        #expect(try simulation.perform(actionAt: index).instances.map(\.viewType) == evaluated)
    }

    /// A link inside `List(selection:)` selects its value: the detail showing the selection re-runs; one
    /// inside neither a selecting list nor a stack with a path offers nothing Ripple can simulate.
    @Test func aLinkInASelectingListSelectsItsValue() throws {
        let source = """
            scenario "select"
            struct Item: Identifiable, Equatable {
                var id: Int
                var title: String
            }
            @Observable final class Library {
                var items = [Item(id: 1, title: "A"), Item(id: 2, title: "B")]
                var selected: Int? = nil
            }
            struct Root: View {
                @State private var library = Library()
                var body: some View {
                    List(selection: $library.selected) {
                        ForEach(library.items) { item in
                            NavigationLink(value: item.id) { Row(title: item.title) }
                        }
                    }
                    Detail(library: library)
                }
            }
            struct Row: View {
                let title: String
                var body: some View { Text(title) }
            }
            struct Detail: View {
                let library: Library
                var body: some View { Text(library.selected == nil ? "none" : "some") }
            }
            """
        let scenario = try Scenario(source: source, file: "select.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let actions = simulation.availableActions()
        #expect(actions.map(\.name) == ["select NavigationLink in Root, row 1", "select NavigationLink in Root, row 2"])
        let step = try simulation.perform(actionAt: 1)
        #expect(step.writes.map(\.new) == ["2"])
        #expect(step.instances.map(\.viewType) == ["Root", "Detail"])
        let plain = try Scenario(source: source.replacingOccurrences(of: "List(selection: $library.selected)", with: "List"), file: "plain.ripple")
        #expect(try Simulation(scenario: plain, variant: plain.variants[0].name, semantics: .swift62).availableActions().isEmpty)
    }

    /// A closure a view is given runs when its control names it (`action: onTap`) or calls it
    /// (`self.onTap()`), in the scope its maker captured; a picker over numbers it cannot list chooses
    /// the next number, and the row re-runs with the new closure its parent hands it.
    @Test(arguments: [("tap Button \"Named\" in Row", ["Count"]), ("tap Button \"Called\" in Row", ["Count"]), ("choose Picker \"Page\" in Root", ["Root", "Row"])])
    func aClosureInputIsTheAction(action: String, evaluated: [String]) throws {
        let scenario = try Scenario(source: """
            scenario "closure inputs"
            @Observable final class Model { var count = 0 }
            struct Root: View {
                @State private var model = Model()
                @State private var page = 0
                let pages = [0, 1, 2]
                var body: some View {
                    Picker("Page", selection: $page) {
                        ForEach(pages, id: \\.self) { page in Text("\\(page)").tag(page) }
                    }
                    Text("\\(page)")
                    Row(onTap: { model.count += 1 })
                    Count(model: model)
                }
            }
            struct Row: View {
                let onTap: () -> Void
                var body: some View {
                    Button("Named", action: onTap)
                    Button("Called") { self.onTap() }
                }
            }
            struct Count: View {
                let model: Model
                var body: some View { Text("\\(model.count)") }
            }
            """, file: "closures.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let index = try #require(simulation.availableActions().firstIndex { $0.name == action }, "\(simulation.availableActions().map(\.name))")
        #expect(try simulation.perform(actionAt: index).instances.map(\.viewType) == evaluated)
    }

    /// `dismiss()` from the environment dismisses the presentation that shows the view, as a swipe down
    /// does: the sheet's view goes and its flag is `false`; outside a presentation it does nothing.
    @Test func dismissFromTheEnvironmentDismissesThePresentation() throws {
        let source = """
            scenario "dismiss"
            struct Root: View {
                @State private var shows = true
                var body: some View {
                    Text("root")
                        .sheet(isPresented: $shows) { Editor() }
                    Editor()
                }
            }
            struct Editor: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View {
                    Button("Done") { dismiss() }
                }
            }

            """
        let scenario = try Scenario(source: source, file: "dismiss.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let names = simulation.availableActions().map(\.name)
        // The two editors have one name: their actions are told apart by where they are.
        #expect(names.filter { $0.hasPrefix("tap") }.count == 2)
        #expect(Set(names).count == names.count)
        #expect(names.filter { $0.hasPrefix("tap") } == ["tap Button \"Done\" in Editor", "tap Button \"Done\" in Editor #2"])
        // In tree order the sheet's editor comes first.
        let step = try simulation.perform(actionAt: try #require(names.firstIndex(of: "tap Button \"Done\" in Editor")))
        #expect(step.writes.map(\.new) == ["false"])
        #expect(step.destroyed.count == 1)
        // The editor no presentation shows dismisses nothing, with a note.
        let other = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let nothing = try other.perform(actionAt: try #require(names.firstIndex(of: "tap Button \"Done\" in Editor #2")))
        #expect(nothing.writes.isEmpty)
        #expect(other.notes.contains { $0.message.contains("dismisses nothing") })
    }

    /// What a review of the action kinds found, each a must: `action: dismiss` dismisses as `dismiss()`
    /// does; `.onMove` written with `$0` and `$1` gets both; a task awaiting a view method that never
    /// waits runs through when its view appears, and offers no resume.
    @Test func namedDismissalAnonymousParametersAndAViewMethodAwaited() throws {
        let scenario = try Scenario(source: """
            scenario "review"
            @Observable final class Store {
                var items = [1, 2, 3]
                var loaded = 0
            }
            struct Root: View {
                @State private var store = Store()
                @State private var shows = true
                var body: some View {
                    ForEach(store.items, id: \\.self) { item in Text("\\(item)") }
                        .onMove { store.items.move(fromOffsets: $0, toOffset: $1) }
                        .sheet(isPresented: $shows) { Editor() }
                        .task { await load() }
                }
                func load() async { store.loaded += 1 }
            }
            struct Editor: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Button("Cancel", action: dismiss) }
            }
            """, file: "review.ripple")
        func perform(_ name: String) throws -> StepTrace {
            let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
            let index = try #require(simulation.availableActions().firstIndex { $0.name == name }, "\(simulation.availableActions().map(\.name))")
            return try simulation.perform(actionAt: index)
        }
        #expect(try perform("tap Button \"Cancel\" in Editor").writes.map(\.new) == ["false"])
        #expect(try perform("move a row with .onMove in Root").writes.map(\.new) == ["[2, 1, 3]"])
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        #expect(simulation.initialTrace().followUps?.first?.writes.map(\.new) == ["1"])
        #expect(!simulation.availableActions().map(\.name).contains { $0.hasSuffix(".task in Root") })
    }
}
