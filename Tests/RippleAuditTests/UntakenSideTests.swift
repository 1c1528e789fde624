import Testing
import RippleAudit
@testable import RippleCore

/// A body that decides a condition on a value Ripple does not know builds one side of it; what the other
/// side reads decides whether an action reaches the view where the condition goes the other way. A row
/// whose write the untaken side reads is not `exact` and names the decision; one whose write no side
/// reads stays `exact`.
@Suite struct UntakenSideTests {
    static let app = """
        import SwiftUI

        @Observable final class Model {
            var count = 0
            var title = "Draft"
            var flag = false
        }

        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    Button("Add") { model.count += 1 }
                    Button("Rename") { model.title += "!" }
                    Button("Flip") { model.flag.toggle() }
                    Counter(model: model)
                    Badge(model: model)
                    Caption(model: model)
                    Header(model: model)
                }
            }
        }

        struct Counter: View {
            let model: Model
            var body: some View {
                if ExternalFlags.isCompact {
                    Text("compact")
                } else {
                    Text("\\(model.count)")
                }
            }
        }

        struct Badge: View {
            let model: Model
            var body: some View {
                ExternalFlags.showsBadge ? Text("badge") : Text(model.title)
            }
        }

        struct Caption: View {
            let model: Model
            var body: some View {
                Text("caption").foregroundStyle(ExternalFlags.isDimmed ? Color.gray : (model.flag ? Color.red : Color.blue))
            }
        }

        struct Header: View {
            let model: Model
            var body: some View {
                Text(title)
            }
            var title: String {
                if ExternalFlags.isShort { return "short" } else { return model.title }
            }
        }

        """

    /// Must: the `else` of an `if` reads what the action writes, in a view the action does not re-run.
    @Test func aWriteReadOnlyInAnUntakenElseIsNotExact() throws {
        let add = try row(try auditSwift(Self.app), "tap Button \"Add\"")
        #expect(add.evaluations == 0)
        #expect(add.confidence == .partial)
        #expect(add.uncertainty.contains {
            $0.contains("the condition 'ExternalFlags.isCompact' taken as true at App.swift:") && $0.contains("'Counter' reads what this action writes")
        }, "\(add.uncertainty)")
    }

    /// Must: the untaken side of a ternary in view position, and of a ternary in a modifier's argument.
    @Test func aWriteReadOnlyInAnUntakenTernaryIsNotExact() throws {
        let result = try auditSwift(Self.app)
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.confidence == .partial)
        #expect(rename.uncertainty.contains { $0.contains("'ExternalFlags.showsBadge' taken as true") && $0.contains("'Badge'") }, "\(rename.uncertainty)")
        #expect(rename.uncertainty.contains { $0.contains("'ExternalFlags.isShort' taken as true") && $0.contains("'Header'") }, "\(rename.uncertainty)")
        let flip = try row(result, "tap Button \"Flip\"")
        #expect(flip.confidence == .partial)
        #expect(flip.uncertainty.contains { $0.contains("'ExternalFlags.isDimmed' taken as true") && $0.contains("'Caption'") }, "\(flip.uncertainty)")
    }

    /// Must not: a write no side of any decision reads leaves the row `exact`, and the untaken sides add
    /// no notes, controls or evaluations of their own.
    @Test func aWriteNoUntakenSideReadsStaysExact() throws {
        let source = Self.app.replacingOccurrences(of: "Button(\"Flip\") { model.flag.toggle() }",
                                                   with: "Button(\"Flip\") { model.flag.toggle() }\n                Button(\"Other\") { model.other += 1 }")
            .replacingOccurrences(of: "var flag = false", with: "var flag = false\n    var other = 0")
        let result = try auditSwift(source)
        let other = try row(result, "tap Button \"Other\"")
        #expect(other.evaluations == 0)
        #expect(other.uncertainty.isEmpty, "\(other.uncertainty)")
        #expect(other.confidence == .exact)
        // The `else` sides build `Text`s only: no control comes from them.
        #expect(result.rows.filter { $0.kind != "step" }.map(\.control).allSatisfy { $0 == "Button" }, "\(result.rows.map(\.action))")
    }

    /// Must not: where the condition is known, nothing is run apart and nothing is named.
    @Test func aKnownConditionRunsNoUntakenSide() throws {
        let source = Self.app.replacingOccurrences(of: "ExternalFlags.isCompact", with: "!model.flag")
        let add = try row(try auditSwift(source), "tap Button \"Add\"")
        #expect(add.evaluations == 0)
        #expect(!add.uncertainty.contains { $0.contains("'Counter'") }, "\(add.uncertainty)")
        #expect(add.confidence == .exact)
    }

    /// Bounded: past its allowance, an untaken side runs no further decision's other side, and it is
    /// taken to read everything, so any write reaches the decision: here the side never reads `count`,
    /// yet the row names the decision, for what the side would have read is not known.
    @Test func anUntakenSideThatRunsPastItsAllowanceReadsEverything() throws {
        let source = """
            import SwiftUI

            @Observable final class Model {
                var count = 0
            }

            struct Root: View {
                @State private var model = Model()
                var body: some View {
                    Button("Add") { model.count += 1 }
                    Tree(model: model)
                }
            }

            struct Tree: View {
                let model: Model
                var body: some View { Text(label()) }
                func label() -> String {
                    if ExternalFlags.isLeaf {
                        return "leaf"
                    } else {
                        let long = (0..<5000).map { _ in "x" }.joined()
                        if ExternalFlags.isShort { return "short" }
                        return long
                    }
                }
            }

            """
        let add = try row(try auditSwift(source), "tap Button \"Add\"")
        #expect(add.error == nil)
        #expect(add.evaluations == 0)
        #expect(add.uncertainty.contains { $0.contains("'ExternalFlags.isLeaf' taken as true") && $0.contains("'Tree' reads what this action writes") },
                "\(add.uncertainty)")
        // Within the allowance the same side is run whole, reads no `count`, and names nothing.
        let short = source.replacingOccurrences(of: "0..<5000", with: "0..<50")
        let exact = try row(try auditSwift(short), "tap Button \"Add\"")
        #expect(exact.uncertainty.isEmpty, "\(exact.uncertainty)")
    }
}
