import SwiftUI

struct ChatView: View {
    @EnvironmentObject private var chatModel: ChatModel
    @EnvironmentObject private var peersModel: PeersModel

    var body: some View {
        VStack {
            Text("\(chatModel.messages.count) messages")
            PeerList()
            Button("Send") { chatModel.send("hello") }
            Button("Draft") { chatModel.counter.sent += 1 }
        }
    }
}

struct PeerList: View {
    @EnvironmentObject private var peersModel: PeersModel

    var body: some View {
        ForEach(peersModel.peers, id: \.self) { peer in
            Text(peer)
        }
        Button("Add peer") { peersModel.peers.append("bob") }
        Button("Ping") { peersModel.lastSeen += 1 }
    }
}
