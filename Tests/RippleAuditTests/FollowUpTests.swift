import Testing
import RippleAudit
import RippleCore
import RippleSwift

/// The actions an action brings on screen — a dialog's buttons after the tap that presents it, a sheet's
/// controls — are performed in the state it leaves, each row named `first, then next`. An alert's or a
/// confirmation dialog's button dismisses it after its action; a sheet's button does not.
@Suite struct FollowUpTests {
    static let app = """
        import SwiftUI

        @Observable final class Library {
            var books: [String] = ["Dune", "Emma"]
            var archived = 0
            var likes = 0
        }

        struct ShelfView: View {
            @State private var library = Library()
            @State private var confirmingDelete = false
            @State private var showingLikes = false
            var body: some View {
                VStack {
                    Text(confirmingDelete ? "Asking" : "Idle")
                    Text(showingLikes ? "Open" : "Closed")
                    BookCount(count: library.books.count)
                    Button("Delete All") { confirmingDelete = true }
                    Button("Likes") { showingLikes = true }
                }
                .confirmationDialog("Delete every book?", isPresented: $confirmingDelete) {
                    Button("Delete", role: .destructive) { library.books.removeAll() }
                    Button("Archive") { library.archived += 1 }
                }
                .sheet(isPresented: $showingLikes) {
                    LikesView(library: library)
                }
            }
        }

        struct BookCount: View {
            let count: Int
            var body: some View { Text("\\(count) books") }
        }

        struct LikesView: View {
            let library: Library
            var body: some View {
                Text("\\(library.likes) likes")
                Button("Like") { library.likes += 1 }
            }
        }
        """

    static func row(_ result: AuditResult, _ name: String) throws -> AuditRow {
        try #require(result.rows.first { $0.action == name }, "\(result.rows.map(\.action))")
    }

    @Test func aDialogsButtonsArePerformedAfterTheTapThatPresentsIt() throws {
        let result = try auditSwift(Self.app)
        let delete = try Self.row(result, "tap Button \"Delete All\" in ShelfView, then tap Button \"Delete\" in confirmationDialog")
        #expect(delete.after == "tap Button \"Delete All\" in ShelfView")
        #expect(delete.confidence == .exact, "\(delete.uncertainty)")
        // The count goes from 2 to 0: the screen's body reads it and hands it to the badge.
        #expect(delete.views.map(\.view) == ["ShelfView", "BookCount"])
        #expect(delete.evaluations == 2 && delete.wasted == 0)
        // A write nothing on screen reads re-runs no body; dismissing the dialog re-runs the screen, which
        // shows whether it is asking.
        let archive = try Self.row(result, "tap Button \"Delete All\" in ShelfView, then tap Button \"Archive\" in confirmationDialog")
        #expect(archive.views.map(\.view) == ["ShelfView"])
        #expect(archive.evaluations == 1 && archive.wasted == 0)
        // The first state offers neither button on its own.
        #expect(!result.rows.contains { $0.action.hasPrefix("tap Button \"Delete\"") })
    }

    /// A dialog's buttons write the presenter's own `@State`, which the content captured: the write goes to
    /// the presenter's storage, as the closure's `self` would, and re-runs only a body that reads it.
    @Test func aDialogsButtonWritesThePresentersOwnState() throws {
        let result = try auditSwift("""
            import SwiftUI

            struct TagList: View {
                @State private var tags = ["red", "blue"]
                @State private var confirming = false
                @State private var cleared = 0
                var body: some View {
                    VStack {
                        Text("\\(tags.count) tags")
                        Button("Clear") { confirming = true }
                    }
                    .confirmationDialog("Clear every tag?", isPresented: $confirming) {
                        Button("Clear", role: .destructive) { tags = [] }
                        Button("Count") { cleared += 1 }
                    }
                }
            }
            """)
        let clear = try Self.row(result, "tap Button \"Clear\" in TagList, then tap Button \"Clear\" in confirmationDialog")
        #expect(clear.confidence == .exact, "\(clear.uncertainty) \(clear.notes)")
        #expect(clear.views.map(\.view) == ["TagList"])
        #expect(clear.evaluations == 1 && clear.wasted == 0)
        // `cleared` is read by no body: nothing re-runs, and the dialog's dismissal re-runs nothing either.
        let count = try Self.row(result, "tap Button \"Clear\" in TagList, then tap Button \"Count\" in confirmationDialog")
        #expect(count.confidence == .exact, "\(count.uncertainty) \(count.notes)")
        #expect(count.evaluations == 0)
    }

    @Test func aSheetsButtonLeavesTheSheetShown() throws {
        let result = try auditSwift(Self.app)
        // The sheet stays: the like re-runs the view inside it that shows the count, and not the screen,
        // which shows whether the sheet is open.
        let like = try Self.row(result, "tap Button \"Likes\" in ShelfView, then tap Button \"Like\" in LikesView")
        #expect(like.views.map(\.view) == ["LikesView"])
        #expect(like.evaluations == 1 && like.wasted == 0)
    }

    /// The HTML report draws a follow-up as it draws any action: its trace, with the counts of its row,
    /// starting from the tree the first action left.
    @Test func aFollowUpIsDrawnWithItsOwnTrace() throws {
        var module = SwiftModule()
        module.add(source: Self.app, file: "App.swift")
        let scenario = try Scenario(syntax: module.scenario(title: "app", file: "App.swift", root: nil), file: "App.swift")
        var drawing: AuditDrawing? = AuditDrawing()
        let rows = try Audit(threads: 1).rows(of: scenario, variant: scenario.variants[0].name, file: "App.swift", drawing: &drawing)
        let name = "tap Button \"Delete All\" in ShelfView, then tap Button \"Delete\" in confirmationDialog"
        let row = try #require(rows.first { $0.action == name })
        let trace = try #require(drawing?.traces[name])
        #expect(trace.actionCounts.evaluations == row.evaluations)
        #expect(drawing?.starting[name]?.contains { $0.hasSuffix("confirmationDialog") } == true)
    }
}
