import Testing
@testable import RippleCore
import RippleSwift

/// A scenario file's Swift goes through the same parser and lowering as a `.swift` file: what one
/// accepts, the other does. Each construct here loads in both, to the same result.
@Suite struct ScenarioFileTests {
    static let root = "struct Root: View {\n    var body: some View { Text(\"a\") }\n}\n"

    static let accepted: [(name: String, swift: String)] = [
        ("await", "struct Root: View {\n    let title: String = \"t\"\n    var body: some View { Text(await title) }\n}\n"),
        ("try", "struct Root: View {\n    let title: String = \"t\"\n    var body: some View { Text(try title) }\n}\n"),
        ("dotted import", "import Foundation.NSObject\n" + root),
        ("dictionary literal and type", "@Observable final class Model {\n    var d: [String: Int] = [\"a\": 1]\n    var e: [Int: String] = [:]\n}\n" + root),
        ("do and catch", "@Observable final class Model {\n    var n = 0\n    func f() { do { n = 1 } catch { n = 2 } }\n}\n" + root),
        ("explicit getter", "@Observable final class Model {\n    var total: Int { get { 1 } }\n}\n" + root),
        ("lazy property", "@Observable final class Model {\n    lazy var total: Int = 0\n}\n" + root),
        ("nested type", "struct Root: View {\n    struct Inner { var a: Int = 1 }\n    var body: some View { Text(\"a\") }\n}\n"),
        ("weak reference", "@Observable final class Model {\n    weak var parent: Model?\n}\n" + root),
        ("async function type", "struct Root: View {\n    let load: () async -> Void = {}\n    var body: some View { Text(\"a\") }\n}\n"),
        ("throwing function type", "struct Root: View {\n    let load: () throws -> Void = {}\n    var body: some View { Text(\"a\") }\n}\n"),
    ]

    @Test(arguments: accepted.map(\.name))
    func aConstructAcceptedInSwiftIsAcceptedInAScenarioFile(_ name: String) throws {
        let swift = try #require(Self.accepted.first { $0.name == name }).swift
        let app = loadSwift(swift)
        #expect(app.module.errors.isEmpty, "\(app.module.errors)")
        #expect(app.error == nil, "\(String(describing: app.error))")
        let scenario = try Scenario(source: "scenario \"t\"\n" + swift, file: "t.ripple")
        let fromSwift = try #require(app.scenario).simulate()
        let fromScenarioFile = try scenario.simulate()
        #expect(fromScenarioFile.variants.map(\.steps.count) == fromSwift.variants.map(\.steps.count))
    }

    @Test func directivesAtTheStartOfALineEndADeclarationLeftOpen() {
        // The step at the start of a line is still read as a step; the struct it ends is reported open.
        let found = diagnostics("scenario \"t\"\nstruct Root: View {\n    var body: some View { Text(\"a\") }\nstep \"s\" { Root.x = 1 }\n")
        #expect(found.first?.message == "expected '}' to close 'Root', found end of file")
        #expect(found.first?.location.line == 5)
    }

    @Test func anEnvironmentWriteIsReadInsideAStep() throws {
        let reading = ScenarioFile.read(source: "scenario \"t\"\n" + Self.root + "step \"s\" {\n    environment \\.colorScheme = .dark\n}\n", file: "t.ripple")
        #expect(reading.errors.isEmpty)
        let statement = try #require(reading.syntax.steps.first?.statements.first)
        guard case .environmentWrite(let key, _) = statement.kind else { Issue.record("\(statement.kind)"); return }
        #expect(key == "colorScheme")
        #expect(statement.location.line == 6 && statement.location.column == 5)
    }
}

/// A file of many steps is parsed in pieces on several threads; the tree and the errors are those of
/// one parse, whatever the number of pieces.
@Suite struct PiecewiseParseTests {
    /// A thousand steps, each with a comment: a step of plain writes alone is read without swift-syntax
    /// (`PlainWritesTests`), and these are the steps swift-syntax parses in pieces.
    static let text: String = {
        var text = "scenario \"t\"\n@Observable final class Model {\n    var n: Int = 0\n    var s: String = \"\"\n}\nlet model = Model()\n"
            + "struct Root: View {\n    var body: some View { Text(\"\\(model.n) \\(model.s)\") }\n}\n"
        for index in 0..<1_000 {
            text += "step \"s\(index)\" {\n    // step \(index)\n    model.n = \(index)\n    model.s = \"\(index)\"\n}\n"
            if index == 500 { text += "let between = 3\nexpect \"s1\" { evaluates Root }\n" }
        }
        return text
    }()

    @Test(arguments: [2, 3, 8])
    func piecesGiveTheTreeOfOneParse(cores: Int) {
        let whole = ScenarioFile.read(source: Self.text, file: "t.ripple", cores: 1)
        let pieces = ScenarioFile.read(source: Self.text, file: "t.ripple", cores: cores)
        #expect(whole.errors.isEmpty)
        #expect(whole.syntax.steps.count == 1_000)
        #expect(pieces.syntax == whole.syntax)
    }

    /// Files that stop the parse: past a limit counted over the whole file, or with a syntax error beside
    /// an error the lowering would find.
    static let stopping: [(name: String, text: String)] = {
        let deep = "model.n = [[[[[[[[[[[[[1]]]]]]]]]]]]].count\n"
        var elseIfs = text
        for index in 0..<1_000 {
            elseIfs = elseIfs.replacingOccurrences(of: "    model.n = \(index)\n",
                                                   with: "    if model.n == 0 { } else if model.n == 1 { } else if model.n == 2 { } else if model.n == 3 { }\n    model.n = \(index)\n")
        }
        return [
            ("brackets past the limit in two steps", text.replacingOccurrences(of: "model.n = 100\n", with: deep)
                .replacingOccurrences(of: "model.n = 300\n", with: deep)),
            ("more 'else if' in the file than the limit, fewer in each piece", elseIfs),
            ("a syntax error in a step, and an extension the lowering refuses", text.replacingOccurrences(of: "model.n = 700\n", with: "model.n = (700\n")
                + "extension Missing {}\n"),
        ]
    }()

