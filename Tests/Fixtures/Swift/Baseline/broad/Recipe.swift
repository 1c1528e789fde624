import Foundation

/// One recipe in the book. A value: the book replaces it whole when it changes.
struct Recipe: Identifiable, Equatable {
    let id: Int
    var title: String
    var isFavorite = false
}
