import SwiftUI

/// A settings screen: a profile form, two preferences kept in user defaults, a preview, and an
/// about sheet.
struct SettingsView: View {
    @AppStorage("notifications") private var notifications = true
    @AppStorage("fontScale") private var fontScale = 1.0
    @Environment(\.colorScheme) private var colorScheme
    @State private var profile = Profile()
    @State private var showsAbout = false

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    ProfileForm(profile: profile)
                } header: {
                    Label("Profile", systemImage: profile.isComplete ? "checkmark.seal" : "seal")
                }
                Section("Preferences") {
                    Toggle("Notifications", isOn: $notifications)
                    Stepper("Text size", value: $fontScale, in: 0.5...3)
                    PreviewRow(profile: profile, scale: fontScale)
                }
                Button("About") { showsAbout = true }
            }
            .navigationTitle("Settings")
            .sheet(isPresented: $showsAbout) {
                AboutView(dark: colorScheme == .dark)
            }
        }
    }
}

/// The profile's fields, edited in place.
struct ProfileForm: View {
    @Bindable var profile: Profile

    var body: some View {
        TextField("Name", text: $profile.name)
        TextField("Email", text: $profile.email)
        TextField("Bio", text: $profile.bio)
    }
}

/// How the name will look at the chosen size.
struct PreviewRow: View {
    let profile: Profile
    let scale: Double

    var body: some View {
        Text(profile.displayName)
            .scaleEffect(scale)
    }
}

/// The about sheet.
struct AboutView: View {
    let dark: Bool

    var body: some View {
        Text(dark ? "Settings, in the dark" : "Settings")
    }
}
