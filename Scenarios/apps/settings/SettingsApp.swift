import SwiftUI

@main
struct SettingsApp: App {
    var body: some Scene {
        WindowGroup {
            SettingsView()
        }
    }
}
