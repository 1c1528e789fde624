import Observation

/// The app's model: every recipe, and which of them are favourites.
@Observable
final class RecipeBook {
    var recipes: [Recipe] = [
        Recipe(id: 1, title: "Pancakes"),
        Recipe(id: 2, title: "Tomato soup"),
        Recipe(id: 3, title: "Lemon tart"),
    ]

    var total: Int {
        recipes.count
    }

    func toggleFavorite(id: Int) {
        if let index = recipes.firstIndex(where: { $0.id == id }) {
            recipes[index].isFavorite.toggle()
        }
    }
}
