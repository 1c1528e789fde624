import SwiftUI

/// A listening queue whose buttons run their writes inside the closures real apps hand them to.
struct QueueView: View {
    @State private var queued = 0
    @State private var expanded = false
    @State private var lastAction = ""
    @State private var loading = false

    var body: some View {
        VStack {
            Text("\(queued) queued")
            Text(expanded ? "Expanded" : "Collapsed")
            Text(loading ? "Loading" : "Ready")
            Button("Queue") {
                withAnimation(.spring) { queued += 1 }
            }
            Button("Expand") {
                withAnimation { expanded.toggle() }
            }
            Button("Quietly") {
                withTransaction(\.disablesAnimations, true) { queued += 10 }
            }
            Button("Note") {
                withAnimation { lastAction = "note" }
            }
            Button("Load") {
                Task {
                    loading = true
                }
            }
            Button("Later") {
                DispatchQueue.main.async { expanded = false }
                expanded = true
            }
        }
    }
}
