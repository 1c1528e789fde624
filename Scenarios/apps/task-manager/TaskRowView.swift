import SwiftUI

/// One task: its title, struck through when done, and a button that toggles it.
struct TaskRowView: View {
    let task: TodoTask
    @Environment(TaskStore.self) private var store

    var body: some View {
        HStack {
            Button {
                store.toggle(id: task.id)
            } label: {
                Image(systemName: task.isDone ? "checkmark.circle.fill" : "circle")
            }
            Text(task.title)
                .strikethrough(task.isDone)
        }
    }
}
