import SwiftUI

/// A sign-up form kept in one `@State` struct that every section is bound to.
struct SignupDetails {
    var email = ""
    var password = ""
    var acceptsTerms = false
}

struct SignupView: View {
    @State private var details = SignupDetails()

    var body: some View {
        Form {
            EmailSection(details: $details)
            PasswordSection(details: $details)
            TermsSection(details: $details)
        }
    }
}

struct EmailSection: View {
    @Binding var details: SignupDetails

    var body: some View {
        TextField("Email", text: $details.email)
        Text(details.email.contains("@") ? "Looks right" : "Needs an @")
    }
}

struct PasswordSection: View {
    @Binding var details: SignupDetails

    var body: some View {
        SecureField("Password", text: $details.password)
        Text(details.password.count >= 8 ? "Strong enough" : "Too short")
    }
}

struct TermsSection: View {
    @Binding var details: SignupDetails

    var body: some View {
        Toggle("I accept the terms", isOn: $details.acceptsTerms)
    }
}
