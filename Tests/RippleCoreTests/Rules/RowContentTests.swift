import Testing
@testable import RippleCore
import RippleSwift

/// Rule 14: a `ForEach` or `List` row runs its own content closure, so what the closure reads is the
/// row's dependency and not the dependency of the body that holds the `ForEach`.
@Suite struct RowContentTests {
    @Test(arguments: [
        // Must: a read someone can be told of.
        (ClosureReads.more, false, true), (.more, true, true), (.parameterMembers, true, true),
        // Must not: nothing read, or members of plain values no one is told of.
        (.nothing, true, false), (.nothing, false, false), (.parameterMembers, false, false),
    ])
    func theRowRunsAClosureWhoseReadsCanBeTracked(reads: ClosureReads, tracked: Bool, runsInRow: Bool) {
        #expect(RowContent.runsInRow(reads: reads, elementsMayBeTracked: tracked) == runsInRow)
    }

    @Test func aRowThatBuildsACustomViewIsThatView() {
        #expect(RowContent.isShown(buildsCustomView: false))
        #expect(!RowContent.isShown(buildsCustomView: true))
    }

    @Test func aRebuiltRowAlwaysRunsItsNewClosure() {
        #expect(RowContent.rerunReason(holder: "List")?.contains("new content closure") == true)
    }

    @Test(arguments: [
        // Nothing: the closure hands its parameters, or a plain value (`model`), on, or builds literals.
        ("{ item in Row(item: item) }", ClosureReads.nothing),
        ("{ Row(item: $0) }", .nothing),
        ("{ $task in TaskRow(task: $task) }", .nothing),
        ("{ name in Text(name).bold().font(.title) }", .nothing),
        ("{ item in Row(item: item) { Text(\"more\") } }", .nothing),
        ("{ index in Row(model: model, index: index) }", .nothing),
        // The parameters' members and elements.
        ("{ item in Text(item.title) }", .parameterMembers),
        ("{ item in if item.done { Text(\"done\") } }", .parameterMembers),
        ("{ item in Text(\"\\(item.count)\") }", .parameterMembers),
        ("{ Text($0.tags[0]) }", .parameterMembers),
        // More: another name's members, a name that may be storage, a projection, a call.
        ("{ index in Text(items[index]) }", .more),
        ("{ index in Text(model.items[index].title) }", .more),
        ("{ item in Text(counter) }", .more),
        ("{ item in Toggle(\"Done\", isOn: $model.flag) }", .more),
        ("{ item in row(for: item) }", .more),
    ])
    func whatAClosureReads(closure: String, reads: ClosureReads) throws {
        let reading = ScenarioFile.read(source: "let e = ForEach(items) \(closure)", file: "e.ripple")
        #expect(reading.errors.isEmpty, "\(reading.errors)")
        guard case .global(let global)? = reading.syntax.declarations.first,
              case .call(_, _, let trailing) = global.value.kind,
              case .closure(let syntax)? = trailing.first?.value.kind else {
            Issue.record("no trailing closure in \(closure)")
            return
        }
        #expect(syntax.reads { $0 == "model" } == reads)
    }

    static let library = """
    scenario "rows"
    semantics swift6.2
    @Observable final class Book: Identifiable {
        let id: Int
        var title: String
        init(id: Int, title: String) { self.id = id; self.title = title }
    }
    @Observable final class Library {
        var books: [Book] = [Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")]
        var heading = "Books"
    }
    struct Root: View {
        @State private var library = Library()
        var body: some View {
            Text(library.heading)
            List {
                ForEach(library.books) { book in
                    BODY
                }
            }
        }
    }
    struct BookRow: View {
        let title: String
        var body: some View { Text(title) }
    }
    step "retitle" { Root.library.books[1].title = "Persuasion" }
    step "heading" { Root.library.heading = "Shelf" }
    """

    /// A write to one element's property re-runs that row's closure, not the body holding the ForEach.
    @Test func aRowOfBuiltInViewsIsAnInstanceThatReRunsAlone() throws {
        let steps = try simulateChecked(Self.library.replacingOccurrences(of: "BODY", with: "Text(book.title)")).variants[0].steps
        #expect(steps[0].evaluated == ["ForEach[2]"])
        #expect(steps[0].names(.needed) == ["ForEach[2]"])
        #expect(steps[0].instances.first?.changedReads == ["book.title"])
        // Must not: the body holding the ForEach is not re-evaluated, and certainly not wasted.
        #expect(!steps[0].evaluated.contains("Root"))
        // When that body re-runs, every row runs its new closure: they read what they read before.
        #expect(steps[1].names(.needed) == ["Root"])
        #expect(steps[1].names(.wasted) == ["ForEach[1]", "ForEach[2]"])
    }

