import SwiftUI

/// An inbox whose screen reads the unread count from the environment and hands it down through the
/// toolbar to the badge that shows it.
@Observable final class Mailbox {
    var unreadCount = 2
    var subjects = ["Lunch on Friday", "Your invoice"]

    func markAllRead() {
        unreadCount = 0
    }
}

struct InboxScreen: View {
    @Environment(Mailbox.self) private var mailbox

    var body: some View {
        VStack {
            Toolbar(unread: mailbox.unreadCount)
            MessageList(subjects: mailbox.subjects)
        }
    }
}

struct Toolbar: View {
    let unread: Int

    var body: some View {
        HStack {
            Text("Inbox")
            UnreadBadge(count: unread)
        }
    }
}

struct UnreadBadge: View {
    let count: Int
    @Environment(Mailbox.self) private var mailbox

    var body: some View {
        Button("\(count) unread") { mailbox.markAllRead() }
    }
}

struct MessageList: View {
    let subjects: [String]

    var body: some View {
        ForEach(subjects, id: \.self) { subject in
            Text(subject)
        }
    }
}
