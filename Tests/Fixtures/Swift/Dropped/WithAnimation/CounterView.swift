import SwiftUI

/// A counter whose button animates its change, and one that does not.
struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
            Button("Add animated") {
                withAnimation(.spring) { count += 1 }
            }
            Button("Add") { count += 1 }
        }
    }
}
