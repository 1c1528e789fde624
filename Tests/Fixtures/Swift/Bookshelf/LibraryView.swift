import SwiftUI

struct LibraryView: View {
    @State private var library = Library()
    @Namespace private var animation

    var body: some View {
        NavigationStack {
            List {
                ForEach(library.books) { book in
                    BookRow(book: book)
                }
            }
            .navigationTitle("Library")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    EditButton()
                }
            }
        }
    }
}

struct BookRow: View {
    let book: Book

    var body: some View {
        HStack {
            Text(book.title)
            if book.isRead {
                Image(systemName: "checkmark")
            }
        }
    }
}

#Preview {
    LibraryView()
}
