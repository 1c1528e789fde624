import Testing
import RippleAudit
import RippleCore
import RippleSwift

/// Rule 22: a SwiftData app's `modelContext.insert(_:)` and `delete(_:)` in an action change the `@Query`s of
/// the model's type on screen, whose views run again; a view with no such query does not, and `save()`
/// changes nothing a query shows.
@Suite struct ModelContextQueryTests {
    static let app = """
        import SwiftUI
        import SwiftData

        @Model final class Book {
            var title: String
            init(title: String) { self.title = title }
        }

        @Model final class Author {
            var name: String
            init(name: String) { self.name = name }
        }

        struct Library: View {
            @Environment(\\.modelContext) private var modelContext
            @Query private var books: [Book]
            @State private var picked: Book?

            var body: some View {
                VStack {
                    Text("\\(books.count) books")
                    BookCount()
                    AuthorList()
                    Button("Add") { modelContext.insert(Book(title: "Dune")) }
                    Button("Add author") { modelContext.insert(Author(name: "Le Guin")) }
                    Button("Add two authors") {
                        modelContext.insert(Author(name: "Le Guin"))
                        modelContext.insert(Author(name: "Tolkien"))
                    }
                    Button("Save") { try? modelContext.save() }
                }
            }
        }

        struct BookCount: View {
            @Query(sort: \\Book.title) private var books: [Book]
            var body: some View { Text(books.first?.title ?? "None") }
        }

        struct AuthorList: View {
            @Query private var authors: [Author]
            var body: some View { Text("\\(authors.count) authors") }
        }
        """

    static func row(_ result: AuditResult, _ name: String) throws -> AuditRow {
        try #require(result.rows.first { $0.action == name }, "\(result.rows.map(\.action))")
    }

    @Test func anInsertReRunsEveryViewThatQueriesTheModelsType() throws {
        let result = try auditSwift(Self.app)
        let add = try Self.row(result, "tap Button \"Add\" in Library")
        #expect(Set(add.views.map(\.view)) == ["Library", "BookCount"])
        #expect(add.evaluations == 2 && add.wasted == 0)
        // `BookCount`'s query sorts: where the book lands in it is not simulated, and the row says so.
        #expect(add.confidence == .partial)
        #expect(add.uncertainty.contains { $0.contains("'books' of 'BookCount' taken to hold the model, its '@Query' filter and sort not simulated") },
                "\(add.uncertainty)")
    }

    @Test func anInsertOfAnotherTypeReRunsOnlyItsOwnQueryAndSaveReRunsNothing() throws {
        let result = try auditSwift(Self.app)
        let author = try Self.row(result, "tap Button \"Add author\" in Library")
        #expect(author.views.map(\.view) == ["AuthorList"])
        #expect(author.evaluations == 1)
        #expect(author.confidence == .exact, "\(author.uncertainty) \(author.notes)")
        // The second author lands in a query that holds one and has no sort: where it goes is not known.
        let two = try Self.row(result, "tap Button \"Add two authors\" in Library")
        #expect(two.views.map(\.view) == ["AuthorList"])
        #expect(two.confidence == .partial)
        #expect(two.uncertainty.contains { $0.contains("the new model put last in 'authors' of 'AuthorList', whose '@Query' has no sort") },
                "\(two.uncertainty)")
        let save = try Self.row(result, "tap Button \"Save\" in Library")
        #expect(save.evaluations == 0)
        #expect(save.confidence == .exact, "\(save.uncertainty) \(save.notes)")
    }
}
