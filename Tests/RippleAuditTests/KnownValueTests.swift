import Testing
import RippleAudit
@testable import RippleCore
import RippleSwift

/// Loads Swift source as `ripple audit FOLDER` does and audits it.
func auditSwift(_ source: String, file: String = "App.swift") throws -> AuditResult {
    try auditSwiftWithNotes(source, file: file).result
}

/// The audit of Swift source, with the messages of the notes loading it wrote.
func auditSwiftWithNotes(_ source: String, file: String = "App.swift") throws -> (result: AuditResult, notes: [String]) {
    var module = SwiftModule()
    module.add(source: source, file: file)
    #expect(module.errors.isEmpty, "\(module.errors)")
    let scenario = try Scenario(syntax: module.scenario(title: "app", file: file, root: nil), file: file)
    return (Audit(threads: 1).run(scenario, file: file), (module.notes + scenario.notes).map(\.message))
}

/// The row of the action whose name starts with `prefix`.
func row(_ result: AuditResult, _ prefix: String) throws -> AuditRow {
    try #require(result.rows.first { $0.action.hasPrefix(prefix) }, "\(result.rows.map(\.action))")
}

/// Values Swift knows without running anything: empty collections built by their type, an enum's raw
/// values and computed properties. Each is simulated, so a row that rests on one is exact, and a body that
/// shows one re-runs exactly when what it shows changes.
@Suite struct KnownValueTests {
    static let app = """
        import SwiftUI

        enum Filter: String, CaseIterable {
            case all = "All", done
            var title: String {
                switch self {
                case .all: return "Everything"
                case .done: return "Finished"
                }
            }
        }

        enum Priority: Int {
            case low = 1, normal, high = 10, urgent
        }

        @Observable final class Store {
            var selected = Set<Int>()
            var names = [String]()
            var tags = [String: Int]()
            var filter = Filter.all
            var priority = Priority.normal
        }

        struct ContentView: View {
            @State private var store = Store()
            var body: some View {
                VStack {
                    SelectionBadge(store: store)
                    TitleLabel(store: store)
                    Text("\\(store.names.count) names, \\(store.tags.count) tags")
                    Button("Pick") { store.selected.insert(1) }
                    Button("Pick again") { store.selected.insert(store.selected.count + 1) }
                    Button("Name") { store.names.append("a") }
                    Button("Tag") { store.tags["a"] = 1 }
                    Button("Done") { store.filter = .done }
                    Button("Parse") { store.filter = Filter(rawValue: "done") ?? .all }
                    Button("Urgent") { store.priority = .urgent }
                }
            }
        }

        struct SelectionBadge: View {
            let store: Store
            var body: some View { Text("\\(store.selected.count) selected") }
        }

        struct TitleLabel: View {
            let store: Store
            var body: some View { Text("\\(store.filter.title) \\(store.filter.rawValue) \\(store.priority.rawValue)") }
        }
        """

    @Test func emptyCollectionsBuiltByTheirTypeAreEmpty() throws {
        let result = try auditSwift(Self.app)
        let pick = try row(result, "tap Button \"Pick\" in")
        #expect(pick.confidence == .exact, "\(pick.uncertainty) \(pick.notes.map(\.message))")
        #expect(pick.views.map(\.view) == ["SelectionBadge"])
        #expect(pick.evaluations == 1 && pick.wasted == 0)
        let name = try row(result, "tap Button \"Name\"")
        #expect(name.confidence == .exact)
        #expect(name.views.map(\.view) == ["ContentView"])
        let tag = try row(result, "tap Button \"Tag\"")
        #expect(tag.confidence == .exact)
        #expect(tag.views.map(\.view) == ["ContentView"])
    }

    /// Inserting an element a set already holds changes nothing, but an `@Observable` property mutated in
    /// place notifies whatever it holds: the badge re-runs, and in vain. A new element is needed.
    @Test func insertingWhatASetHoldsReRunsInVain() throws {
        let source = Self.app.replacingOccurrences(of: "var selected = Set<Int>()", with: "var selected = Set<Int>([1, 1])")
        let result = try auditSwift(source)
        let pick = try row(result, "tap Button \"Pick\" in")
        #expect(pick.confidence == .exact, "\(pick.uncertainty)")
        #expect(pick.views.map(\.view) == ["SelectionBadge"])
        #expect(pick.evaluations == 1 && pick.wasted == 1)
        let again = try row(result, "tap Button \"Pick again\"")
        #expect(again.confidence == .exact, "\(again.uncertainty)")
        #expect(again.evaluations == 1 && again.wasted == 0)
    }

