import SwiftUI
import Observation

@Observable final class Store {
    var kept = 0
    var label = "\u{202E}olleh"
}

struct Root: View {
    @State private var store = Store()
    var body: some View {
        VStack {
            Text(store.label)
            Button("Keep") { store.kept += 1 }
            Button("Keep​") { store.kept += 2 }
            Button("Drop‮gnorw") { store.label = "⁦x⁩" }
        }
    }
}
