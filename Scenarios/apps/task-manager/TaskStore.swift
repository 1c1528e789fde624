import Foundation
import Observation

/// The app's model: the tasks, kept in user defaults between launches.
@Observable
final class TaskStore {
    private(set) var tasks: [TodoTask] = []

    private static let savedKey = "savedTaskTitles"

    init() {
        restore()
    }

    var total: Int {
        tasks.count
    }

    var remaining: Int {
        tasks.filter { !$0.isDone }.count
    }

    func add(title: String) {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return }
        tasks.append(TodoTask(id: UUID(), title: trimmed))
        persist()
    }

    func toggle(id: UUID) {
        if let index = tasks.firstIndex(where: { $0.id == id }) {
            tasks[index].isDone.toggle()
            persist()
        }
    }

    func delete(id: UUID) {
        tasks.removeAll(where: { $0.id == id })
        persist()
    }

    private func persist() {
        UserDefaults.standard.set(tasks.map(\.title), forKey: "savedTaskTitles")
    }

    private func restore() {
        let titles = UserDefaults.standard.stringArray(forKey: TaskStore.savedKey) ?? []
        tasks = titles.map { TodoTask(id: UUID(), title: $0) }
    }
}
