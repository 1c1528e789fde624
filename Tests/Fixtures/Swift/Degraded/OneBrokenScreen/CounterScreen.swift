import SwiftUI

/// A screen Ripple simulates whole.
struct CounterScreen: View {
    @State private var count = 0
    @State private var note = ""

    var body: some View {
        VStack {
            Text("\(count) taps")
            Button("Add") { count += 1 }
            Button("Forget") { note = "" }
        }
    }
}
