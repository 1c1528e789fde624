import SwiftUI

struct ContentView: View {
    @EnvironmentObject var store: Store

    var body: some View {
        NavigationStack {
            List {
                ForEach(store.items) { item in
                    Text(item.title)
                }
            }
            .navigationTitle("Todos")
            TextField("New item", text: $store.draft)
            Button("Add") {
                store.add()
            }
            Button("Sync") {
                store.syncCount += 1
            }
            SettingsButton()
            NavigationLink("Summary") {
                SummaryView()
            }
        }
    }
}

struct SettingsButton: View {
    @State private var showingSettings = false

    var body: some View {
        Button("Settings") {
            showingSettings = true
        }
        .sheet(isPresented: $showingSettings) {
            SettingsSheet()
        }
    }
}