    @Test(arguments: stopping.map(\.name))
    func aFileThatStopsTheParseStopsItOnceWhateverThePieces(_ name: String) throws {
        let text = try #require(Self.stopping.first { $0.name == name }).text
        let whole = ScenarioFile.read(source: text, file: "t.ripple", cores: 1)
        #expect(!whole.errors.isEmpty)
        for cores in [2, 3, 8] {
            let pieces = ScenarioFile.read(source: text, file: "t.ripple", cores: cores)
            #expect(pieces.errors == whole.errors, "\(cores) cores")
            #expect(pieces.omitted == whole.omitted, "\(cores) cores")
            let started = ScenarioFile.start(source: text, file: "t.ripple", cores: cores).finish()
            #expect(started.errors == whole.errors, "started on \(cores) cores")
        }
    }

    @Test(arguments: [1, 3])
    func errorsInStepsAreTheSameWhateverThePieces(cores: Int) {
        let broken = Self.text.replacingOccurrences(of: "model.n = 700\n", with: "model.n = (700\n")
            .replacingOccurrences(of: "model.n = 20\n", with: "model.n = 20 20\n")
        let reading = ScenarioFile.read(source: broken, file: "t.ripple", cores: cores)
        #expect(reading.errors.map(\.description) == [
            "t.ripple:112:18: error: consecutive statements on a line must be separated by ';'",
            "t.ripple:3515:5: error: expected ')' to close the parenthesized expression, found 'model'",
        ])
    }
}

/// A file of many steps has them parsed on other threads while the first variant's tree is built; what
/// it loads to, or the errors it stops at, are those of reading the whole file first.
@Suite struct OverlappedLoadTests {
    static let cases: [(name: String, text: String)] = {
        let text = PiecewiseParseTests.text
        return [
            ("valid", text),
            ("a syntax error in a step", text.replacingOccurrences(of: "model.n = 700\n", with: "model.n = (700\n")),
            ("an unknown property in a step", text.replacingOccurrences(of: "model.n = 900\n", with: "model.missing = 900\n")),
            ("a duplicate step", text.replacingOccurrences(of: "step \"s600\"", with: "step \"s599\"")),
            ("a first evaluation that fails, and a step that fails", text
                .replacingOccurrences(of: "Text(\"\\(model.n) \\(model.s)\")", with: "Text(model.missing)")
                .replacingOccurrences(of: "model.n = 900\n", with: "model.missing = 900\n")),
            ("a first evaluation that fails", text
                .replacingOccurrences(of: "Text(\"\\(model.n) \\(model.s)\")", with: "Text(model.missing)")),
            ("an error in a declaration, and one in a step", text
                .replacingOccurrences(of: "var s: String = \"\"", with: "var s: Missing = 3")
                .replacingOccurrences(of: "model.n = 700\n", with: "model.n = (700\n")),
            ("an error in a declaration", text.replacingOccurrences(of: "var s: String = \"\"", with: "var s: Missing = 3")),
            ("app source, and a step's syntax error", "source \"App\"\n" + text.replacingOccurrences(of: "model.n = 700\n", with: "model.n = (700\n")),
            ("app source", "source \"App\"\n" + text),
        ] + PiecewiseParseTests.stopping
    }()

    /// What loading gave: the trace and the notes, or the errors.
    static func outcome(_ load: () throws(DiagnosticError) -> Scenario) -> (trace: ScenarioTrace?, notes: [String], errors: [String]) {
        do throws(DiagnosticError) {
            let scenario = try load()
            return (scenario.trace, scenario.notes.map(\.description), [])
        } catch {
            return (nil, [], error.diagnostics.map(\.description) + ["omitted \(error.omittedCount)"])
        }
    }

