import Foundation
import Observation

struct Recipe: Identifiable, Equatable {
    var id: Int
    var name: String
    var isFavorite = false

    static let samples = [
        Recipe(id: 1, name: "Pancakes"),
        Recipe(id: 2, name: "Shakshuka", isFavorite: true),
        Recipe(id: 3, name: "Dal"),
    ]
}

/// The recipes, fetched from a server when the app runs: empty at launch.
@Observable
final class RecipeBook {
    var recipes: [Recipe] = []
    var syncCount = 0

    func toggleFavorite(_ recipe: Recipe) {
        guard let index = recipes.firstIndex(where: { $0.id == recipe.id }) else { return }
        recipes[index].isFavorite.toggle()
    }

    static var preview: RecipeBook {
        let book = RecipeBook()
        book.recipes = Recipe.samples
        return book
    }
}
