import SwiftUI

/// The list of tasks, a field to add one, and a switch that hides finished tasks.
struct TaskListView: View {
    @State private var store = TaskStore()
    @State private var draft = ""
    @AppStorage("showsFinished") private var showsFinished = true

    private var visibleTasks: [TodoTask] {
        showsFinished ? store.tasks : store.tasks.filter { !$0.isDone }
    }

    var body: some View {
        NavigationStack {
            List {
                Section {
                    HStack {
                        TextField("New task", text: $draft)
                        Button("Add") {
                            store.add(title: draft)
                            draft = ""
                        }
                    }
                }
                Section {
                    ForEach(visibleTasks) { task in
                        TaskRowView(task: task)
                    }
                } header: {
                    header
                }
            }
            .navigationTitle("Tasks")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Toggle("Show finished", isOn: $showsFinished)
                }
                ToolbarItem(placement: .status) {
                    TaskCountBadge(store: store)
                }
            }
        }
        .environment(store)
    }

    @ViewBuilder
    private var header: some View {
        if store.remaining == 0 {
            Text("All done")
        } else {
            Text("\(store.remaining) to do")
        }
    }
}

#Preview {
    TaskListView()
}
