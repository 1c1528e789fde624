import SwiftUI

/// A screen whose models its initializer makes, the ways real apps write it.
struct ShowScreen: View {
    @State private var episodes: EpisodesModel
    @State private var state: Loadable
    @State private var permission: Permission
    @StateObject private var downloads: DownloadsModel

    init(show: String, state: Loadable = .notRequested) {
        _episodes = .init(initialValue: .init(show: show))
        _state = State(initialValue: state)
        _permission = .init(initialValue: .notRequested)
        _downloads = StateObject(wrappedValue: .init(show: show))
        episodes.filtered = []
    }

    var body: some View {
        VStack {
            Text("\(episodes.show): \(episodes.played) played")
            Text("\(downloads.queued) queued")
            Text(state == .notRequested ? "Not loaded" : "Loaded")
            Button("Play") { episodes.played += 1 }
            Button("Open") { episodes.lastOpened = "now" }
            Button("Queue") { downloads.queued += 1 }
            Button("Load") { state = .loaded(3) }
        }
    }
}
