import SwiftUI

/// How many recipes the book holds.
struct RecipeCount: View {
    let book: RecipeBook

    var body: some View {
        Text(book.total == 1 ? "1 recipe" : "\(book.total) recipes")
            .font(.caption)
    }
}
