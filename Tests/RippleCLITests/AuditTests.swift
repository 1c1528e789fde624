import Foundation
import Testing
@testable import RippleAudit
@testable import RippleCLI
@testable import RippleCore
import RippleSwift

/// `ripple audit`: every action on screen found, named, performed from the first state, and ranked.
private let auditRepository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite(.serialized) struct AuditTests {
    static let screen = """
    scenario "audit"
    semantics swift6.2
    @Observable final class Model {
        var count = 0
        var name = ""
        var on = false
        var title = "Inbox"
        var items: [Int] = [1, 2, 3, 4, 5]
        func bump() { count += 1 }
    }
    struct Root: View {
        @State private var model = Model()
        @State private var volume = 3
        var body: some View {
            Text(model.title)
            Button("Bump") { model.bump() }
            Toggle("On", isOn: $model.on)
            TextField("Name", text: $model.name)
            Stepper("Volume", value: $volume)
            Text("\\(volume)").onTapGesture { model.title = "Tapped" }
            Text("hold").onLongPressGesture { model.title = model.title }
            TextField("Search", text: $model.name).onSubmit { model.count = 0 }
            Counter(model: model)
            Summary(model: model)
            ForEach(model.items, id: \\.self) { item in
                Row(model: model, item: item)
            }
        }
    }
    struct Counter: View {
        let model: Model
        var body: some View { Text("\\(model.count)") }
    }
    struct Summary: View {
        let model: Model
        var body: some View { Text(model.items.isEmpty ? "no items" : "items") }
    }
    struct Row: View {
        let model: Model
        let item: Int
        var body: some View {
            Text("\\(item) \\(model.title)")
            Button("Remove") { model.items.removeAll { $0 == item } }
        }
    }
    """

    func actions(allRows: Bool = false) throws -> [AvailableAction] {
        let scenario = try Scenario(source: Self.screen, file: "audit.ripple")
        return try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62).availableActions(allRows: allRows)
    }

    @Test func everyKindOfActionIsFoundAndNamed() throws {
        let names = try actions().map(\.name)
        #expect(names.prefix(8) == [
            "tap Button \"Bump\" in Root", "toggle Toggle \"On\" in Root", "type in TextField \"Name\" in Root",
            "increment Stepper \"Volume\" in Root", "tap .onTapGesture in Root", "long press .onLongPressGesture in Root",
            // A modifier's action is recorded before the view it modifies.
            "submit .onSubmit in Root", "type in TextField \"Search\" in Root",
        ])
        // A text that is no control offers nothing.
        #expect(!names.contains { $0.contains("Text ") })
    }

    /// A row's action is listed for the first and the last row, or for every row when asked.
    @Test func rowsAreRepresentedByTheirFirstAndLast() throws {
        #expect(try actions().filter { $0.name.hasPrefix("tap Button \"Remove\"") }.map(\.instance) == ["Root/Row[1]", "Root/Row[5]"])
        #expect(try actions(allRows: true).filter { $0.name.hasPrefix("tap Button \"Remove\"") }.count == 5)
    }

    @Test(arguments: [
        // Must re-evaluate: what the action changed is read.
        ("tap Button \"Bump\" in Root", ["Counter"], [String]()),
        ("tap .onTapGesture in Root", ["Root", "Row[1]", "Row[2]", "Row[3]", "Row[4]", "Row[5]"], []),
        ("increment Stepper \"Volume\" in Root", ["Root"], []),
        // `$model.on` is read by the body that makes it (Rule 5.5), and the toggle shows it.
        ("toggle Toggle \"On\" in Root", ["Root"], []),
        // A removed row re-runs the body holding the ForEach; the rows left are handed equal inputs, and
        // the summary shows the same text.
        ("tap Button \"Remove\" in Row[1]", ["Root", "Summary"], ["Summary"]),
        // Must not: an equal assignment does not notify.
        ("long press .onLongPressGesture in Root", [], []),
    ])
    func anActionIsPerformedFromTheFirstState(name: String, evaluated: [String], wasted: [String]) throws {
        let scenario = try Scenario(source: Self.screen, file: "audit.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let index = try #require(simulation.availableActions().firstIndex { $0.name == name })
        let step = try simulation.perform(actionAt: index)
        #expect(step.instances.filter { $0.outcome != .stale }.map(\.name) == evaluated)
        #expect(step.instances.filter { $0.outcome == .wasted }.map(\.name) == wasted)
    }

    /// A control writes its property as an assignment does: the property's `didSet` runs, and a view
    /// showing what it wrote re-runs; a property without observers writes nothing else.
    @Test(arguments: [("type in TextField \"Name\" in Root", ["Root", "Counter"]), ("type in TextField \"Note\" in Root", ["Root"])])
    func aControlsWriteRunsThePropertysObservers(action: String, evaluated: [String]) throws {
        let scenario = try Scenario(source: """
            scenario "observers"
            @Observable final class Form {
                var name = "" { didSet { count = name.count } }
                var note = ""
                var count = 0
            }
            struct Root: View {
                @State private var form = Form()
                var body: some View {
                    TextField("Name", text: $form.name)
                    TextField("Note", text: $form.note)
                    Counter(form: form)
                }
            }
            struct Counter: View {
                let form: Form
                var body: some View { Text("\\(form.count)") }
            }
            """, file: "observers.ripple")
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        let index = try #require(simulation.availableActions().firstIndex { $0.name == action })
        let step = try simulation.perform(actionAt: index)
        #expect(step.instances.map(\.name) == evaluated)
    }

    /// The task-manager app, read from its Swift source with three tasks: every action in its code.
    @Test func theTaskManagerAppsActionsAreAllFound() throws {
        let result = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(auditActions(result.stdout))
        let names = Set(rows.compactMap { $0["action"] as? String })
        #expect(names == [
            "type in TextField \"New task\" in TaskListView", "tap Button \"Add\" in TaskListView",
            "toggle Toggle \"Show finished\" in TaskListView",
            "tap Button in TaskRowView[UUID-1]", "tap Button in TaskRowView[UUID-3]",
            "type in TextField \"New task\" in TaskListView, then tap Button \"Add\" in TaskListView",
        ])
        #expect(rows.allSatisfy { $0["error"] == nil })
        // Checking a task off re-runs its row and the list, whose header counts what is left, and the
        // toolbar's count, which reads a computed property over the same array: wasted.
        let check = try #require(rows.first { $0["action"] as? String == "tap Button in TaskRowView[UUID-1]" })
        #expect(check["evaluations"] as? Int == 3)
        #expect(check["wasted"] as? Int == 1)
        #expect(check["mostWasted"] as? String == "TaskCountBadge")
        let hints = try #require(check["hints"] as? [[String: Any]])
        #expect(hints.first?["kind"] as? String == "computed-property")
        // The fix, stored and written only when the count changes, keeps the badge quiet.
        let fixed = try #require(check["fixed"] as? [String: Any])
        #expect(fixed["evaluations"] as? Int == 2)
        #expect(fixed["wasted"] as? Int == 0)
    }

    /// The fix the task-manager audit proves, as the table prints it whole (`--wide`; fitted to 120
    /// columns, the line is wrapped).
    /// `--depth N` chooses how many actions in a row are performed: "type, then Add" needs two.
    @Test func theDepthDecidesWhetherTypingThenAddingIsPerformed() throws {
        let deep = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--depth", "2", "--format", "json")
        let rows = try #require(auditActions(deep.stdout))
        let add = try #require(rows.first { $0["action"] as? String == "type in TextField \"New task\" in TaskListView, then tap Button \"Add\" in TaskListView" })
        #expect(add["path"] as? [String] == ["type in TextField \"New task\" in TaskListView"])
        #expect(add["evaluations"] as? Int == 3)
        let shallow = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--depth", "1", "--format", "json")
        #expect(!(try #require(auditActions(shallow.stdout))).contains { $0["path"] != nil })
        for wrong in ["0", "7", "two"] {
            let refused = ripple("audit", "Scenarios/apps/task-manager", "--depth", wrong)
            #expect(refused.status == 64)
            #expect(refused.stderr.contains("--depth takes a whole number from 1 to 6, not '\(wrong)'"), "\(refused.stderr)")
        }
    }

    @Test func theTaskManagerAuditProvesItsFix() {
        let result = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--wide")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            proven fixes (Ripple rewrote the code and performed the same actions):
              1. store `TaskStore.total` and update it when `tasks` changes, writing it only when its value changes: wasted 2 → 0, evaluations 10 → 8, stale 0 → 0 across 6 actions
            """))
    }

    /// Each fix Ripple can make, proven on the broad design of the gallery scenario that shows its rule:
    /// the wasted work and the work of all its actions and steps (bodies and `ForEach` row closures), as
    /// written and with the fix.
    @Test(arguments: [
        ("list-rows", "broad", "pass `UserRow` `name` instead of `state` and `index`", 4, 2, 7, 5),
        ("whole-struct-vs-fields", "broad", "pass `AvatarBadge` `avatarURL` instead of `user`", 1, 0, 4, 3),
        ("computed-vs-cached", "broad", "store `Inbox.unreadCount` and update it when `messages` changes, writing it only when its value changes", 2, 0, 6, 4),
        ("equatable-view", "broad", "make `SalesChart` `Equatable` on `samples`, leaving out its closure", 1, 0, 5, 4),
        // The rows' taps call the `\\.onOpen` closure, which re-runs every row for the key that changed.
        ("environment-keys", "broad", "remove `MessageRow`'s `@Environment(\\.colorScheme) var scheme`, which nothing in it reads", 12, 9, 19, 16),
        ("read-where-shown", "broad", "pass `UnreadBadge` `mailbox` instead of `count`, and read `mailbox.unreadCount` in its body", 3, 0, 6, 2),
        ("inline-rows", "broad", "move `Text(library.heading)` into a view of its own, `ShelfHeading`, given `library`", 3, 0, 5, 2),
        ("observable-vs-observableobject", "broad", "migrate `Player` from `ObservableObject` to `@Observable`: `@Published` removed in `Player`; `@StateObject` → `@State` in `GameView`; `@ObservedObject` → a plain property in `NameLabel`, `ScoreLabel`", 5, 0, 6, 1),
        ("large-state-struct", "broad", "split `SignupForm.form` into a `@State` per field, `name`, `email`, `newsletter`, and bind `EmailSection`, `NameSection`, `OptionsSection` to the fields each uses", 10, 0, 15, 5),
        ("struct-property-vs-flattened", "broad", "flatten `Account.profile` into `name`, `bio`, each observed on its own", 4, 0, 14, 10),
        ("equatable-property-types", "broad", "make `Forecast` `Equatable`, so an equal value assigned to it notifies no one", 2, 0, 3, 1),
    ])
    func aFixIsProvenOnTheBroadDesign(scenario: String, variant: String, summary: String,
                                      wastedBefore: Int, wastedAfter: Int, evaluationsBefore: Int, evaluationsAfter: Int) throws {
        let loaded = try Scenario(source: String(contentsOfFile: "Scenarios/\(scenario).ripple", encoding: .utf8),
                                  file: "Scenarios/\(scenario).ripple")
        let rows = try AuditCommand.audit(loaded, variant: variant, file: loaded.file, allRows: false)
        let fixes = AuditFixes(scenario: loaded, variant: variant, file: loaded.file, rows: rows, allRows: false)
        let proof = try #require(fixes.proofs.first, "\(scenario): no fix")
        #expect(proof.summary == summary)
        #expect(proof.rejected == nil)
        #expect(proof.before.wastedWork == wastedBefore)
        #expect(proof.after?.wastedWork == wastedAfter)
        #expect(proof.before.work == evaluationsBefore)
        #expect(proof.after?.work == evaluationsAfter)
        #expect(proof.after?.stale == proof.before.stale)
        // The narrow design follows the guidance already: no fix of the kind is offered for it.
        let narrowRows = try AuditCommand.audit(loaded, variant: "narrow", file: loaded.file, allRows: false)
        let narrow = AuditFixes(scenario: loaded, variant: "narrow", file: loaded.file, rows: narrowRows, allRows: false)
        #expect(!narrow.proofs.contains { $0.kind == proof.kind && $0.type == proof.type }, "\(narrow.proofs.map(\.summary))")
    }

    /// A fix that wastes no fewer evaluations but runs fewer bodies is kept: in both designs of
    /// onchange-in-modifier the dashboard reads the greeting only to pass it to its header.
    @Test(arguments: ["broad", "narrow"])
    func aFixThatSavesOnlyEvaluationsIsKept(variant: String) throws {
        let loaded = try Scenario(source: String(contentsOfFile: "Scenarios/onchange-in-modifier.ripple", encoding: .utf8),
                                  file: "Scenarios/onchange-in-modifier.ripple")
        let rows = try AuditCommand.audit(loaded, variant: variant, file: loaded.file, allRows: false)
        let fixes = AuditFixes(scenario: loaded, variant: variant, file: loaded.file, rows: rows, allRows: false)
        let proof = try #require(fixes.proofs.first { $0.kind == "read-only-to-pass-on" })
        #expect(proof.summary == "pass `Header` `model` instead of `title`, and read `model.greeting` in its body")
        #expect(proof.rejected == nil)
        #expect(proof.after?.wasted == proof.before.wasted)
        #expect((proof.after?.evaluations ?? .max) == proof.before.evaluations - 1)
    }

    /// An action that changes what an `.onChange` watches fires it, and the action's row counts what the
    /// handler's writes re-ran.
    @Test func anActionCountsWhatTheOnChangeItFiredReRan() throws {
        let loaded = try Scenario(source: """
            scenario "search"
            @Observable final class Library {
                var query: String = ""
                var results: [String] = ["Dune", "Emma"]
                func search(_ text: String) { results = results.filter { $0.hasPrefix(text) } }
            }
            struct Screen: View {
                @State private var library = Library()
                var body: some View {
                    VStack {
                        TextField("Search", text: $library.query)
                        Results(library: library)
                    }
                    .onChange(of: library.query) { old, new in library.search(new) }
                }
            }
            struct Results: View {
                let library: Library
                var body: some View { Text("\\(library.results.count) found") }
            }
            """, file: "search.ripple")
        let rows = try AuditCommand.audit(loaded, variant: "main", file: loaded.file, allRows: false)
        let typed = try #require(rows.first { $0.action == "type in TextField \"Search\" in Screen" })
        // The screen re-runs for the query; then the handler filters the results, and the list re-runs.
        #expect(typed.evaluations == 2)
        #expect(typed.views.map(\.view) == ["Screen", "Results"])
    }

    /// `--emit-variant` writes a scenario with the code as written and the fixed code, which loads, and
    /// whose fixed variant does what the proof measured.
    @Test func theEmittedVariantLoadsAndDoesWhatWasProven() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--emit-variant", "cached", "-o", folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        let path = folder.appendingPathComponent("cached.ripple").path
        #expect(first.stderr.contains("wrote \(path)"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("// 1. store `Inbox.unreadCount` and update it when `messages` changes"))
        #expect(text.contains("variant \"broad\" {") && text.contains("variant \"cached\" {"))
        #expect(text.contains("var unreadCount: Int = 0"))
        let audited = ripple("audit", path, "--format", "json")
        #expect(audited.status == 0, "\(audited.stderr)")
        let rows = try #require(auditActions(audited.stdout))
        let fixed = rows.filter { $0["variant"] as? String == "cached" }
        #expect(fixed.count == 2)
        #expect(fixed.reduce(0) { $0 + (($1["wasted"] as? Int) ?? 99) } == 0)
        #expect(fixed.reduce(0) { $0 + (($1["evaluations"] as? Int) ?? 99) } == 4)
        // The same input writes the same file.
        let again = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--emit-variant", "cached", "-o", folder.path)
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(ripple("audit", "Scenarios/computed-vs-cached.ripple", "--emit-variant", "a\"b").status == 64)
    }

    /// The name is a plain file name: nothing written outside the output folder, and no folder made.
    @Test(arguments: ["../../x", "a/b", "/tmp/x", "..", ".", "x.ripple/y", "a\"b", ".ripple", "x\n"])
    func anEmittedVariantNameIsAPlainFileName(_ name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("one/two").path
        let result = ripple("audit", "Scenarios/computed-vs-cached.ripple", "--emit-variant", name, "-o", output)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: --emit-variant takes a file name of letters, digits, '-', '_' and spaces, without a folder, not '\(name.replacingOccurrences(of: "\n", with: "\\n"))'\nUSAGE: ripple audit "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(result.stdout.isEmpty)
    }

    /// The input scenario is never the file written, whether it is named so, reached through a link to
    /// its folder or a hard link; nor is a file Ripple did not write. Both are refused before the audit.
    @Test func anEmittedVariantNeverReplacesAnInputOrAFileRippleDidNotWrite() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("X.ripple").path
        let original = try String(contentsOfFile: "\(auditRepository.path)/Scenarios/computed-vs-cached.ripple", encoding: .utf8)
        try original.write(toFile: input, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: folder.path)
        try FileManager.default.linkItem(atPath: input, toPath: folder.appendingPathComponent("Hard.ripple").path)
        for (name, output) in [("X", folder.path), ("X.ripple", folder.appendingPathComponent("link").path), ("Hard", folder.path)] {
            let result = ripple("audit", input, "--emit-variant", name, "-o", output)
            #expect(result.status == 64, "\(name) in \(output)")
            let written = output + "/" + (name.hasSuffix(".ripple") ? name : name + ".ripple")
            #expect(result.stderr.hasPrefix("error: refusing to write the variant to '\(written)': it is the scenario file '\(input)'; choose another name for --emit-variant\nUSAGE: "))
            #expect(result.stdout.isEmpty)
        }
        let mine = folder.appendingPathComponent("cached.ripple").path
        try "// my own notes\n".write(toFile: mine, atomically: true, encoding: .utf8)
        let result = ripple("audit", input, "--emit-variant", "cached", "-o", folder.path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: refusing to replace '\(mine)': Ripple did not write it; move it away or choose another name for --emit-variant\nUSAGE: "))
        #expect(try String(contentsOfFile: input, encoding: .utf8) == original)
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "// my own notes\n")
        // What Ripple wrote, it replaces.
        try FileManager.default.removeItem(atPath: mine)
        #expect(ripple("audit", input, "--emit-variant", "cached", "-o", folder.path).status == 0)
        let written = try String(contentsOfFile: mine, encoding: .utf8)
        #expect(written.hasPrefix(EmittedVariant.mark + "cached` from"))
        #expect(ripple("audit", input, "--emit-variant", "cached", "-o", folder.path).status == 0)
    }

    /// Each variant's file gets a plain name of its own, even from variant names that are not plain.
    @Test func eachVariantsEmittedFileHasAPlainDistinctName() throws {
        let destination = try EmittedVariant.Destination("fixed", folder: "out")
        #expect(destination.paths(forVariants: ["broad"]) == ["out/fixed.ripple"])
        #expect(destination.paths(forVariants: ["broad", "../../etc", "etc", "a/b", "a b"])
                == ["out/fixed-broad.ripple", "out/fixed-etc.ripple", "out/fixed-etc-2.ripple", "out/fixed-a-b.ripple", "out/fixed-a b.ripple"])
    }

    /// A fix that adds a view writes it into the fixed variant only.
    @Test func anEmittedVariantHoldsTheViewAFixAdded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Scenarios/inline-rows.ripple", "--emit-variant", "moved", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOfFile: folder.appendingPathComponent("moved.ripple").path, encoding: .utf8)
        let fixed = try #require(text.range(of: "variant \"moved\" {"))
        #expect(text[fixed.upperBound...].contains("struct ShelfHeading: View {\n        let library: Library"))
        // Above it, past the header's summary of the fix, the code as written has no such view.
        let code = try #require(text.range(of: "\nscenario \""))
        #expect(!text[code.upperBound..<fixed.lowerBound].contains("ShelfHeading"))
        let audited = ripple("audit", folder.appendingPathComponent("moved.ripple").path, "--format", "json")
        #expect(audited.status == 0, "\(audited.stderr)")
        let rows = try #require(auditActions(audited.stdout))
        let moved = rows.filter { $0["variant"] as? String == "moved" }
        #expect(moved.count == 2)
        #expect(moved.reduce(0) { $0 + (($1["wasted"] as? Int) ?? 99) + (($1["wastedRows"] as? Int) ?? 99) } == 0)
        // `ShelfHeading` re-runs for the rename; the row marked read runs its closure, which is no body.
        #expect(moved.reduce(0) { $0 + (($1["evaluations"] as? Int) ?? 99) } == 1)
        #expect(moved.reduce(0) { $0 + (($1["rows"] as? Int) ?? 99) } == 1)
    }

    /// A Swift app's emitted variant reads the app where it is and holds only the declarations the fix
    /// changed.
    @Test func anAppsEmittedVariantReadsTheAppSource() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Scenarios/apps/settings", "--emit-variant", "stored", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let path = folder.appendingPathComponent("stored.ripple").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("source \"") && text.contains("Scenarios/apps/settings\""))
        #expect(text.contains("final class Profile"))
        #expect(!text.contains("struct SettingsView"))
        let audited = ripple("audit", path, "--format", "json")
        #expect(audited.status == 0, "\(audited.stderr)")
        let rows = try #require(auditActions(audited.stdout))
        #expect(rows.filter { $0["variant"] as? String == "stored" }.reduce(0) { $0 + (($1["wasted"] as? Int) ?? 99) } == 0)
        #expect(rows.filter { $0["variant"] as? String == "main" }.reduce(0) { $0 + (($1["wasted"] as? Int) ?? 99) } == 2)
    }

    /// The emitted file records the options that change what the audit counts, and only those.
    @Test func theEmittedVariantRecordsTheOptionsItWasMeasuredWith() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let counted = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--depth", "2", "--jobs", "1", "--emit-variant", "counted", "-o", folder.path)
        #expect(counted.status == 0, "\(counted.stderr)")
        let text = try String(contentsOfFile: folder.appendingPathComponent("counted.ripple").path, encoding: .utf8)
        #expect(text.contains("// Audited with: ripple audit --rows 3 --depth 2\n"), "\(text.prefix(600))")
        let plain = ripple("audit", "Scenarios/apps/settings", "--emit-variant", "stored", "-o", folder.path)
        #expect(plain.status == 0, "\(plain.stderr)")
        let stored = try String(contentsOfFile: folder.appendingPathComponent("stored.ripple").path, encoding: .utf8)
        #expect(stored.contains("// Audited with: ripple audit (no options that change the counts)\n"))
    }

    /// Two apps written in the style of real ones, each audited with the ranking it must give.
    @Test(arguments: [
        // The seal in the section header reads a computed property over three fields: typing a name or an
        // address re-runs the screen for a seal that does not change.
        ("Scenarios/apps/settings", [
            ("type in TextField \"Name\" in ProfileForm", 3, 1), ("type in TextField \"Email\" in ProfileForm", 2, 1),
            ("increment Stepper \"Text size\" in SettingsView", 2, 0), ("type in TextField \"Bio\" in ProfileForm", 2, 0),
            ("toggle Toggle \"Notifications\" in SettingsView", 1, 0), ("tap Button \"About\" in SettingsView", 1, 0),
            // The about sheet, shown and then dismissed: its view goes, and nothing re-runs.
            ("dismiss .sheet in SettingsView", 0, 0),
            // Performed again once "About" presents the sheet, dismissing it now changes what is shown.
            ("tap Button \"About\" in SettingsView, then dismiss .sheet in SettingsView", 0, 0),
        ]),
        // Starring a book re-runs the list and every row, which read the whole set of favourites; only the
        // starred row's title changes, so the other two re-run in vain.
        ("Scenarios/apps/reading-list", [
            ("tap Button in BookRow[1]", 3, 2), ("tap Button in BookRow[3]", 3, 2), ("type in .searchable in LibraryView", 1, 0),
        ]),
    ])
    func anAppIsAuditedWithTheRankingItMustGive(app: String, expected: [(String, Int, Int)]) throws {
        let result = ripple("audit", app, "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(auditActions(result.stdout))
        let ranking = rows.map { [($0["action"] as? String) ?? "", String(($0["evaluations"] as? Int) ?? -1), String(($0["wasted"] as? Int) ?? -1)] }
        #expect(ranking == expected.map { [$0.0, String($0.1), String($0.2)] })
    }

    @Test func theSettingsAuditNamesTheComputedProperty() {
        let result = ripple("audit", "Scenarios/apps/settings")
        #expect(result.stdout.contains("type in TextField \"Name\" in ProfileForm: `SettingsView` reads `profile.isComplete` through the computed `isComplete`"))
        #expect(result.stdout.contains("[computed-vs-cached]"))
    }

    /// A budget for CI: over it, the audit exits 1 and names the actions that did most of it.
    @Test func aBudgetFailsTheAuditWhenExceeded() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audit.ripple")
        try Self.screen.write(to: file, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("audit.xml")
        let over = ripple("audit", file.path, "--max-wasted", "1", "--junit", report.path)
        #expect(over.status == 1)
        #expect(over.stderr.contains("the audit found 2 wasted evaluations, over the budget of 1: 'tap Button \"Remove\" in Row[1]' 1 (most: Summary)"))
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("<testcase name=\"budget\" classname=\"ripple audit\">\n      <failure"))
        // Within the budget, and for stale views none were left: it passes.
        let within = ripple("audit", file.path, "--max-wasted", "2", "--max-stale", "0")
        #expect(within.status == 0)
        #expect(!within.stderr.contains("error:"))
        #expect(ripple("audit", file.path, "--max-wasted", "-1").status == 64)
    }

    /// `expect audit { … }` in a scenario file: `ripple check` performs every action and holds the
    /// audit to the budget, failing with the actions that did most of it.
    @Test(arguments: [
        ("expect audit { wasted <= 2; stale 0 }", 0, nil),
        ("expect audit { wasted 1 }", 1, "the audit found 2 wasted evaluations, over the budget of 1: 'tap Button \"Remove\" in Row[1]' 1 (most: Summary)"),
                // "submit" resets the count: it re-runs the counter only after "Bump", performed before it at depth 2.
        ("expect audit { evaluations <= 3 }", 1, "the audit found 16 evaluations, over the budget of 3: 'tap .onTapGesture in Root' 6"),
        ("expect audit in \"wide\" { wasted 0 }", 1, "no variant 'wide'"),
    ])
    func aBudgetInAScenarioFileIsHeldByCheck(budget: String, status: Int32, message: String?) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audit.ripple")
        try (Self.screen + "\n" + budget + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("check", file.path)
        #expect(result.status == status, "\(result.stderr)")
        if let message {
            #expect(result.stderr.contains("audit.ripple:\(Self.screen.split(separator: "\n", omittingEmptySubsequences: false).count + 1):1: error: audit budget failed"))
            #expect(result.stderr.contains(message), "\(result.stderr)")
        } else {
            #expect(result.stdout.contains("passed \(file.path): 1 expectation"))
        }
    }

    @Test func theTableIsRankedByWastedThenEvaluations() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("audit.ripple")
        try Self.screen.write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("audit", file.path, "--format", "json")
        #expect(result.status == 0)
        let rows = try #require(auditActions(result.stdout))
        let keys = rows.map { [($0["wasted"] as? Int) ?? 0, ($0["evaluations"] as? Int) ?? 0] }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) }.reversed())
        // Removing a row re-runs the summary, which shows the same text: the one action with waste.
        let top = try #require(rows.first)
        #expect((top["action"] as? String)?.hasPrefix("tap Button \"Remove\"") == true)
        #expect(top["mostWasted"] as? String == "Summary")
        #expect(rows.dropFirst(2).allSatisfy { ($0["wasted"] as? Int) == 0 })
        let text = ripple("audit", file.path)
        #expect(text.stdout.hasPrefix("action"))
        #expect(text.stdout.contains("tap Button \"Bump\" in Root"))
    }

    /// App source names methods as actions (`action: showSheet`, `perform: store.delete`), iterates an
    /// enum's `allCases`, and calls what Ripple does not model: each action is simulated, and what was
    /// not is a note naming the action, with the row marked as partly simulated.
    @Test func appSourceActionsNameMethodsAndSayWhatWasNotSimulated() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            import SwiftUI
            enum Filter: String, CaseIterable, Identifiable {
                case all, open
                var id: Self { self }
            }
            @Observable final class Store {
                var names = ["A", "B", "C"]
                var filter: Filter = .all
                var showsSheet = false
                func delete(at offsets: IndexSet) {
                    names.remove(atOffsets: offsets)
                    Analytics.track("deleted")
                }
            }
            struct ListView: View {
                @State private var store = Store()
                var body: some View {
                    Picker("Filter", selection: $store.filter) {
                        ForEach(Filter.allCases) { filter in Text(filter.rawValue).tag(filter) }
                    }
                    List {
                        ForEach(store.names, id: \\.self) { name in Text(name) }
                            .onDelete(perform: store.delete)
                    }
                    Button("Show", action: showSheet)
                    Text(store.showsSheet ? "shown" : "hidden")
                }
                private func showSheet() { store.showsSheet = true }
            }
            """.write(to: folder.appendingPathComponent("ListView.swift"), atomically: true, encoding: .utf8)
        let result = ripple("audit", folder.path, "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(auditActions(result.stdout))
        let evaluations = Dictionary(uniqueKeysWithValues: rows.map { (($0["action"] as? String) ?? "", ($0["evaluations"] as? Int) ?? -1) })
        #expect(evaluations == ["choose Picker \"Filter\" in ListView": 1, "delete a row with .onDelete in ListView": 1, "tap Button \"Show\" in ListView": 1])
        #expect(!result.stderr.contains("allCases"), "\(result.stderr)")
        #expect(result.stderr.contains("note: while performing 'delete a row with .onDelete in ListView': not simulated:"), "\(result.stderr)")
        let confidence = Dictionary(uniqueKeysWithValues: rows.map { (($0["action"] as? String) ?? "", ($0["confidence"] as? String) ?? "") })
        #expect(confidence == ["choose Picker \"Filter\" in ListView": "exact", "delete a row with .onDelete in ListView": "partial",
                               "tap Button \"Show\" in ListView": "exact"])
        let text = ripple("audit", folder.path)
        let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("delete a row with .onDelete in ListView") })
        #expect(row.contains(" partial ") && row.contains("not simulated: 'Analytics"), "\(row)")
    }

    /// The actions run on every core or on as many threads as `--jobs` says, with the same JSON, byte for
    /// byte, either way, for one screen and for an app of several; a count that is not a whole number
    /// above 0 is a usage error.
    @Test(arguments: [["Scenarios/apps/task-manager", "--rows", "3"], ["Tests/Fixtures/Swift/Reasons/SeveralScreens"]])
    func jobsChangeNothingButTheThreads(_ input: [String]) throws {
        let parallel = ripple(["audit"] + input + ["--format", "json"])
        let serial = ripple(["audit"] + input + ["--format", "json", "--jobs", "1"])
        let two = ripple(["audit"] + input + ["--format", "json", "--jobs", "2"])
        #expect(parallel.status == 0 && serial.status == 0 && two.status == 0)
        #expect(parallel.stdout == serial.stdout)
        #expect(two.stdout == serial.stdout)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(serial.stdout.utf8)) as? [String: Any])
        let actions = try #require(object["actions"] as? [[String: Any]])
        #expect(!actions.isEmpty)
        // The app's screens are audited one after another, each on every thread asked for.
        if input[0].hasSuffix("SeveralScreens") { #expect(Set(actions.compactMap { $0["variant"] as? String }) == ["ShelfScreen", "SettingsScreen"]) }
        let bad = ripple("audit", "Scenarios/apps/task-manager", "--jobs", "0")
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--jobs takes a whole number above 0, not '0'"))
    }
}

