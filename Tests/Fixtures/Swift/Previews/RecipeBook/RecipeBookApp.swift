import SwiftUI

@main
struct RecipeBookApp: App {
    @State private var book = RecipeBook()

    var body: some Scene {
        WindowGroup {
            RecipeList()
                .environment(book)
        }
    }
}
