import SwiftUI

/// A player as multiplatform apps write it: modifiers for one system inside the chain, one `#if`
/// nested in another's clause.
struct PlayerView: View {
    @State private var volume = 5
    @State private var muted = false

    var body: some View {
        VStack {
            Text("Volume \(volume)")
                .font(.title)
                #if os(macOS)
                .onTapGesture { volume = 0 }
                #if DEBUG
                .border(.red)
                #endif
                #else
                .padding()
                #endif
            Button("Louder") { volume += 1 }
                #if os(iOS)
                .buttonStyle(.borderedProminent)
                #endif
            Button("Mute") { muted = true }
        }
    }
}
