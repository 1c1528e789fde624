import Foundation
import Testing
@testable import RippleCLI
import RippleAudit
import RippleCore

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The pull-request gate of docs/CI.md followed as a team would: a small SwiftUI app in a git repository,
/// its `main` commit, and four pull requests, each on a branch of its own. Each is audited against the
/// audit of `main` checked out beside it, as the workflow does, with the `ripple` the suite built.
@Suite(.serialized) struct PullRequestGateTests {
    static let binary = repository.appendingPathComponent(".build/debug/ripple")

    /// The app on `main`: a list whose rows are given their item, and a count that reads the store's
    /// computed `total`, a problem `main` already has.
    static let main: [String: String] = [
        "Sources/Item.swift": """
            struct Item: Identifiable, Equatable {
                let id: Int
                var name: String
                var done = false
            }

            """,
        "Sources/Store.swift": """
            import Observation

            @Observable
            final class Store {
                var items: [Item] = [
                    Item(id: 1, name: "Milk"),
                    Item(id: 2, name: "Eggs"),
                    Item(id: 3, name: "Bread"),
                ]

                var total: Int {
                    items.count
                }

                func toggle(id: Int) {
                    if let index = items.firstIndex(where: { $0.id == id }) {
                        items[index].done.toggle()
                    }
                }
            }

            """,
        "Sources/ShoppingList.swift": """
            import SwiftUI

            struct ShoppingList: View {
                @State private var store = Store()

                var body: some View {
                    VStack {
                        ItemCount(store: store)
                        List {
                            ForEach(store.items) { item in
                                ItemRow(item: item, store: store)
                            }
                        }
                    }
                }
            }

            """,
        "Sources/ItemRow.swift": """
            import SwiftUI

            struct ItemRow: View {
                let item: Item
                let store: Store

                var body: some View {
                    HStack {
                        Text(item.done ? "✓ " + item.name : item.name)
                        Button("Done") {
                            store.toggle(id: item.id)
                        }
                    }
                }
            }

            """,
        "Sources/ItemCount.swift": """
            import SwiftUI

            struct ItemCount: View {
                let store: Store

                var body: some View {
                    Text("\\(store.total) items")
                }
            }

            """,
        "Sources/ShoppingApp.swift": """
            import SwiftUI

            @main
            struct ShoppingApp: App {
                var body: some Scene {
                    WindowGroup {
                        ShoppingList()
                    }
                }
            }

            """,
    ]

    /// Each pull request: its branch and its edits, each a file and a text replaced in it.
    static let pulls: [(branch: String, edits: [(file: String, old: String, new: String)])] = [
        // Each row is given the whole store and finds its item in it.
        ("widen", [("Sources/ShoppingList.swift", "ItemRow(item: item, store: store)", "ItemRow(id: item.id, store: store)"),
                   ("Sources/ItemRow.swift", "let item: Item", "let id: Int"),
                   ("Sources/ItemRow.swift", "Text(item.done ? \"✓ \" + item.name : item.name)", "Text(store.items.first { $0.id == id }?.name ?? \"\")"),
                   ("Sources/ItemRow.swift", "store.toggle(id: item.id)", "store.toggle(id: id)")]),
        // The count is given the number it shows, not the store.
        ("narrow", [("Sources/ShoppingList.swift", "ItemCount(store: store)", "ItemCount(count: store.items.count)"),
                    ("Sources/ItemCount.swift", "let store: Store", "let count: Int"),
                    ("Sources/ItemCount.swift", "\\(store.total)", "\\(count)")]),
        // The rows are identified by their index rather than by the item's id.
        ("keys", [("Sources/ShoppingList.swift", "ForEach(store.items) { item in\n                    ItemRow(item: item, store: store)",
                   "ForEach(store.items.indices, id: \\.self) { index in\n                    ItemRow(item: store.items[index], store: store)")]),
        // The row keeps whether the item is done in a @State seeded from its parent, which later values never reach.
        ("stale", [("Sources/ShoppingList.swift", "ItemRow(item: item, store: store)", "ItemRow(id: item.id, name: item.name, store: store, done: item.done)"),
                   ("Sources/ItemRow.swift", "let item: Item\n", "let id: Int\n    let name: String\n"),
                   ("Sources/ItemRow.swift", "let store: Store\n", "let store: Store\n    @State var done: Bool\n"),
                   ("Sources/ItemRow.swift", "Text(item.done ? \"✓ \" + item.name : item.name)", "Text(done ? \"✓ \" + name : name)"),
                   ("Sources/ItemRow.swift", "store.toggle(id: item.id)", "store.toggle(id: id)")]),
    ]

