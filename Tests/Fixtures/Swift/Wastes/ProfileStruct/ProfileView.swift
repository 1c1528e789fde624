import SwiftUI

/// A profile editor whose model keeps the profile as one struct property.
struct ProfileInfo {
    var displayName: String
    var bio: String
}

@Observable final class ProfileModel {
    var info = ProfileInfo(displayName: "Grace", bio: "Admiral")
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
        Text(model.info.displayName)
    }
}

struct BioField: View {
    @Bindable var model: ProfileModel

    var body: some View {
        TextField("Bio", text: $model.info.bio)
    }
}