    @Test(arguments: cases.map(\.name))
    func loadingWhileTheStepsAreParsedGivesWhatLoadingAfterThemGives(_ name: String) throws {
        let text = try #require(Self.cases.first { $0.name == name }).text
        // The file is big enough for its steps to be parsed apart from its declarations (one past a limit
        // counted over the whole file is read as one piece).
        if !PiecewiseParseTests.stopping.contains(where: { $0.name == name }) {
            #expect(!ScenarioFile.start(source: text, file: "t.ripple").isComplete)
        }
        let overlapped = Self.outcome { () throws(DiagnosticError) in try Scenario(source: text, file: "t.ripple") }
        let sequential = Self.outcome { () throws(DiagnosticError) in
            try Scenario(reading: ScenarioFile.read(source: text, file: "t.ripple", cores: 1), file: "t.ripple")
        }
        #expect(overlapped.errors == sequential.errors)
        #expect(overlapped.notes == sequential.notes)
        #expect(overlapped.trace == sequential.trace)
        // Every case but the first fails, each at its own problem.
        #expect((name == "valid") == sequential.errors.isEmpty, "\(sequential.errors.prefix(3))")
        if name == "valid" { #expect(sequential.trace?.variants.first?.steps.count == 1_000) }
    }

    @Test(arguments: [1, 2, 3])
    func aStartedReadingFinishesAsOneReading(cores: Int) {
        let whole = ScenarioFile.read(source: PiecewiseParseTests.text, file: "t.ripple", cores: 1)
        let started = ScenarioFile.start(source: PiecewiseParseTests.text, file: "t.ripple", cores: cores)
        #expect(started.declarations.syntax.steps.allSatisfy { $0.statements.isEmpty })
        let finished = started.finish()
        #expect(finished.syntax == whole.syntax)
        #expect(finished.errors == whole.errors)
        #expect(finished.notes == whole.notes)
    }
}

/// `switch`, `guard` and `if case` are lowered to the `if`s they amount to, in scenario files and app
/// source alike: the branch that runs is the one Swift would take, and a `guard` that fails skips the
/// rest of its block.
@Suite struct ControlFlowTests {
    static let scenario = """
    scenario "control flow"
    enum Filter { case all, open, done }
    @Observable final class Model {
        var filter: Filter = .all
        var count: Int = 0
        func bump(by amount: Int) {
            guard amount > 0 else { return }
            count += amount
        }
    }
    struct Root: View {
        @State var model = Model()
        var body: some View {
            switch model.filter {
            case .all: AllView()
            case .open, .done: Text("some \\(model.count)")
            }
            if case .done = model.filter { DoneView() }
        }
    }
    struct AllView: View {
        var body: some View { Text("all") }
    }
    struct DoneView: View {
        var body: some View { Text("done") }
    }
    step "open" { Root.model.filter = .open }
    step "bump" { Root.model.bump(by: 2) }
    step "bump by zero" { Root.model.bump(by: 0) }
    step "done" { Root.model.filter = .done }
    expect "open" { evaluates Root }
    expect "bump" { evaluates Root }
    expect "bump by zero" { evaluates nothing }
    expect "done" { evaluates Root, DoneView }

    """

    @Test func theBranchSwiftWouldTakeIsBuilt() throws {
        let scenario = try Scenario(source: Self.scenario, file: "flow.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let paths = scenario.instancePaths.values.flatMap { $0 }
        #expect(paths.contains("Root/AllView") && paths.contains("Root/DoneView"))
    }

    @Test func inAppSourceTheyAreSimulatedWithoutANote() {
        let swift = Self.scenario.split(separator: "\n").prefix { !$0.hasPrefix("step ") }.dropFirst().joined(separator: "\n")
        let app = loadSwift(swift)
        #expect(app.module.errors.isEmpty)
        #expect(app.module.notes.isEmpty, "\(app.module.notes)")
        #expect(app.scenario != nil)
    }
}

/// Rows identified by `UUID()` are named by the id Ripple generated, in the order `UUID()` ran, and an
/// `expect` can name them: `Row[UUID-2]`.
@Suite struct GeneratedIDTests {
    static func scenario(expecting row: String) -> String {
        """
        scenario "ids"
        struct Item: Identifiable { var id = UUID(); var title: String }
        @Observable final class Store {
            var items: [Item] = [Item(title: "a"), Item(title: "b")]
        }
        struct Root: View {
            @State var store = Store()
            var body: some View { ForEach(store.items) { item in Row(item: item) } }
        }
        struct Row: View {
            let item: Item
            var body: some View { Text(item.title) }
        }
        step "rename b" { Root.store.items[1].title = "c" }
        expect "rename b" { evaluates Root, \(row) }

        """
    }

