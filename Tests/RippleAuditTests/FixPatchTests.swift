import Foundation
import Testing
@testable import RippleAudit
@testable import RippleCore
import RippleSwift

/// Fixes written into the source they were made from (`FixPatch`): each as a must / must-not pair, the
/// rewritten text read as a person reviewing the patch would read it.
@Suite struct FixPatchTests {
    /// The app's declarations, the fix for `hint` in them, and the file as the fix rewrites it.
    static func rewritten(_ source: String, hint: AuditHint) throws -> (fix: ProvenFix, text: String) {
        var module = SwiftModule()
        module.add(source: source, file: "App.swift")
        let syntax = module.scenario(title: "app", file: "App.swift", root: nil)
        let declarations = ProvenFixes.declarations(of: syntax, variant: "main")
        let fix = try #require(ProvenFixes.fix(for: hint, in: declarations))
        let (files, leftOut) = FixPatch.rewrittenFiles([FixPatch.Group(original: declarations, fixes: [fix], first: 0)], texts: ["App.swift": source])
        #expect(leftOut.isEmpty, "\(leftOut.map(\.reason.message))")
        return (fix, try #require(files.first).new)
    }

    static func hint(_ kind: AuditHint.Kind, _ view: String, _ subject: String? = nil) -> AuditHint {
        AuditHint(kind: kind, view: view, text: "", guidance: "", subject: subject)
    }

    static let card = """
        import SwiftUI

        /// A card around its caller's content.
        struct Card<Content: View>: View {
            let title: String
            let content: () -> Content

            init(title: String, @ViewBuilder content: @escaping () -> Content) {
                self.title = title
                self.content = content
            }

            var body: some View {
                VStack {
                    Text(title)
                    content()
                }
            }
        }

        struct Board: View {
            @State private var points = 0
            var body: some View {
                Card(title: "Points") { Text("\\(points)") }
            }
        }
        """

    /// Must: a view's `==` is `nonisolated`, for `View` isolates it to the main actor; must not: a plain
    /// struct's `==` stays as Swift writes it.
    @Test func aViewsEqualsIsNonisolatedAndAPlainStructsIsNot() {
        let location = SourceLocation(file: "App.swift", line: 1, column: 1)
        let view = TypeDeclarationSyntax(kind: .structure, attributes: [], name: "Row", conformances: ["View"], members: [], cases: [], location: location)
        let model = TypeDeclarationSyntax(kind: .structure, attributes: [], name: "Item", conformances: ["Identifiable"], members: [], cases: [], location: location)
        let printer = SwiftPrinter()
        #expect(printer.member(.function(EquatableOnData.equals(for: view, comparing: ["title"])), level: 0)
                    .hasPrefix("nonisolated static func == (_ lhs: Row, _ rhs: Row) -> Bool {"))
        #expect(printer.member(.function(EquatableOnData.equals(for: model, comparing: ["title"])), level: 0)
                    .hasPrefix("static func == (_ lhs: Item, _ rhs: Item) -> Bool {"))
    }

    /// Must: a generic container keeps its generic parameter, its `@ViewBuilder` and `@escaping`, and
    /// its comment; must not: anything but the conformance and the new `==` changes.
    @Test func aGenericContainerKeepsItsSignature() throws {
        let (_, text) = try Self.rewritten(Self.card, hint: Self.hint(.closureInput, "Card"))
        #expect(text.contains("/// A card around its caller's content.\nstruct Card<Content: View>: View, Equatable {"))
        #expect(text.contains("    init(title: String, @ViewBuilder content: @escaping () -> Content) {"))
        #expect(text.contains("    nonisolated static func == (_ lhs: Card, _ rhs: Card) -> Bool {\n        lhs.title == rhs.title\n    }\n}"))
        let removed = UnifiedDiff.hunks(old: UnifiedDiff.lines(of: Self.card).lines, new: UnifiedDiff.lines(of: text).lines)
            .flatMap(\.lines).filter { $0.mark == "-" }.map(\.text)
        #expect(removed == ["struct Card<Content: View>: View {"])
    }

    static func store(_ tasks: String, sources: String) -> String {
        """
        import Observation

        @Observable
        final class Store {
            \(tasks)
            var done = 0\(sources)

            var summary: String {
                "\\(tasks.count) \\(done)"
            }
        }
        """
    }

    /// Must: `private(set)` stays on a property the fix gives a `didSet`; must not: a property without
    /// it gains none.
    @Test func accessLevelsStayAsWritten() throws {
        let original = Self.store("private(set) var tasks: [Int] = []", sources: "")
        let (_, text) = try Self.rewritten(original, hint: Self.hint(.computedProperty, "Badge", "summary"))
        #expect(text.contains("    private(set) var tasks: [Int] = [] {\n        didSet {\n"))
        #expect(text.contains("    var done = 0 {\n"))
        #expect(!text.contains("private(set) var done"))
        #expect(text.contains("    var summary: String = \"\"\n"))
    }

    /// Must: with two stored properties feeding the value, their `didSet`s call one `updateSummary()`,
    /// written once; must not: with one, the update is written in its `didSet` and no function is added.
    @Test func severalObserversShareOneUpdateFunction() throws {
        let (_, shared) = try Self.rewritten(Self.store("var tasks: [Int] = []", sources: ""), hint: Self.hint(.computedProperty, "Badge", "summary"))
        #expect(shared.components(separatedBy: "updateSummary()").count - 1 == 3, "\(shared)")
        #expect(shared.components(separatedBy: "let updatedSummary = ").count - 1 == 1)
        #expect(shared.contains("    private func updateSummary() {"))

        let single = Self.store("var tasks: [Int] = []", sources: "").replacingOccurrences(of: " \\(done)", with: "")
        let (_, inline) = try Self.rewritten(single, hint: Self.hint(.computedProperty, "Badge", "summary"))
        #expect(!inline.contains("updateSummary"))
        #expect(inline.components(separatedBy: "let updatedSummary = ").count - 1 == 1)
    }

    /// Must: an attribute alone is edited in place, the rest of the line as written; must not: a member
    /// the fix did not change is printed again.
    @Test func anAttributeIsEditedInPlace() throws {
        let source = """
            import SwiftUI

            final class Player: ObservableObject {
                @Published var score = 0   // the score
                @Published var name = "Ada"
            }

            struct Game: View {
                @StateObject private var player = Player()
                var body: some View {
                    VStack {
                        Text(player.name)
                        Button("Score") { player.score += 1 }
                    }
                }
            }
            """
        let (_, text) = try Self.rewritten(source, hint: Self.hint(.observableObject, "Game"))
        #expect(text.contains("@Observable\nfinal class Player {\n    var score = 0   // the score\n    var name = \"Ada\"\n}"), "\(text)")
        #expect(text.contains("    @State private var player = Player()\n"))
        #expect(text.contains("        VStack {\n            Text(player.name)\n"))
    }

    /// Must: a view a fix adds goes after the view it was taken from, at that view's indentation, and
    /// the statement it replaces is the only one the body's rewrite prints.
    @Test func anAddedViewFollowsTheViewItCameFrom() throws {
        let source = """
            import SwiftUI

            @Observable final class Game {
                var round = 1
                var score = 0
            }

            enum Screens {
                struct Scoreboard: View {
                    @State private var game = Game()
                    var body: some View {
                        VStack {
                            // What round it is.
                            Text("Round \\(game.round)")
                            Stepper("Score",
                                    value: $game.score); Text("\\(game.score)")
                        }
                    }
                }
            }
            """
        let (fix, text) = try Self.rewritten(source, hint: Self.hint(.readInChild, "Scoreboard", "game.round"))
        let added = try #require(fix.after.map(\.name).first { $0 != "Scoreboard" })
        #expect(text.contains("            }\n        }\n    }\n\n    struct \(added): View {\n        let game: Game\n"), "\(text)")
        // Must: the statement that changed is replaced where it is; must not: the others are printed again.
        #expect(text.contains("            VStack {\n                // What round it is.\n                \(added)(game: game)\n"
                              + "                Stepper(\"Score\",\n                        value: $game.score); Text(\"\\(game.score)\")\n"), "\(text)")
    }

    /// Must not: a rewrite that does not parse is written into no file, and the audit does not keep it;
    /// must: the same rewrite with a name Swift accepts is written.
    @Test func aRewriteThatDoesNotParseIsNeitherWrittenNorKept() throws {
        var module = SwiftModule()
        module.add(source: Self.card, file: "App.swift")
        let syntax = module.scenario(title: "app", file: "App.swift", root: nil)
        let declarations = ProvenFixes.declarations(of: syntax, variant: "main")
        let good = try #require(ProvenFixes.fix(for: Self.hint(.closureInput, "Card"), in: declarations))
        var bad = good
        guard case .type(var card) = bad.after[0] else { Issue.record("not a type"); return }
        card.members.append(.property(PropertySyntax(attributes: [], modifiers: [], isLet: true, name: "two words", type: .named("Int", arguments: []),
                                                     location: card.location)))
        bad.after = [.type(card)]
        let group = { (fix: ProvenFix) in FixPatch.Group(original: declarations, fixes: [fix], first: 0) }
        #expect(FixPatch.rewrittenFiles([group(good)], texts: ["App.swift": Self.card]).leftOut.isEmpty)
        #expect(FixPatch.rewrittenFiles([group(bad)], texts: ["App.swift": Self.card]).leftOut.map(\.reason.message) == ["the rewritten 'Card' does not parse"])

        var scenario = try Scenario(syntax: syntax, file: "App.swift")
        scenario.rewriteCheck = { syntax, variant, fixes in FixPatch.problem(syntax, variant: variant, fixes: fixes) { _ in Self.card } }
        let variant = try #require(scenario.variants.first).name
        let rows = try Audit(threads: 1).rows(of: scenario, variant: variant, file: "App.swift")
        let tried = AuditFixes(scenario: scenario, variant: variant, file: "App.swift", rows: rows, trying: [bad], allRows: false, threads: 1)
        #expect(tried.kept.isEmpty)
        #expect(tried.proofs.first?.rejected == "the rewrite cannot be written into the source: the rewritten 'Card' does not parse")
        let kept = AuditFixes(scenario: scenario, variant: variant, file: "App.swift", rows: rows, trying: [good], allRows: false, threads: 1)
        #expect(kept.proofs.first?.rejected?.hasPrefix("the rewrite cannot") != true)
    }
}
