import Foundation
import Testing
import RippleAudit
import RippleCore
import RippleSwift

/// `--depth N`: after each action, the actions of the state it leaves, breadth first, each state once.
/// A row is listed when its action is new there, or changes something where before it changed nothing.
@Suite struct ExplorationTests {
    /// A composer whose Send button sends only once something is typed, and a counter whose Reset does
    /// nothing until the count is above zero.
    static let composer = """
        import SwiftUI

        @Observable final class Outbox {
            var sent: [String] = []
            func send(_ text: String) {
                if text.isEmpty { return }
                sent.append(text)
            }
        }

        struct ComposerView: View {
            @State private var outbox = Outbox()
            @State private var draft = ""
            @State private var taps = 0
            var body: some View {
                VStack {
                    TextField("Message", text: $draft)
                    Button("Send") {
                        outbox.send(draft)
                        draft = ""
                    }
                    SentCount(count: outbox.sent.count)
                    Button("Tap") { taps += 1 }
                    Button("Reset") { taps = 0 }
                    Text("\\(taps) taps")
                }
            }
        }

        struct SentCount: View {
            let count: Int
            var body: some View { Text("\\(count) sent") }
        }
        """

    static func audit(_ source: String, depth: Int, states: Int = Audit.maximumExploredStates, everyPath: Bool = false) throws -> AuditResult {
        var module = SwiftModule()
        module.add(source: source, file: "App.swift")
        let scenario = try Scenario(syntax: module.scenario(title: "app", file: "App.swift", root: nil), file: "App.swift")
        var audit = Audit(threads: 1, depth: depth)
        audit.exploredStatesLimit = states
        audit.keepsEveryPath = everyPath
        return audit.run(scenario, file: "App.swift")
    }

    static let send = "type in TextField \"Message\" in ComposerView, then tap Button \"Send\" in ComposerView"

    @Test func anActionThatDoesSomethingOnlyAfterAnotherIsFoundAtDepthTwo() throws {
        let result = try Self.audit(Self.composer, depth: 2)
        let row = try #require(result.rows.first { $0.action == Self.send }, "\(result.rows.map(\.action))")
        #expect(row.path == ["type in TextField \"Message\" in ComposerView"])
        #expect(row.after == "type in TextField \"Message\" in ComposerView")
        // The message goes out: the screen reads the count and hands the badge a new one.
        #expect(row.views.map(\.view) == ["ComposerView", "SentCount"] && row.wasted == 0)
        #expect(row.confidence == .exact, "\(row.uncertainty)")
        // From the first state, Send sends nothing.
        let first = try #require(result.rows.first { $0.action == "tap Button \"Send\" in ComposerView" })
        #expect(first.evaluations == 0)
    }

    @Test func depthOnePerformsTheFirstStatesActionsOnly() throws {
        let result = try Self.audit(Self.composer, depth: 1)
        #expect(!result.rows.contains { $0.path != nil }, "\(result.rows.map(\.action))")
        #expect(result.rows.contains { $0.action == "tap Button \"Send\" in ComposerView" })
    }

    @Test func anActionThatChangedSomethingBeforeIsNotListedAgain() throws {
        let result = try Self.audit(Self.composer, depth: 2)
        // Tap changes the count from every state: it is listed once, from the first state.
        #expect(result.rows.filter { $0.action.hasSuffix("tap Button \"Tap\" in ComposerView") }.map(\.action) == ["tap Button \"Tap\" in ComposerView"])
        // Reset changes nothing until Tap has counted: then it is listed, after Tap.
        let resets = result.rows.filter { $0.action.hasSuffix("tap Button \"Reset\" in ComposerView") }.map(\.action)
        #expect(resets == ["tap Button \"Reset\" in ComposerView", "tap Button \"Tap\" in ComposerView, then tap Button \"Reset\" in ComposerView"])
    }

    @Test func aStateReachedAgainIsExploredOnce() throws {
        // A toggle's second flip returns to the first state: at depth 3 nothing is performed after it.
        let result = try Self.audit("""
            import SwiftUI

            struct Lamp: View {
                @State private var on = false
                @State private var level = 0
                var body: some View {
                    Toggle("On", isOn: $on)
                    Button("Brighter") { if on { level += 1 } }
                    Text(on ? "\\(level)" : "off")
                }
            }
            """, depth: 3)
        let names = result.rows.map(\.action)
        #expect(names.contains("toggle Toggle \"On\" in Lamp, then tap Button \"Brighter\" in Lamp"), "\(names)")
        #expect(!names.contains { $0.hasPrefix("toggle Toggle \"On\" in Lamp, then toggle Toggle \"On\" in Lamp, then") }, "\(names)")
    }

    @Test func aRowAfterAnActionThatRestsOnAnUnknownRestsOnItToo() throws {
        let result = try Self.audit("""
            import SwiftUI

            struct Feed: View {
                @State private var loaded = false
                @State private var count = 0
                var body: some View {
                    Button("Load") { loaded = Bundle.main.isLoaded }
                    Button("More") { if loaded { count += 1 } }
                    Text("\\(count)")
                }
            }
            """, depth: 2)
        let more = try #require(result.rows.first { $0.action == "tap Button \"Load\" in Feed, then tap Button \"More\" in Feed" },
                                "\(result.rows.map(\.action))")
        // Its own verdict rests on the condition it took as true, and the state it starts from on what Load wrote.
        #expect(more.confidence == .partial)
        #expect(more.uncertainty.contains { $0.hasPrefix("action: the condition 'loaded' taken as true at App.swift:8") }, "\(more.uncertainty)")
        #expect(more.uncertainty.contains { $0.hasPrefix("after 'tap Button \"Load\" in Feed': ") }, "\(more.uncertainty)")
        // From the first state, More is exact: 'loaded' is false there, a known value.
        #expect(try #require(result.rows.first { $0.action == "tap Button \"More\" in Feed" }).confidence == .exact)
        // A control is judged by the first state that offers it: More is simulated exactly, Load is not.
        #expect(result.coverage.controls == 2 && result.coverage.controlsExact == 1)
    }

    @Test func theStatesPastTheLimitAreNotExploredAndTheAuditSaysSo() throws {
        let buttons = (1...5).map { "            Button(\"Set \($0)\") { value = \($0) }" }.joined(separator: "\n")
        let result = try Self.audit("""
            import SwiftUI

            struct Dial: View {
                @State private var value = 0
                var body: some View {
                    Text("\\(value)")
            \(buttons)
                }
            }
            """, depth: 2, states: 3, everyPath: true)
        let notes = result.rows.flatMap(\.notes).map(\.message)
        #expect(notes.contains { $0.hasPrefix("2 states the actions lead to were not explored: the audit explores at most 3 states") && $0.hasSuffix("(limit: explored states)") }, "\(notes)")
        // The first three states' actions are performed (every row listed, as a proof lists them); the last two states' are not.
        #expect(result.rows.contains { $0.path == ["tap Button \"Set 3\" in Dial"] })
        #expect(!result.rows.contains { $0.path == ["tap Button \"Set 4\" in Dial"] })
    }
}
