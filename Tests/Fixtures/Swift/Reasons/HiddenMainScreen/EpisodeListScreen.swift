import SwiftUI

/// The app's main screen, always shown with the episodes the feed loaded, and opened on the first:
/// Ripple gives the initializer's parameter an empty stand-in, so there is no first episode, and the
/// whole screen, with every control on it, is left out.
struct EpisodeListScreen: View {
    let episodes: [String]
    @State private var playing: String
    @State private var speed = 1.0
    @State private var shuffle = false
    @State private var query = ""

    init(episodes: [String]) {
        self.episodes = episodes
        _playing = State(initialValue: episodes[0])
    }

    var body: some View {
        VStack {
            TextField("Search", text: $query)
            Text(playing)
            Button("Next") { playing = episodes[1] }
            Button("Previous") { playing = episodes[0] }
            Toggle("Shuffle", isOn: $shuffle)
            Slider(value: $speed, in: 0.5...2)
            Button("Reset speed") { speed = 1 }
        }
    }
}