    /// `git arguments…` in `folder`, which must succeed.
    @discardableResult
    func git(_ arguments: String..., in folder: URL) throws -> String {
        let git = try #require(executableOnPath("git"), "the test builds a git repository")
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["GIT_AUTHOR_NAME": "Ripple", "GIT_AUTHOR_EMAIL": "ripple@example.com", "GIT_COMMITTER_NAME": "Ripple",
                             "GIT_COMMITTER_EMAIL": "ripple@example.com", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"] {
            environment[key] = value
        }
        let result = try runProgram(git, ["-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"] + arguments, in: folder, environment: environment)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// The repository: `main`'s commit, then each pull request's commit on its branch.
    func makeRepository(in folder: URL) throws -> URL {
        let app = folder.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try git("init", "-q", in: app)
        for (file, text) in Self.main { try text.write(to: app.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        try git("add", ".", in: app)
        try git("commit", "-q", "-m", "The shopping list.", in: app)
        for pull in Self.pulls {
            try git("checkout", "-q", "-b", pull.branch, "main", in: app)
            for edit in pull.edits {
                let url = app.appendingPathComponent(edit.file)
                let text = try String(contentsOf: url, encoding: .utf8)
                try #require(text.contains(edit.old), "\(pull.branch): \(edit.old)")
                try text.replacingOccurrences(of: edit.old, with: edit.new).write(to: url, atomically: true, encoding: .utf8)
            }
            try git("commit", "-q", "-am", "The \(pull.branch) change.", in: app)
        }
        try git("checkout", "-q", "main", in: app)
        return app
    }

    /// The gate of docs/CI.md on the pull request `branch`: the base (`main`) checked out into `base`
    /// beside the app and audited into `baseline.json`, then the pull request's head audited against it
    /// in the app's folder, with `arguments`.
    func gate(_ branch: String, _ arguments: [String] = [], app: URL) throws -> ProgramResult {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the ripple product first (swift build)")
        let folder = app.deletingLastPathComponent()
        let base = folder.appendingPathComponent("base-\(branch)")
        if !FileManager.default.fileExists(atPath: base.path) { try git("worktree", "add", "-q", "--detach", base.path, "main", in: app) }
        let saved = try runProgram(Self.binary, ["audit", "Sources", "--format", "json"], in: base)
        try #require(saved.status == 0, "\(saved.stderr)")
        let baseline = folder.appendingPathComponent("baseline-\(branch).json")
        try saved.stdout.write(to: baseline, atomically: true, encoding: .utf8)
        try git("checkout", "-q", branch, in: app)
        defer { _ = try? git("checkout", "-q", "main", in: app) }
        return try runProgram(Self.binary, ["audit", "Sources", "--baseline", baseline.path] + arguments, in: app)
    }

    /// Passing each row the whole store widens what it reads: the gate fails and names the read at its
    /// line in the pull request's code, and not the count's computed `total`, which `main` has already.
    @Test func aWidenedReadFailsNamingTheReadAtItsLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try makeRepository(in: folder)
        let result = try gate("widen", app: app)
        #expect(result.status == 1)
        let why = "    Sources/ItemRow.swift:9: a read widened: `ItemRow` now reads `store.items.first { $0.id == id }?.name`, which depends on "
            + "`ShoppingList.store.items`, which the action writes; it did not in the baseline (3 re-runs, 3 in vain)\n"
        #expect(result.stderr.contains("""
              'tap Button "Done" in ItemRow[1]': evaluations 3 → 5 (+2), wasted 1 → 4 (+3)
            \(why)  'tap Button "Done" in ItemRow[3]': evaluations 3 → 5 (+2), wasted 1 → 4 (+3)
            \(why)
            """), "\(result.stderr)")
        let github = try gate("widen", ["--format", "github"], app: app)
        let errors = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.contains("against the baseline; Sources/ItemRow.swift:9: a read widened: `ItemRow` now reads") }, "\(github.stdout)")
        #expect(!github.stdout.contains("computed `total`"), "the count's old problem is not the pull request's")
        let markdown = try gate("widen", ["--format", "markdown"], app: app)
        #expect(markdown.stdout.contains("""
            | `tap Button "Done" in ItemRow[1]` | [ItemRow.swift:10](Sources/ItemRow.swift#L10) | evaluations 3 → 5 (+2), wasted 1 → 4 (+3) | \
            a read widened: `ItemRow` now reads `store.items.first { $0.id == id }?.name`, which depends on `ShoppingList.store.items`, \
            which the action writes; it did not in the baseline (3 re-runs, 3 in vain) ([ItemRow.swift:9](Sources/ItemRow.swift#L9)) |
            """), "\(markdown.stdout)")
        #expect(markdown.stdout.hasPrefix("## Ripple: 2 actions do more, 0 do less\n\n**Fails** against the baseline"))
    }

    /// Giving the count the number it shows passes, and every format says what it saves.
    @Test func aNarrowedReadPassesAndListsItsSaving() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try makeRepository(in: folder)
        let result = try gate("narrow", app: app)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error:"))
        #expect(result.stderr.contains("""
            2 actions do less than in the baseline
            """) && result.stderr.contains("""
              'tap Button "Done" in ItemRow[1]': evaluations 3 → 2 (-1), wasted 1 → 0 (-1)
              'tap Button "Done" in ItemRow[3]': evaluations 3 → 2 (-1), wasted 1 → 0 (-1)

            """), "\(result.stderr)")
        let github = try gate("narrow", ["--format", "github"], app: app)
        #expect(github.stdout.hasPrefix("::notice title=ripple audit::2 actions do less than in the baseline"), "\(github.stdout)")
        let warnings = try gate("narrow", ["--format", "warnings"], app: app)
        #expect(warnings.status == 0 && warnings.stdout.hasPrefix("note: ripple: 2 actions do less than in the baseline"), "\(warnings.stdout)")
        let markdown = try gate("narrow", ["--format", "markdown"], app: app)
        #expect(markdown.status == 0)
        #expect(markdown.stdout.hasPrefix("## Ripple: 0 actions do more, 2 do less\n\n**Passes:** nothing does more than in the baseline"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("""
            ### Does less

            - `tap Button "Done" in ItemRow[1]` ([ItemRow.swift:10](Sources/ItemRow.swift#L10)): evaluations 3 → 2 (-1), wasted 1 → 0 (-1); 1 fewer evaluation, 1 fewer wasted
            """), "\(markdown.stdout)")
        #expect(markdown.stdout.hasSuffix("**Coverage:** 1 of 1 controls simulated exactly (100%), as in the baseline.\n"))
    }

    /// Identifying the rows by index renames every row's action; each is still compared with the same
    /// control's action on `main`, and none is new or gone.
    @Test func changedForEachKeysCompareEachActionWithItsBase() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try makeRepository(in: folder)
        let result = try gate("keys", app: app)
        #expect(!result.stderr.contains("is new") && !result.stderr.contains("gone"), "\(result.stderr)")
        #expect(result.stderr.contains("""
              'tap Button "Done" in ItemRow[0]' ('tap Button "Done" in ItemRow[1]' in the baseline): wasted 1 → 2 (+1)
                Sources/ShoppingList.swift:10: a read widened: `ShoppingList` now reads `store.items.indices`, which depends on `ShoppingList.store.items`, \
            which the action writes; it did not in the baseline (1 re-run, 1 in vain)
              'tap Button "Done" in ItemRow[2]' ('tap Button "Done" in ItemRow[3]' in the baseline): wasted 1 → 2 (+1)
            """), "\(result.stderr)")
        #expect(result.status == 1, "the index keys make the list re-run in vain")
    }

    /// A row that keeps its state in a @State seeded from its parent is left stale: the gate fails and says so.
    @Test func aBrokenRowUpdateFailsAsStale() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try makeRepository(in: folder)
        let result = try gate("stale", app: app)
        #expect(result.status == 1)
        #expect(result.stderr.contains("""
              'tap Button "Done" in ItemRow[1]': stale 0 → 1 (+1)
                Sources/ItemRow.swift:7: a view stopped updating: `ItemRow`'s `@State` `_done` keeps the first value it was given, \
            though the input it was seeded from changed; it was not stale in the baseline (1 left stale)

            """), "\(result.stderr)")
    }

    /// `--update-baseline` writes the pull request's audit over the baseline, at once; against it the
    /// saving is no longer a change. Without `--baseline` it is a usage error.
    @Test func updateBaselineWritesTheNewBaseline() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try makeRepository(in: folder)
        let baseline = folder.appendingPathComponent("ripple-baseline.json")
        let first = try runProgram(Self.binary, ["audit", "Sources", "--baseline", baseline.path, "--update-baseline"], in: app)
        #expect(first.status == 0 && first.stderr.contains("wrote the baseline '\(baseline.path)'"), "\(first.stderr)")
        let saved = try String(contentsOf: baseline, encoding: .utf8)
        #expect(saved.contains("\"identity\" : \"tap Button \\\"Done\\\" in ItemRow #2\""), "\(saved.prefix(2000))")
        try git("checkout", "-q", "narrow", in: app)
        let update = try runProgram(Self.binary, ["audit", "Sources", "--baseline", baseline.path, "--update-baseline"], in: app)
        #expect(update.status == 0 && update.stderr.contains("2 actions do less than in the baseline"), "\(update.stderr)")
        let again = try runProgram(Self.binary, ["audit", "Sources", "--baseline", baseline.path], in: app)
        #expect(again.status == 0 && !again.stderr.contains("do less"), "\(again.stderr)")
        let alone = try runProgram(Self.binary, ["audit", "Sources", "--update-baseline"], in: app)
        #expect(alone.status == 64 && alone.stderr.contains("--update-baseline goes with --baseline FILE"), "\(alone.stderr)")
    }

    /// A summary names ten actions of a list and counts the rest, and what it quotes cannot break its table.
    @Test func theMarkdownSummaryStaysShort() throws {
        let actions = (1...12).map { index in
            "{\"file\": \"App\", \"variant\": \"main\", \"action\": \"tap Button in Row[\(index)]\", \"identity\": \"tap Button in Row #\(index)\", "
                + "\"evaluations\": 1, \"wasted\": 0, \"stale\": 0, \"rows\": 0, \"wastedRows\": 0, \"location\": {\"file\": \"Row.swift\", \"line\": 3, \"column\": 5}}"
        }
        let saved = "{\"coverage\": {\"controls\": 0, \"controlsExact\": 0, \"unreached\": []}, \"notes\": [], \"actions\": [\(actions.joined(separator: ", "))]}"
        let baseline = AuditBaseline(path: "base.json", document: try JSONDecoder().decode(AuditBaseline.Document.self, from: Data(saved.utf8)))
        let rows = (1...12).map { index in
            var row = AuditRow(file: "App", variant: "main", action: "tap Button in Row[\(index)]", kind: "tap", control: "Button",
                               location: TraceLocation(SourceLocation(file: "App/Row.swift", line: 3, column: 5)))
            row.identity = "tap Button in Row #\(index)"
            row.evaluations = 2
            return row
        }
        let comparison = baseline.compare(rows, coverage: Coverage(), notes: [], paths: AuditPaths(folders: ["App"]))
        let text = AuditMarkdown.text(ranked: rows, coverage: Coverage(), overruns: [], comparison: comparison, baseline: baseline, root: "/nowhere")
        #expect(text.components(separatedBy: "\n| `tap Button in Row[").count - 1 == AuditMarkdown.listed)
        #expect(text.contains("\n… and 2 more\n"))
        #expect(AuditMarkdown.code("a|b `c`") == "`` a\\|b `c` ``")
        #expect(AuditMarkdown.escape("x | <b>") == "x \\| &lt;b>")
    }
}
