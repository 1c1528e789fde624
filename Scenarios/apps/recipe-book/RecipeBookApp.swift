import SwiftUI

@main
struct RecipeBookApp: App {
    @StateObject private var store = RecipeStore()

    var body: some Scene {
        WindowGroup {
            RecipeListView()
                .environmentObject(store)
        }
    }
}
