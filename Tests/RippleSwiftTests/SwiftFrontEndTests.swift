import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// Loads Swift source the way `ripple parse FILE.swift` does: lowered, simplified, resolved, run once.
func loadSwift(_ files: [(name: String, source: String)], root: String? = nil, rows: Int? = nil) -> (scenario: Scenario?, module: SwiftModule, error: DiagnosticError?) {
    var module = SwiftModule()
    for file in files { module.add(source: file.source, file: file.name) }
    guard module.errors.isEmpty else { return (nil, module, DiagnosticError(module.errors)) }
    var syntax = module.scenario(title: "test", file: files[0].name, root: root)
    syntax.standInRows = rows
    do throws(DiagnosticError) {
        return (try Scenario(syntax: syntax, file: files[0].name), module, nil)
    } catch {
        return (nil, module, error)
    }
}

func loadSwift(_ source: String, root: String? = nil, rows: Int? = nil) -> (scenario: Scenario?, module: SwiftModule, error: DiagnosticError?) {
    loadSwift([("App.swift", source)], root: root, rows: rows)
}

/// The paths of the instances a loaded scenario's first variant has.
func instancePaths(_ scenario: Scenario) -> [String] {
    scenario.instancePaths[scenario.variants[0].name] ?? []
}

@Suite struct SwiftFrontEndTests {
    static let row = """
        import SwiftUI

        @Observable final class Item: Identifiable {
            let id: Int
            var title: String
            init(id: Int, title: String) {
                self.id = id
                self.title = title
            }
        }

        struct Row: View {
            let item: Item
            var body: some View { Text(item.title) }
        }

        """

    @Test func aPreviewNamesTheRoot() throws {
        let result = loadSwift(Self.row + """
            struct ListScreen: View {
                @State private var items = [Item(id: 1, title: "a"), Item(id: 2, title: "b")]
                var body: some View {
                    List { ForEach(items) { item in Row(item: item) } }
                }
            }
            struct Unused: View { var body: some View { Text("x") } }

            #Preview {
                ListScreen()
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants[0].table.rootView == "ListScreen")
        #expect(instancePaths(scenario).contains("ListScreen/Row[1]"))
        // An initializer that only stores its parameters is the memberwise one: no note for it.
        #expect(!result.module.notes.contains { $0.message.contains("initializer") })
    }

    @Test func anAppsWindowGroupNamesTheRoot() throws {
        let result = loadSwift(Self.row + """
            @main struct DemoApp: App {
                var body: some Scene {
                    WindowGroup { Home() }
                }
            }
            struct Home: View { var body: some View { Text("home") } }
            struct Other: View { var body: some View { Text("other") } }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants[0].table.rootView == "Home")
        #expect(scenario.variants[0].table.views["DemoApp"] == nil)
    }

    @Test func anUnknownRootIsAnErrorWithSuggestions() {
        let result = loadSwift(Self.row, root: "Rwo")
        #expect(result.error?.diagnostics.first?.message == "the root 'Rwo' is not a view the source declares; did you mean 'Row'?")
    }