    @Test func anEnumsComputedPropertyAndRawValueAreItsOwn() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("raw value") || $0.contains("of enum") }, "\(notes)")
        let done = try row(result, "tap Button \"Done\"")
        #expect(done.confidence == .exact, "\(done.uncertainty)")
        #expect(done.views.map(\.view) == ["TitleLabel"])
        #expect(done.evaluations == 1 && done.wasted == 0)
        let parse = try row(result, "tap Button \"Parse\"")
        #expect(parse.confidence == .exact)
        #expect(parse.views.map(\.view) == ["TitleLabel"])
        let urgent = try row(result, "tap Button \"Urgent\"")
        #expect(urgent.views.map(\.view) == ["TitleLabel"])
    }

    /// A branch on raw values and a computed property takes the side Swift takes: `Marker` is built only
    /// when each is the value Swift gives (a raw value read as the case's name would leave it out).
    @Test func rawValuesAreTheOnesSwiftGives() throws {
        let source = Self.app.replacingOccurrences(of: "SelectionBadge(store: store)\n", with: """
            SelectionBadge(store: store)
                            if store.priority.rawValue == 2 && Priority.urgent.rawValue == 11 && store.filter.rawValue == "All"
                                && Filter.done.rawValue == "done" && store.filter.title == "Everything" {
                                Marker()
                            }

            """) + "\nstruct Marker: View {\n    var body: some View { Text(\"m\") }\n}\n"
        var module = SwiftModule()
        module.add(source: source, file: "App.swift")
        let scenario = try Scenario(syntax: module.scenario(title: "app", file: "App.swift", root: nil), file: "App.swift")
        let paths = scenario.instancePaths[scenario.variants[0].name] ?? []
        #expect(paths.contains { $0.hasSuffix("Marker") }, "\(paths) \(scenario.notes.map(\.message))")
        #expect(!scenario.notes.contains { $0.message.contains("taken as true") })
    }
}

/// A decision made on a value Ripple does not know — a branch, a pattern, an optional — makes every row
/// whose evaluations made it partial, and the row names the decision and its place.
@Suite struct UnknownDecisionTests {
    static let app = """
        import SwiftUI
        import Preferences

        struct ContentView: View {
            @State private var count = 0
            @State private var title = "Inbox"
            var body: some View {
                VStack {
                    Counter(count: count)
                    Text(title)
                    Button("Add") { count += 1 }
                    Button("Rename") { title = "Mail" }
                    Button("Guarded") {
                        if Preferences.shared.allowsRenaming { title = "Post" }
                    }
                }
            }
        }

        struct Counter: View {
            let count: Int
            var body: some View {
                if Preferences.shared.showsCount {
                    Text("\\(count)")
                }
            }
        }
        """

    @Test func aBranchOnAnUnknownValueMakesTheRowPartialAndSaysWhere() throws {
        let result = try auditSwift(Self.app)
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.confidence == .partial)
        #expect(add.uncertainty.first == "Counter: the condition 'Preferences.shared.showsCount' taken as true at App.swift:23: its value is unknown",
                "\(add.uncertainty)")
        #expect(add.why.contains("App.swift:23"))
    }

    @Test func aBranchInTheActionOnAnUnknownValueMakesTheRowPartial() throws {
        let result = try auditSwift(Self.app)
        let guarded = try row(result, "tap Button \"Guarded\"")
        #expect(guarded.confidence == .partial)
        #expect(guarded.uncertainty == ["action: the condition 'Preferences.shared.allowsRenaming' taken as true at App.swift:14: its value is unknown"],
                "\(guarded.uncertainty)")
    }

    /// Every body that takes the branch is marked, not only the first: three rows re-run in vain on one
    /// unknown condition, and no budget may count their waste as judged.
    @Test func everyBodyThatDecidesOnAnUnknownValueIsMarked() throws {
        let source = """
            import SwiftUI
            import Preferences

            struct ListView: View {
                @State private var names = ["a", "b", "c"]
                @State private var title = "List"
                var body: some View {
                    VStack {
                        Text(title)
                        Button("Rename") { title = "Names" }
                        ForEach(names, id: \\.self) { name in Row(name: name, onTap: { title = name }) }
                    }
                }
            }

            struct Row: View {
                let name: String
                let onTap: () -> Void
                var body: some View {
                    if Preferences.shared.showsNames { Text(name) }
                }
            }
            """
        let result = try auditSwift(source)
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.wasted == 3, "\(rename.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        #expect(rename.confidence == .partial)
        #expect(rename.judgedWasted == 0)
    }

    @Test func aRowWhoseEvaluationsDecideNothingUnknownStaysExact() throws {
        let result = try auditSwift(Self.app)
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.confidence == .exact, "\(rename.uncertainty)")
        #expect(rename.evaluations == 1 && rename.wasted == 0)
    }
}

