import SwiftUI

/// A pane whose toggle saves through the app's own `Binding.onChange(_:)`, which is not the view modifier.
struct SettingsPane: View {
    @State private var bold = false

    var body: some View {
        Toggle("Bold", isOn: $bold.onChange(save))
    }

    private func save(_ value: Bool) {}
}

extension Binding {
    func onChange(_ handler: @escaping (Value) -> Void) -> Binding<Value> {
        Binding(get: { wrappedValue }, set: { newValue in
            wrappedValue = newValue
            handler(newValue)
        })
    }
}
