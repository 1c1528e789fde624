import SwiftUI

/// A store whose catalog comes from a module Ripple does not read.
final class LibraryStore: ObservableObject {
    @Published var catalog = Catalog.load()
    @Published var downloads = 0
}

struct LibraryView: View {
    @StateObject private var store = LibraryStore()

    var body: some View {
        VStack {
            CatalogHeader(store: store)
            Text("\(store.downloads) downloads")
            Button("Download") { store.downloads += 1 }
        }
    }
}

struct CatalogHeader: View {
    @ObservedObject var store: LibraryStore

    var body: some View {
        Text(store.catalog.title)
    }
}
