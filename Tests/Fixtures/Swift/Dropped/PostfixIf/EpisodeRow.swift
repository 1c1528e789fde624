import SwiftUI

/// A podcast episode row as multiplatform apps write it: a modifier only macOS gets, inside the chain.
struct EpisodeList: View {
    @State private var played: Set<String> = []
    let titles = ["Pilot", "Second"]

    var body: some View {
        VStack {
            Text("\(played.count) played")
            Button("Mark all played") { played = Set(titles) }
                #if os(macOS)
                .buttonStyle(.borderless)
                #endif
            Button("Clear") { played = [] }
        }
    }
}
