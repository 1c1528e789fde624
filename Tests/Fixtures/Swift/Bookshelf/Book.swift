import Foundation
import Observation

@Observable
final class Book: Identifiable {
    let id: Int
    var title: String
    var isRead: Bool = false

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

@Observable
final class Library {
    var books: [Book] = [
        Book(id: 1, title: "Dune"),
        Book(id: 2, title: "Emma"),
    ]
    var filter = ""
}
