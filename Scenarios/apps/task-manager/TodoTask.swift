import Foundation

/// One task on the list. A value: the store replaces it whole when it changes.
struct TodoTask: Identifiable, Codable, Equatable {
    let id: UUID
    var title: String
    var isDone: Bool = false
}
