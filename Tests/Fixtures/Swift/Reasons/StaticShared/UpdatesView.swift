import SwiftUI

/// Settings that drive the updater through its shared instance, and a sync service from a module
/// Ripple does not read.
struct UpdatesView: View {
    @State private var automatic = true

    var body: some View {
        Form {
            Toggle("Check automatically", isOn: $automatic)
            Button("Check now") { UpdateManager.shared.check() }
            Button("Mark checking") { UpdateManager.shared.isChecking = true }
            Button("Count") { UpdateManager.checks += 1 }
            Button("Sync") { SyncService.start() }
            if UpdateManager.shared.isChecking {
                ProgressView()
            }
        }
    }
}
