import Combine
import Foundation

/// Owns the app's models, made once when the app starts.
@MainActor
final class AppRuntime: ObservableObject {
    let counter: MessageCounter
    let chatModel: ChatModel
    let peersModel: PeersModel
    private var started = false

    init() {
        let counter = MessageCounter()
        self.counter = counter
        self.chatModel = ChatModel(counter: counter)
        self.peersModel = PeersModel(counter: counter)
    }

    func start() {
        started = true
    }

    func handle(_ url: URL) {}
}

/// Counts what was sent; its initializer takes nothing and keeps nothing.
final class MessageCounter {
    var sent = 0
    init() {}
}

@MainActor
final class ChatModel: ObservableObject {
    @Published var messages: [String] = []
    @Published var draftCount = 0
    let counter: MessageCounter

    init(counter: MessageCounter) {
        self.counter = counter
    }

    func send(_ text: String) {
        messages.append(text)
        counter.sent += 1
    }
}

@MainActor
final class PeersModel: ObservableObject {
    @Published var peers: [String] = ["alice"]
    @Published var lastSeen = 0

    /// Takes the counter to start from and keeps none of it.
    init(counter: MessageCounter) {}
}
