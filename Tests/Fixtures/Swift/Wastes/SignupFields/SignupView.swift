import SwiftUI

/// The same form with a `@State` per field: each section is bound to what it edits.
struct SignupView: View {
    @State private var email = ""
    @State private var password = ""
    @State private var acceptsTerms = false

    var body: some View {
        Form {
            EmailSection(email: $email)
            PasswordSection(password: $password)
            TermsSection(acceptsTerms: $acceptsTerms)
        }
    }
}

struct EmailSection: View {
    @Binding var email: String

    var body: some View {
        TextField("Email", text: $email)
        Text(email.contains("@") ? "Looks right" : "Needs an @")
    }
}

struct PasswordSection: View {
    @Binding var password: String

    var body: some View {
        SecureField("Password", text: $password)
        Text(password.count >= 8 ? "Strong enough" : "Too short")
    }
}

struct TermsSection: View {
    @Binding var acceptsTerms: Bool

    var body: some View {
        Toggle("I accept the terms", isOn: $acceptsTerms)
    }
}
