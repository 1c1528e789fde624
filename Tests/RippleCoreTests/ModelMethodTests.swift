import Testing
@testable import RippleCore

/// A model's methods run as Swift runs them: called from a step, each write inside is one of the step's
/// writes; called from a body, the method computes a value.
@Suite struct ModelMethodTests {
    static let source = """
        scenario "methods"
        @Observable final class TaskItem: Identifiable {
            let id: Int
            var title: String
            var isDone: Bool = false
        }
        @Observable final class Store {
            var tasks: [TaskItem] = [TaskItem(id: 1, title: "Plan"), TaskItem(id: 2, title: "Pack")]
            var nextID: Int = 3
            var saves: Int = 0

            func add(title: String) {
                tasks.append(TaskItem(id: nextID, title: title))
                nextID += 1
                save()
            }
            func toggle(_ task: TaskItem) {
                task.isDone.toggle()
            }
            func delete(id: Int) {
                if let index = tasks.firstIndex(where: { $0.id == id }) {
                    tasks.remove(at: index)
                }
            }
            func save() {
                self.saves += 1
            }
            func remaining() -> Int {
                tasks.filter { !$0.isDone }.count
            }
        }
        struct Root: View {
            @State private var store = Store()
            var body: some View {
                VStack {
                    Text("\\(store.remaining()) left")
                    ForEach(store.tasks) { task in TaskRow(task: task) }
                }
            }
        }
        struct TaskRow: View {
            let task: TaskItem
            var body: some View { Text(task.title).strikethrough(task.isDone) }
        }
        step "toggle" { store.toggle(store.tasks[0]) }
        step "add" { store.add(title: "Buy") }
        step "delete" { store.delete(id: 2) }
        step "save only" { store.save() }
        """

    @Test func aMethodsWritesAreTheStepsWrites() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[1].writes.map(\.statement) == ["tasks.append(TaskItem(id: nextID, title: title))", "nextID += 1", "self.saves += 1"])
        #expect(steps[1].writes.map(\.target) == ["Root.store.tasks", "Root.store.nextID", "Root.store.saves"])
    }

    /// Must: a write inside a method re-evaluates what reads it (the row, and the root through `remaining()`).
    @Test func aMethodsWriteReEvaluatesItsReaders() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[0].evaluated == ["Root", "TaskRow[1]"])
        #expect(steps[2].created.isEmpty && steps[2].destroyed == ["Root/TaskRow[2]"])
    }

    /// Must not: a method that writes only what nothing reads re-evaluates nothing.
    @Test func aMethodWritingWhatNothingReadsReEvaluatesNothing() throws {
        let steps = try simulateChecked(Self.source).variants[0].steps
        #expect(steps[3].evaluated == [])
        #expect(steps[3].writes.map(\.statement) == ["self.saves += 1"])
    }

    @Test func aBodyCannotCallAMethodThatWrites() {
        let source = Self.source.replacingOccurrences(of: "Text(\"\\(store.remaining()) left\")", with: "Text(\"\\(store.nextID)\").onAppear { }\n                    Text(\"\\(store.bump())\")")
            .replacingOccurrences(of: "func remaining() -> Int {", with: "func bump() -> Int {\n        nextID += 1\n        return nextID\n    }\n    func remaining() -> Int {")
        #expect(diagnostics(source).map(\.message) == ["assignments are allowed only in steps"])
    }
}
