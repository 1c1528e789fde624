/// The instance tree of one variant at a moment: what `ripple parse` prints and renderers draw.
public struct ModelSnapshot: Hashable, Sendable, Encodable {
    /// A model object.
    public struct Object: Hashable, Sendable, Encodable {
        public var name: String
        public var type: String
        public var kind: String
        /// Stored properties with their values and markers (`@Published`, `@ObservationIgnored`).
        public var properties: [(name: String, marker: String, value: String)]
        /// Computed properties with the stored properties they read.
        public var computed: [(name: String, reads: [String])]

        public static func == (a: Object, b: Object) -> Bool {
            a.name == b.name && a.type == b.type && a.kind == b.kind
                && a.properties.map { [$0.name, $0.marker, $0.value] } == b.properties.map { [$0.name, $0.marker, $0.value] }
                && a.computed.map { [$0.name] + $0.reads } == b.computed.map { [$0.name] + $0.reads }
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }

        private enum CodingKeys: String, CodingKey { case name, type, kind, properties, computed }
        private struct StoredProperty: Encodable { var name: String; var marker: String; var value: String }
        private struct ComputedProperty: Encodable { var name: String; var reads: [String] }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(kind, forKey: .kind)
            try container.encode(properties.map { StoredProperty(name: $0.name, marker: $0.marker, value: $0.value) }, forKey: .properties)
            try container.encode(computed.map { ComputedProperty(name: $0.name, reads: $0.reads) }, forKey: .computed)
        }
    }

    /// One property of an instance: an input with its source, or a dynamic property with its value.
    public struct Property: Hashable, Sendable, Encodable {
        public var name: String
        public var role: String
        /// The argument the parent passed, or the property's default.
        public var source: String?
        public var value: String
    }

    /// One key a read creates, for people: `RootView.state.users (Observation, via currentUser)`.
    public struct Key: Hashable, Sendable, Encodable {
        public var key: String
        public var mechanism: String
        public var via: [String]
    }

    /// One read of a body.
    public struct Read: Hashable, Sendable, Encodable {
        public var path: String
        public var value: String?
        public var deferred: Bool
        public var root: String
        public var keys: [Key]
    }

    /// One view instance.
    public struct Instance: Hashable, Sendable, Encodable {
        public var path: String
        public var name: String
        public var viewType: String
        public var depth: Int
        public var isModifier: Bool
        /// A `ForEach` row that runs its content closure and whose custom view stands for it in traces
        /// and pictures (Rule 14); its path is its parent's.
        public var isHiddenRow: Bool
        public var properties: [Property]
        public var reads: [Read]
        /// Keys the view has by declaration (environment keys, app storage, held `ObservableObject`s).
        public var declaredKeys: [Key]
        public var children: [String]
    }

    public var objects: [Object]
    /// Instances in tree order.
    public var instances: [Instance]
}
