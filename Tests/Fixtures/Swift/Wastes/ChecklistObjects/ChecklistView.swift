import SwiftUI

/// The same packing list with one observable object per item: ticking one item tells only its row.
@Observable final class PackingItem: Identifiable {
    let id: Int
    var name: String
    var isPacked = false

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

@Observable final class PackingList {
    var items = [PackingItem(id: 1, name: "Passport"), PackingItem(id: 2, name: "Charger"), PackingItem(id: 3, name: "Socks")]
}

struct ChecklistView: View {
    @State private var list = PackingList()

    var body: some View {
        List {
            ForEach(list.items) { item in
                PackingRow(item: item)
            }
        }
    }
}

struct PackingRow: View {
    @Bindable var item: PackingItem

    var body: some View {
        Toggle(isOn: $item.isPacked) {
            Text(item.name)
        }
    }
}
