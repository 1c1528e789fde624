import SwiftUI
import SwiftData

@main
struct NotesApp: App {
    @State private var library = Library()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                LibraryView()
            }
        }
        .environment(library)
        .modelContainer(for: Note.self)
    }
}
