import Testing
import RippleAudit
@testable import RippleCore

/// A local that holds views (`let contentView = VStack { … }`, `@ViewBuilder var contentView: some View
/// { … }`) is built where it stands in view position, and from its declaration on it hides the property
/// of the same name, as in Swift: the property that declares it does not call itself.
@Suite struct LocalViewTests {
    /// NativeAppTemplate's shape: a computed view property whose local of the same name builds the screen.
    static let viewBuilderLocal = """
        import SwiftUI

        struct ShopView: View {
            @State private var isLoading = false
            @State private var count = 0
            @State private var note = ""
            var body: some View {
                contentView
                    .navigationTitle("Shop")
            }
            var contentView: some View {
                @ViewBuilder var contentView: some View {
                    if isLoading {
                        ProgressView()
                    } else {
                        formView
                    }
                }
                return contentView
            }
            var formView: some View {
                Form {
                    CountText(count: count)
                    NoteText(note: note)
                    Button("Add") { count += 1 }
                    Button("Clear") { note = "" }
                    Button("Load") { isLoading = true }
                }
            }
        }

        struct CountText: View {
            let count: Int
            var body: some View { Text("\\(count)") }
        }

        struct NoteText: View {
            let note: String
            var body: some View { Text(note) }
        }
        """

    /// The same screen with the local a `let` holding the views.
    static let letLocal = viewBuilderLocal.replacingOccurrences(of: """
                @ViewBuilder var contentView: some View {
                    if isLoading {
                        ProgressView()
                    } else {
                        formView
                    }
                }
        """, with: """
                let contentView = VStack {
                    formView
                }
                .padding()
        """)

    @Test(arguments: [("@ViewBuilder var", viewBuilderLocal), ("let", letLocal)])
    func aLocalNamedAsItsPropertyBuildsItsViews(form: String, source: String) throws {
        #expect(source.contains(form + " contentView"))
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(!notes.contains { $0.contains("call depth") || $0.contains("not simulated") || $0.contains("without a value") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.confidence == .exact, "\(add.notes.map(\.message)) \(add.uncertainty)")
        // The screen and the count re-run; the note, whose input did not change, does not.
        #expect(add.views.map(\.view) == ["ShopView", "CountText"])
        #expect(add.evaluations == 2 && add.wasted == 0)
        let clear = try row(result, "tap Button \"Clear\"")
        #expect(clear.confidence == .exact)
        #expect(clear.evaluations == 0)
    }

    @Test func aBranchInsideTheLocalIsTaken() throws {
        let result = try auditSwift(Self.viewBuilderLocal)
        let load = try row(result, "tap Button \"Load\"")
        #expect(load.confidence == .exact, "\(load.notes.map(\.message)) \(load.uncertainty)")
        #expect(load.views.map(\.view) == ["ShopView"])
        #expect(load.evaluations == 1 && load.wasted == 0)
    }

    /// A local holding a value, not views, stays a value: the colour a modifier takes.
    @Test func aLocalHoldingAStylingValueIsAValue() throws {
        let source = Self.letLocal.replacingOccurrences(of: ".padding()", with: ".foregroundStyle(tint)")
            .replacingOccurrences(of: "let contentView = VStack {", with: "let tint = Color.red\n        let contentView = VStack {")
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(!notes.contains { $0.contains("not simulated") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.confidence == .exact)
        #expect(add.views.map(\.view) == ["ShopView", "CountText"])
    }
}
