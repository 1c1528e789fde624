/// Everything one variant's picture needs, gathered over the first evaluation and every step:
/// the model's storage, the instances that ever existed, and every dependency any of them had.
public struct VariantGraph: Hashable, Sendable {
    /// A box of stored properties: an object, a view's own storage, the environment, app storage.
    public struct Group: Hashable, Sendable {
        /// `RootView.state`, `RootView storage`, `Environment`, `AppStorage`.
        public var name: String
        /// `@Observable`, `ObservableObject`, `class`, `@State`, `environment`, `app storage`.
        public var kind: String
        public var type: String
        /// The group's own node: what `objectWillChange` dependencies point from.
        public var key: String
        public var properties: [Property]
        /// The group drawn around this one: the storage of the view whose `@State` holds the object, so
        /// that one view's storage is one box.
        public var owner: String? = nil
    }

    /// A stored or computed property, a state slot, an environment or app-storage key.
    public struct Property: Hashable, Sendable {
        /// The dependency key's name: `RootView.state.users`, `RootView._expanded`, `\.colorScheme`.
        public var key: String
        /// What the box shows: `users`, `@State expanded`, `\.colorScheme`.
        public var label: String
        /// `observable`, `published`, `plain`, `ignored`, `computed`, `state`, `environment`, `appstorage`.
        public var kind: String
        /// For a computed property: the keys of what it reads.
        public var reads: [String]
    }

    /// A view instance (one node for every identity a path had).
    public struct Instance: Hashable, Sendable {
        public var path: String
        public var name: String
        public var viewType: String
        public var parent: String?
        public var isModifier: Bool
        /// `name: input`, `flag: @Binding`, ... for the node's label.
        public var properties: [String]
    }

    /// An edge from a property or group key to an instance that depends on it (or reads it untracked).
    public struct Dependency: Hashable, Sendable, Comparable {
        public var key: String
        public var instance: String
        /// `observation`, `objectWillChange`, `state`, `binding`, `environment`, `appstorage`, `untracked`.
        public var mechanism: String

        public static func < (a: Dependency, b: Dependency) -> Bool {
            (a.key, a.instance, a.mechanism) < (b.key, b.instance, b.mechanism)
        }
    }

    public var variant: String
    /// Instance paths alive after the first evaluation, before any step.
    public var initialPaths: [String]
    public var groups: [Group]
    public var instances: [Instance]
    public var dependencies: [Dependency]

    package init(variant: String, initialPaths: [String], groups: [Group], instances: [Instance], dependencies: [Dependency]) {
        self.variant = variant
        self.initialPaths = initialPaths
        self.groups = groups
        self.instances = instances
        self.dependencies = dependencies
    }
}
