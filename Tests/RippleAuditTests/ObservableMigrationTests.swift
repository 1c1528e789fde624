import Foundation
import Testing
@testable import RippleAudit
@testable import RippleCore
import RippleSwift

/// The migration from `ObservableObject` to `@Observable` as a proven fix: made and kept where a view
/// re-ran for a property it does not show, declined where the rewrite is not mechanical, and rejected
/// where the migrated code shows something else.
@Suite struct ObservableMigrationTests {
    /// A draft edited in one view and counted in another, which finds it in the environment: typing
    /// re-runs the counter, and counting re-runs the field, for properties they do not show.
    static let editor = """
        scenario "editor"
        semantics swift6.2
        final class Draft: ObservableObject {
            @Published var title = "Plan"
            @Published var count = 0
            var notes = 0
        }
        struct Editor: View {
            @StateObject private var draft = Draft()
            var body: some View {
                VStack {
                    TitleField(draft: draft)
                    Counter()
                }
                .environmentObject(draft)
            }
        }
        struct TitleField: View {
            @ObservedObject var draft: Draft
            var body: some View { TextField("Title", text: $draft.title) }
        }
        struct Counter: View {
            @EnvironmentObject var draft: Draft
            var body: some View {
                Button("Add \\(draft.count)") { draft.count += 1 }
            }
        }
        """

    static func fixes(_ source: String, variant: String = "main") throws -> AuditFixes {
        let scenario = try Scenario(source: source, file: "editor.ripple")
        let rows = try Audit(threads: 1).rows(of: scenario, variant: variant, file: "editor.ripple")
        return AuditFixes(scenario: scenario, variant: variant, file: "editor.ripple", rows: rows, allRows: false, threads: 1)
    }

    static func printed(_ fix: ProvenFix, _ name: String) -> String? {
        fix.after.first { $0.name == name }.map { SwiftPrinter().declarations([$0]) }
    }

