import Foundation

struct TodoItem: Identifiable {
    let id = UUID()
    var title: String
    var isDone = false
}

final class Store: ObservableObject {
    @Published var items: [TodoItem] = [
        TodoItem(title: "Buy milk"),
        TodoItem(title: "Call the bank", isDone: true),
    ]
    @Published var draft = ""
    @Published var showsDone = false
    /// How often the list was synced: not published, no screen shows it.
    var syncCount = 0

    func add() {
        items.append(TodoItem(title: draft))
        draft = ""
    }
}
