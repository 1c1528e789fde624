import SwiftUI

/// The same inbox with the badge reading the unread count from the environment itself.
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
            Toolbar()
            MessageList(subjects: mailbox.subjects)
        }
    }
}

struct Toolbar: View {
    var body: some View {
        HStack {
            Text("Inbox")
            UnreadBadge()
        }
    }
}

struct UnreadBadge: View {
    @Environment(Mailbox.self) private var mailbox

    var body: some View {
        Button("\(mailbox.unreadCount) unread") { mailbox.markAllRead() }
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