    @Test func aRowIsNamedByItsGeneratedID() throws {
        let scenario = try Scenario(source: Self.scenario(expecting: "Row[UUID-2]"), file: "ids.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        #expect(try !ExpectationChecker.check(Scenario(source: Self.scenario(expecting: "Row[UUID-1]"), file: "ids.ripple")).allSatisfy(\.passed))
    }

    @Test func anUnknownIDSuggestsTheOnesThereAre() {
        let found = diagnostics(Self.scenario(expecting: "Row[UUID-3]"))
        #expect(found.map(\.message) == ["no instance 'Row[UUID-3]'; did you mean 'Row[UUID-1]'?"])
    }

    /// Steps and expectations can name a row by a stored field of its element, however it is spaced;
    /// the value is the one its row was last built with (an object's: its current one).
    @Test(arguments: ["Row[title: \"b\"]", "Row[title:\"b\"]", "Root/Row[title: \"b\"]"])
    func aRowIsNamedByAFieldOfItsElement(row: String) throws {
        let scenario = try Scenario(source: Self.scenario(expecting: row), file: "ids.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
    }

    @Test func aFieldNameMustMatchTheRowThatRan() throws {
        let scenario = try Scenario(source: Self.scenario(expecting: "Row[title: \"a\"]"), file: "ids.ripple")
        #expect(try !ExpectationChecker.check(scenario).allSatisfy(\.passed))
        #expect(diagnostics(Self.scenario(expecting: "Row[title: \"z\"]")).map(\.message)
                    == ["no instance 'Row[title: \"z\"]'; did you mean 'Row[title: \"a\"]'?"])
        // Two rows with the same title: the name is ambiguous, as a path that matches two instances is.
        let twins = Self.scenario(expecting: "Row[title: \"a\"]").replacingOccurrences(of: "Item(title: \"b\")", with: "Item(title: \"a\")")
        #expect(diagnostics(twins).first?.message.hasPrefix("'Row[title: \"a\"]' is ambiguous in variant 'main'") == true)
    }

    static let rowsWithState = """
        scenario "row state"
        struct Item: Identifiable { var id = UUID(); var title: String }
        @Observable final class Task: Identifiable { let id = UUID(); var title: String
            init(title: String) { self.title = title }
        }
        struct Root: View {
            @State var items: [Item] = [Item(title: "a"), Item(title: "b")]
            @State var tasks: [Task] = [Task(title: "x"), Task(title: "y")]
            var body: some View {
                ForEach(items) { item in Row(item: item) }
                ForEach(tasks) { task in TaskRow(task: task) }
            }
        }
        struct Row: View {
            let item: Item
            @State var open = false
            var body: some View { Text(item.title + (open ? "!" : "")) }
        }
        struct TaskRow: View {
            let task: Task
            @State var open = false
            var body: some View { Text(task.title + (open ? "!" : "")) }
        }

        """

    /// In a step, a subscript with a label is a field of the row's element, and `UUID-2` the id that
    /// `ripple parse` shows; the row's own state is written.
    @Test(arguments: [
        ("Row[title: \"b\"].open = true", "Root/Row[UUID-2]"),
        ("Row[UUID-1].open = true", "Root/Row[UUID-1]"),
        ("TaskRow[title: \"y\"].open = true", "Root/TaskRow[UUID-4]"),
    ])
    func aStepNamesARowByAFieldOrByItsGeneratedID(write: String, row: String) throws {
        let trace = try Scenario(source: Self.rowsWithState + "step \"open\" { \(write) }\n", file: "rows.ripple").simulate()
        let evaluated = trace.variants[0].steps[0].instances.filter { $0.outcome == .needed }.map(\.path)
        #expect(evaluated == [row])
    }

    @Test func aStepsRowByFieldMustNameOneRow() {
        #expect(diagnostics(Self.rowsWithState + "step \"open\" { Row[title: \"q\"].open = true }\n").map(\.message)
                    == ["no row 'Row[title: \"q\"]'; its rows have title \"a\", \"b\""])
        let twins = Self.rowsWithState.replacingOccurrences(of: "Item(title: \"b\")", with: "Item(title: \"a\")")
        #expect(diagnostics(twins + "step \"open\" { Row[title: \"a\"].open = true }\n").first?.message
                    == "'Row[title: \"a\"]' names 2 rows: 'Row[UUID-1]', 'Row[UUID-2]'; name one by its id")
    }
}

/// A type's own `init` runs when the type is built: defaults first, then its statements, the methods it
/// calls and its branches. A type without one is built memberwise.
@Suite struct ModelInitializerTests {
    static let scenario = """
    scenario "init"
    @Observable final class Counter {
        var count: Int
        var label: String = "small"
        init(start: Int) {
            count = start
            if start > 10 { label = "big" }
            reset(to: start * 2)
        }
        func reset(to value: Int) { self.count = value }
    }
    struct Point { var x: Int; var y: Int
        init(both v: Int) { x = v; y = v + 1 }
    }
    struct Size { var width: Int }
    struct Root: View {
        @State var counter = Counter(start: 20)
        let p: Point = Point(both: 3)
        let s: Size = Size(width: 5)
        var body: some View { Text("\\(counter.count) \\(counter.label) \\(p.y) \\(s.width)") }
    }
    step "bump" { Root.counter.count += 1 }
    step "relabel" { Root.counter.label = "big" }

    """

    @Test func theInitializerSetsTheStartingValues() throws {
        let trace = try Scenario(source: Self.scenario, file: "init.ripple").simulate()
        let text = TraceText.render(trace)
        // The init set 20, then `reset(to:)` 40; its branch made the label "big", so writing "big"
        // again is an equal value, which Observation does not notify: nothing re-runs.
        #expect(text.contains("40 → 41"))
        #expect(trace.variants[0].steps[1].writes.first?.notified == false)
        #expect(trace.variants[0].steps[1].counts.evaluations == 0)
    }

    @Test func aCallThatNoInitializerTakesIsAnError() {
        let found = diagnostics(Self.scenario.replacingOccurrences(of: "Counter(start: 20)", with: "Counter(begin: 20)"))
        #expect(found.first?.message == "no 'init' of 'Counter' takes (begin:); it has (start:)")
        // Labels that name stored properties in order are the memberwise initializer, which an `init`
        // declared in an extension keeps.
        #expect(diagnostics(Self.scenario.replacingOccurrences(of: "Counter(start: 20)", with: "Counter(count: 20)")).isEmpty)
    }
}

/// `for` loops run in methods, initializers and computed properties, once per element, a `where` as an
/// `if` around the body and a `return` inside leaving the loop and the property.
@Suite struct ForLoopTests {
    static let scenario = """
    scenario "for"
    struct Item: Identifiable { var id: Int; var done: Bool = false }
    @Observable final class Store {
        var items: [Item] = [Item(id: 1), Item(id: 2), Item(id: 3)]
        var total: Int = 0
        init() {
            for item in items where item.id > 1 { total += item.id }
        }
        func finishAll() {
            for index in items.indices { items[index].done = true }
        }
        var anyDone: Bool {
            for item in items { if item.done { return true } }
            return false
        }
    }
    struct Root: View {
        @State var store = Store()
        var body: some View { Text("\\(store.total) \\(store.anyDone)") }
    }
    step "same total" { Root.store.total = 5 }
    step "finish" { Root.store.finishAll() }
    step "finish again" { Root.store.finishAll() }
    expect "same total" { evaluates nothing }
    expect "finish" { needed Root }
    expect "finish again" { wasted Root }

    """

