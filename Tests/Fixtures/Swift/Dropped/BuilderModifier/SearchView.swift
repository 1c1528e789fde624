import SwiftUI

/// A search screen whose suggestions hold a button.
struct SearchView: View {
    @State private var query = ""

    var body: some View {
        List {
            Text(query.isEmpty ? "Type to search" : "Results for \(query)")
        }
        .searchable(text: $query)
        .searchSuggestions {
            Button("Recent: coffee") { query = "coffee" }
        }
    }
}