/// A view shown for the first time is new work a person sees, never wasted: `ForEach` rows that build
/// only built-in views, inside a sheet that appears, are needed. Rebuilt later with nothing they show
/// changed, the same rows are wasted (Rule 14: the body holding the `ForEach` hands it a new closure).
@Suite struct FirstAppearanceTests {
    static let app = """
        import SwiftUI
        import Formatting

        enum Version: String, CaseIterable { case v11, v10, v7 }

        struct ContentView: View {
            @State private var creating = false
            var body: some View {
                Button("New bottle") { creating.toggle() }
                    .sheet(isPresented: $creating) { CreationView() }
            }
        }

        struct CreationView: View {
            @State private var version = Version.v10
            @State private var name = ""
            var body: some View {
                Form {
                    TextField("Name", text: $name)
                    Text(name)
                    ForEach(Version.allCases, id: \\.self) { Text(Pretty.name(of: $0)) }
                }
            }
        }
        """

    @Test func rowsThatAppearWithASheetAreNeeded() throws {
        let result = try auditSwift(Self.app)
        let open = try row(result, "tap Button \"New bottle\"")
        // `CreationView` is a body; its three `Text` rows are closures, counted apart.
        #expect(open.evaluations == 1, "\(open.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        #expect(open.rows == 3)
        #expect(open.wasted == 0 && open.wastedRows == 0)
    }

    @Test func rowsRebuiltWithNothingChangedAreWasted() throws {
        let result = try auditSwift(Self.app)
        let type = try row(result, "type in TextField")
        #expect(type.views.first { $0.view == "CreationView" }?.evaluations == 1)
        #expect(type.views.first { $0.view == "ForEach" }?.wasted == 3, "\(type.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        // Those rows ran closures, not bodies: one body evaluation, needed, and three row closures in vain.
        #expect(type.evaluations == 1 && type.wasted == 0)
        #expect(type.rows == 3 && type.wastedRows == 3)
        #expect(type.why == "ForEach rows ×3")
    }

    /// A row that builds a view of its own is that view's body: counted among the evaluations.
    @Test func rowsThatAreViewsAreEvaluations() throws {
        let source = Self.app.replacingOccurrences(of: "ForEach(Version.allCases, id: \\.self) { Text(Pretty.name(of: $0)) }",
                                                   with: "ForEach(Version.allCases, id: \\.self) { VersionRow(version: $0, name: name) }")
            + "\nstruct VersionRow: View {\n    let version: Version\n    let name: String\n    var body: some View { Text(name) }\n}\n"
        #expect(source.contains("VersionRow(version: $0, name: name)"))
        let result = try auditSwift(source)
        let open = try row(result, "tap Button \"New bottle\"")
        #expect(open.evaluations == 4 && open.rows == 0, "\(open.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        let type = try row(result, "type in TextField")
        #expect(type.evaluations == 4 && type.wasted == 0 && type.rows == 0)
    }
}

