import Foundation
import Testing

/// The coverage summary and the confidence of each row: what Ripple skipped never looks like "nothing
/// happened". Each fixture in `Tests/Fixtures/Swift/Dropped` is a way real code was dropped.
@Suite struct CoverageTests {
    /// The JSON object `ripple audit --format json` prints for a fixture.
    private func audit(_ fixture: String, _ options: String...) throws -> (object: [String: Any], result: (status: Int32, stdout: String, stderr: String)) {
        try auditJSON("Tests/Fixtures/Swift/Dropped/" + fixture, options)
    }

    // A postfix `#if` in a modifier chain is read by the build configuration, and the view around it
    // stays whole, with no warning (ReachTests holds the macOS and iOS pair).
    @Test func aPostfixIfInAModifierChainKeepsTheViewAndItsButton() throws {
        let (object, result) = try audit("PostfixIf")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        let coverage = try #require(object["coverage"] as? [String: Any])
        #expect(coverage["controls"] as? Int == 2)
        #expect(coverage["controlsOffered"] as? Int == 2)
        #expect(coverage["viewsNotSimulated"] as? Int == 0)
        #expect((coverage["unreached"] as? [[String: Any]])?.isEmpty == true)
        #expect(actionsByName(object)["tap Button \"Mark all played\" in EpisodeList"]?["evaluations"] as? Int == 1)
        let text = ripple("audit", "Tests/Fixtures/Swift/Dropped/PostfixIf")
        #expect(!text.stdout.contains("controls not simulated"))
        // "Clear" clears only once something was marked played: the audit performs it after "Mark all played".
        #expect(text.stdout.contains("coverage: 1 of 1 view types evaluated; 2 of 2 controls offered as actions, 2 evaluate a body, 2 simulated exactly (100%)\n"
                                     + "  actions: 3 exact, 0 partial, 0 not simulated; 0 views or bodies and 0 statements not simulated\n"), "\(text.stdout)")
    }

    // `withAnimation` runs its closure, so an action that calls it is exact. What is partial is what a
    // `Task` runs after its first `await`.
    @Test func anActionThatRunsWhatIsNotSimulatedIsPartialAndOneThatDoesNotIsExact() throws {
        let (animated, _) = try audit("WithAnimation")
        #expect(actionsByName(animated)["tap Button \"Add animated\" in CounterView"]?["confidence"] as? String == "exact")
        #expect(actionsByName(animated)["tap Button \"Add animated\" in CounterView"]?["evaluations"] as? Int == 1)
        let (object, _) = try audit("TaskContinuation")
        let found = actionsByName(object)
        #expect(found["tap Button \"Refresh\" in FeedView"]?["confidence"] as? String == "partial")
        #expect(found["tap Button \"Clear\" in FeedView"]?["confidence"] as? String == "exact")
        let coverage = try #require(object["coverage"] as? [String: Any])
        #expect(coverage["actionsExact"] as? Int == 1)
        #expect(coverage["actionsPartial"] as? Int == 1)
        #expect(coverage["controlsExact"] as? Int == 1)
    }

    @Test func aWastedVerdictOnAnOpaqueValueIsPartialAndGetsNoHint() throws {
        let (object, _) = try audit("OpaqueComparison")
        let row = try #require(actionsByName(object)["tap Button \"Download\" in LibraryView"])
        #expect(row["wasted"] as? Int == 1)
        #expect(row["judgedWasted"] as? Int == 0)
        #expect(row["confidence"] as? String == "partial")
        #expect(row["uncertainty"] as? [String] == ["CatalogHeader: store.catalog.title"])
        #expect((row["hints"] as? [Any])?.isEmpty == true)
        // The budget counts no evaluation judged on an opaque value, and says what it could not judge.
        let budget = ripple("audit", "Tests/Fixtures/Swift/Dropped/OpaqueComparison", "--max-wasted", "0")
        #expect(budget.status == 0, "\(budget.stderr)")
        #expect(budget.stderr.contains("--max-wasted could not judge 1 action: 1 with a verdict that rests on an opaque value"), "\(budget.stderr)")
    }

    @Test func aWastedVerdictOnKnownValuesIsExactAndCountsAgainstTheBudget() throws {
        let result = ripple("audit", "Scenarios/apps/task-manager", "--rows", "2", "--format", "json", "--max-wasted", "0")
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let row = try #require(actionsByName(object)["tap Button in TaskRowView[UUID-1]"])
        #expect(row["wasted"] as? Int == 1)
        #expect(row["judgedWasted"] as? Int == 1)
        #expect(row["confidence"] as? String == "exact")
        #expect(row["uncertainty"] as? [String] == [])
    }

    @Test func aButtonInABuilderModifierThatIsNotPerformedIsListedWithItsReason() throws {
        let (object, _) = try audit("BuilderModifier")
        let coverage = try #require(object["coverage"] as? [String: Any])
        let unreached = try #require(coverage["unreached"] as? [[String: Any]])
        #expect(unreached.map { $0["control"] as? String } == ["Button"])
        #expect((unreached.first?["location"] as? [String: Any])?["line"] as? Int == 13)
        #expect(actionsByName(object).keys.contains("type in .searchable in SearchView"))
    }

    @Test func minimumCoverageFailsBelowItAndPassesAtIt() {
        let below = ripple("audit", "Tests/Fixtures/Swift/Dropped/TaskContinuation", "--min-coverage", "60")
        #expect(below.status == 1)
        #expect(below.stderr.contains("error: the audit simulated 1 of 2 controls exactly (50%), under the minimum of 60%"), "\(below.stderr)")
        let at = ripple("audit", "Tests/Fixtures/Swift/Dropped/TaskContinuation", "--min-coverage", "50%")
        #expect(at.status == 0, "\(at.stderr)")
        let wrong = ripple("audit", "Tests/Fixtures/Swift/Dropped/TaskContinuation", "--min-coverage", "150")
        #expect(wrong.status == 64)
    }

    @Test func aWholeAuditFitsOneHundredTwentyColumnsUnlessWide() {
        let narrow = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3")
        #expect(narrow.stdout.contains("hints:\n  tap Button in TaskRowView[UUID-1]: `TaskCountBadge` reads"))
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(narrow.stdout)")
        let wide = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--wide")
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 120 })
    }

    @Test func theTableFitsOneHundredTwentyColumnsUnlessWide() {
        let narrow = ripple("audit", "Tests/Fixtures/Swift/Dropped/PostfixIf")
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(narrow.stdout)")
        let wide = ripple("audit", "Tests/Fixtures/Swift/Dropped/PostfixIf", "--wide")
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 120 })
        // Whole, the place is the file's path in the folder audited.
        #expect(wide.stdout.contains("  EpisodeRow.swift:15  "), "\(wide.stdout)")
        #expect(!wide.stdout.contains("Tests/Fixtures/"), "\(wide.stdout)")
    }

    @Test func notesAreGroupedByKindUnlessAllAreAskedFor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let properties = (1...12).map { "    @SceneStorage(\"key\($0)\") private var value\($0) = 0" }.joined(separator: "\n")
        try "import SwiftUI\nstruct Screen: View {\n\(properties)\n    var body: some View { Text(\"x\") }\n}\n"
            .write(to: folder.appendingPathComponent("Screen.swift"), atomically: true, encoding: .utf8)
        let grouped = ripple("parse", folder.path)
        #expect(grouped.stderr.contains("… and 11 more like it"), "\(grouped.stderr)")
        #expect(grouped.stderr.split(separator: "\n").count == 3, "\(grouped.stderr)")
        let all = ripple("audit", folder.path, "--notes")
        #expect(all.stderr.split(separator: "\n").filter { $0.contains("note: property wrapper '@SceneStorage' is not simulated") }.count == 12, "\(all.stderr)")
    }
}

