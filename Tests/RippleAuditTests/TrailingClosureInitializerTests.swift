import Testing
import RippleAudit
@testable import RippleCore

/// A trailing closure takes the next parameter of a function type whatever its label, in the `init`
/// a call selects as in the one it binds: `Monitor(mask: 2) { event in … }` calls `init(mask:handler:)`.
@Suite struct TrailingClosureInitializerTests {
    static let app = """
        import SwiftUI

        final class Monitor {
            let mask: Int
            let handler: (Int) -> Int
            init(mask: Int, handler: @escaping (Int) -> Int) {
                self.mask = mask
                self.handler = handler
            }
            init(mask: Int, subscriber: Int) {
                self.mask = mask + subscriber
                self.handler = { $0 }
            }
        }

        @Observable final class Recorder {
            var count = 0
            let monitor = Monitor(mask: 2) { event in event }
        }

        struct RecorderView: View {
            @State private var recorder = Recorder()
            var body: some View {
                Text("\\(recorder.count) \\(recorder.monitor.mask)")
                Button("Record") { recorder.count += 1 }
            }
        }

        """

    /// Must: the trailing closure selects `init(mask:handler:)`, so the screen is built and its button re-runs it.
    @Test func aTrailingClosureSelectsTheInitializerWithALabelledClosureParameter() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("no 'init' of 'Monitor'") }, "\(notes)")
        let record = try row(result, "tap Button \"Record\"")
        #expect(record.evaluations == 1)
        #expect(record.error == nil)
    }

    /// Must not: labels no initializer takes still select none, and say so.
    @Test func labelsNoInitializerTakesSelectNone() throws {
        let source = Self.app.replacingOccurrences(of: "Monitor(mask: 2) { event in event }", with: "Monitor(mask: 2, other: 3)")
        let (result, notes) = try auditSwiftWithNotes(source)
        let all = notes + result.rows.flatMap { $0.notes.map(\.message) }
        #expect(all.contains { $0.contains("no 'init' of 'Monitor' takes (mask:other:)") }, "\(all)")
    }
}
