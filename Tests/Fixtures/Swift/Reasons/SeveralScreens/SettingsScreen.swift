import SwiftUI

/// Reading settings; syncing goes through a service Ripple does not read.
struct SettingsScreen: View {
    @State private var fontSize = 14.0
    @State private var nightMode = false
    @State private var lastSync = "never"

    var body: some View {
        Form {
            Stepper("Font size", value: $fontSize)
            Toggle("Night mode", isOn: $nightMode)
            Text("Last sync: \(lastSync)")
            Button("Sync now") {
                SyncService.start()
                lastSync = "now"
            }
        }
    }
}
