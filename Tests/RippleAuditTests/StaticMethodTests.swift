import Testing
import RippleAudit
@testable import RippleCore

/// A type's `static func`s run as Swift runs them, also an enum without cases used as a namespace: a
/// child whose input one computes re-runs exactly when the computed value changes.
@Suite struct StaticMethodTests {
    static let app = """
        import SwiftUI

        enum Format {
            static let unit = "items"
            static func label(for count: Int) -> String {
                if count == 1 { return "1 item" }
                return "\\(count) \\(unit)"
            }
            static func parity(of count: Int) -> String { isEven(count) ? "even" : "odd" }
            static func isEven(_ count: Int) -> Bool { count % 2 == 0 }
        }

        struct Palette {
            static func badge(for parity: String) -> String { parity == "even" ? "circle" : Self.odd }
            static let odd = "square"
        }

        struct CounterView: View {
            @State private var count = 0
            var body: some View {
                VStack {
                    CountLabel(text: Format.label(for: count))
                    ParityBadge(parity: Format.parity(of: count / 2), symbol: Palette.badge(for: Format.parity(of: count / 2)))
                    Button("Add") { count += 1 }
                    Button("Add two") { count += 2 }
                }
            }
        }

        struct CountLabel: View {
            let text: String
            var body: some View { Text(text) }
        }

        struct ParityBadge: View {
            let parity: String
            let symbol: String
            var body: some View { Label(parity, systemImage: symbol) }
        }
        """

    @Test func aNamespaceEnumsStaticMethodsAreRun() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("static method") || $0.contains("has no case") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\" in")
        #expect(add.confidence == .exact, "\(add.uncertainty) \(add.notes.map(\.message))")
        // 0 → 1: the label changes, the parity of 0 / 2 and of 1 / 2 is the same.
        #expect(add.views.map(\.view) == ["CounterView", "CountLabel"])
        #expect(add.evaluations == 2 && add.wasted == 0)
    }

    @Test func aChildWhoseComputedInputChangesReRuns() throws {
        let result = try auditSwift(Self.app)
        let two = try row(result, "tap Button \"Add two\"")
        #expect(two.confidence == .exact, "\(two.uncertainty) \(two.notes.map(\.message))")
        // 0 → 2: 2 / 2 is odd, so the badge and its symbol change too.
        #expect(two.views.map(\.view) == ["CounterView", "CountLabel", "ParityBadge"])
        #expect(two.evaluations == 3 && two.wasted == 0)
    }

    /// A static method whose result rests on another module (`TimeZone.current`) is run, and what it
    /// returns is unknown: the child that compares it makes the row partial.
    @Test func aStaticMethodsUnknownResultMakesTheRowPartial() throws {
        let source = Self.app
            .replacingOccurrences(of: "static func isEven(_ count: Int) -> Bool { count % 2 == 0 }",
                                  with: "static func isEven(_ count: Int) -> Bool { count % 2 == 0 }\n    static func zone() -> String { TimeZone.current.identifier }")
            .replacingOccurrences(of: "CountLabel(text: Format.label(for: count))", with: "CountLabel(text: Format.zone())")
        let result = try auditSwift(source)
        let add = try row(result, "tap Button \"Add\" in")
        #expect(add.confidence == .partial, "\(add.notes.map(\.message))")
        #expect(add.views.map(\.view) == ["CounterView"])
    }

    /// A static method whose statements Ripple cannot run (here a projection of a property no view
    /// declares) leaves its value unknown, with a note at the call; the view that called it is built, and
    /// its controls are offered.
    @Test func aStaticMethodRipplesCannotRunLeavesItsValueUnknownAndTheViewBuilt() throws {
        let source = Self.app
            .replacingOccurrences(of: "static func isEven(_ count: Int) -> Bool { count % 2 == 0 }",
                                  with: "static func isEven(_ count: Int) -> Bool { count % 2 == 0 }\n    static func session() -> String { $authenticatedSession.description }")
            .replacingOccurrences(of: "CountLabel(text: Format.label(for: count))", with: "CountLabel(text: Format.session())")
        #expect(source.contains("Format.session()"))
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(notes.contains { $0.hasPrefix("what 'Format.session' returns is not simulated (unknown name '$authenticatedSession')") }, "\(notes)")
        let add = try row(result, "tap Button \"Add\" in")
        #expect(add.error == nil)
        #expect(add.views.map(\.view) == ["CounterView"])
    }
}
