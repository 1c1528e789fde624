import Testing
import RippleAudit
import RippleCore

/// `.onHover`, `.onKeyPress` and `.onOpenURL` are actions: the pointer enters the view (the closure gets
/// `true`), a key is pressed, a URL is opened (each closure gets a value Ripple does not know).
@Suite struct PointerAndKeyActionTests {
    static let app = """
        import SwiftUI

        @Observable final class Inbox {
            var opened = 0
            var keys = 0
        }

        struct CardView: View {
            @State private var isHovering = false
            @State private var inbox = Inbox()
            var body: some View {
                VStack {
                    Text(isHovering ? "Hovering" : "Resting")
                    Text("\\(inbox.opened) opened")
                    Text("Keys")
                        .onKeyPress { press in
                            inbox.keys += 1
                            return .handled
                        }
                }
                .onHover { hovering in isHovering = hovering }
                .onOpenURL { url in inbox.opened += 1 }
            }
        }
        """

    static func row(_ result: AuditResult, _ name: String) throws -> AuditRow {
        try #require(result.rows.first { $0.action == name }, "\(result.rows.map(\.action))")
    }

    @Test func hoveringRunsTheClosureWithTrue() throws {
        let result = try auditSwift(Self.app)
        let hover = try Self.row(result, "hover .onHover in CardView")
        #expect(hover.views.map(\.view) == ["CardView"])
        #expect(hover.evaluations == 1 && hover.confidence == .exact, "\(hover.uncertainty)")
    }

    @Test func aKeyPressAndAURLRunTheirClosures() throws {
        let result = try auditSwift(Self.app)
        // Opening a URL counts one more, which the card shows.
        let open = try Self.row(result, "open a URL with .onOpenURL in CardView")
        #expect(open.views.map(\.view) == ["CardView"])
        #expect(open.evaluations == 1 && open.confidence == .exact, "\(open.uncertainty)")
        // The keys counted are shown nowhere: no body re-runs.
        let key = try Self.row(result, "press a key in .onKeyPress in CardView")
        #expect(key.evaluations == 0 && key.views.isEmpty)
        #expect(key.error == nil)
    }
}