    @Test func loopsRunOncePerElement() throws {
        let scenario = try Scenario(source: Self.scenario, file: "for.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let trace = try scenario.simulate()
        #expect(trace.variants[0].steps[1].writes.count == 3)
    }

    @Test func aViewBuilderCannotHoldALoop() {
        let found = diagnostics("scenario \"t\"\nstruct Root: View {\n    var body: some View { for i in [1] { Text(\"\\(i)\") } }\n}\n")
        #expect(found.first?.message == "a view builder cannot hold a 'for' loop; build the rows with 'ForEach'")
    }
}


/// `willSet` and `didSet` of a class's stored property run on every write of it, equal or not, as
/// Swift's property observers do; a write inside them is the step's, and the property's own write
/// inside its `didSet` does not run it again.
@Suite struct PropertyObserverTests {
    static let scenario = """
    scenario "observers"
    @Observable final class Settings {
        var volume: Int = 5 {
            didSet {
                if volume > 10 { volume = 10 }
                changes += 1
            }
        }
        var changes: Int = 0
        var last: Int = 0
        var level: Int = 0 {
            willSet(next) { last = level * 10 + next * 2 }
        }
    }
    struct Root: View {
        @State var settings = Settings()
        var body: some View { VolumeView(settings: settings); CountView(settings: settings) }
    }
    struct VolumeView: View {
        let settings: Settings
        var body: some View { Text("\\(settings.volume)") }
    }
    struct CountView: View {
        let settings: Settings
        var body: some View { Text("\\(settings.changes) \\(settings.last)") }
    }
    step "too loud" { Root.settings.volume = 15 }
    step "same volume" { Root.settings.volume = 10 }
    step "level" { Root.settings.level = 3 }
    step "level again" { Root.settings.level = 4 }
    expect "too loud" { evaluates VolumeView, CountView }
    expect "same volume" { evaluates CountView }
    expect "level" { evaluates CountView }

    """

    @Test func observersRunOnEveryWriteAndTheirWritesAreTheSteps() throws {
        let scenario = try Scenario(source: Self.scenario, file: "observers.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let steps = try scenario.simulate().variants[0].steps
        // The clamp inside didSet wrote 10 once; the equal write of 10 ran didSet but notified no one.
        #expect(steps[0].writes.map(\.statement) == ["Root.settings.volume = 15", "volume = 10", "changes += 1"])
        #expect(steps[1].writes.first?.notified == false)
        // `willSet` sees the property as it was (0, then 3) and the value it is about to get.
        #expect(steps[2].writes.last?.new == "6")
        #expect(steps[3].writes.last?.new == "38")
    }

    /// A `didSet` that keeps a count runs after every mutation of the property, not only after an
    /// assignment: `append`, `removeAll`, `toggle()` and an element's write.
    static let mutations = """
    scenario "mutations"
    @Observable final class Tasks {
        var items: [String] = [] {
            didSet { total = items.count }
        }
        var done: Bool = false {
            didSet { flips += 1 }
        }
        var notes: [String] = []
        var total: Int = 0
        var flips: Int = 0
    }
    struct Root: View {
        @State var tasks = Tasks()
        var body: some View { Badge(tasks: tasks) }
    }
    struct Badge: View {
        let tasks: Tasks
        var body: some View { Text("\\(tasks.total) tasks, \\(tasks.flips) flips") }
    }
    step "append" { Root.tasks.items.append("a") }
    step "insert" { Root.tasks.items.insert("b", at: 0) }
    step "element" { Root.tasks.items[0] = "c" }
    step "remove all" { Root.tasks.items.removeAll() }
    step "toggle" { Root.tasks.done.toggle() }
    step "unobserved" { Root.tasks.notes.append("n") }
    expect "append" { evaluates Badge }
    expect "element" { evaluates nothing }
    expect "unobserved" { evaluates nothing }
    """

    @Test func observersRunAfterEveryMutationOfTheProperty() throws {
        let scenario = try Scenario(source: Self.mutations, file: "mutations.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
        let steps = try scenario.simulate().variants[0].steps
        func last(_ step: StepTrace, _ suffix: String) -> String? { step.writes.last { $0.target.hasSuffix(suffix) }?.new }
        #expect(steps.map { last($0, "total") } == ["1", "2", "2", "0", nil, nil])
        #expect(last(steps[4], "flips") == "1")
        // The element write ran `didSet`, whose write of an equal count told no one.
        #expect(steps[2].writes.map(\.statement) == ["Root.tasks.items[0] = \"c\"", "total = items.count"])
        #expect(steps[5].writes.map(\.statement) == ["Root.tasks.notes.append(\"n\")"])
    }

    @Test func aViewsObserversAreNotSimulated() {
        let found = diagnostics("scenario \"t\"\nstruct Root: View {\n    @State var n: Int = 0 { didSet { } }\n    var body: some View { Text(\"\\(n)\") }\n}\n")
        #expect(found.first?.message == "the observers of 'n' in 'Root' are not simulated; Ripple runs those of a class's stored properties")
    }
}

/// A generic container (`Card<Content: View>` with `@ViewBuilder let content: Content`, or an `init`
/// that stores `content()`): the caller's closure builds the content's views in the caller's body, and
/// the container's body places them; a change the caller passes into them re-runs them, and the card,
/// which holds content that is no longer equal (Rule 9.6).
@Suite struct ContainerViewTests {
    static func scenario(card: String) -> String {
        """
        scenario "card"
        @Observable final class Model {
            var title = "t"
            var count = 0
        }
        \(card)
        struct Root: View {
            @State var model = Model()
            var body: some View {
                Card(heading: model.title) {
                    Counter(count: model.count)
                    Text("a") + Text(model.title).bold()
                }
            }
        }
        struct Counter: View {
            let count: Int
            var body: some View { Text("\\(count)") }
        }
        step "count" { Root.model.count = 1 }
        step "title" { Root.model.title = "u" }
        expect "count" { evaluates Root, Card, Counter }
        expect "title" { evaluates Root, Card }

        """
    }

    static let cards = [
        """
        struct Card<Content: View>: View {
            let heading: String
            @ViewBuilder let content: Content
            var body: some View { VStack { Text(heading); content } }
        }
        """,
        """
        struct Card<Content: View>: View {
            let heading: String
            let content: Content
            init(heading: String, @ViewBuilder content: () -> Content) {
                self.heading = heading
                self.content = content()
            }
            var body: some View { VStack { Text(heading); content } }
        }
        """,
    ]

    @Test(arguments: cards)
    func theContentIsTheCallersAndSitsInTheCard(card: String) throws {
        let scenario = try Scenario(source: Self.scenario(card: card), file: "card.ripple")
        #expect(scenario.instancePaths["main"] == ["Root", "Root/Card", "Root/Card/Counter"])
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed))
    }

