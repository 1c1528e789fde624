import Foundation
import Observation

/// The shelf every screen of the app reads.
@Observable
final class Library {
    var books: [String] = ["Dune", "Emma", "Ulysses"]
    var favourites: Set<String> = []
    var sortByTitle = true

    func toggleFavourite(_ book: String) {
        if favourites.contains(book) { favourites.remove(book) } else { favourites.insert(book) }
    }
}
