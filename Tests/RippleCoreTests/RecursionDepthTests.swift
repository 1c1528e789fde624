import Testing
@testable import RippleCore

/// Code that recurses through a `Binding(get:set:)` getter, an `init` or a type's default values stops at
/// the call depth with an error at the place that crossed it, on a thread with the 8 MB of stack the
/// command line's threads have; each of these overflowed the stack (SIGSEGV) before.
@Suite struct RecursionDepthTests {
    /// A scenario whose body shows `shown`, with `declarations` above it.
    static func scenario(_ declarations: String, shows shown: String) -> String {
        """
        scenario "recursion"
        \(declarations)
        struct Root: View {
            @State private var name = ""
            var body: some View { Text(\(shown)) }
        }
        """
    }

    static let cases: [(name: String, source: String, callee: String)] = [
        ("a binding's getter reads the binding", scenario("", shows: "text.wrappedValue").replacingOccurrences(of: "    var body", with: """
                var text: Binding<String> {
                    Binding(get: 1️⃣{ text.wrappedValue }, set: { name = $0 })
                }
                var body
            """), "computed property 'text'"),
        ("an init builds its own type", scenario("""
            @Observable final class Node {
                var child: Node?
                init() { child = 1️⃣Node() }
            }
            let root = Node()
            """, shows: "\"\\(root.child == nil)\""), "the 'init' of 'Node'"),
        ("a struct's init builds its own type", scenario("""
            struct Item {
                var next: [Item]
                init() { next = 1️⃣[Item()] }
            }
            let root = Item()
            """, shows: "\"\\(root.next.count)\""), "the 'init' of 'Item'"),
        ("a default value builds its own type", scenario("""
            @Observable final class Node {
                var child: Node? = 1️⃣Node()
            }
            let root = Node()
            """, shows: "\"\\(root.child == nil)\""), "the 'init' of 'Node'"),
        ("a view's helper builds itself", """
            scenario "recursion"
            struct Root: View {
                var content: some View { VStack { Text("a"); 1️⃣content } }
                var body: some View { content }
            }
            """, "computed property 'content'"),
    ]

    @Test(arguments: cases.map(\.name))
    func recursionStopsAtTheCallDepth(_ name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let marked = MarkedSource(entry.source)
        let found = onThread(stackSize: 8 << 20) { () -> [Diagnostic] in
            do throws(DiagnosticError) {
                _ = try Scenario(source: marked.text, file: "recursion.ripple")
                return []
            } catch {
                return error.diagnostics
            }
        }
        let first = try #require(found.first)
        #expect(first.message == "calls nest too deeply in \(entry.callee): recursion deeper than \(Engine.maximumCallDepth) (limit: call depth)")
        let place = try #require(marked.markers["1️⃣"])
        #expect((first.location.line, first.location.column) == (place.line, place.column))
    }
}
