import SwiftUI

/// Every recipe, a star on each, and how many there are in the toolbar.
struct RecipeListView: View {
    @State private var book = RecipeBook()

    var body: some View {
        NavigationStack {
            List {
                ForEach(book.recipes) { recipe in
                    RecipeRow(recipe: recipe, book: book)
                }
            }
            .navigationTitle("Recipes")
            .toolbar {
                ToolbarItem(placement: .status) {
                    RecipeCount(book: book)
                }
            }
        }
    }
}

#Preview {
    RecipeListView()
}
