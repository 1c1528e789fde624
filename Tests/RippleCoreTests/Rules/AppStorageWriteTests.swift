import Testing
@testable import RippleCore

/// Rule 7: `@AppStorage`.
@Suite struct AppStorageWriteTests {
    @Test func everyWriteTellsTheDeclaringViews() {
        #expect(AppStorageWrite.notifies(key: "k"))
        #expect(AppStorageWrite.note(key: "k") == "views declaring @AppStorage(\"k\") are told")
    }

    @Test func aModelsAppStorageTellsNobody() {
        #expect(AppStorageWrite.untrackedInModel(name: "v", key: "k", model: "M")
            == "'v' is '@AppStorage(\"k\")' inside the model 'M': user defaults changes reach only views that declare '@AppStorage'")
        #expect(!ObservationTracking.registersKey(ObservationTracking.readKind(modelKind: .observable, isIgnored: true, isPublished: false, isAppStorage: true)))
    }
}
