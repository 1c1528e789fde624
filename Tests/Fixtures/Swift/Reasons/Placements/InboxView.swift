import SwiftUI

/// An inbox whose messages load from a server: at launch the list is empty and nothing has failed.
struct InboxView: View {
    @State private var messages: [Message] = []
    @State private var isEditing = false
    @State private var loadError: String?
    @State private var unreadOnly = false

    var body: some View {
        NavigationStack {
            List {
                ForEach(messages) { message in
                    Text(message.subject)
                        .swipeActions { Button("Archive") { archive(message) } }
                }
                if isEditing {
                    Button("Delete All") { messages.removeAll() }
                } else {
                    Toggle("Unread only", isOn: $unreadOnly)
                }
            }
            .alert("Could not load", isPresented: .constant(loadError != nil)) {
                Button("Retry") { loadError = nil }
            }
            .toolbar { footer }
        }
    }

    private var footer: some View {
        Button("Compose") { isEditing = false }
    }

    private func archive(_ message: Message) {
        messages.removeAll { $0.id == message.id }
    }
}

struct Message: Identifiable {
    let id: Int
    var subject: String
}
