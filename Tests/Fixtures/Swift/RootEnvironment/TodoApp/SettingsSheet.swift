import SwiftUI

struct SettingsSheet: View {
    @EnvironmentObject var store: Store

    var body: some View {
        Form {
            Toggle("Show done", isOn: $store.showsDone)
            Button("Reset") {
                store.showsDone = true
            }
            Button("Sync now") {
                store.syncCount += 1
            }
        }
    }
}
