import SwiftUI

/// The same editor with the profile's fields as properties of the model.
@Observable final class ProfileModel {
    var displayName = "Grace"
    var bio = "Admiral"
}

struct ProfileView: View {
    @State private var model = ProfileModel()

    var body: some View {
        Form {
            ProfileHeader(model: model)
            BioField(model: model)
        }
    }
}

struct ProfileHeader: View {
    let model: ProfileModel

    var body: some View {
        Text(model.displayName)
    }
}

struct BioField: View {
    @Bindable var model: ProfileModel

    var body: some View {
        TextField("Bio", text: $model.bio)
    }
}
