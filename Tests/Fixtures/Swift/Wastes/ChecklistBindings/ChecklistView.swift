import SwiftUI

/// A packing list whose rows are bound to whole elements of one array: ticking one item writes the
/// array, and every row reads its element through it.
struct PackingItem: Identifiable {
    var id: Int
    var name: String
    var isPacked = false
}

@Observable final class PackingList {
    var items = [PackingItem(id: 1, name: "Passport"), PackingItem(id: 2, name: "Charger"), PackingItem(id: 3, name: "Socks")]
}

struct ChecklistView: View {
    @State private var list = PackingList()

    var body: some View {
        List {
            ForEach($list.items) { $item in
                PackingRow(item: $item)
            }
        }
    }
}

struct PackingRow: View {
    @Binding var item: PackingItem

    var body: some View {
        Toggle(isOn: $item.isPacked) {
            Text(item.name)
        }
    }
}
