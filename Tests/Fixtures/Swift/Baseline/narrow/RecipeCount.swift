import SwiftUI

/// How many recipes the book holds.
struct RecipeCount: View {
    let total: Int

    var body: some View {
        Text(total == 1 ? "1 recipe" : "\(total) recipes")
            .font(.caption)
    }
}
