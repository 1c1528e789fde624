import Foundation

struct Recipe: Identifiable {
    let id = UUID()
    var name: String
    var isFavorite = false
}

final class RecipeStore: ObservableObject {
    @Published var recipes: [Recipe]
    /// How often the recipes were fetched: not published, no screen shows it.
    var fetches = 0

    init(recipes: [Recipe] = []) {
        self.recipes = recipes
    }

    static let preview = RecipeStore(recipes: [Recipe(name: "Pancakes"), Recipe(name: "Shakshuka", isFavorite: true)])
}
