import SwiftUI

struct RecipeList: View {
    @Environment(RecipeBook.self) private var book

    var body: some View {
        List {
            ForEach(book.recipes) { recipe in
                RecipeRow(recipe: recipe)
            }
        }
        .overlay {
            if book.recipes.isEmpty {
                Text("No recipes yet")
            }
        }
        .toolbar {
            Button("Sync") {
                book.syncCount += 1
            }
        }
    }
}

struct RecipeRow: View {
    @Environment(RecipeBook.self) private var book
    let recipe: Recipe

    var body: some View {
        HStack {
            Text(recipe.name)
            Spacer()
            Button(recipe.isFavorite ? "Unfavorite" : "Favorite") {
                book.toggleFavorite(recipe)
            }
        }
    }
}

#Preview("With recipes") {
    RecipeList()
        .environment(RecipeBook.preview)
}

#Preview {
    RecipeRow(recipe: .samples[1])
        .environment(RecipeBook.preview)
}

struct RecipeList_Previews: PreviewProvider {
    static var previews: some View {
        RecipeList()
            .environment(RecipeBook())
            .previewDisplayName("Empty")
    }
}
