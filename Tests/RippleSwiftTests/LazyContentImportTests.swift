import Testing
@testable import RippleCore
import RippleSwift

/// Rules 19 to 21 in an app's own Swift source: the import recognises a `GeometryReader` and a
/// `TimelineView`, whose contents run as nodes of their own, and a lazy `List`, which builds only the rows
/// in its window.
@Suite struct LazyContentImportTests {
    static let app = """
        import SwiftUI

        @Observable final class Item: Identifiable {
            let id: Int
            var title: String
            init(id: Int, title: String) {
                self.id = id
                self.title = title
            }
        }

        @Observable final class Store {
            var items: [Item] = []
            var width = 10
            var heading = "Items"
            var clock = "Now"
        }

        struct Screen: View {
            @State private var store = Store()
            var body: some View {
                VStack {
                    Text(store.heading)
                    GeometryReader { proxy in
                        Text("\\(store.width)")
                            .frame(width: proxy.size.width)
                    }
                    TimelineView(.everyMinute) { context in
                        Text("\\(store.clock) \\(context.date)")
                    }
                    CONTAINER {
                        ForEach(store.items) { item in
                            ItemRow(item: item)
                        }
                    }
                    Button("Widen") { store.width += 1 }
                    Button("Rename") { store.heading = "All" }
                    Button("Relabel") { store.clock = "Time" }
                    Button("Edit first") { store.items[0].title = "x" }
                    Button("Edit last") { store.items[29].title = "x" }
                }
            }
        }

        struct ItemRow: View {
            let item: Item
            var body: some View { Text(item.title) }
        }

        """

    /// The app with its list written as `container`, 30 stand-in items, and the window `visibleRows` says.
    static func simulation(_ container: String = "List", visibleRows: Int? = nil) throws -> Simulation {
        var module = SwiftModule()
        module.add(source: app.replacingOccurrences(of: "CONTAINER", with: container), file: "App.swift")
        #expect(module.errors.isEmpty, "\(module.errors)")
        var syntax = module.scenario(title: "app", file: "App.swift", root: nil)
        syntax.standInRows = 30
        syntax.visibleRows = visibleRows
        let scenario = try Scenario(syntax: syntax, file: "App.swift")
        return try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: scenario.semantics)
    }

    /// Short names of the entries with an outcome, in tree order.
    static func names(_ step: StepTrace, _ outcomes: Outcome...) -> [String] {
        step.instances.filter { outcomes.contains($0.outcome) }.map(\.name)
    }

    static func tap(_ title: String, in simulation: Simulation) throws -> StepTrace {
        let index = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button \"\(title)\" in Screen" },
                                 "\(simulation.availableActions().map(\.name))")
        return try simulation.perform(actionAt: index)
    }

    /// Must: the write the reader's content reads re-runs the content; must not: the screen's body.
    @Test func aGeometryReadersContentReRunsAlone() throws {
        let step = try Self.tap("Widen", in: Self.simulation())
        #expect(Self.names(step, .needed, .wasted) == ["GeometryReader"])
        #expect(step.instances.first?.path == "Screen/GeometryReader")
    }

    /// A write the screen's body reads re-runs the body, and then the reader's new closure.
    @Test func theScreensOwnReadReRunsItAndThenTheContent() throws {
        let step = try Self.tap("Rename", in: Self.simulation())
        #expect(Self.names(step, .needed) == ["Screen"])
        #expect(Self.names(step, .wasted) == ["GeometryReader", "TimelineView"])
    }

    /// Must: what a `TimelineView`'s content reads re-runs the content; must not: the screen's body.
    @Test func aTimelinesContentReRunsAlone() throws {
        let step = try Self.tap("Relabel", in: Self.simulation())
        #expect(Self.names(step, .needed, .wasted) == ["TimelineView"])
        #expect(step.instances.first?.path == "Screen/TimelineView")
    }

    /// Must: a row in the window re-runs; must not: a row below it, which was never built.
    @Test func aListBuildsOnlyItsWindow() throws {
        let simulation = try Self.simulation()
        #expect(simulation.engine.instances.filter { $0.alive && $0.viewType == "ItemRow" }.count == LazyWindow.defaultVisibleRows)
        #expect(Self.names(try Self.tap("Edit first", in: simulation), .needed, .wasted) == ["ItemRow[1]"])
        let last = try Self.tap("Edit last", in: simulation)
        #expect(Self.names(last, .needed, .wasted).isEmpty)
        #expect(last.windows == ["List in Screen: rows 1–14 of 30"])
    }

    /// The window a scenario sets reaches app source, and a plain `VStack` builds every row.
    @Test func theWindowIsSettableAndAStackIsNotLazy() throws {
        let wide = try Self.simulation(visibleRows: 30)
        #expect(Self.names(try Self.tap("Edit last", in: wide), .needed, .wasted) == ["ItemRow[30]"])
        let stack = try Self.simulation("VStack")
        #expect(stack.engine.instances.filter { $0.alive && $0.viewType == "ItemRow" }.count == 30)
        #expect(Self.names(try Self.tap("Edit last", in: stack), .needed, .wasted) == ["ItemRow[30]"])
    }
}
