import Testing
@testable import RippleCore
import RippleSwift

/// `.disabled(condition)`: a control it disables is nothing a person can do, until the condition
/// changes; one whose condition Ripple cannot decide is taken as enabled, and its row says so.
@Suite struct DisabledControlTests {
    static let editor = """
        import SwiftUI

        struct Link: Identifiable { let id: Int; var name: String }

        struct DeepLinkEditor: View {
            @State private var links = [Link(id: 1, name: "home")]
            @State private var selection: Int?
            @State private var showsEditor = false
            @State private var renames = 0

            var body: some View {
                VStack {
                    ForEach(links) { link in
                        Button(link.name) { selection = link.id }
                    }
                    Button("Edit") { showsEditor = true }
                        .disabled(selection == nil)
                    Group {
                        Button("Rename") { renames += 1 }
                        EditHelp()
                    }
                    .disabled(true)
                    Button("Share") { renames += 2 }
                        .disabled(ShareService.isAvailable)
                }
                .sheet(isPresented: $showsEditor) { Text("editor") }
            }
        }

        struct EditHelp: View {
            @State private var count = 0
            var body: some View {
                Button("Help") { count += 1 }
            }
        }
        """

    private func screen() throws -> (Scenario, Simulation) {
        let (scenario, _, error) = loadSwift(Self.editor)
        let loaded = try #require(scenario, "\(String(describing: error))")
        return (loaded, try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics))
    }

    @Test func aDisabledButtonIsNotOfferedAndOneInsideADisabledViewIsNeither() throws {
        let (loaded, simulation) = try screen()
        let names = simulation.availableActions().map(\.name)
        #expect(!names.contains { $0.contains("\"Edit\"") }, "\(names)")
        #expect(!names.contains { $0.contains("\"Rename\"") }, "\(names)")
        #expect(!names.contains { $0.contains("\"Help\"") }, "\(names)")
        #expect(loaded.notes.contains { $0.message.hasPrefix("'Button \"Edit\"' is disabled here") && $0.location.line == 16 }, "\(loaded.notes)")
    }

    @Test func aButtonIsOfferedOnceWhatDisabledItChanges() throws {
        let (_, simulation) = try screen()
        let select = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button in ForEach[1]" })
        let step = try simulation.perform(actionAt: select)
        // The body reads `selection` for `.disabled`: the write re-runs it, and the Edit button appears.
        #expect(step.instances.filter { $0.outcome == .needed }.map(\.path) == ["DeepLinkEditor"])
        #expect(simulation.availableActions().contains { $0.name == "tap Button \"Edit\" in DeepLinkEditor" })
    }

    @Test func aButtonWhoseConditionIsUnknownIsTakenAsEnabledAndTheRowSaysSo() throws {
        let (_, simulation) = try screen()
        let share = try #require(simulation.availableActions().firstIndex { $0.name == "tap Button \"Share\" in DeepLinkEditor" })
        let step = try simulation.perform(actionAt: share)
        #expect(step.unknownDecisions == ["'.disabled(ShareService.isAvailable)' taken as false at App.swift:24: its value is unknown"])
    }

    /// Must not: a condition that is false disables nothing.
    @Test func aFalseConditionLeavesTheButtonOffered() throws {
        let (scenario, _, error) = loadSwift(Self.editor.replacingOccurrences(of: ".disabled(true)", with: ".disabled(false)"))
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        let names = simulation.availableActions().map(\.name)
        #expect(names.contains("tap Button \"Rename\" in DeepLinkEditor"), "\(names)")
        #expect(names.contains("tap Button \"Help\" in EditHelp"), "\(names)")
    }

    /// Must not: the pointer's hover over a disabled view still happens; only its controls are disabled.
    @Test func aHoverHandlerOnADisabledViewIsStillOffered() throws {
        let (scenario, _, error) = loadSwift("""
            import SwiftUI

            struct Favorite: View {
                @State private var hovering = false
                @State private var canFavorite = false
                var body: some View {
                    Button("Favorite") { canFavorite.toggle() }
                        .onHover { inside in hovering = inside }
                        .disabled(!canFavorite)
                        .opacity(hovering ? 1 : 0.5)
                }
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        let simulation = try Simulation(scenario: loaded, variant: loaded.variants[0].name, semantics: loaded.semantics)
        #expect(simulation.availableActions().map(\.name) == ["hover .onHover in Favorite"])
    }
}