/// The `actions` of `ripple audit --format json`'s object, nil when the output is not that object.
func auditActions(_ stdout: String) -> [[String: Any]]? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any],
          object["schemaVersion"] as? Int == 2 else { return nil }
    return object["actions"] as? [[String: Any]]
}

/// What `ripple audit` spends: a first screen per thread, copied for each action, and a budget of work
/// for a variant's actions.
@Suite struct AuditCostTests {
    private func taskManager(rows: Int) throws -> Scenario {
        var module = SwiftModule()
        for name in ["TaskCountBadge", "TaskListView", "TaskManagerApp", "TaskRowView", "TaskStore", "TodoTask"] {
            let path = "Scenarios/apps/task-manager/\(name).swift"
            module.add(source: try String(contentsOfFile: path, encoding: .utf8), file: path)
        }
        var syntax = module.scenario(title: "task-manager", file: "Scenarios/apps/task-manager", root: nil)
        syntax.standInRows = rows
        // Every row on screen, so that each offers its actions.
        syntax.visibleRows = rows
        return try Scenario(syntax: syntax, file: "Scenarios/apps/task-manager")
    }

    /// Each of a list's 40 rows offers an action: the first screen is built once per thread and copied
    /// for each action (building it again for each would make the audit quadratic in the rows), and each
    /// action does on the copy what it does on a screen of its own.
    @Test func eachActionIsPerformedOnACopyOfOneFirstScreen() throws {
        let scenario = try taskManager(rows: 40)
        let variant = scenario.variants[0].name
        let first = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics)
        let actions = first.availableActions(allRows: true)
        #expect(actions.count > 40)
        let screens = FirstScreens(first, scenario: scenario, variant: variant, collectingGraph: false)
        for index in actions.indices {
            let copied = try screens.withCopy { (simulation) throws(DiagnosticError) in try simulation.perform(actionAt: index, allRows: true) }
            let fresh = try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics).perform(actionAt: index, allRows: true)
            #expect(copied == fresh, "\(actions[index].name)")
        }
        #expect(screens.built == 1)
    }

    /// Past the budget, the actions after the one that crossed it are not performed, counted in the order
    /// the screen offers them whichever thread finished first.
    @Test(arguments: [1, 2])
    func actionsPastTheWorkBudgetAreNotPerformed(threads: Int) throws {
        let scenario = try taskManager(rows: 10)
        var drawing: AuditDrawing?
        let rows = try AuditCommand.audit(scenario, variant: scenario.variants[0].name, file: "app", allRows: true, threads: threads,
                                          drawing: &drawing, workLimit: 1)
        #expect(rows.count > 3)
        #expect(rows.prefix(1).allSatisfy { $0.error == nil })
        #expect(rows.dropFirst().allSatisfy { $0.error == AuditCommand.notPerformed })
        #expect(AuditCommand.notPerformed == "not performed: the audit took more than 200000000 evaluation steps before it (limit: audit work)")
        let all = try AuditCommand.audit(scenario, variant: scenario.variants[0].name, file: "app", allRows: true, threads: threads)
        #expect(all.allSatisfy { $0.error == nil })
    }
}

