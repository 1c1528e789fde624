import SwiftUI

/// How many tasks there are, shown in the toolbar.
struct TaskCountBadge: View {
    let store: TaskStore

    var body: some View {
        Text(store.total == 1 ? "1 task" : "\(store.total) tasks")
            .font(.caption)
            .foregroundStyle(.secondary)
    }
}