/// An action is named by what its control shows a person when its title is not a literal argument.
@Suite struct ActionLabelTests {
    @Test func aControlIsNamedByItsLabelsTitleOrSymbol() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            import SwiftUI
            struct FavoritesView: View {
                @State private var favorite = false
                @State private var count = 0
                @State private var filter = 0
                var body: some View {
                    VStack {
                        Button { favorite.toggle() } label: { Label("Favorite", systemImage: "star") }
                        Button(action: { count += 1 }) { Image(systemName: "plus.circle").font(.title) }
                        Toggle(isOn: $favorite) { HStack { Text("Starred") } }
                        Button { count = 0 } label: { Image(systemName: count > 0 ? "xmark" : "circle") }
                        Picker(selection: $filter) { Text("All").tag(0); Text("Mine").tag(1) } label: { Text("Filter") }
                        Text("\\(count)")
                    }
                }
            }
            """.write(to: folder.appendingPathComponent("FavoritesView.swift"), atomically: true, encoding: .utf8)
        let result = ripple("audit", folder.path, "--format", "json")
        let names = Set(try #require(auditActions(result.stdout)).compactMap { $0["action"] as? String })
        #expect(names == ["tap Button \"Favorite\" in FavoritesView", "tap Button \"plus.circle\" in FavoritesView",
                          "toggle Toggle \"Starred\" in FavoritesView", "tap Button in FavoritesView",
                          "choose Picker \"Filter\" in FavoritesView",
                          // The button that resets the count changes something only once the count is above 0.
                          "tap Button \"plus.circle\" in FavoritesView, then tap Button in FavoritesView"], "\(names)")
    }
}

/// An app with several screens opens on a summary page in the HTML report.
@Suite struct AuditAppSummaryTests {
    @Test func anAppWithSeveralScreensOpensOnItsSummary() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-app-\(UUID().uuidString)")
        let app = root.appendingPathComponent("Shop")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try """
            import SwiftUI
            @Observable final class Cart { var items: [String] = []; var note = "" }
            struct CartScreen: View {
                @State private var cart = Cart()
                var body: some View {
                    VStack {
                        CartBadge(cart: cart)
                        Text(cart.note)
                        Button("Add note") { cart.note += "!" }
                    }
                }
            }
            struct CartBadge: View {
                let cart: Cart
                var body: some View { Text("\\(cart.items.count)") }
            }
            struct AboutScreen: View {
                @State private var shown = false
                var body: some View { Toggle("Details", isOn: $shown) }
            }
            struct LogoScreen: View {
                var body: some View { Text("Shop") }
            }
            """.write(to: app.appendingPathComponent("Screens.swift"), atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("out")
        let result = ripple("audit", app.path, "--format", "html", "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try String(contentsOf: output.appendingPathComponent("audit-shop/index.html"), encoding: .utf8)
        #expect(summary.contains("<h1>Audit: Shop</h1>"))
        #expect(summary.contains("id=\"coverage\""))
        // Screens with actions are cards, most wasted first; the one without is not reached.
        let cart = try #require(summary.range(of: "audit-shop-cartscreen/index.html\">CartScreen</a>"))
        let about = try #require(summary.range(of: "audit-shop-aboutscreen/index.html\">AboutScreen</a>"))
        #expect(cart.lowerBound < about.lowerBound)
        #expect(summary.contains("Screens without an action Ripple could perform (1): LogoScreen."))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("audit-shop-logoscreen").path))
        let screen = try String(contentsOf: output.appendingPathComponent("audit-shop-cartscreen/index.html"), encoding: .utf8)
        #expect(screen.contains("<title>Audit: CartScreen — Ripple</title>"), "\(screen.prefix(600))")
        // The gallery lists the app once, not each screen.
        let gallery = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("audit-shop/index.html"))
        #expect(!gallery.contains("audit-shop-cartscreen/index.html"))
        #expect(gallery.contains("<th>screen</th>"))
    }
}

/// `ripple run` marks an evaluation whose verdict rests on an opaque value, in both forms; one on known
/// values is not marked.
@Suite struct RunUncertaintyTests {
    @Test func aVerdictOnAnOpaqueValueIsMarkedNotExact() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = folder.appendingPathComponent("opaque.ripple")
        try "scenario \"opaque\"\nsource \"\(repository.path)/Tests/Fixtures/Swift/Dropped/OpaqueComparison\"\nstep \"download\" { tap Button \"Download\" in LibraryView }\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let compact = ripple("run", file.path)
        #expect(compact.status == 0, "\(compact.stderr)")
        let header = try #require(compact.stdout.split(separator: "\n").first { $0.contains("CatalogHeader  wasted") })
        #expect(header.contains("wasted  not exact, rests on store.catalog.title, an opaque value: "), "\(header)")
        let library = try #require(compact.stdout.split(separator: "\n").first { $0.contains("LibraryView  needed") })
        #expect(!library.contains("not exact"))
        let verbose = ripple("run", file.path, "--verbose")
        #expect(verbose.stdout.contains("nothing it reads changed (not exact, rests on store.catalog.title, an opaque value)"), "\(verbose.stdout)")
        let json = ripple("run", file.path, "--format", "json")
        #expect(json.stdout.contains("\"uncertainty\" : [\n") || json.stdout.contains("\"uncertainty\":["), "\(json.stdout.prefix(300))")
    }
}

/// The JSON object `ripple audit PATH --format json` prints, and the run.
func auditJSON(_ path: String, _ options: [String] = []) throws -> (object: [String: Any], result: (status: Int32, stdout: String, stderr: String)) {
    let result = ripple(["audit", path, "--format", "json"] + options)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    return (object, result)
}

/// An audit's rows by action name: the first, in ranked order, where several states offer one action.
func actionsByName(_ object: [String: Any]) -> [String: [String: Any]] {
    Dictionary(((object["actions"] as? [[String: Any]]) ?? []).map { (($0["action"] as? String) ?? "", $0) }, uniquingKeysWith: { first, _ in first })
}
