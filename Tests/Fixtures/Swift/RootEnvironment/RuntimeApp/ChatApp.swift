import SwiftUI
import UserNotifications

@main
struct ChatApp: App {
    @StateObject private var runtime: AppRuntime

    init() {
        let runtime = AppRuntime()
        _runtime = StateObject(wrappedValue: runtime)
        UNUserNotificationCenter.current().delegate = NotificationDelegate.shared
    }

    var body: some Scene {
        WindowGroup {
            ChatView()
                .environmentObject(runtime.chatModel)
                .onAppear { runtime.start() }
                #if os(iOS)
                .environmentObject(runtime.peersModel)
                .onOpenURL { url in runtime.handle(url) }
                #else
                .environmentObject(PeersModel(counter: MessageCounter()))
                #endif
        }
    }
}