    /// Without the content's reads in the caller, the count would not re-run the root: it is the caller's.
    /// The card holds the content that changed, so it re-runs to place it (Rule 9.6).
    @Test func theContentsReadsAreTheCallers() throws {
        let trace = try Scenario(source: Self.scenario(card: Self.cards[0]), file: "card.ripple").simulate()
        let root = try #require(trace.variants[0].steps[0].instances.first { $0.path == "Root" })
        #expect(root.outcome == .needed)
        let card = try #require(trace.variants[0].steps[0].instances.first { $0.path == "Root/Card" })
        #expect(card.outcome == .needed)
        #expect(card.causes.first?.subject == "content")
    }
}

/// A subclass of a declared class has its base's members, its own `override`s replacing them; an
/// `@Observable` subclass observes what the base declares only when the base is observable too.
@Suite struct ClassInheritanceTests {
    static func scenario(base: String) -> String {
        """
        scenario "inherit"
        \(base) class BaseStore {
            var count = 0
            func bump() { count += 1 }
        }
        @Observable final class Store: BaseStore {
            var name = "n"
            override func bump() { count += 2 }
        }
        struct Root: View {
            @State var store = Store()
            var body: some View { Text("\\(store.count) \\(store.name)") }
        }
        step "bump" { store.bump() }

        """
    }

    @Test func theOverrideRunsOnTheInheritedProperty() throws {
        let trace = try Scenario(source: Self.scenario(base: "@Observable"), file: "inherit.ripple").simulate()
        let step = trace.variants[0].steps[0]
        #expect(step.writes.map { "\($0.statement): \($0.old ?? "") → \($0.new ?? "")" } == ["count += 2: 0 → 2"])
        #expect(step.instances.map(\.path) == ["Root"])
    }

    @Test func aBaseThatIsNotObservableNotifiesNoOne() throws {
        let trace = try Scenario(source: Self.scenario(base: ""), file: "inherit.ripple").simulate()
        let step = trace.variants[0].steps[0]
        #expect(step.writes.first?.notified == false)
        #expect(step.counts.evaluations == 0)
    }

    /// The macro on the base expands the base's properties alone: a subclass written without it tracks
    /// what it inherits, not what it adds.
    static let plainSubclass = """
        scenario "inherit"
        @Observable class BaseStore {
            var count = 0
        }
        final class Store: BaseStore {
            var name = "n"
        }
        struct Root: View {
            @State var store = Store()
            var body: some View { Text("\\(store.count) \\(store.name)") }
        }
        step "count" { Root.store.count = 1 }
        step "name" { Root.store.name = "m" }

        """

    /// Must: an inherited property is tracked, and its reader re-runs.
    @Test func aPlainSubclassTracksWhatItInherits() throws {
        let trace = try Scenario(source: Self.plainSubclass, file: "inherit.ripple").simulate()
        let step = trace.variants[0].steps[0]
        #expect(step.writes.first?.notified == true)
        #expect(step.instances.filter { $0.outcome == .needed }.map(\.path) == ["Root"])
    }

    /// Must not: the subclass's own property notifies no one; the view that shows it is left stale.
    @Test func aPlainSubclassDoesNotTrackWhatItAdds() throws {
        let trace = try Scenario(source: Self.plainSubclass, file: "inherit.ripple").simulate()
        let step = trace.variants[0].steps[1]
        #expect(step.writes.first?.notified == false)
        #expect(step.counts.evaluations == 0)
        #expect(step.instances.filter { $0.outcome == .stale }.map(\.path) == ["Root"])
    }
}

/// Dictionaries: literals, reads by key (optional, or with `default:`), `count`, `keys`, `values`, and
/// writes of an entry (`= nil` removes it). Two dictionaries with the same entries are equal however
/// they were built, as in Swift, so a row given one is not re-run for a new order.
@Suite struct DictionaryTests {
    static let scenario = """
        scenario "dict"
        @Observable final class Store {
            var counts: [String: Int] = ["b": 2, "a": 1]
            var flag = false
            func bump(_ key: String) { counts[key] = (counts[key] ?? 0) + 1 }
        }
        struct Root: View {
            @State var store = Store()
            var body: some View {
                Text("\\(store.counts["a"] ?? 0) \\(store.counts.count) \\(store.counts["z", default: 7])")
                ForEach(store.counts.keys, id: \\.self) { key in Row(key: key, count: store.counts[key] ?? 0) }
                Table(entries: store.flag ? ["a": 1, "b": 2] : ["b": 2, "a": 1])
            }
        }
        struct Row: View {
            let key: String
            let count: Int
            var body: some View { Text("\\(key) \\(count)") }
        }
        struct Table: View {
            let entries: [String: Int]
            var body: some View { Text("\\(entries.values.count)") }
        }
        step "bump a" { store.bump("a") }
        step "add c" { store.counts["c"] = 3 }
        step "remove b" { store.counts["b"] = nil }
        step "reorder" { store.flag = true }
        step "drop a" { store.counts.removeValue(forKey: "a") }

        """

