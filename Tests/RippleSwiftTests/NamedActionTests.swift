import Testing
@testable import RippleCore
import RippleSwift

/// A step takes an action a person can take on screen by the name `ripple audit` gives it, or for short
/// by its verb, instance and title; the action's writes are the step's.
@Suite struct NamedActionTests {
    static let screen = """
        scenario "named"
        @Observable final class Store {
            var titles: [String] = ["a", "b"]
            var draft = ""
            var done = false
            func add() {
                titles.append(draft)
                draft = ""
            }
        }
        struct TaskList: View {
            @State private var store = Store()
            var body: some View {
                TextField("Title", text: $store.draft)
                Button("Add") { store.add() }
                Toggle("Done", isOn: $store.done)
                ForEach(store.titles, id: \\.self) { title in
                    Row(title: title, onRemove: { store.titles.removeAll { $0 == title } })
                }
                Count(store: store)
            }
        }
        struct Row: View {
            let title: String
            let onRemove: () -> Void
            var body: some View {
                Text(title)
                Button("Remove") { onRemove() }
            }
        }
        struct Count: View {
            let store: Store
            var body: some View { Text("\\(store.titles.count)") }
        }

        """

    func steps(_ steps: String) throws -> [StepTrace] {
        try #require(try Scenario(source: Self.screen + steps, file: "named.ripple").simulate().variants.first).steps
    }

    /// Each way of naming an action, and the writes the step makes.
    @Test(arguments: [
        ("tap Button \"Add\" in TaskList", ["titles.append(draft)", "draft = \"\""]),
        ("toggle Toggle \"Done\" in TaskList", ["toggle Toggle \"Done\" in TaskList"]),
        ("toggle TaskList \"Done\"", ["toggle TaskList \"Done\""]),
        ("type \"Plan trip\" in TextField \"Title\" in TaskList", ["type \"Plan trip\" in TextField \"Title\" in TaskList"]),
        ("tap Row[\"b\"] \"Remove\"", ["store.titles.removeAll { $0 == title }"]),
    ])
    func anActionIsTakenByItsName(statement: String, writes: [String]) throws {
        let step = try #require(try steps("step \"s\" { \(statement) }\n").first)
        #expect(step.writes.map(\.statement) == writes)
    }

    /// What the action leaves is what a person's would: the typed text at the end of the field, a title
    /// added, a row removed by the closure its parent handed it, each evaluating the views that show it.
    @Test func theStepsWritesAreTheActions() throws {
        let trace = try steps("""
            step "type" { type "Plan trip" in TextField "Title" in TaskList }
            step "add" {
                tap Button "Add" in TaskList
            }
            step "remove" { tap Row["a"] "Remove"; tap Row["b"] "Remove" }
            """)
        #expect(trace[0].writes.map(\.new) == ["\"Plan trip\""])
        #expect(trace[1].writes.first?.new == "[\"a\", \"b\", \"Plan trip\"]")
        // The rows there already re-run too: each is handed a new `onRemove` closure, never equal.
        #expect(trace[1].instances.map(\.name) == ["TaskList", "Row[\"a\"]", "Row[\"b\"]", "Row[\"Plan trip\"]", "Count"])
        #expect(trace[2].writes.count == 2)
        #expect(trace[2].destroyed == ["TaskList/Row[\"a\"]", "TaskList/Row[\"b\"]"])
    }

    /// A name that names nothing is an error where it is written, with what the screen offers; one that
    /// names several asks for the whole name.
    @Test(arguments: [
        ("tap Button \"Ad\" in TaskList", "no action 'tap Button \"Ad\" in TaskList' on screen; did you mean 'tap Button \"Add\" in TaskList'?"),
        ("tap Row \"Remove\"", "no action 'tap Row \"Remove\"' on screen"),
        ("increment TaskList", "no action 'increment TaskList' on screen"),
    ])
    func anUnknownNameIsAnErrorAtItsStatement(statement: String, message: String) throws {
        let found = diagnostics(Self.screen + "step \"s\" {\n    \(statement)\n}\n")
        let error = try #require(found.first { $0.severity == .error })
        #expect(error.message.hasPrefix(message), "\(error.message)")
        #expect(error.location.line == Self.screen.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
        #expect(error.location.column == 5)
    }

    /// A comment after an action is no part of its name.
    @Test func aCommentEndsTheName() throws {
        let step = try #require(try steps("step \"s\" {\n    toggle TaskList \"Done\" // check it off\n}\n").first)
        #expect(step.writes.map(\.statement) == ["toggle TaskList \"Done\""])
    }

    /// The step prints back as written, so a printed scenario reads the same.
    @Test func aNamedActionPrintsAsWritten() throws {
        let file = ScenarioFile.read(source: Self.screen + "step \"s\" { tap Row[\"b\"] \"Remove\"; type \"x\" in TextField \"Title\" in TaskList }\n", file: "named.ripple")
        let statements = try #require(file.syntax.steps.first?.statements)
        #expect(statements.map(\.rendered) == ["tap Row[\"b\"] \"Remove\"", "type \"x\" in TextField \"Title\" in TaskList"])
        guard case .viewAction(.perform, _) = statements[0].kind else {
            Issue.record("not read as an action: \(statements[0].kind)")
            return
        }
    }

    /// The older view-action words keep their meaning before an instance; before a `.` they name an action.
    @Test func taskAndResumeBeforeAnInstanceAreTheViewActions() throws {
        let file = ScenarioFile.read(source: Self.screen + "step \"s\" { task TaskList; resume .task in TaskList }\n", file: "named.ripple")
        let kinds = try #require(file.syntax.steps.first?.statements).map { statement -> String in
            if case .viewAction(let kind, _) = statement.kind { kind.rawValue } else { "other" }
        }
        #expect(kinds == ["task", "perform"])
    }
}
