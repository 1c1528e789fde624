import SwiftUI

struct RecipeListView: View {
    @EnvironmentObject private var store: RecipeStore

    var body: some View {
        NavigationStack {
            List {
                Toggle("Favorites only", isOn: $store.showsFavoritesOnly)
                ForEach(store.recipes) { recipe in
                    if !store.showsFavoritesOnly || recipe.isFavorite {
                        RecipeRow(recipe: recipe)
                    }
                }
            }
            .navigationTitle("Recipes")
            .toolbar {
                Button("Refresh") {
                    store.lastRefresh += 1
                }
            }
            FavoritesBadge()
        }
    }
}

struct RecipeRow: View {
    @EnvironmentObject private var store: RecipeStore
    let recipe: Recipe

    var body: some View {
        HStack {
            Text(recipe.title)
            Spacer()
            Button(recipe.isFavorite ? "Unfavorite" : "Favorite") {
                store.toggleFavorite(of: recipe)
            }
        }
    }
}

struct FavoritesBadge: View {
    @EnvironmentObject private var store: RecipeStore

    var body: some View {
        Text("\(store.favoriteCount) favorites")
    }
}

#Preview("Three recipes") {
    RecipeListView()
        .environmentObject(RecipeStore.preview)
}
