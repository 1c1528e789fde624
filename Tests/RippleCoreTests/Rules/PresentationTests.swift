import Testing
@testable import RippleCore

/// Rule 15: presentations are built when presented, with the values their closure captured.
@Suite struct PresentationTests {
    @Test func aFlagPresentsOnlyWhenTrue() {
        #expect(Presentation.presents(flag: .bool(true)))
        #expect(!Presentation.presents(flag: .bool(false)))
        #expect(!Presentation.presents(flag: .none))
    }

    @Test func anItemPresentsUnlessNil() {
        #expect(Presentation.presentedItem(.int(2)) == .int(2))
        #expect(Presentation.presentedItem(.none) == nil)
    }

    @Test(arguments: [("isPresented", Presentation.Trigger.Kind.flag), ("item", .item)])
    func theLabelsThatPresent(label: String, kind: Presentation.Trigger.Kind) {
        #expect(Presentation.triggerKind(label: label) == kind)
    }

    @Test func otherLabelsDoNotPresent() {
        #expect(Presentation.triggerKind(label: "onDismiss") == nil)
        #expect(Presentation.triggerKind(label: nil) == nil)
    }

    @Test func aPresentationIsShownOnlyWhilePresentingBuiltInViews() {
        #expect(Presentation.isShown(presented: true, buildsCustomView: false))
        #expect(!Presentation.isShown(presented: true, buildsCustomView: true))
        #expect(!Presentation.isShown(presented: false, buildsCustomView: false))
    }

    @Test func stateValuesAreCapturedAndObjectsAreNot() {
        #expect(Presentation.capturesValue(of: .state, holdsObject: false))
        #expect(!Presentation.capturesValue(of: .state, holdsObject: true))
        #expect(!Presentation.capturesValue(of: .input, holdsObject: false))
        #expect(!Presentation.capturesValue(of: .environment(key: "colorScheme"), holdsObject: false))
    }

    static let sheet = """
    scenario "sheet"
    semantics swift6.2
    struct Root: View {
        @State private var showSettings = false
        @State private var count = 0
        var body: some View {
            Button("Settings") { showSettings = true }
                .sheet(isPresented: $showSettings) {
                    Settings(count: count)
                }
            NavigationLink("About", destination: About(count: 1))
        }
    }
    struct Settings: View {
        let count: Int
        @State private var draft = ""
        var body: some View { Text("\\(count)") }
    }
    struct About: View {
        let count: Int
        var body: some View { Text("\\(count)") }
    }
    STEPS
    """

    /// Must not before it is presented; must when a step sets the flag, though the presenter's body
    /// does not read it; dismissing destroys it.
    @Test func aSheetIsBuiltWhenAStepPresentsIt() throws {
        let source = Self.sheet.replacingOccurrences(of: "STEPS", with: """
        step "present" { Root.showSettings = true }
        step "dismiss" { Root.showSettings = false }
        """)
        let trace = try simulateChecked(source)
        // Neither the sheet nor the link's destination is built at first.
        #expect(trace.variants[0].initialInstances == 1)
        let steps = trace.variants[0].steps
        #expect(steps[0].evaluated == ["Settings"])
        #expect(steps[0].created == ["Root/Settings"])
        #expect(!steps[0].evaluated.contains("Root"))
        #expect(steps[1].evaluated == [])
        #expect(steps[1].destroyed == ["Root/Settings"])
    }

    /// The content shows the `@State` value of the presenter's last run: stale when the body does not
    /// read it, and not when it does.
    @Test func aSheetShowsTheValueItsClosureCaptured() throws {
        let source = Self.sheet.replacingOccurrences(of: "STEPS", with: """
        step "present" { Root.showSettings = true }
        step "count" { Root.count = 5 }
        """)
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[1].evaluated == [])
        #expect(steps[1].names(.stale) == ["Settings"])
        #expect(steps[1].instances.first?.causes.first?.detail.contains("captured when Root's body last ran") == true)
        // A body that reads the value makes a new closure with it: the sheet is handed the new count.
        let reading = source.replacingOccurrences(of: "Button(\"Settings\")", with: "Text(\"\\(count)\")\n        Button(\"Settings\")")
        let fixed = try simulateChecked(reading).variants[0].steps
        #expect(fixed[1].names(.needed) == ["Root", "Settings"])
        #expect(fixed[1].names(.stale) == [])
    }

    /// A `NavigationLink`'s destination is made in the body, which reads its arguments, and never built.
    @Test func aLinksDestinationIsMadeButNotBuilt() throws {
        let source = Self.sheet
            .replacingOccurrences(of: "About(count: 1)", with: "About(count: count)")
            .replacingOccurrences(of: "STEPS", with: "step \"count\" { Root.count = 5 }")
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].evaluated == ["Root"])
        #expect(steps[0].names(.needed) == ["Root"])
        #expect(!steps[0].evaluated.contains("About"))
    }

    /// `item:` presents one identity per item; `.navigationDestination(for:)` one per element of the path.
    @Test func anItemAndAPathPresentWithIdentitiesOfTheirOwn() throws {
        let source = """
        scenario "items"
        semantics swift6.2
        struct Note: Identifiable, Equatable {
            var id: Int
            var text: String
        }
        struct Root: View {
            @State private var editing: Note? = nil
            @State private var path: [Int] = []
            var body: some View {
                NavigationStack(path: $path) {
                    Text("home")
                        .navigationDestination(for: Int.self) { number in Page(number: number) }
                }
                .sheet(item: $editing) { note in Editor(text: note.text) }
            }
        }
        struct Editor: View {
            let text: String
            var body: some View { Text(text) }
        }
        struct Page: View {
            let number: Int
            var body: some View { Text("\\(number)") }
        }
        step "edit one" { Root.editing = Note(id: 1, text: "a") }
        step "edit two" { Root.editing = Note(id: 2, text: "b") }
        step "push" { Root.path.append(7) }
        step "push again" { Root.path.append(8) }
        """
        let steps = try simulateChecked(source).variants[0].steps
        #expect(steps[0].created == ["Root/Editor"])
        #expect(steps[1].created == ["Root/Editor"])
        #expect(steps[1].destroyed == ["Root/Editor"])
        #expect(steps[2].created == ["Root/Page[0]"])
        // Must not: the page already pushed is not built again.
        #expect(steps[3].created == ["Root/Page[1]"])
        #expect(steps[3].evaluated == ["Page[1]"])
    }
}