    @Test func aSyntaxErrorIsSwiftsOwnMessageAtItsPosition() {
        let result = loadSwift("struct A: View {\n    var body: some View { Text(\"x\" }\n}\n")
        let diagnostic = result.error?.diagnostics.first
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.location.line == 2)
        #expect(diagnostic?.message.contains("')'") == true)
    }

    /// What Ripple does not simulate is a note at the construct, and the file still loads.
    @Test(arguments: [
        ("@Namespace private var space", "property wrapper '@Namespace' is not simulated; 'space' is an opaque input"),
        ("static var shared: Int { get { let base = 1; return base } set { } }", "static property 'shared' is not simulated"),
        ("let pattern = /a+/", "regex literal is not simulated; its value is opaque"),
        ("var count: Int { while true { }; return 1 }", "'while' statement is not simulated"),
        ("struct Inner { var x = 1 }", "nested type is declared at the top level under its own name"),
    ])
    func unmodelledCodeIsANote(member: String, note: String) throws {
        let result = loadSwift("""
            import SwiftUI
            struct Screen: View {
                \(member)
                var body: some View { Text("x") }
            }
            """)
        _ = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(result.module.notes.map(\.message).contains(note), "\(result.module.notes)")
        #expect(result.module.notes.allSatisfy { $0.location.line == 3 })
    }

    @Test func aModelInitializerRunsAndWhatItLoadsFromElsewhereKeepsTheDefault() throws {
        let result = loadSwift("""
            @Observable final class Counter {
                var count: Int
                var saved: [String] = []
                init(start: Int) {
                    count = start * 2
                    saved = UserDefaults.standard.stringArray(forKey: "k") ?? []
                }
            }
            struct Screen: View {
                @State var counter = Counter(start: 1)
                var body: some View { Text("\\(counter.count) \\(counter.saved.count)") }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.notes.map(\.message).contains("'saved' keeps the value it had: what the 'init' of 'Counter' assigns comes from code Ripple does not simulate"))
        #expect(scenario.notes.allSatisfy { !$0.message.contains("initializer") })
    }

    @Test func anotherModulesViewShowsItsContent() throws {
        let result = loadSwift(Self.row + """
            struct Screen: View {
                let item = Item(id: 1, title: "a")
                var body: some View {
                    ShimmerCard(style: .plain) {
                        Row(item: item)
                    }
                    .toolbar { ToolbarItem { FancyButton() } }
                }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(instancePaths(scenario).contains("Screen/Row"))
        let notes = result.module.notes.map(\.message)
        #expect(notes.contains("'ShimmerCard' is not declared in the source; it is taken as another module's view that shows its content"))
        #expect(notes.contains("'FancyButton' is not declared in the source; it is taken as another module's view that shows its content"))
        #expect(!notes.contains { $0.contains("'ToolbarItem'") })
    }

    @Test func extensionsAddMembersFromAnyFile() throws {
        let result = loadSwift([
            ("Screen.swift", "struct Screen: View {\n    var body: some View { Text(title) }\n}\n"),
            ("Screen+Title.swift", "extension Screen {\n    var title: String { \"hello\" }\n}\nextension View {\n    func card() -> some View { self }\n}\n"),
        ])
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        #expect(scenario.variants[0].table.rootView == "Screen")
        #expect(result.module.notes.map(\.message) == ["extension of 'View', which the source does not declare, is not simulated"])
        #expect(result.module.notes.first?.location.file == "Screen+Title.swift")
    }

    @Test func theFirstClauseOfAnIfConfigIsRead() throws {
        let result = loadSwift("""
            struct Screen: View {
                #if os(iOS)
                let label = "phone"
                #else
                let label = "mac"
                #endif
                var body: some View { Text(label) }
            }
            """)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        let stored = scenario.variants[0].table.views["Screen"]?.properties.map(\.name)
        #expect(stored == ["label"])
    }
}

/// The diagnostics a scenario file produces (empty when it loads).
func diagnostics(_ source: String) -> [Diagnostic] {
    do throws(DiagnosticError) {
        _ = try Scenario(source: source, file: "test.ripple")
        return []
    } catch {
        return error.diagnostics
    }
}

/// Inputs the fuzzer found. Each is read to errors at positions, never a crash.
@Suite struct HostileSwiftTests {
    /// swift-syntax's message generator stops the process on this file ("A Fix-It must have at least one
    /// change associated with it"): Ripple reads the recovered tree itself.
    @Test func aFileThatStopsSwiftSyntaxsMessagesIsReadToErrors() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Swift/Hostile/fix-it-without-changes.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        // Its control characters are refused before the parse; without them, the file reaches swift-syntax.
        let refused = loadSwift([("fix-it-without-changes.swift", source)])
        #expect(refused.module.errors.map(\.message) == ["unexpected character 'U+0'"])
        let cleaned = String(String.UnicodeScalarView(source.unicodeScalars.map { $0.value < 0x20 && !(0x09...0x0D).contains($0.value) ? " " : $0 }))
        let result = loadSwift([("fix-it-without-changes.swift", cleaned)])
        #expect(result.scenario == nil)
        #expect(result.module.errors.map(\.location.line) == [5, 8, 9, 14])
        #expect(result.module.errors.last?.message == "expected '}' to close 'Root', found end of file")
        #expect(result.module.errors.last?.location.line == 14)
    }

    /// swift-syntax's parse of nested `[` takes time exponential in their depth (the fuzzer's file did
    /// not finish): past the limit the file is refused before it is parsed; brackets in strings and
    /// comments do not count.
    @Test func nestedBracketsAreRefusedBeforeTheParse() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Swift/Hostile/nested-brackets.swift")
        let result = loadSwift([("nested-brackets.swift", try String(contentsOf: url, encoding: .utf8))])
        #expect(result.module.errors.map(\.message) == ["more than 12 '[' are open at once (limit: bracket depth)"])
        #expect(result.module.errors.first?.location.line == 2)
        let quoted = loadSwift("// [[[[[[[[[[[[[[[[\nstruct A: View {\n    let s = \"[[[[[[[[[[[[[[[[\"\n    var body: some View { Text(s) }\n}\n")
        #expect(quoted.scenario != nil, "\(String(describing: quoted.error))")
        // An interpolation is code: its brackets count (the fuzzer's input takes minutes in the parser).
        let interpolated = loadSwift("let a = [1]\nlet s = \"x \\(a" + String(repeating: "[", count: 40) + "0)\"\n")
        #expect(interpolated.module.errors.map(\.message) == ["more than 12 '[' are open at once (limit: bracket depth)"])
        let text = loadSwift("struct A: View {\n    let s = \"\\(1) [[[[[[[[[[[[[[[[ \\(2)\"\n    var body: some View { Text(s) }\n}\n")
        #expect(text.scenario != nil, "\(String(describing: text.error))")
    }

    /// A chain of 4,000 `else if` overflows swift-syntax's stack while it parses: refused before the parse.
    @Test func longElseIfChainsAreRefusedBeforeTheParse() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/Swift/Hostile/else-if-chain.swift")
        let result = loadSwift([("else-if-chain.swift", try String(contentsOf: url, encoding: .utf8))])
        #expect(result.module.errors.map(\.message) == ["the file has more than 1000 'else if' (limit: else-if links)"])
        // Words that only contain the letters, and the words in strings and comments, are not counted.
        let words = String(repeating: "let somethingelse = 1 // else if\n", count: 1_100)
        #expect(loadSwift(words + "struct A: View { var body: some View { Text(\"else if\") } }").module.errors.isEmpty)
    }

    /// Trees deep enough to overflow the stack of anything that walks them are refused, with the limit's
    /// name, before they are walked; just under the limits they load.
    @Test(arguments: [
        (String(repeating: "VStack { ", count: 300) + "Text(\"x\")" + String(repeating: " }", count: 300), "the code nests more than 500 levels deep"),
        ("Text(\"\\(a" + String(repeating: ".b", count: 20_000) + ")\")", "the code nests more than 500 levels deep"),
        ("Text(\"\\(" + String(repeating: "1 + ", count: 20_000) + "1)\")", "expression has more than 256 operators (limit: expression length)"),
        ("Text(\"\\(" + String(repeating: "1 + ", count: 250) + "1)\")", ""),
    ])
    func deepTreesAreRefusedBeforeTheyAreWalked(body: String, message: String) {
        let result = loadSwift("struct A: View {\n    let a = 1\n    var body: some View { \(body) }\n}\n")
        if message.isEmpty {
            #expect(result.scenario != nil, "\(String(describing: result.error))")
        } else {
            #expect(result.module.errors.map(\.message).contains { $0.hasPrefix(message) }, "\(result.module.errors)")
        }
    }
}

