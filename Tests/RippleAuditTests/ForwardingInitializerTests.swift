import Testing
import RippleAudit
import RippleCore

/// A convenience `init` that forwards with `self.init(…)` makes the view as the initializer it forwards
/// to does, given what the caller passed: a settings pane's content, written in the caller, is built
/// and its controls are offered.
@Suite struct ForwardingInitializerTests {
    static let app = """
        import SwiftUI

        @Observable final class Preferences {
            var chimes = false
            var launches = 0
        }

        struct SettingsSection<Content: View>: View {
            let title: String
            let footnote: String
            let content: Content

            init(title: String, footnote: String = "", @ViewBuilder content: () -> Content) {
                self.title = title
                self.footnote = footnote
                self.content = content()
            }

            init(_ title: String, @ViewBuilder content: () -> Content) {
                self.init(title: title.uppercased(), content: content)
            }

            var body: some View {
                VStack(alignment: .leading) {
                    Text(title)
                    content
                    Text(footnote)
                }
            }
        }

        struct SoundPane: View {
            @State private var preferences = Preferences()
            var body: some View {
                SettingsSection("Sound") {
                    Toggle("Chimes", isOn: $preferences.chimes)
                    ChimeBadge(on: preferences.chimes)
                    Button("Count launch") { preferences.launches += 1 }
                }
            }
        }

        struct ChimeBadge: View {
            let on: Bool
            var body: some View { Image(systemName: on ? "bell" : "bell.slash") }
        }
        """

    @Test func theForwardedContentIsBuiltAndItsControlsOffered() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("initializer") }, "\(notes)")
        // The toggle writes what the pane's body reads and hands the badge: both re-run, and the section,
        // whose content holds the changed badge, re-runs to place it (Rule 9.6).
        let toggle = try row(result, "toggle Toggle \"Chimes\" in SoundPane")
        #expect(toggle.views.map(\.view) == ["SoundPane", "SettingsSection", "ChimeBadge"])
        #expect(toggle.evaluations == 3 && toggle.wasted == 0 && toggle.confidence == .exact, "\(toggle.uncertainty)")
        // A count nothing shows re-runs no body.
        let launch = try row(result, "tap Button \"Count launch\" in SoundPane")
        #expect(launch.evaluations == 0 && launch.views.isEmpty)
    }

    @Test func initializersThatForwardToEachOtherStopAtALimit() throws {
        let source = """
            import SwiftUI
            struct Loop: View {
                let n: Int
                init(n: Int) { self.init(count: n) }
                init(count: Int) { self.init(n: count) }
                var body: some View { Text("\\(n)") }
            }
            struct Screen: View {
                @State private var on = false
                var body: some View {
                    VStack { Toggle("On", isOn: $on); Loop(n: 1) }
                }
            }
            """
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(notes.contains { $0.contains("forward to each other more than 16 times") }, "\(notes)")
        // The rest of the screen is still simulated.
        #expect(result.rows.contains { $0.action == "toggle Toggle \"On\" in Screen" }, "\(result.rows.map(\.action))")
    }

    /// An `init` in an extension that forwards to the memberwise initializer (which a struct keeps when
    /// its own declaration writes none) makes the view with the values it passes.
    @Test func aForwardToTheMemberwiseInitializerMakesTheView() throws {
        let source = """
            import SwiftUI
            @Observable final class Article {
                var title = "Intro"
                var reads = 0
                init(title: String) { self.title = title }
            }
            struct ArticleView: View {
                @State private var article: Article
                var body: some View {
                    Text(article.title)
                    Button("Retitle") { article.title = "Renamed" }
                    Button("Read") { article.reads += 1 }
                }
            }
            extension ArticleView {
                init(title: String) {
                    self.init(article: Article(title: title))
                }
            }
            struct Reader: View {
                var body: some View { ArticleView(title: "Intro") }
            }
            """
        let (result, notes) = try auditSwiftWithNotes(source)
        #expect(!notes.contains { $0.contains("extra argument") || $0.contains("initializer") }, "\(notes)")
        let retitle = try row(result, "tap Button \"Retitle\" in ArticleView")
        #expect(retitle.views.map(\.view) == ["ArticleView"] && retitle.evaluations == 1, "\(retitle.views.map(\.view))")
        let read = try row(result, "tap Button \"Read\" in ArticleView")
        #expect(read.evaluations == 0)
    }
}
