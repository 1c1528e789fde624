import Testing
@testable import RippleCore
import RippleSwift

/// Swift source uses what other modules declare. Each case is a view that a scenario file would reject
/// and that Swift source loads, with the note that says what Ripple assumed; the same body in a `.ripple`
/// scenario is still an error, so the leniency is the front end's, not a loosened check.
@Suite struct OtherModulesTests {
    static let cases: [(body: String, note: String)] = [
        ("let user: Profile\n    var body: some View { Text(user.name) }",
         "type 'Profile' is not declared in the source; its values are opaque"),
        ("let title = Theme.title\n    var body: some View { Text(title) }",
         "'Theme' is not declared in the source; its value is opaque"),
        ("let label = formatted(3)\n    var body: some View { Text(label) }",
         "'formatted' is not declared in the source; 'formatted(…)' is opaque"),
        ("@Environment(Router.self) private var router\n    var body: some View { Text(router.path) }",
         "'Router' is not declared in the source; environment value 'router' is opaque"),
        ("@Environment(\\.theme) private var theme\n    var body: some View { Text(theme.title) }",
         "environment key '\\.theme' is not declared in the source; its value is opaque"),
        ("let items: [Entry]\n    var body: some View { List { ForEach(items) { item in Text(item.title) } } }",
         "no caller sets 'items' of the root 'Screen'; it is given the stand-in '[]'"),
        ("@Query private var entries: [Entry]\n    var body: some View { List { ForEach(entries) { entry in Text(entry.title) } } }",
         "'@Query' is simulated as the view's own storage of what it fetches: 'entries' starts empty (--rows N gives it rows); "
            + "'modelContext.insert' and 'delete' in an action change it, as a step that writes it does"),
        // A built-in view's closure parameter holds nothing Ripple models, and its members can be read.
        ("var body: some View { GeometryReader { proxy in Text(\"\\(proxy.size.width)\") } }", ""),
        ("let flag = Settings.shared\n    var body: some View { if flag.isOn { Text(\"on\") } }",
         "the condition 'flag.isOn' depends on a value Ripple does not model; it is taken as true"),
        ("var body: some View { Color.clear.overlay { Text(\"x\") } }", ""),
        ("var body: some View { Text(\"x\").modifier(Shimmer()) }",
         "'Shimmer' is not a ViewModifier the source declares; '.modifier(Shimmer(…))' passes its content through"),
        // A seed or hash written for a wider integer type than Int.
        ("let seed: UInt64 = 0xA8C4_75E8_7449_4BB1\n    var body: some View { Text(\"\\(seed)\") }",
         "integer literal '0xA8C4_75E8_7449_4BB1' is past Int; its value is opaque"),
        // A regex literal that ends at its end-of-line anchor.
        ("let name = \"log_20260101.log\"\n    var body: some View { if name.contains(/^log_\\d{8}\\.log$/) { Text(name) } }",
         "the condition 'name.contains(/^log_\\d{8}\\.log$/)' depends on a value Ripple does not model; it is taken as true"),
    ]

    @Test(arguments: cases.indices)
    func swiftSourceLoadsWithANote(_ index: Int) throws {
        let (body, note) = Self.cases[index]
        let source = "import SwiftUI\nstruct Screen: View {\n    \(body)\n}\n"
        let result = loadSwift(source)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        let notes = (result.module.notes + scenario.notes).map(\.message)
        if note.isEmpty {
            #expect(notes.isEmpty, "\(notes)")
        } else {
            #expect(notes.contains(note), "\(notes)")
        }
        #expect(instancePaths(scenario).contains("Screen"))
    }

    @Test(arguments: cases.indices)
    func theSameBodyInAScenarioIsStillAnError(_ index: Int) {
        let (body, note) = Self.cases[index]
        if note.isEmpty { return }
        let source = "scenario \"t\"\nstruct Screen: View {\n    \(body)\n}\n"
        #expect(!diagnostics(source).isEmpty)
    }