    @Test func entriesAreReadWrittenAndRemoved() throws {
        let trace = try Scenario(source: Self.scenario, file: "dict.ripple").simulate()
        let steps = trace.variants[0].steps
        func needed(_ index: Int) -> [String] { steps[index].instances.filter { $0.outcome == .needed }.map(\.path) }
        #expect(steps[0].writes.map { "\($0.old ?? "") → \($0.new ?? "")" } == ["1 → 2"])
        #expect(needed(0) == ["Root", "Root/Row[\"a\"]"])
        #expect(needed(1) == ["Root", "Root/Row[\"c\"]"])
        #expect(steps[2].writes.map { "\($0.old ?? "") → \($0.new ?? "")" } == ["2 → nil"])
        #expect(steps[2].destroyed == ["Root/Row[\"b\"]"])
        // The same entries in another order: the table's input is equal.
        #expect(!steps[3].instances.contains { $0.path == "Root/Table" })
        #expect(steps[4].writes.map { "\($0.old ?? "") → \($0.new ?? "")" } == ["[\"a\": 2, \"c\": 3] → [\"c\": 3]"])
    }

    /// `counts[k, default: 0] += 1`, Swift's tally: a missing entry starts from the default.
    @Test func aWriteThroughDefaultStartsFromIt() throws {
        let source = """
            scenario "tally"
            @Observable final class Store {
                var counts: [String: Int] = ["a": 1]
                func tally(_ key: String) { counts[key, default: 0] += 1 }
            }
            struct Root: View {
                @State var store = Store()
                var body: some View { Text("\\(store.counts["a"] ?? 0) \\(store.counts["n"] ?? 0)") }
            }
            step "a" { store.tally("a") }
            step "n" { store.tally("n") }
            step "n again" { store.counts["n", default: 0] += 5 }

            """
        let steps = try Scenario(source: source, file: "tally.ripple").simulate().variants[0].steps
        #expect(steps.map { $0.writes.map { "\($0.old ?? "") → \($0.new ?? "")" } } == [["1 → 2"], ["0 → 1"], ["1 → 6"]])
    }

    @Test func aKeyTwiceInALiteralIsAnError() {
        let found = diagnostics(Self.scenario.replacingOccurrences(of: "[\"b\": 2, \"a\": 1]\n", with: "[\"b\": 2, \"b\": 1]\n"))
        #expect(found.first?.message == "the dictionary literal has the key \"b\" twice; Swift stops there")
    }
}

/// `runs A, B` holds when each listed instance ran its body, `skips A, B` when none did, whatever
/// else ran: a check can say "the row must run" or "the list must not" without listing the rest.
@Suite struct PartialClauseTests {
    static func scenario(_ clauses: String) -> String {
        """
        scenario "partial"
        @Observable final class Model { var a = 0; var b = 0 }
        struct Root: View {
            @State var model = Model()
            var body: some View { A(model: model); B(model: model); Text("x") }
        }
        struct A: View {
            let model: Model
            var body: some View { Text("\\(model.a)") }
        }
        struct B: View {
            let model: Model
            var body: some View { Text("\\(model.b)") }
        }
        step "bump a" { model.a = 1 }
        expect "bump a" { \(clauses) }

        """
    }

    @Test(arguments: [
        // Must hold.
        ("runs A", true), ("skips B", true), ("skips Root, B", true), ("runs A; skips B", true),
        // Must not.
        ("runs B", false), ("skips A", false), ("runs A, B", false), ("skips Root, A", false),
    ])
    func aPartialClauseChecksOnlyWhatItLists(clauses: String, holds: Bool) throws {
        let scenario = try Scenario(source: Self.scenario(clauses), file: "partial.ripple")
        #expect(try ExpectationChecker.check(scenario).allSatisfy(\.passed) == holds)
    }
}

/// A view the variant declares but never builds (a sheet never presented) may be named in an
/// expectation: the clause fails and says why, where a name that is no view at all is a load error.
@Suite struct NeverBuiltInstanceTests {
    static func scenario(_ clause: String) -> String {
        """
        scenario "never built"
        struct Root: View {
            @State private var show = false
            var body: some View {
                Text("x")
                if show { Sheet() }
            }
        }
        struct Sheet: View {
            var body: some View { Text("s") }
        }
        step "nothing" { Root.show = false }
        expect "nothing" { \(clause) }

        """
    }

    @Test(arguments: [
        // Must fail, as a failed expectation that names the instance.
        ("evaluates Sheet", false), ("runs Sheet", false), ("stale Sheet", false),
        // Must hold: an instance never built never ran.
        ("skips Sheet", true), ("evaluates nothing", true),
    ])
    func aViewNeverBuiltFailsTheClauseThatNamesIt(clause: String, holds: Bool) throws {
        let scenario = try Scenario(source: Self.scenario(clause), file: "never.ripple")
        let results = try ExpectationChecker.check(scenario)
        #expect(results.allSatisfy(\.passed) == holds)
        if !holds {
            let missing = results.flatMap(\.mismatches).flatMap(\.missing)
            #expect(missing.map(\.path) == ["Sheet"])
            #expect(missing.first?.actual == ExpectationChecker.neverBuilt)
        }
    }

    @Test func aNameThatIsNoViewIsStillALoadError() {
        let found = diagnostics(Self.scenario("evaluates Shet"))
        #expect(found.map(\.message) == ["no instance 'Shet'; did you mean 'Sheet'?"])
    }
}

/// A step written inside a `variant` block replaces the top-level step of its name for that variant, so
/// one user action can be a different write in each design.
@Suite struct PerVariantStepTests {
    static func scenario(local: String = #"step "type" { Root.query = "a" }"#, topLevel: String = "") -> String {
        """
        scenario "per variant"
        @Observable final class Store { var query = "" }
        variant "store" {
            struct Root: View {
                @State private var store = Store()
                var body: some View { Text(store.query) }
            }
            step "type" { store.query = "a" }
        }
        variant "local" {
            struct Root: View {
                @State private var query = ""
                var body: some View { Text(query) }
            }
            \(local)
        }
        \(topLevel)

        """
    }

