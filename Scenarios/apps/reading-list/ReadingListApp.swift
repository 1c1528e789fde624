import SwiftUI

@main
struct ReadingListApp: App {
    var body: some Scene {
        WindowGroup {
            LibraryView()
        }
    }
}