    /// Must: the gallery's broad variant, where every holder re-runs for every `@Published` write.
    @Test func theGalleryModelIsMigratedAndTheFixIsKept() throws {
        let scenario = try AuditLibraryTests.gallery("observable-vs-observableobject")
        let rows = try Audit(threads: 1).rows(of: scenario, variant: "broad", file: scenario.file)
        let fixes = AuditFixes(scenario: scenario, variant: "broad", file: scenario.file, rows: rows, allRows: false, threads: 1)
        let proof = try #require(fixes.proofs.first { $0.kind == AuditHint.Kind.observableObject.rawValue })
        #expect(proof.rejected == nil)
        let after = try #require(proof.after)
        #expect(proof.before.wasted == 5 && after.wasted == 0)
        #expect(after.evaluations < proof.before.evaluations)
        let fix = try #require(fixes.kept.first { $0.kind == .observableObject })
        #expect(Self.printed(fix, "Player") == """
            @Observable
            final class Player {
                var name: String = "Ada"
                var score: Int = 0
            }

            """)
        #expect(Self.printed(fix, "NameLabel")?.contains("    var player: Player\n") == true)
        #expect(fixes.text.contains("migrate `Player` from `ObservableObject` to `@Observable`"))
    }

    /// A class the migrated class holds is left an `ObservableObject`: the view that shows its property
    /// stays as stale as in the original, and the fix is kept for the evaluation it saves.
    @Test func aNestedObservableObjectIsLeftAsItIs() throws {
        let scenario = try AuditLibraryTests.gallery("nested-observableobject")
        let rows = try Audit(threads: 1).rows(of: scenario, variant: "broad", file: scenario.file)
        let fixes = AuditFixes(scenario: scenario, variant: "broad", file: scenario.file, rows: rows, allRows: false, threads: 1)
        let proof = try #require(fixes.proofs.first)
        #expect(proof.summary == "migrate `Session` from `ObservableObject` to `@Observable`: `@Published` removed in `Session`; `@StateObject` → `@State` in `AccountView`")
        #expect(proof.rejected == nil)
        let after = try #require(proof.after)
        #expect(proof.before.stale == 1 && after.stale == 1)
        #expect(proof.before.wasted == 1 && after.wasted == 0)
        #expect(fixes.kept.first?.after.contains { $0.name == "Profile" } == false)
    }

    /// Must not: the narrow variant is `@Observable` already; nothing re-runs in vain, nothing to migrate.
    @Test func anObservableModelIsNotMigrated() throws {
        let scenario = try AuditLibraryTests.gallery("observable-vs-observableobject")
        let declarations = ProvenFixes.declarations(of: scenario.syntax, variant: "narrow")
        let hint = AuditHint(kind: .observableObject, view: "GameView", text: "", guidance: "")
        #expect(ProvenFixes.fix(for: hint, in: declarations) == nil)
    }

    /// Must: every part of the migration, each made where the code has it, and the fix kept.
    @Test func everyWrapperIsMigratedAndTheFixIsKept() throws {
        let fixes = try Self.fixes(Self.editor)
        let proof = try #require(fixes.proofs.first)
        #expect(proof.rejected == nil)
        #expect(try #require(proof.after).wasted == 0 && proof.before.wasted == 4)
        let fix = try #require(fixes.kept.first)
        #expect(fix.summary == "migrate `Draft` from `ObservableObject` to `@Observable`: `@Published` removed in `Draft`; `@StateObject` → `@State` in `Editor`; `.environmentObject` → `.environment` in `Editor`; `@ObservedObject` → `@Bindable` in `TitleField`; `@EnvironmentObject` → `@Environment(Draft.self)` in `Counter`")
        // The property no one published is not made `@ObservationIgnored`.
        #expect(Self.printed(fix, "Draft") == """
            @Observable
            final class Draft {
                var title = "Plan"
                var count = 0
                var notes = 0
            }

            """)
        #expect(Self.printed(fix, "Editor")?.contains("@State private var draft = Draft()") == true)
        #expect(Self.printed(fix, "Editor")?.contains(".environment(draft)") == true)
        #expect(Self.printed(fix, "TitleField")?.contains("@Bindable var draft: Draft") == true)
        #expect(Self.printed(fix, "Counter")?.contains("@Environment(Draft.self) var draft: Draft") == true)
        // The migrated code, printed, reads back as a scenario.
        let printed = "scenario \"migrated\"\nsemantics swift6.2\n" + SwiftPrinter().declarations(fix.after)
        #expect(try Scenario(source: printed, file: "migrated.ripple").variants.count == 1)
    }

    /// Must not: where the class or the views use what `@Observable` has no counterpart of, or the code
    /// the fix would rewrite is not all in the declarations, the fix is declined and says why.
    @Test(arguments: [
        ("    func touch() { objectWillChange.send() }\n}\nstruct Editor", "final class Draft", "`Draft` uses `objectWillChange` itself (`objectWillChange`)"),
        ("@EnvironmentObject var draft: Draft\n    var body: some View {\n        Button(\"Add \\(draft.count)\") { draft.count += 1 }\n        TextField(\"Title\", text: $draft.title)",
         "@EnvironmentObject var draft: Draft\n    var body: some View {\n        Button(\"Add \\(draft.count)\") { draft.count += 1 }",
         "`Counter` makes bindings from the environment object `draft` (`$draft…`)"),
    ])
    func aMigrationThatIsNotMechanicalIsDeclined(replacement: String, original: String, reason: String) throws {
        var source = Self.editor
        if replacement.hasSuffix("struct Editor") {
            source = source.replacingOccurrences(of: "    var notes = 0\n}\nstruct Editor", with: "    var notes = 0\n" + replacement)
        } else {
            source = source.replacingOccurrences(of: original, with: replacement)
        }
        #expect(source != Self.editor)
        let fixes = try Self.fixes(source)
        let proof = try #require(fixes.proofs.first { $0.kind == AuditHint.Kind.observableObject.rawValue })
        #expect(proof.rejected?.hasPrefix(reason) == true, "\(proof.rejected ?? "kept")")
        #expect(proof.after == nil)
        #expect(fixes.kept.isEmpty)
    }

    /// Must not: Combine publishers, a class hierarchy and an `init` that makes the wrapper, in Swift
    /// source, and an object the app puts in the environment, which is not among the declarations the
    /// fix rewrites.
    @Test(arguments: [
        ("Text(model.title).onReceive(model.$title) { _ in }", "", "`Screen` uses `model.$title` as a Combine publisher"),
        ("Text(model.title)", "    func watch() { _ = $title.sink { _ in } }\n", "`Model` uses Combine (`.sink`)"),
        ("Text(model.title)", "INHERIT", "`Model` inherits from `Base`"),
        ("Text(model.title)", "INIT", "`Screen`'s `init` sets `_model` itself"),
        ("Text(model.title)", "APP", "the app or a preview puts an object in the environment with `.environmentObject(model)` (App.swift:"),
    ])
    func aSwiftModelThatUsesCombineOrInheritsIsNotMigrated(shown: String, member: String, reason: String) throws {
        var source = """
            import SwiftUI
            import Combine

            final class Model: ObservableObject {
                @Published var title = "Plan"
                @Published var count = 0
            MEMBER}

            struct Screen: View {
                @StateObject private var model = Model()
                var body: some View {
                    VStack {
                        SHOWN
                        Button("Add") { model.count += 1 }
                    }
                }
            }
            """
        source = source.replacingOccurrences(of: "SHOWN", with: shown)
        switch member {
        case "INHERIT":
            source = source.replacingOccurrences(of: "final class Model: ObservableObject {\n    @Published var title = \"Plan\"\n",
                                                 with: "class Base: ObservableObject {\n    @Published var title = \"Plan\"\n}\n\nfinal class Model: Base {\n")
                .replacingOccurrences(of: "MEMBER", with: "")
        case "INIT":
            source = source.replacingOccurrences(of: "MEMBER", with: "")
                .replacingOccurrences(of: "@StateObject private var model = Model()",
                                      with: "@StateObject private var model: Model\n    init(model: Model) { _model = StateObject(wrappedValue: model) }")
        case "APP":
            source = source.replacingOccurrences(of: "MEMBER", with: "")
                .replacingOccurrences(of: "@StateObject private var model = Model()", with: "@EnvironmentObject var model: Model")
                + "\n\n@main\nstruct ModelApp: App {\n    @StateObject private var model = Model()\n    var body: some Scene {\n        WindowGroup {\n            Screen().environmentObject(model)\n        }\n    }\n}\n"
        default:
            source = source.replacingOccurrences(of: "MEMBER", with: member)
        }
        var module = SwiftModule()
        module.add(source: source, file: "App.swift")
        let syntax = module.scenario(title: "app", file: "App.swift", root: nil)
        let scenario = try Scenario(syntax: syntax, file: "App.swift")
        let variant = try #require(scenario.variants.first).name
        let hint = AuditHint(kind: .observableObject, view: "Screen", text: "", guidance: "")
        let fix = try #require(ProvenFixes.fix(for: hint, in: ProvenFixes.declarations(of: scenario.syntax, variant: variant),
                                               outside: ProvenFixes.Outside(scenario.syntax, variant: variant)))
        #expect(fix.declined?.hasPrefix(reason) == true, "\(fix.declined ?? "offered")")
        #expect(fix.after.isEmpty)
    }

    /// Must be rejected: a stored property no one published is tracked after the migration, so a view
    /// that showed it stale now shows its new value; the proof finds the difference.
    @Test func aMigrationThatChangesWhatAViewShowsIsRejected() throws {
        let source = Self.editor.replacingOccurrences(of: "        Button(\"Add \\(draft.count)\") { draft.count += 1 }\n",
                                                      with: "        VStack {\n            Button(\"Add \\(draft.count)\") { draft.count += 1 }\n            Button(\"Notes \\(draft.notes)\") { draft.notes += 1 }\n        }\n")
        #expect(source != Self.editor)
        let fixes = try Self.fixes(source)
        let proof = try #require(fixes.proofs.first)
        #expect(proof.rejected == "after 'tap Button in Counter #2', Counter shows \"Notes 1\" where the original shows \"Notes 0\"")
        #expect(fixes.kept.isEmpty)
    }
}
