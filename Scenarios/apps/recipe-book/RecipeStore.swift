import Foundation

struct Recipe: Identifiable, Equatable {
    let id: Int
    var title: String
    var isFavorite = false

    static let samples = [
        Recipe(id: 1, title: "Pancakes"),
        Recipe(id: 2, title: "Shakshuka", isFavorite: true),
        Recipe(id: 3, title: "Dal"),
    ]
}

/// The recipes a person keeps, loaded from a server when the app runs: empty at launch.
final class RecipeStore: ObservableObject {
    @Published var recipes: [Recipe] = []
    @Published var showsFavoritesOnly = false
    @Published var lastRefresh = 0

    var favoriteCount: Int {
        recipes.filter(\.isFavorite).count
    }

    func toggleFavorite(of recipe: Recipe) {
        guard let index = recipes.firstIndex(where: { $0.id == recipe.id }) else { return }
        recipes[index].isFavorite.toggle()
    }

    static var preview: RecipeStore {
        let store = RecipeStore()
        store.recipes = Recipe.samples
        return store
    }
}
