/// What a root puts in the environment of every view below it: the `.environmentObject(…)`,
/// `.environment(…)` and `.modelContainer(…)` an app writes on a scene or on the view the scene builds
/// (`WindowGroup { ContentView().environmentObject(store) }`), or a preview on the view it shows, with
/// the app's stored properties their values name (`@StateObject private var store = Store()`).
///
/// The engine evaluates it when it starts a screen, before the root view is built: the properties in
/// order, then each entry, whose value is in the root's environment.
public struct RootEnvironmentSyntax: Hashable, Sendable {
    /// One modifier that puts a value in the environment.
    public struct Entry: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// `.environmentObject(store)`: an `ObservableObject`, found by its type.
            case object
            /// `.environment(model)`: an `@Observable` object, found by its type.
            case model
            /// `.environment(\.key, value)`.
            case key(String)
            /// `.modelContainer(for: Trip.self)`: SwiftData's container, whose context
            /// `@Environment(\.modelContext)` reads.
            case modelContainer
        }

        public var kind: Kind
        /// The value put in; for `.modelContainer` its first argument.
        public var value: ExprSyntax
        /// The modifier as written, for notes.
        public var text: String
        public var location: SourceLocation

        package init(kind: Kind, value: ExprSyntax, text: String, location: SourceLocation) {
            self.kind = kind
            self.value = value
            self.text = text
            self.location = location
        }
    }

    /// The app's stored properties with an initial value, or a preview's `let`s and `var`s, in
    /// declaration order: the names the entries' values may use.
    public var properties: [PropertySyntax] = []
    /// The modifiers, outermost first: one nearer the view replaces an outer one's value of the same key,
    /// as in SwiftUI.
    public var entries: [Entry] = []

    public var isEmpty: Bool { entries.isEmpty }

    package init(properties: [PropertySyntax] = [], entries: [Entry] = []) {
        self.properties = properties
        self.entries = entries
    }
}

/// A screen an app's `#Preview` or `PreviewProvider` shows, other than the one the scenario is rooted at:
/// a state of its own, built from the preview's sample values (`RecipeList(recipes: .samples)`) in the
/// environment the preview gives, and nothing of the app's (a preview runs outside the app).
public struct PreviewSyntax: Hashable, Sendable {
    /// The view the preview builds.
    public var view: String
    /// `#Preview("With data")`'s title, or `.previewDisplayName`'s; nil when the preview has none.
    public var title: String?
    /// Where the preview is.
    public var location: SourceLocation
    /// The labelled arguments the view is built with there: its inputs' first values.
    public var arguments: [ArgumentSyntax]
    /// What the preview puts in the view's environment, with the values its `let`s name.
    public var environment: RootEnvironmentSyntax

    package init(view: String, title: String?, location: SourceLocation, arguments: [ArgumentSyntax], environment: RootEnvironmentSyntax) {
        self.view = view
        self.title = title
        self.location = location
        self.arguments = arguments
        self.environment = environment
    }

    /// How the audit and the report name the state: `preview 'With data'`, or `preview` when untitled.
    public var stateName: String {
        title.map { "preview '\($0)'" } ?? "preview"
    }
}
