// Declarations as the engine reads them on its hot paths: shared by reference, looked up once.
//
// `DeclarationTable` keeps declarations as values in dictionaries keyed by name. Reading one copies it
// (a dozen reference-counted fields) after hashing the name; a body evaluated 10,000 times did that for
// every property it read. Instances and objects keep a reference to their declaration's box instead.

/// A view declaration shared by reference: every instance of a type points at one box, so reading a
/// property's role on the hot path neither hashes the type's name nor copies the declaration.
final class ViewInfo: Sendable {
    let declaration: ViewDeclaration
    /// Whether any property is a `@Binding`, whose carried value is refreshed after each evaluation.
    let hasBindings: Bool
    /// Whether any property gives the view keys by declaration (environment, app storage, held objects).
    let hasDeclaredKeys: Bool
    /// The parameters of its memberwise initializer.
    let memberwiseParameters: [ViewProperty]
    /// Each property's role as reads print it (`input`, `@State`), by property index: a read of the body
    /// names its root's role, and rendering the role anew for every read cost more than the read.
    let roleTexts: [String]
    /// Each property's storage kind, by property index: looked up once, not once a read.
    let kinds: [any StorageKind]
    /// The properties' names, by index: searched for every name a body reads, where the search through
    /// the declaration's properties copied each property it passed.
    let propertyNames: [String]
    /// The indices of the properties the parent sets (inputs, bindings, observed objects), in order.
    let setByParent: [Int]
    /// The indices of the owned properties whose default value is evaluated each time the parent builds
    /// the view, in the parent's body (`InitialValue`): a `@State` whose default can read something.
    let initialsInParentBody: [Int]
    /// Whether every stored property is plain data (`ChildComparison.isPlainData`): such a view's own
    /// `==` is not asked unless it is marked `.equatable()`.
    let isPlainData: Bool
    /// The dynamic properties as `_printChanges` names them (`_count`), in declaration order.
    let dynamicFields: [String]
    /// What `_printChanges` prints for an evaluation whose every cause is a dependency
    /// (`Row: @dependencies changed.`): the same for every instance of the type, so made once.
    let dependenciesLine: String
    /// The names of the storage an instance owns (`@State`, `@StateObject`, `@FocusState`), which a new
    /// identity starts afresh: named in the cause of every instance the type creates.
    let ownedStorageNames: [String]

    init(_ declaration: ViewDeclaration, table: DeclarationTable) {
        self.declaration = declaration
        dependenciesLine = PrintChanges.line(viewType: declaration.name, reasons: [.dependencies], dynamicFields: [])
        isPlainData = ChildComparison.isPlainData(declaration.properties.map { ($0.role, $0.type) }) { name in
            if let data = table.data[name] { return data.isClass ? nil : data.stored.map(\.type) }
            // An enum without payloads is plain data; one with them Ripple cannot see into.
            if let enumeration = table.enums[name] { return enumeration.cases.values.allSatisfy { $0 == 0 } ? [] : nil }
            return nil
        }
        let kinds = declaration.properties.map(\.role.kind)
        self.kinds = kinds
        roleTexts = kinds.map(\.description)
        propertyNames = declaration.properties.map(\.name)
        ownedStorageNames = declaration.properties.indices.filter { kinds[$0].isOwnedStorage }.map { declaration.properties[$0].name }
        dynamicFields = declaration.properties.indices.filter { kinds[$0].isDynamicProperty }.map { PrintChanges.fieldName(declaration.properties[$0].name) }
        setByParent = declaration.properties.indices.filter { kinds[$0].isSetByParent }
        initialsInParentBody = declaration.properties.indices.filter { index in
            guard case .ownedSlot = kinds[index].construction, let initial = declaration.properties[index].defaultValue else { return false }
            return InitialValue.evaluatedInParentBody(takesAutoclosure: kinds[index].takesInitialValueAsAutoclosure, isLiteral: InitialValue.isLiteral(initial))
        }
        memberwiseParameters = Engine.memberwiseParameters(of: declaration)
        hasBindings = kinds.contains { $0.isBindingWrapper }
        hasDeclaredKeys = kinds.contains { $0.declaredDependency != nil }
    }

    /// The index of a property, without copying the property out of the declaration.
    func propertyIndex(named name: String) -> Int? { propertyNames.firstIndex(of: name) }

    /// The storage kind of the property named `name`.
    func kind(named name: String) -> (any StorageKind)? { propertyIndex(named: name).map { kinds[$0] } }
}

/// How reading one stored property of an object reaches a body.
enum StoredReadKind: Sendable {
    /// An `@Observable` class's property: the read is an Observation key.
    case observed
    /// `@ObservationIgnored`: read, never told.
    case ignored
    /// `@Published` in an `ObservableObject`: told through `objectWillChange` when the view holds the object.
    case published
    /// An `ObservableObject`'s property without `@Published`.
    case unpublished
    /// A plain class's property.
    case plain
    /// `@AppStorage` inside a model: the value lives in user defaults.
    case appStorage
}

/// A struct or class declaration shared by reference: every object of a type points at one box.
final class DataInfo: Sendable {
    let declaration: DataDeclaration
    /// The stored properties' names, by index (see `ViewInfo.propertyNames`).
    let storedNames: [String]
    /// How a body's read of each stored property is told of changes, by index: decided by the class's
    /// kind and the property's attributes, so a read need not look at the property itself.
    let readKinds: [StoredReadKind]

    init(_ declaration: DataDeclaration) {
        self.declaration = declaration
        storedNames = declaration.stored.map(\.name)
        readKinds = declaration.stored.map { property in
            ObservationTracking.readKind(modelKind: declaration.modelKind, isIgnored: property.isIgnored,
                                         isPublished: property.isPublished, isAppStorage: property.appStorageKey != nil)
        }
    }

    /// The index of a stored property in an object's or record's fields.
    func storedIndex(of name: String) -> Int? { storedNames.firstIndex(of: name) }
}
