import SwiftUI

/// A feed whose refresh awaits a loader: what runs after the `await` is not simulated.
struct FeedView: View {
    @State private var items: [String] = []
    @State private var loading = false

    var body: some View {
        VStack {
            Text(loading ? "Loading" : "\(items.count) items")
            Button("Refresh") {
                Task {
                    loading = true
                    items = await FeedLoader.load()
                    loading = false
                }
            }
            Button("Clear") { items = [] }
        }
    }
}
