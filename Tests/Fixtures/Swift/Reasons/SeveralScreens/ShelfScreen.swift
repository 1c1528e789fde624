import SwiftUI

/// The books, each with a star, and a sort switch.
struct ShelfScreen: View {
    @State private var library = Library()

    var body: some View {
        List {
            Toggle("Sort by title", isOn: $library.sortByTitle)
            ForEach(library.books, id: \.self) { book in
                BookRow(book: book, isFavourite: library.favourites.contains(book)) {
                    library.toggleFavourite(book)
                }
            }
        }
    }
}

struct BookRow: View {
    let book: String
    let isFavourite: Bool
    let onStar: () -> Void

    var body: some View {
        HStack {
            Text(book)
            Button(isFavourite ? "Unstar" : "Star", action: onStar)
        }
    }
}
