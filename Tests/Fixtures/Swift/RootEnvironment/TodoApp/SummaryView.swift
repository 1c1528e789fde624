import SwiftUI

struct SummaryView: View {
    @EnvironmentObject var store: Store

    var body: some View {
        Form {
            Text("\(store.items.count) items")
            Button("Clear") {
                store.items = []
            }
            Button("Count sync") {
                store.syncCount += 1
            }
        }
    }
}
