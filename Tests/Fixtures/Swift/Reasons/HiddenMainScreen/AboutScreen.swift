import SwiftUI

/// A screen Ripple simulates, whose texts come from modules it does not read: each name is a note, and
/// none of them changes what the screen's one action does.
struct AboutScreen: View {
    @State private var expanded = false
    private let name = AppInfo.name
    private let version = BuildInfo.version
    private let commit = GitInfo.commit
    private let authors = Credits.authors
    private let licenses = Licenses.summary
    private let privacy = PrivacyPolicy.short
    private let support = SupportSite.address
    private let notes = ReleaseNotes.latest

    var body: some View {
        VStack {
            Text(name)
            Text("\(version) (\(commit))")
            if expanded {
                Text(authors)
                Text(licenses)
                Text(privacy)
                Text(support)
                Text(notes)
            }
            Button(expanded ? "Less" : "More") { expanded.toggle() }
        }
    }
}
