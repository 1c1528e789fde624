import SwiftUI

struct SearchView: View {
    @Environment(Library.self) private var library

    var body: some View {
        VStack {
            Text("Searching for \(library.searchText)")
            Button("Poetry") {
                library.searchText = "poetry"
            }
            Button("Open") {
                library.lastOpened = "Fiction"
            }
        }
    }
}
