import SwiftUI
import SwiftData

struct LibraryView: View {
    @Environment(Library.self) private var library
    @Environment(\.modelContext) private var context

    var body: some View {
        List {
            ForEach(library.shelves, id: \.self) { shelf in
                Text(shelf)
            }
        }
        .navigationTitle("Library")
        Button("Add shelf") {
            library.shelves.append("Travel")
        }
        Button("Remember") {
            library.lastOpened = "Poetry"
        }
        NavigationLink("Search") {
            SearchView()
        }
    }
}