/// Action names no longer than a line.
@Suite struct ActionNameTests {
    /// A 100 KB title is cut in the action's name, in every output, and two titles that differ only past
    /// the cut still name two actions.
    @Test func longTitlesAreCutInActionNames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let title = String(repeating: "Pay now ", count: 12_500)
        try """
            import SwiftUI
            struct Checkout: View {
                @State private var paid = 0
                var body: some View {
                    Button("\(title)a") { paid += 1 }
                    Button("\(title)b") { paid += 2 }
                }
            }
            """.write(to: folder.appendingPathComponent("Checkout.swift"), atomically: true, encoding: .utf8)
        let json = ripple("audit", folder.path, "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(auditActions(json.stdout))
        let names = rows.compactMap { $0["action"] as? String }
        let cut = "tap Button \"" + String(title.prefix(Engine.maximumActionNameLength - "tap Button \"\" in Checkout".count - 1)) + "…\" in Checkout"
        #expect(cut.count == Engine.maximumActionNameLength)
        #expect(Set(names) == [cut, cut + " #2"])
        // The table fitted to 120 columns cuts names further; whole (`--wide`), it shows the name as cut.
        let text = ripple("audit", folder.path)
        #expect(text.stdout.utf8.count < 2_000, "\(text.stdout.utf8.count) bytes")
        let wide = ripple("audit", folder.path, "--wide")
        #expect(wide.stdout.contains(cut))
        #expect(wide.stdout.utf8.count < 2_000, "\(wide.stdout.utf8.count) bytes")
        #expect(Engine.actionName("tap Button", label: "Add", " in Root") == "tap Button \"Add\" in Root")
        let long = Engine.actionName("tap Button", label: nil, " in " + String(repeating: "R", count: 200))
        #expect(long.count == Engine.maximumActionNameLength && long.hasSuffix("…"))
    }
}
