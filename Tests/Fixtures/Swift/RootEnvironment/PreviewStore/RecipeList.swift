import SwiftUI

struct RecipeList: View {
    @EnvironmentObject private var store: RecipeStore

    var body: some View {
        List {
            ForEach(store.recipes) { recipe in
                Text(recipe.name)
            }
        }
        Button("Add") {
            store.recipes.append(Recipe(name: "Soup"))
        }
        Button("Favorite first") {
            store.recipes[0].isFavorite.toggle()
        }
        Button("Refresh") {
            store.fetches += 1
        }
    }
}

#Preview {
    RecipeList()
        .environmentObject(RecipeStore.preview)
}