    /// Swift source compiles, so what Ripple cannot evaluate in it is a gap in Ripple's model: a note,
    /// and the rest is simulated. The same code in a scenario file is an error.
    @Test(arguments: [
        // The stand-in for `count` is 0: the division Ripple computes is its own doing, not the app's.
        ("struct Screen: View {\n    let count: Int\n    var body: some View { Text(\"\\(10 / count) each\") }\n}",
         "not simulated: division by zero"),
        ("struct Tag { let name: String\n    static func == (a: Tag, b: Tag) -> Bool { a.name == b.name }\n}\nstruct Screen: View { var body: some View { Text(\"x\") } }",
         "not simulated: 'Tag' defines '==' but does not conform to 'Equatable'"),
        ("let mask = 1 << 4\nstruct Screen: View { var body: some View { Text(\"x\") } }",
         "the initial value of global 'mask' is not simulated (operator '<<' cannot be applied to 1 and 4); it is opaque"),
    ])
    func whatRippleCannotEvaluateIsANote(source: String, note: String) throws {
        let result = loadSwift(source)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.notes.map(\.message).contains(note), "\(scenario.notes)")
        #expect(instancePaths(scenario).contains("Screen"))
        #expect(!diagnostics("scenario \"t\"\n" + source).isEmpty)
    }

    @Test func everyViewNoViewBuildsIsEvaluatedInAVariantOfItsOwn() throws {
        let result = loadSwift("""
            struct First: View { var body: some View { Text("1") } }
            struct Second: View {
                let title: String
                var body: some View { Text(title) }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants.map(\.name) == ["First", "Second"])
        #expect(scenario.instancePaths["Second"] == ["Second"])
    }

    /// A settings screen shown only in a sheet: no first tree builds it, so it is evaluated as a screen of
    /// its own, with a note and a stand-in for its input. The detail view behind a link is built in the
    /// first tree, and gets none.
    @Test func aViewNoEvaluatedScreenBuildsIsAScreenOfItsOwn() throws {
        let result = loadSwift("""
            import SwiftUI

            struct LibraryView: View {
                @State private var showsSettings = false
                let books = ["Dune", "Emma"]
                var body: some View {
                    NavigationStack {
                        List(books, id: \\.self) { book in
                            NavigationLink(book) { BookDetail(title: book) }
                        }
                        .toolbar {
                            Button("Settings") { showsSettings = true }
                        }
                        .sheet(isPresented: $showsSettings) { SettingsView(account: "me") }
                    }
                }
            }

            struct BookDetail: View {
                let title: String
                @State private var isFavorite = false
                var body: some View {
                    Toggle(title, isOn: $isFavorite)
                }
            }

            struct SettingsView: View {
                let account: String
                @AppStorage("fontSize") private var fontSize = 14.0
                var body: some View {
                    Form {
                        Text(account)
                        Stepper("Size", value: $fontSize)
                    }
                }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants.map(\.name) == ["main", "SettingsView"])
        #expect(scenario.instancePaths["SettingsView"] == ["SettingsView"])
        #expect(scenario.notes.map(\.message).contains(
            "no screen Ripple evaluated builds 'SettingsView' (it is built only in a sheet, a destination, a branch not taken or a body Ripple could not evaluate); it is evaluated as a screen of its own"))
        #expect(scenario.notes.map(\.message).contains("no caller sets 'account' of the root 'SettingsView'; it is given the stand-in '\"\"'"),
                "\(scenario.notes.map(\.message))")
    }

    /// A view the first screen builds is evaluated there, and gets no screen of its own; nor does one
    /// that another unevaluated view builds, which its builder's screen evaluates.
    @Test func aViewAScreenBuildsGetsNoScreenOfItsOwn() throws {
        let result = loadSwift("""
            import SwiftUI

            struct Home: View {
                @State private var showsEditor = false
                var body: some View {
                    VStack {
                        Header()
                        Button("Edit") { showsEditor = true }
                    }
                    .sheet(isPresented: $showsEditor) { Editor() }
                }
            }
            struct Header: View { var body: some View { Text("Home") } }
            struct Editor: View { var body: some View { Form { EditorRow() } } }
            struct EditorRow: View { var body: some View { Text("Row") } }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants.map(\.name) == ["main", "Editor"])
        #expect(scenario.instancePaths["Editor"] == ["Editor", "Editor/EditorRow"])
    }

    @Test func aViewsInitializerIsChosenByTheCallsLabels() throws {
        let result = loadSwift("""
            struct Badge: View {
                let text: String
                init(count: Int) { self.text = "\\(count)" }
                init(label: String) { self.text = label }
                var body: some View { Text(text) }
            }
            struct Screen: View {
                var body: some View {
                    VStack {
                        Badge(label: "new")
                        Badge(count: 3)
                    }
                }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants.count == 1)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let texts = simulation.snapshot().instances.compactMap { instance in instance.properties.first { $0.name == "text" }?.value }
        #expect(texts == ["\"new\"", "\"3\""])
    }
}

/// `--rows N`: a stored collection of a declared type that starts empty gets N stand-in elements, in a
/// view's `@State` as in a model; one built by an `init` takes the init's parameters. Collections with
/// elements, or of types the source does not declare, keep what they have.
@Suite struct StandInRowTests {
    static let source = """
        import SwiftUI
        struct Note: Identifiable { let id: Int; var text: String }
        @Observable final class Folder: Identifiable {
            let id = UUID()
            var name: String
            init(name: String) { self.name = name }
        }
        struct Screen: View {
            @State private var notes: [Note] = []
            @State private var folders: [Folder] = []
            @State private var tags: [String] = []
            @State private var kept: [Note] = [Note(id: 9, text: "kept")]
            var body: some View {
                ForEach(notes) { note in NoteRow(note: note) }
                ForEach(folders) { folder in Text(folder.name) }
                Text("\\(tags.count) \\(kept.count)")
            }
        }
        struct NoteRow: View {
            let note: Note
            var body: some View { Text(note.text) }
        }
        """