    /// A row whose closure builds a custom view is that view: the closure's read hands it a new input.
    @Test func aRowThatBuildsACustomViewKeepsItsName() throws {
        let trace = try simulateChecked(Self.library.replacingOccurrences(of: "BODY", with: "BookRow(title: book.title)"))
        let steps = trace.variants[0].steps
        #expect(steps[0].evaluated == ["BookRow[2]"])
        #expect(steps[0].instances.first?.path == "Root/BookRow[2]")
        #expect(steps[0].instances.first?.causes.first?.kind == .input)
        // The closure's own evaluation is not a trace entry, nor an instance in the count.
        #expect(!steps.flatMap(\.evaluated).contains { $0.hasPrefix("ForEach") })
        #expect(trace.variants[0].initialInstances == 3)
        #expect(steps[1].names(.needed) == ["Root"])
        #expect(steps[1].evaluated == ["Root"])
    }

    /// Must not: a closure that hands its element on unread keeps today's shape; the row reads the title.
    @Test func aClosureThatReadsOnlyItsParameterStaysInTheBody() throws {
        let source = Self.library
            .replacingOccurrences(of: "BODY", with: "ItemRow(book: book)")
            .replacingOccurrences(of: "struct BookRow", with: "struct ItemRow: View {\n    let book: Book\n    var body: some View { Text(book.title) }\n}\nstruct BookRow")
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        #expect(!simulation.engine.instances.contains { $0.description.contentClosure != nil })
        let step = try simulation.run(scenario.steps[0])
        #expect(step.evaluated == ["ItemRow[2]"])
    }

    /// The dependency is drawn to the view that stands for the row, not to the body holding the ForEach.
    @Test func theGraphDrawsARowsReadToItsView() throws {
        let scenario = try loadScenario(Self.library.replacingOccurrences(of: "BODY", with: "BookRow(title: book.title)"))
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62, collectingGraph: true)
        for step in scenario.steps {
            _ = try simulation.run(step)
            simulation.collectDependencies()
        }
        let graph = simulation.graph()
        let readers = Set(graph.dependencies.filter { $0.key.hasSuffix(".title") }.map(\.instance))
        #expect(readers == ["Root/BookRow[1]", "Root/BookRow[2]"])
        #expect(!graph.instances.contains { $0.viewType == RowContent.viewType })
        #expect(graph.instances.first { $0.path == "Root/BookRow[2]" }?.parent == "Root")
    }

    /// A tab bar whose rows build a custom view and modify it with what the bar's model says: the bar's
    /// `ObservableObject` re-runs the bar, and the rows re-run because the bar rebuilt them.
    static let tabBar = """
        scenario "tabs"
        final class Coordinator: ObservableObject {
            @Published var current = 1
        }
        struct Tab: Identifiable {
            let id: Int
            let title: String
        }
        struct TabBar: View {
            @StateObject var coordinator = Coordinator()
            let tabs = [Tab(id: 1, title: "Home"), Tab(id: 2, title: "Shelf")]
            var body: some View {
                ForEach(tabs) { tab in
                    TabButton(title: tab.title)
                        .opacity(tab.id == coordinator.current ? 1 : 0.5)
                }
            }
        }
        struct TabButton: View {
            let title: String
            var body: some View { Text(title) }
        }
        step "select" { TabBar.coordinator.current = VALUE }

        """

    /// Must: the highlight a row's closure builds around its view moves, and only the bar's re-run
    /// rebuilds the rows, so that re-run is needed.
    @Test func aBodyWhoseRowsShowAChangedModifierReRanForANeed() throws {
        let trace = try simulateChecked(Self.tabBar.replacingOccurrences(of: "VALUE", with: "2"))
        let step = trace.variants[0].steps[0]
        #expect(step.names(.needed) == ["TabBar"])
        #expect(step.instances.first { $0.path == "TabBar" }?.changedReads.contains { $0.hasSuffix("current") } == true)
    }

    /// Must not: the same value published again moves nothing; the bar's re-run is wasted.
    @Test func aBodyWhoseRowsShowTheSameModifiersReRanInVain() throws {
        let trace = try simulateChecked(Self.tabBar.replacingOccurrences(of: "VALUE", with: "1"))
        let step = trace.variants[0].steps[0]
        #expect(step.names(.needed).isEmpty)
        #expect(step.names(.wasted) == ["TabBar"])
    }
}
