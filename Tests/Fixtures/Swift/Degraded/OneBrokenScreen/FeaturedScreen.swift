import SwiftUI

/// A screen only ever shown with episodes, which starts on the first: Ripple gives the initializer's
/// parameter an empty stand-in, so there is no first episode and the screen cannot be simulated.
struct FeaturedScreen: View {
    let episodes: [String]
    @State private var current: String

    init(episodes: [String]) {
        self.episodes = episodes
        _current = State(initialValue: episodes[0])
    }

    var body: some View {
        VStack {
            Text(current)
            Button("Next") { current = episodes[1] }
        }
    }
}
