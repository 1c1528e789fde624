import SwiftUI

/// One recipe: its title and a star that marks it a favourite.
struct RecipeRow: View {
    let recipe: Recipe
    let book: RecipeBook

    var body: some View {
        HStack {
            Text(recipe.title)
            Spacer()
            Button {
                book.toggleFavorite(id: recipe.id)
            } label: {
                Image(systemName: recipe.isFavorite ? "star.fill" : "star")
            }
        }
    }
}
