import SwiftUI
import Observation

/// What a screen loads, as apps that wrap a request's state write it.
enum Loadable {
    case notRequested
    case isLoading
    case loaded(Int)
}

/// A second enum with a case of the same name: Swift picks the one the context expects.
enum Permission {
    case notRequested
    case granted
}

@Observable final class EpisodesModel {
    var show: String
    var played = 0
    var lastOpened = ""
    var filtered: [String] = []

    init(show: String) {
        self.show = show
    }
}

final class DownloadsModel: ObservableObject {
    @Published var queued = 0
    @Published var lastChecked = ""
    let show: String

    init(show: String) {
        self.show = show
    }
}
