// SwiftUI code, which Linux's compiler leaves out and Ripple reads (its `canImport` is an Apple
// platform's): a list whose rows each get the whole model and an index.
#if canImport(SwiftUI)
import SwiftUI

struct User: Identifiable {
    var id: Int
    var name: String
}

@Observable final class AppState {
    var users: [User] = [User(id: 1, name: "Ada"), User(id: 2, name: "Brian"), User(id: 3, name: "Chen")]
}

/// Each row gets the whole model and an index, so renaming one user re-runs every row.
struct UserList: View {
    @State private var state = AppState()

    var body: some View {
        VStack {
            ForEach(state.users.indices, id: \.self) { index in
                UserRow(state: state, index: index)
            }
            Button("Rename Brian") { state.users[1].name = "Bea" }
        }
    }
}

struct UserRow: View {
    let state: AppState
    let index: Int

    var body: some View { Text(state.users[index].name) }
}

#Preview { UserList() }
#endif
