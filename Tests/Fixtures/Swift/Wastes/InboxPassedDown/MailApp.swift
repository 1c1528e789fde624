import SwiftUI

@main
struct MailApp: App {
    @State private var mailbox = Mailbox()

    var body: some Scene {
        WindowGroup {
            InboxScreen()
                .environment(mailbox)
        }
    }
}
