import Testing
@testable import RippleCore

/// The table from a view property's role to its storage kind (`ViewPropertyRole.kind`), and the
/// must / must-not pairs of the kinds no other suite pairs.
@Suite struct StorageKindTests {
    /// One role of each case, with the kind it must map to. The switch is exhaustive, so a new role does
    /// not compile until it is listed here.
    static func expectedKind(of role: ViewPropertyRole) -> String {
        switch role {
        case .input: "InputKind"
        case .state: "StateKind"
        case .stateObject: "StateObjectKind"
        case .focusState: "FocusStateKind"
        case .binding, .plainBinding: "BindingKind"
        case .bindable: "BindableKind"
        case .environment: "EnvironmentValueKind"
        case .environmentModel, .environmentObject: "EnvironmentObjectKind"
        case .observedObject: "ObservedObjectKind"
        case .appStorage: "PersistedStorageKind"
        }
    }

    static let roles: [ViewPropertyRole] = [
        .input, .state, .stateObject, .focusState, .binding, .plainBinding, .bindable,
        .environment(key: "colorScheme"), .environmentModel(type: "Model"), .environmentObject, .observedObject,
        .appStorage(key: "name"),
    ]

    @Test(arguments: roles)
    func everyRoleHasItsKind(_ role: ViewPropertyRole) {
        #expect(String(describing: type(of: role.kind)) == Self.expectedKind(of: role))
    }

    @Test func kindsSpellTheirWrappers() {
        #expect(Self.roles.map(\.description) == [
            "input", "@State", "@StateObject", "@FocusState", "@Binding", "Binding (plain)", "@Bindable",
            "@Environment(\\.colorScheme)", "@Environment(Model.self)", "@EnvironmentObject", "@ObservedObject",
            "@AppStorage(\"name\")",
        ])
    }

    @Test func whoSetsTheValue() {
        #expect(Self.roles.filter { $0.kind.isSetByParent } == [.input, .binding, .plainBinding, .bindable, .observedObject])
        #expect(Self.roles.filter { $0.kind.isOwnedStorage } == [.state, .stateObject, .focusState])
    }

    @Test func whatADeclarationDependsOn() {
        #expect(Self.roles.compactMap { $0.kind.declaredDependency } == [
            .heldObject, .environment(key: "colorScheme"), .heldObject, .heldObject, .persisted(key: "name"),
        ])
        #expect(FocusStateKind().construction == .ownedSlot(fallback: .bool(false)))
        #expect(StateKind().construction == .ownedSlot(fallback: nil))
    }

    @Test func onlyTheBindingWrapperIsTracked() {
        #expect(BindingKind(isWrapper: true).read(type: .int) == .carriedBinding)
        #expect(BindingKind(isWrapper: false).read(type: .int) == .field)
        #expect(BindingKind(isWrapper: true).isBindingWrapper)
        #expect(!BindingKind(isWrapper: false).isBindingWrapper)
    }

    @Test func whatAWriteToOwnStorageDoes() {
        #expect(FocusStateKind().write(differs: false) == StorageWrite(notifies: false, note: "equal value: @State ignores the write"))
        #expect(StateKind().write(differs: true) == StorageWrite(notifies: true, note: "state changed"))
        #expect(FocusStateKind().causeKind(isOwner: false) == .binding)
        #expect(EnvironmentValueKind(key: "k").write(differs: false)?.notifies == false)
        #expect(PersistedStorageKind(store: .app, key: "k").write(differs: false)
            == StorageWrite(notifies: true, note: "views declaring @AppStorage(\"k\") are told"))
        #expect(Self.roles.filter { $0.kind.write(differs: true) == nil }.map(\.description)
            == ["input", "@StateObject", "@Binding", "Binding (plain)", "@Bindable", "@Environment(Model.self)", "@EnvironmentObject", "@ObservedObject"])
    }

    @Test func environmentObjectsAreFoundByType() {
        let model = EnvironmentObjectKind(source: .model(type: "Model"))
        let object = EnvironmentObjectKind(source: .environmentObject)
        #expect(model.read(type: .named("Model")) == .environmentObject(entry: "type:Model"))
        #expect(object.read(type: .named("Store")) == .environmentObject(entry: "object:Store"))
        #expect(object.missingFromEnvironment(type: .named("Store"), above: "Root/Row")
            == "no 'Store' environment object above 'Root/Row'; add '.environmentObject(...)' to an ancestor")
    }

    // MARK: - Must and must-not pairs

    private static let focusSource = """
    scenario "t"
    struct Root: View {
        @FocusState private var focused: Bool
        var body: some View {
            Text(focused ? "focused" : "not")
            Other()
        }
    }
    struct Other: View {
        @FocusState private var editing: Bool
        var body: some View { Text("fixed") }
    }
    step "focus" { Root.focused = true }
    step "unread" { Other.editing = true }
    step "equal" { Root.focused = true }
    """

    private static let bindableSource = """
    scenario "t"
    @Observable final class Settings {
        var size: Int = 1
        var other: Int = 0
    }
    struct Root: View {
        @State private var settings = Settings()
        var body: some View { Editor(settings: settings) }
    }
    struct Editor: View {
        @Bindable var settings: Settings
        var body: some View { Text("\\(settings.size)") }
    }
    step "size" { Root.settings.size = 2 }
    step "other" { Root.settings.other = 2 }
    """

    private static let environmentObjectSource = """
    scenario "t"
    final class Store: ObservableObject {
        @Published var count: Int = 0
        var plain: Int = 0
    }
    struct Root: View {
        @StateObject private var store = Store()
        var body: some View {
            VStack { Shows() }
                .environmentObject(store)
        }
    }
    struct Shows: View {
        @EnvironmentObject var store: Store
        var body: some View { Text("fixed") }
    }
    step "published" { Root.store.count = 1 }
    step "plain" { Root.store.plain = 1 }
    """

    static let pairs: [RuleCase] = [
        RuleCase(rule: "@FocusState read by its owner", source: focusSource, step: "focus", evaluates: ["Root"], wasted: []),
        RuleCase(rule: "@FocusState its owner does not read", source: focusSource, step: "unread", evaluates: []),
        RuleCase(rule: "@FocusState written its own value", source: focusSource, step: "equal", evaluates: []),
        RuleCase(rule: "@Bindable property the body reads", source: bindableSource, step: "size", evaluates: ["Editor"], wasted: []),
        RuleCase(rule: "@Bindable property the body does not read", source: bindableSource, step: "other", evaluates: []),
        RuleCase(rule: "@EnvironmentObject and @StateObject told by @Published", source: environmentObjectSource, step: "published",
                 evaluates: ["Root", "Shows"], wasted: ["Root", "Shows"]),
        RuleCase(rule: "@EnvironmentObject and @StateObject not told without @Published", source: environmentObjectSource, step: "plain",
                 evaluates: []),
    ]

    @Test(arguments: pairs)
    func pair(_ rule: RuleCase) throws {
        let trace = try simulateChecked(rule.source, semantics: rule.semantics)
        let step = try #require(trace.variants.first?.steps.first { $0.name == rule.step })
        #expect(step.evaluated == rule.evaluates, "evaluated")
        if let wasted = rule.wasted { #expect(step.names(.wasted) == wasted, "wasted") }
        for instance in step.instances {
            #expect(!instance.causes.isEmpty, "\(instance.name) has a cause")
        }
    }
}
