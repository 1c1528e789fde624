import Testing
import RippleAudit
import RippleCore

/// A view written with its module (`Settings.Section { … }` from a package Ripple does not read,
/// `SwiftUI.Text`) is built: another module's container shows its content, built with the body, and
/// the controls inside are offered.
@Suite struct ModuleQualifiedViewTests {
    static let app = """
        import SwiftUI
        import Settings

        @Observable final class Preferences {
            var plays = false
            var opened = 0
        }

        struct GeneralPane: View {
            @State private var preferences = Preferences()
            var body: some View {
                Settings.Container(contentWidth: 420) {
                    Settings.Section(title: "Sound") {
                        Toggle("Play sounds", isOn: $preferences.plays)
                        SwiftUI.Text(preferences.plays ? "On" : "Off")
                    }
                    Settings.Section(title: "History") {
                        Button("Open history") { preferences.opened += 1 }
                    }
                }
            }
        }
        """

    @Test func aPackagesContainerShowsItsContentAndItsControlsAreOffered() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(notes.contains("'Settings.Container' is not declared in the source; it is taken as another module's view that shows its content"), "\(notes)")
        #expect(!notes.contains { $0.contains("are not simulated") }, "\(notes)")
        // The toggle writes what the pane's body shows.
        let toggle = try row(result, "toggle Toggle \"Play sounds\" in GeneralPane")
        #expect(toggle.views.map(\.view) == ["GeneralPane"] && toggle.evaluations == 1)
        // A count no body shows re-runs none.
        let open = try row(result, "tap Button \"Open history\" in GeneralPane")
        #expect(open.evaluations == 0 && open.views.isEmpty)
        #expect(result.coverage.controlsOffered == 2)
    }
}