/// A `static let` and a global are computed at their first use, in any file order, as Swift does; and
/// what Ripple says of code it does not simulate is true of the code.
@Suite struct FirstUseTests {
    @Test func aStaticLetMayUseOneDeclaredAfterIt() throws {
        let source = """
            import SwiftUI

            struct ContentView: View {
                @State private var store = Store.shared
                var body: some View {
                    Text("\\(store.count)")
                    Button("Add") { store.count += 1 }
                }
            }

            extension Store {
                static let shared = Store(count: Defaults.start)
            }

            @Observable final class Store {
                var count: Int
                init(count: Int) { self.count = count }
            }

            enum Defaults {
                static let start = 3
            }
            """
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(!notes.contains { $0.contains("before it is declared") || $0.contains("not simulated") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.confidence == .exact, "\(add.uncertainty) \(add.notes.map(\.message))")
        #expect(add.evaluations == 1 && add.wasted == 0)
    }

    @Test func aGlobalThatUsesItselfIsAnErrorAtIt() throws {
        let text = """
            scenario "cycle"
            let a: Int = b + 1
            let b: Int = a + 1
            struct Root: View {
                var body: some View { Text("\\(a)") }
            }
            """
        let error = #expect(throws: DiagnosticError.self) { try Scenario(source: text, file: "cycle.ripple") }
        #expect(error?.diagnostics.first?.message == "global 'a' uses itself in its initial value", "\(String(describing: error?.diagnostics))")
        #expect(error?.diagnostics.first?.location.line == 2)
    }

    @Test func whatIsNotSimulatedOnADeclaredTypeIsSaidOfTheType() throws {
        let source = """
            import SwiftUI

            final class UpdateManager {
                static let shared = UpdateManager()
                func refresh(_ id: String) {}
            }

            struct HistoryItem {
                let title: String
            }

            struct ContentView: View {
                @State private var id = ""
                var body: some View {
                    if HistoryItem.showsPlaceholder(for: id) { Text("none yet") }
                    Button("Add") { UpdateManager.shared.refresh(id) }
                }
            }
            """
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(!notes.contains { $0.contains("'HistoryItem' is not declared") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("'HistoryItem' is a type;") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\"")
        #expect(!add.notes.contains { $0.message.contains("in step") }, "\(add.notes.map(\.message))")
    }
}

/// What an action meets that Ripple does not simulate makes its row partial even when loading met it
/// first: the run keeps each note once, and the row still says it.
@Suite struct RepeatedNoteTests {
    static let app = """
        import SwiftUI

        final class AppState: ObservableObject {
            @Published var isGridMode = false
        }

        struct AppSearchView: View {
            @EnvironmentObject var appState: AppState
            @AppStorage("sidebarWidth") private var sidebarWidth: Double = 265
            var body: some View {
                Text(appState.isGridMode ? "Grid" : "List")
                    .frame(width: sidebarWidth)
                    .contextMenu {
                        Button("Reset Size") { appState.isGridMode = false }
                        Button("Narrow") { sidebarWidth = 200 }
                    }
            }
        }
        """

    @Test func aWriteToAnEnvironmentObjectNoAncestorGivesIsPartial() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(notes.contains { $0.contains("no 'AppState' environment object above 'AppSearchView'") }, "\(notes)")
        let reset = try row(result, "tap Button \"Reset Size\"")
        #expect(reset.confidence == .partial)
        #expect(reset.notes.contains { $0.message.contains("no 'AppState' environment object above 'AppSearchView'") }, "\(reset.notes.map(\.message))")
    }

    @Test func anActionThatMeetsNothingUnsimulatedStaysExact() throws {
        let result = try auditSwift(Self.app.replacingOccurrences(of: "Text(appState.isGridMode ? \"Grid\" : \"List\")", with: "Text(\"Apps\")"))
        let narrow = try row(result, "tap Button \"Narrow\"")
        #expect(narrow.confidence == .exact, "\(narrow.notes.map(\.message)) \(narrow.uncertainty)")
        #expect(narrow.evaluations == 1 && narrow.wasted == 0)
    }
}

/// One action, one number: the audit's row, a scenario's step table and the report's totals count the
/// step and the updates its `.onChange` actions fired after it.
@Suite struct OneNumberTests {
    static let scenario = """
        scenario "cascade"
        @Observable final class Model {
            var query = ""
            var results = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    TextField("Search", text: $model.query)
                    Results(model: model)
                }
                .onChange(of: model.query) { model.results = model.query.count }
            }
        }
        struct Results: View {
            let model: Model
            var body: some View { Text("\\(model.results) results") }
        }
        step "type" { model.query = "a" }
        """

    @Test func aStepsTableCountsTheUpdatesItsOnChangeFired() throws {
        let scenario = try Scenario(source: Self.scenario, file: "cascade.ripple")
        let step = try #require(scenario.trace.variants.first?.steps.first)
        let followUps = try #require(step.followUps)
        // The cascade re-runs the results view after the step's own update.
        #expect(followUps.reduce(0) { $0 + $1.counts.evaluations } > 0)
        let total = step.actionCounts
        #expect(total.evaluations == step.counts.evaluations + followUps.reduce(0) { $0 + $1.counts.evaluations })
        let table = TraceText.table(scenario.trace)
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("type") })
        #expect(row.split(separator: " ").dropFirst().first.map(String.init) == String(total.evaluations), "\(table)")
        // The audit's row for the same step gives the same number.
        let audited = Audit(threads: 1).run(scenario, file: "cascade.ripple")
        let stepRow = try #require(audited.rows.first { $0.kind == "step" }, "\(audited.rows.map(\.action))")
        #expect(stepRow.evaluations == total.evaluations)
        #expect(stepRow.wasted == total.wasted)
    }
}
