import SwiftUI

/// A download's state, as apps that switch over it write it.
enum DownloadState: Equatable {
    case idle
    case downloading(progress: Int)
    case finished(name: String, size: Int)
}

/// A screen that reads the values a case carries with `switch`, `if case let` and `guard case let`,
/// one of them named as a property of the view.
struct DownloadView: View {
    @State private var state: DownloadState = .downloading(progress: 40)
    @State private var progress = 0
    @State private var retries = 0

    var body: some View {
        VStack {
            switch state {
            case .idle:
                Text("Idle")
            case .downloading(let progress):
                Text("\(progress)%")
            case let .finished(name, _):
                Text(name)
            }
            if case .finished(_, let size) = state {
                Text("\(size) bytes")
            }
            Button("Advance") { advance() }
            Button("Finish") { state = .finished(name: "episode.mp3", size: 12) }
            Button("Retry") { retries += 1 }
            Button("Reset") { progress = 5 }
        }
    }

    private func advance() {
        guard case let .downloading(current) = state else { return }
        state = .downloading(progress: current + 10)
    }
}
