import Observation

/// The signed-in person, edited in the settings form.
@Observable final class Profile {
    var name = "Ada"
    var email = "ada@example.com"
    var bio = ""

    /// Whether every field is filled in, for the section's seal.
    var isComplete: Bool {
        !name.isEmpty && !email.isEmpty && !bio.isEmpty
    }

    /// What the preview shows: the name, or the address while there is none.
    var displayName: String {
        name.isEmpty ? email : name
    }
}