    @Test func eachVariantRunsItsOwnStepUnderOneName() throws {
        let scenario = try Scenario(source: Self.scenario(), file: "per.ripple")
        #expect(scenario.steps.map(\.name) == ["type"])
        #expect(scenario.steps(of: "store").map(\.texts) == [["store.query = \"a\""]])
        #expect(scenario.steps(of: "local").map(\.texts) == [["Root.query = \"a\""]])
        for variant in scenario.trace.variants {
            #expect(variant.steps.map(\.name) == ["type"])
            #expect(variant.steps[0].instances.map(\.name) == ["Root"])
        }
    }

    @Test func aTopLevelStepIsRunByAVariantWithoutItsOwn() throws {
        // Only `store` writes its own "type"; `local` runs the top-level one.
        let scenario = try Scenario(source: Self.scenario(local: "", topLevel: #"step "type" { Root.query = "b" }"#), file: "per.ripple")
        #expect(scenario.steps(of: "local").map(\.texts) == [["Root.query = \"b\""]])
        #expect(scenario.steps(of: "store").map(\.texts) == [["store.query = \"a\""]])
        #expect(scenario.trace.variants.map { $0.steps[0].instances.map(\.name) } == [["Root"], ["Root"]])
    }

    @Test(arguments: [
        (#"step "type" { Root.query = "a" }; step "type" { Root.query = "b" }"#, "duplicate step 'type' in variant 'local' (first declared at line 15)"),
        ("", "step 'type' is written for one variant but not for 'local'; write it there too, or at the top level"),
        (#"expect "type" { evaluates Root }"#, "'expect' must be at the top level, not inside a variant"),
    ])
    func aStepAVariantCannotRunIsAnError(local: String, message: String) {
        let source = Self.scenario(local: local.replacingOccurrences(of: "; ", with: "\n    "))
        #expect(diagnostics(source).map(\.message) == [message])
    }
}

/// `appears` and `disappears` check which instances a step built anew or destroyed (`onAppear`,
/// `onDisappear`, and the `@State` that goes with an identity); `expect initial` checks the first
/// evaluation of a variant.
@Suite struct LifecycleClauseTests {
    static func scenario(_ expectation: String) -> String {
        """
        scenario "lifecycle"
        struct Root: View {
            @State private var showDetail = false
            @State private var version = 1
            var body: some View {
                if showDetail { Detail() } else { Summary() }
                Badge().id(version)
            }
        }
        struct Detail: View {
            @State private var expanded = false
            var body: some View { Text("detail") }
        }
        struct Summary: View {
            var body: some View { Text("summary") }
        }
        struct Badge: View {
            var body: some View { Text("badge") }
        }
        step "open" { Root.showDetail = true }
        step "bump" { Root.version += 1 }
        step "again" { Root.showDetail = true }
        \(expectation)

        """
    }

    @Test(arguments: [
        // Must hold: the branches are two identities; a changed `.id` is a new one; the first evaluation builds all.
        (#"expect "open" { appears Detail; disappears Summary }"#, true),
        (#"expect "bump" { appears Badge; disappears Badge }"#, true),
        (#"expect "again" { appears nothing; disappears nothing }"#, true),
        (#"expect initial { evaluates Root, Summary, Badge; appears Root, Summary, Badge; disappears nothing }"#, true),
        (#"expect initial { evaluations <= 3 }"#, true),
        // Must not.
        (#"expect "open" { appears nothing }"#, false),
        (#"expect "open" { disappears Detail }"#, false),
        (#"expect "again" { appears Detail }"#, false),
        (#"expect initial { appears Root }"#, false),
        (#"expect initial { evaluations <= 2 }"#, false),
    ])
    func aLifecycleClauseHoldsWhenTheStepBuiltOrDestroyedExactlyThose(expectation: String, holds: Bool) throws {
        let source = Self.scenario(expectation.replacingOccurrences(of: "; ", with: "\n    ").replacingOccurrences(of: "{ ", with: "{\n    ").replacingOccurrences(of: " }", with: "\n}"))
        let scenario = try Scenario(source: source, file: "lifecycle.ripple")
        let results = try ExpectationChecker.check(scenario)
        #expect(results.count == 1)
        #expect(results.allSatisfy(\.passed) == holds)
    }

    @Test func theFirstEvaluationIsKeptOnlyWhenAnExpectationAsks() throws {
        let without = try Scenario(source: Self.scenario(""), file: "lifecycle.ripple")
        #expect(without.trace.variants.allSatisfy { $0.initial == nil })
        let with = try Scenario(source: Self.scenario("expect initial { evaluations <= 3 }"), file: "lifecycle.ripple")
        let initial = try #require(with.trace.variants.first?.initial)
        #expect(initial.instances.map(\.printChanges) == ["Root: @self, @identity, _showDetail, _version changed.", "Summary: @self, @identity changed.", "Badge: @self, @identity changed."])
    }

    @Test func twoInitialBlocksForOneVariantAreAnError() {
        let found = diagnostics(Self.scenario("expect initial { evaluations <= 3 }\nexpect initial { evaluations <= 4 }"))
        #expect(found.map(\.message) == ["duplicate expectation for the first evaluation (first at line 23)"])
    }
}

