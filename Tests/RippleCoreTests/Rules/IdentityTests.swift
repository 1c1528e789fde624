import Testing
@testable import RippleCore

/// Rule 10: identity.
@Suite struct IdentityTests {
    @Test func theSameTypeAndNameKeepTheView() {
        #expect(Identity.keeps(existingType: "Row", existingName: "Row[1]", newType: "Row", newName: "Row[1]"))
        #expect(!Identity.keeps(existingType: "Row", existingName: "Row[1]", newType: "Other", newName: "Row[1]"))
        #expect(!Identity.keeps(existingType: "Row", existingName: "Row[1]", newType: "Row", newName: "Row[1]#2"))
    }

    @Test func aNewIdentitySaysWhyAndWhatStartsAfresh() {
        #expect(Identity.reason(explicitID: "7", replaced: true, ownedStorage: ["draft"]) == "new identity .id(7); its 'draft' starts afresh")
        #expect(Identity.reason(explicitID: nil, replaced: true, ownedStorage: ["a", "b"]) == "a new identity replaced the old one; its 'a', 'b' start afresh")
        #expect(Identity.reason(explicitID: nil, replaced: false, ownedStorage: []) == "new instance")
    }

    @Test func changingTheExplicitIDMakesANewViewAndKeepingItDoesNot() throws {
        let source = """
        scenario "t"
        struct Root: View {
            @State private var key = 1
            @State private var other = 0
            var body: some View {
                Text("\\(other)")
                Child().id(key)
            }
        }
        struct Child: View {
            @State private var draft = ""
            var body: some View { Text(draft) }
        }
        step "new id" { Root.key = 2 }
        step "same id" { Root.other = 1 }
        """
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].names(.needed).contains("Child"))
        #expect(steps[0].instances.first { $0.name == "Child" }?.causes.first?.kind == .newIdentity)
        #expect(!steps[1].evaluated.contains("Child"))
    }
}