/// The Swift front end's limits, with the values the code uses, are what docs/Reliability.md says.
@Suite struct SwiftLimitDocsTests {
    @Test func theDocsGiveTheSwiftLimitsTheCodeHas() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/Reliability.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        #expect(text.contains("the code nests more than \(SwiftModule.maximumDepth) levels deep (N here) (limit: Swift nesting depth)"))
        #expect(text.contains("methods call methods more than \(Engine.maximumMethodDepth) levels deep"))
    }
}


/// `#if` is read for one build configuration: iOS with `DEBUG` set, unless the settings say otherwise.
@Suite struct BuildConfigurationTests {
    static let source = """
    import SwiftUI
    struct ContentView: View {
        var body: some View {
            #if os(macOS)
            MacPanel()
            #else
            PhonePanel()
            #endif
            #if DEBUG
            DebugBadge()
            #endif
            #if canImport(UIKit)
            UIKitBridge()
            #endif
        }
    }
    struct MacPanel: View { var body: some View { Text("mac") } }
    struct PhonePanel: View { var body: some View { Text("phone") } }
    struct DebugBadge: View { var body: some View { Text("debug") } }
    struct UIKitBridge: View { var body: some View { Text("uikit") } }
    """

    /// The views built under the root, for `build`.
    func builtViews(_ build: BuildSettings) throws -> Set<String> {
        var module = SwiftModule(build: build)
        module.add(source: Self.source, file: "App.swift")
        #expect(module.errors.isEmpty)
        let scenario = try Scenario(syntax: module.scenario(title: "t", file: "App.swift", root: "ContentView"), file: "App.swift")
        let paths = scenario.instancePaths.values.flatMap { $0 }
        return Set(["MacPanel", "PhonePanel", "DebugBadge", "UIKitBridge"].filter { name in paths.contains("ContentView/\(name)") })
    }

    @Test func byDefaultTheAppIsADebugBuildForIOS() throws {
        #expect(try builtViews(BuildSettings()) == ["PhonePanel", "DebugBadge", "UIKitBridge"])
    }

    @Test func anotherSystemAndOtherConditionsTakeOtherClauses() throws {
        #expect(try builtViews(BuildSettings(os: "macOS", conditions: [])) == ["MacPanel"])
    }

    @Test func aConditionNotSetTakesTheElseClauseAsSwiftDoes() {
        var module = SwiftModule()
        module.add(source: "#if FEATURE_X\nlet a = 1\n#elseif DEBUG\nlet b = 2\n#else\nlet c = 3\n#endif\n", file: "A.swift")
        #expect(module.errors.isEmpty && module.notes.isEmpty)
        #expect(module.declarations.map(\.name) == ["b"])
        var release = SwiftModule(build: BuildSettings(conditions: []))
        release.add(source: "#if FEATURE_X\nlet a = 1\n#elseif DEBUG\nlet b = 2\n#else\nlet c = 3\n#endif\n", file: "A.swift")
        #expect(release.declarations.map(\.name) == ["c"])
    }
}
