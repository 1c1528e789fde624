import Observation

/// A book on the reading list.
struct Book: Identifiable, Hashable {
    let id: Int
    var title: String
    var author: String
}

/// The reading list, what the search field holds, and the books marked as favourites.
@Observable final class Library {
    var books: [Book] = [
        Book(id: 1, title: "Dune", author: "Frank Herbert"),
        Book(id: 2, title: "Emma", author: "Jane Austen"),
        Book(id: 3, title: "Ulysses", author: "James Joyce"),
    ]
    var query = ""
    var favorites: Set<Int> = []

    /// The books whose title holds the query, or every book while it is empty.
    var matches: [Book] {
        query.isEmpty ? books : books.filter { $0.title.contains(query) }
    }

    func toggleFavorite(_ book: Book) {
        if favorites.contains(book.id) {
            favorites.remove(book.id)
        } else {
            favorites.insert(book.id)
        }
    }
}
