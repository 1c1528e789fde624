/// A class that inherits from a class the scenario declares gets its base's members, as Swift's
/// subclass has them: the base's stored and computed properties, methods and initializers, each
/// replaced by the subclass's own of the same name (`override func bump()`); and the base's
/// observation (`@Observable`, `ObservableObject`) when it declares none of its own. An `@Observable`
/// subclass of a base that is not does not observe the base's stored properties, and a subclass that is
/// not `@Observable` of a base that is does not observe its own, as the macro expands in Swift.
enum ClassInheritance {
    /// The declarations with every subclass of a declared class holding its inherited members.
    static func flatten(_ declarations: [DeclarationSyntax]) -> [DeclarationSyntax] {
        var classes: [String: TypeDeclarationSyntax] = [:]
        for case .type(let type) in declarations where type.kind == .classType { classes[type.name] = type }
        guard classes.values.contains(where: { $0.conformances.first.map { classes[$0] != nil } == true }) else { return declarations }
        var flattened: [String: TypeDeclarationSyntax] = [:]
        func resolved(_ name: String, visiting: Set<String>) -> TypeDeclarationSyntax? {
            if let done = flattened[name] { return done }
            guard var type = classes[name] else { return nil }
            // A cycle (`class A: B`, `class B: A`) is left for Swift to reject: each keeps its own members.
            if let baseName = type.conformances.first, !visiting.contains(baseName),
               let base = resolved(baseName, visiting: visiting.union([name])) {
                type = inheriting(type, from: base)
            }
            flattened[name] = type
            return type
        }
        return declarations.map { declaration in
            guard case .type(let type) = declaration, type.kind == .classType, let flat = resolved(type.name, visiting: []) else { return declaration }
            return .type(flat)
        }
    }

    private static func inheriting(_ type: TypeDeclarationSyntax, from base: TypeDeclarationSyntax) -> TypeDeclarationSyntax {
        var type = type
        let own = Set(type.members.map(name))
        // The subclass's initializers replace the base's when it declares any, as Swift's designated ones do.
        let ownInitializers = !type.initializers.isEmpty
        var inherited = base.members.filter { member in
            if case .initializer = member { return !ownInitializers }
            return !own.contains(name(of: member))
        }
        // `@Observable` tracks only the properties of the class it is written on: a stored property of
        // a base that is not observable notifies no one, as if it were `@ObservationIgnored`.
        if type.hasAttribute("Observable") && !base.hasAttribute("Observable") {
            inherited = inherited.map { member in
                guard case .property(var property) = member, property.getter == nil, !property.hasAttribute("ObservationIgnored") else { return member }
                property.attributes.append(AttributeSyntax(name: "ObservationIgnored", location: property.location))
                return .property(property)
            }
        }
        var ownMembers = type.members
        if !type.hasAttribute("Observable"), let observable = base.attributes.first(where: { $0.name == "Observable" }) {
            // The base's macro expanded the base's properties alone: the subclass's own stored properties
            // notify no one, and a view that shows one is left stale when it changes.
            ownMembers = ownMembers.map { member in
                guard case .property(var property) = member, property.getter == nil, !property.modifiers.contains("static"),
                      !property.hasAttribute("ObservationIgnored") else { return member }
                property.attributes.append(AttributeSyntax(name: "ObservationIgnored", location: property.location))
                return .property(property)
            }
            type.attributes.append(observable)
        }
        type.members = inherited + ownMembers
        type.conformances = Array(type.conformances.dropFirst()) + base.conformances.filter { !type.conformances.contains($0) }
        return type
    }

    private static func name(of member: MemberSyntax) -> String {
        switch member {
        case .property(let property): "var " + property.name
        case .function(let function): "func " + function.name
        case .initializer: "init"
        }
    }
}
