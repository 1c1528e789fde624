import SwiftUI

/// A searchable list of books; choosing one pushes its details.
struct LibraryView: View {
    @State private var library = Library()
    @State private var path: [Book] = []

    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach(library.matches) { book in
                    BookRow(book: book, library: library)
                }
            }
            .searchable(text: $library.query)
            .navigationTitle("Reading list")
            .navigationDestination(for: Book.self) { book in
                BookDetail(book: book)
            }
        }
    }
}

/// One book, with a star that marks it as a favourite.
struct BookRow: View {
    let book: Book
    let library: Library

    var body: some View {
        HStack {
            Text(book.title)
            Button(library.favorites.contains(book.id) ? "Unstar" : "Star") {
                library.toggleFavorite(book)
            }
        }
    }
}

/// A book's page.
struct BookDetail: View {
    let book: Book

    var body: some View {
        Text("\(book.title), by \(book.author)")
    }
}
