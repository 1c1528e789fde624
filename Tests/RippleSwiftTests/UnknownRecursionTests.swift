import Testing
@testable import RippleCore
import RippleSwift

/// A view that contains itself through a value Ripple does not know has no end Ripple can see: it is cut
/// `Limits.maximumUnknownRecursion` levels down, with a warning at its place, and the screen goes on. One
/// that contains itself through real values ends where its data ends and is never cut.
@Suite struct UnknownRecursionTests {
    /// Each way real code reaches a view of its own type from a value another module declares.
    static let cases: [(name: String, body: String)] = [
        ("through an optional", """
            if let child = node.children?.first { NodeView(node: child) }
            """),
        ("through an array's element", """
            ForEach(node.children) { NodeView(node: $0) }
            """),
        ("through an enum's associated value", """
            if case .group(let inner) = node.kind { NodeView(node: inner) }
            """),
        ("behind a condition, through a collection with a default", """
            if node.isExpanded { ForEach(node.children ?? []) { child in NodeView(node: child) } }
            """),
    ]

    static func app(_ body: String) -> String {
        """
        import SwiftUI
        import Outline

        struct ContentView: View {
            let root: OutlineNode
            @State private var expanded = false
            var body: some View {
                VStack {
                    Button("Expand") { expanded.toggle() }
                    NodeView(node: root)
                }
            }
        }

        struct NodeView: View {
            let node: OutlineNode
            var body: some View {
                VStack {
                    Text(node.title)
                    \(body.replacingOccurrences(of: "\n", with: "\n            "))
                    \(body.replacingOccurrences(of: "\n", with: "\n            "))
                }
            }
        }
        """
    }

    @Test(arguments: cases.indices)
    func aViewThatContainsItselfThroughAnUnknownValueIsCut(_ index: Int) throws {
        let result = loadSwift(Self.app(Self.cases[index].body))
        let scenario = try #require(result.scenario, "\(Self.cases[index].name): \(String(describing: result.error))")
        let paths = instancePaths(scenario)
        let nodes = paths.filter { $0.hasSuffix("NodeView") || $0.contains("NodeView[") || $0.hasSuffix("NodeView#2") }
        // Two children a level, four levels: at most 1 + 2 + 4 + 8 views, where the recursion had no end.
        #expect(paths.count < 100, "\(Self.cases[index].name): \(paths.count) instances")
        #expect(paths.contains { $0.components(separatedBy: "NodeView").count - 1 == Limits.maximumUnknownRecursion },
                "\(Self.cases[index].name): \(nodes)")
        #expect(!paths.contains { $0.components(separatedBy: "NodeView").count - 1 > Limits.maximumUnknownRecursion })
        let warnings = scenario.notes.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains("'NodeView' contains itself through a value Ripple does not know; it is cut 4 levels down (limit: unknown recursion)"),
                "\(Self.cases[index].name): \(warnings)")
    }

    /// A tree of real values, five levels deep, is built whole: no level is cut, nothing is warned.
    @Test func aViewThatContainsItselfThroughRealValuesIsBuiltWhole() throws {
        let source = """
            import SwiftUI

            struct Node {
                var title: String
                var children: [Node]?
            }

            struct ContentView: View {
                let root = Node(title: "1", children: [Node(title: "2", children: [Node(title: "3", children: [
                    Node(title: "4", children: [Node(title: "5", children: nil)])])])])
                var body: some View { NodeView(node: root) }
            }

            struct NodeView: View {
                let node: Node
                var body: some View {
                    VStack {
                        Text(node.title)
                        if let child = node.children?.first { NodeView(node: child) }
                    }
                }
            }
            """
        let result = loadSwift(source)
        let scenario = try #require(result.scenario, "\(String(describing: result.error))")
        let deepest = instancePaths(scenario).map { $0.components(separatedBy: "NodeView").count - 1 }.max()
        #expect(deepest == 5)
        #expect(!scenario.notes.contains { $0.message.contains("unknown recursion") })
    }
}