    @Test func emptyCollectionsGetStandInRows() throws {
        let loaded = loadSwift(Self.source, rows: 2)
        let scenario = try #require(loaded.scenario, "\(String(describing: loaded.error))")
        #expect(instancePaths(scenario).filter { $0.hasPrefix("Screen/NoteRow") } == ["Screen/NoteRow[1]", "Screen/NoteRow[2]"])
        let notes = scenario.notes.map(\.message)
        #expect(notes.contains("'notes' of 'Screen' starts empty; --rows 2 gives it 2 stand-in Note values"))
        #expect(notes.contains("'folders' of 'Screen' starts empty; --rows 2 gives it 2 stand-in Folder values"))
        #expect(!notes.contains { $0.hasPrefix("'tags'") || $0.hasPrefix("'kept'") })
    }

    @Test func withoutRowsAnEmptyCollectionStaysEmpty() throws {
        let scenario = try #require(loadSwift(Self.source).scenario)
        #expect(!instancePaths(scenario).contains { $0.hasPrefix("Screen/NoteRow") })
    }
}

/// SwiftData in app source: a `@Model` class is observable, as the macro makes it, and identified by
/// the object; `@Query` is the view's own storage of what it fetches, which a step can write.
@Suite struct SwiftDataTests {
    static let source = """
        import SwiftUI
        import SwiftData
        @Model final class Book {
            @Attribute(.unique) var title: String
            var read = false
            init(title: String) { self.title = title }
        }
        struct Shelf: View {
            @Query(sort: \\Book.title) private var books: [Book]
            var body: some View {
                List(books) { book in BookRow(book: book) }
            }
        }
        struct BookRow: View {
            let book: Book
            var body: some View { Text(book.title) }
        }
        """

    @Test func modelsAreObservableAndQueriesAreStorage() throws {
        let loaded = loadSwift(Self.source, rows: 2)
        let scenario = try #require(loaded.scenario, "\(String(describing: loaded.error))")
        let rows = instancePaths(scenario).filter { $0.hasPrefix("Shelf/BookRow") }
        #expect(rows.count == 2)
        let notes = scenario.notes.map(\.message) + loaded.module.notes.map(\.message)
        #expect(notes.contains("'@Model' class 'Book' is simulated as '@Observable'; what SwiftData stores is not"))
        #expect(notes.contains("'@Attribute' is not simulated; 'title' is a stored property of the model"))
        #expect(notes.contains { $0.hasPrefix("'@Query' is simulated as the view's own storage") })
        // A row reads its book's title through Observation: the key is there.
        let snapshot = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).snapshot()
        let row = try #require(snapshot.instances.first { $0.path.hasPrefix("Shelf/BookRow") })
        #expect(row.reads.contains { $0.keys.contains { $0.key.hasSuffix(".title") && $0.mechanism == "Observation" } })
    }
}

/// Initial data from the app's own code: a `static` sample member (stored, or a getter of one
/// expression) is computed once, as Swift does, and the `#Preview`'s arguments give the root's inputs.
@Suite struct PreviewDataTests {
    static let source = """
        import SwiftUI
        struct Book: Identifiable {
            let id: Int
            var title: String
            static let samples = [Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")]
            static var featured: Book { Book(id: 9, title: "Featured") }
        }
        struct BookList: View {
            let books: [Book]
            var pick: Book = .featured
            var body: some View {
                List(books) { book in BookRow(book: book) }
                Text(pick.title)
            }
        }
        struct BookRow: View {
            let book: Book
            var body: some View { Text(book.title) }
        }
        #Preview {
            BookList(books: Book.samples)
        }
        """

    @Test func thePreviewsArgumentsAndStaticSamplesAreTheStart() throws {
        let loaded = loadSwift(Self.source)
        let scenario = try #require(loaded.scenario, "\(String(describing: loaded.error))")
        #expect(instancePaths(scenario) == ["BookList", "BookList/BookRow[1]", "BookList/BookRow[2]"])
        #expect(scenario.notes.map(\.message).contains("'books' of the root 'BookList' starts as the preview builds it: 'Book.samples'"))
        #expect(!(scenario.notes + loaded.module.notes).contains { $0.message.contains("static property") })
        let snapshot = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).snapshot()
        #expect(snapshot.instances[0].reads.contains { $0.path == "pick.title" && $0.value == "\"Featured\"" })
    }

    /// `--root` another view: the preview's arguments are not its.
    @Test func anotherRootDoesNotTakeThePreviewsArguments() throws {
        let loaded = loadSwift(Self.source, root: "BookRow")
        let scenario = try #require(loaded.scenario)
        #expect(!scenario.notes.contains { $0.message.contains("preview builds it") })
    }
}
