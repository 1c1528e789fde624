// Builds a custom view's value from a call in a parent's body: its memberwise or written initializer.

extension Engine {
    /// The parameters of a view's memberwise initializer, in declaration order. Called from the type's
    /// own code (`self.init(…)`), it takes the private properties too.
    static func memberwiseParameters(of declaration: ViewDeclaration, includingPrivate: Bool = false) -> [ViewProperty] {
        declaration.properties.filter { property in
            property.role.kind.isMemberwiseParameter(isLet: property.isLet, hasDefault: property.defaultValue != nil,
                                                     isPrivate: property.isPrivate && !includingPrivate)
        }
    }

    /// A declared view's value from a call.
    /// A view built in a file whose own `fileprivate` type of that name Ripple does not keep: what it
    /// builds is the kept type's, so the row that builds it is partial.
    @inline(never)
    private mutating func noteReplacedType(_ name: String, at site: SourceLocation) {
        let kept = table.views[name].map { "line \($0.location.line) of \($0.location.file)" } ?? "another file"
        assume("'\(name)' here is this file's own type of that name, not simulated: Ripple keeps one type per name and builds the one at \(kept)", at: site)
    }

    /// Most initializers one view's making forwards through (`self.init(…)` calling another that does).
    static let maximumInitializerForwards = 16

    /// The `self.init(…)` call an initializer forwards to, when it is its first statement.
    static func forwardedCall(in initializer: InitializerSyntax) -> (arguments: [ArgumentSyntax], trailing: [ArgumentSyntax], location: SourceLocation)? {
        guard case .expression(let expression)? = initializer.body.first?.kind,
              case .call(let callee, let arguments, let trailing) = expression.kind,
              case .member(let base, "init", _) = callee.kind, base.kind == .identifier("self") else { return nil }
        return (arguments, trailing, expression.location)
    }

    /// A view made by the initializer `initializer` forwards to: each of its parameters in the forwarded
    /// call stands for what the caller passed for it (or its default), evaluated in the caller's scope as
    /// Swift evaluates a call's arguments before the initializer runs.
    @inline(never)
    private mutating func describeForwarded(_ info: ViewInfo, _ forwarded: (arguments: [ArgumentSyntax], trailing: [ArgumentSyntax], location: SourceLocation),
                                            from initializer: InitializerSyntax, given all: [ArgumentSyntax], in scope: Scope, context: BuildContext,
                                            site: SourceLocation) throws(EvaluationError) -> ChildDescription {
        let declaration = info.declaration
        guard initializerForwards < Self.maximumInitializerForwards else {
            // A loop of forwards, which Swift runs until the stack overflows: this view is not made, and the
            // rest of the body is built.
            throw EvaluationError("the initializers of '\(declaration.name)' forward to each other more than \(Self.maximumInitializerForwards) times",
                                  at: forwarded.location)
        }
        var passed: [String: ExprSyntax] = [:]
        var next = 0
        for parameter in initializer.parameters {
            if next < all.count, parameter.takes(all[next].label) {
                passed[parameter.name] = all[next].value
                next += 1
            } else if let defaultValue = parameter.defaultValue {
                passed[parameter.name] = defaultValue
            }
        }
        if next < all.count { throw extraArgument(all[next], declaration, initializer.parameters.compactMap(\.label)) }
        for statement in initializer.body.dropFirst() where readsOtherModules {
            assume("statements of the initializer of '\(declaration.name)' after 'self.init(…)' are not simulated", at: statement.location)
        }
        func substituted(_ list: [ArgumentSyntax]) -> [ArgumentSyntax] {
            list.map { argument in
                var argument = argument
                argument.value = argument.value.replacing { part in
                    if case .identifier(let name) = part.kind { return passed[name] }
                    return nil
                }
                return argument
            }
        }
        initializerForwards += 1
        defer { initializerForwards -= 1 }
        return try describeView(info, substituted(forwarded.arguments), substituted(forwarded.trailing), in: scope, context: context, site: site)
    }

    mutating func describeView(_ info: ViewInfo, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], in scope: Scope, context: BuildContext,
                               site: SourceLocation) throws(EvaluationError) -> ChildDescription {
        let declaration = info.declaration
        if let files = table.replacedTypes[declaration.name], files.contains(site.file) { noteReplacedType(declaration.name, at: site) }
        let siteNumber = siteNumber(site)
        var description = ChildDescription(
            fields: [:], key: ChildKey(site: siteNumber, forEachIDs: context.forEachIDs, explicitID: context.explicitID),
            viewType: declaration.name, fieldSources: [:], seeds: [:], inlineObjects: [],
            environmentOverrides: context.overrides, usesEquatable: context.usesEquatable, content: [],
            forEachElements: context.forEachElements)
        var given = NameTable<Value>()
        // One list of the properties' size, where appending one by one grew it twice for a view of two inputs.
        given.reserveCapacity(declaration.properties.count)
        // The arguments' sources are the site's syntax: rendered the first time the site builds a view, then shared.
        let sharedSources = fieldSourcesBySite[siteNumber]
        var sources: [String: String]? = sharedSources == nil ? [:] : nil
        // Without trailing closures, the arguments themselves: joining them with nothing made a copy per view built.
        let all = trailing.isEmpty ? arguments
            : arguments + trailing.map { ArgumentSyntax(label: $0.label ?? "_trailing", value: $0.value, location: $0.location) }
        // Inside a `self.init(…)` forward, a call no written initializer takes is the memberwise one's.
        if let initializer = declaration.initializer(forLabels: all.map(\.label)),
           initializerForwards == 0 || initializer.accepts(labels: all.map(\.label)) {
            // `init(_ title: String, …) { self.init(title: title, …) }`: the view is made by the initializer
            // it forwards to, given what the caller passed.
            if let forwarded = Self.forwardedCall(in: initializer) {
                return try describeForwarded(info, forwarded, from: initializer, given: all, in: scope, context: context, site: site)
            }
            var initScope = Scope()
            var next = 0
            // Closures passed for parameters, by parameter name: `self.content = content()` builds one.
            var closures: [String: ClosureSyntax] = [:]
            for parameter in initializer.parameters {
                if next < all.count, parameter.takes(all[next].label) {
                    if case .closure(let closure) = all[next].value.kind { closures[parameter.name] = closure }
                    let value = try evaluate(all[next].value, in: scope, expected: parameterType(parameter.type))
                    initScope = initScope.with(parameter.name, value)
                    sources?[parameter.name] = all[next].value.rendered
                    next += 1
                } else if let defaultValue = parameter.defaultValue {
                    // `state: Loadable<Void> = .notRequested`: the case of the parameter's type.
                    initScope = initScope.with(parameter.name, try evaluate(defaultValue, in: Scope(), expected: parameterType(parameter.type)))
                } else if readsOtherModules {
                    let value = try standIn(for: StandIns(table: table).valueType(of: parameter.type),
                                            "parameter '\(parameter.name)' of '\(declaration.name)', which no caller passes,", at: site)
                    initScope = initScope.with(parameter.name, value)
                } else {
                    throw EvaluationError("missing argument for parameter '\(parameter.label ?? parameter.name)' in call to '\(declaration.name)'", at: site)
                }
            }
            if next < all.count { throw extraArgument(all[next], declaration, initializer.parameters.compactMap(\.label)) }
            let saved = isTracking
            isTracking = false
            defer { isTracking = saved }
            for statement in initializer.body {
                guard case .assignment(let target, "=", let valueExpression) = statement.kind else {
                    if readsOtherModules {
                        assume("statements of the initializer of '\(declaration.name)' other than assignments are not simulated", at: statement.location)
                        continue
                    }
                    throw EvaluationError("an initializer may only assign properties ('self.x = x', '_x = State(initialValue: x)')", at: statement.location)
                }
                var name: String
                switch target.kind {
                case .member(let base, let member, false) where base.kind == .identifier("self"): name = member
                case .identifier(let member): name = member
                case .member where readsOtherModules:
                    // `state.filtered = …`: a write into a property's value or object while the view is made.
                    assume("assigning '\(target.rendered)' in an initializer is not simulated", at: target.location)
                    continue
                default: throw EvaluationError("cannot assign to '\(target.rendered)' in an initializer", at: target.location)
                }
                var wrapped = false
                if name.hasPrefix("_") { name.removeFirst(); wrapped = true }
                guard let property = declaration.property(named: name) else {
                    throw EvaluationError("'\(declaration.name)' has no property '\(name)'\(Suggestion.didYouMean(name, in: declaration.properties.map(\.name)))", at: target.location)
                }
                // `self.content = content()`: the caller's closure, built as the container's content.
                if name == declaration.contentParameter, case .call(let callee, [], []) = valueExpression.kind,
                   case .identifier(let parameter) = callee.kind, let closure = closures[parameter] {
                    isTracking = saved
                    given[name] = try buildContent(closure, into: &description, in: scope, context: context)
                    isTracking = false
                    continue
                }
                let value = try evaluate(wrapped ? Self.wrappedValue(in: valueExpression) : valueExpression, in: initScope, expected: property.type)
                let kind = property.role.kind
                if kind.isOwnedStorage {
                    description.seeds[name] = value
                } else if kind.isBindingWrapper, !wrapped, !isBinding(value) {
                    throw EvaluationError("'\(name)' is a '@Binding': assign '_\(name) = binding' or pass a binding", at: target.location)
                } else {
                    given[name] = value
                }
                if sources?[name] == nil { sources?[name] = valueExpression.rendered }
            }
        } else {
            let parameters = initializerForwards > 0 ? Self.memberwiseParameters(of: declaration, includingPrivate: true) : info.memberwiseParameters
            var next = 0
            // By index, reading each property's fields in place: iterating copied every property, a name,
            // a role, a type and a default, per parameter of every view built.
            for position in parameters.indices {
                guard next < all.count else { break }
                let name = parameters[position].name
                let isContent = name == declaration.contentParameter
                let matchesTrailing = all[next].label == "_trailing" && (parameters[position].type == .function || isContent)
                guard all[next].label == name || matchesTrailing else { continue }
                // A container's content: the closure's views, built here in the caller's body, whose
                // reads they are; the container's body places them.
                if isContent, case .closure(let closure) = all[next].value.kind {
                    given[name] = try buildContent(closure, into: &description, in: scope, context: context)
                    next += 1
                    continue
                }
                let value = try evaluate(all[next].value, in: scope, expected: parameters[position].type)
                if sources != nil { sources?[name] = all[next].value.rendered }
                next += 1
                let kind = parameters[position].role.kind
                if kind.isOwnedStorage {
                    description.seeds[name] = value
                } else {
                    if kind.carriesBinding, !isBinding(value) {
                        throw EvaluationError("'\(name)' is a binding; pass '$\(name)' or a binding, not \(describe(value))", at: all[next - 1].location)
                    }
                    given[name] = value
                }
            }
            if next < all.count {
                let argument = all[next]
                if let label = argument.label, parameters.contains(where: { $0.name == label }) {
                    throw EvaluationError("argument '\(label)' is out of order in call to '\(declaration.name)'", at: argument.location)
                }
                if let label = argument.label, let property = declaration.property(named: label), property.isPrivate {
                    throw EvaluationError("'\(label)' is private to '\(declaration.name)' and cannot be passed", at: argument.location)
                }
                throw extraArgument(argument, declaration, parameters.map(\.name))
            }
        }
        // The properties the parent sets that no argument gave, by index: most views are given all of them.
        for index in info.setByParent where given[info.propertyNames[index]] == nil {
            let property = declaration.properties[index]
            if let defaultValue = property.defaultValue {
                // A default runs each time the parent builds the view: an inline `@ObservedObject` is a new object.
                let saved = isTracking
                isTracking = false
                given[property.name] = try evaluate(defaultValue, in: Scope(), expected: property.type)
                isTracking = saved
                sources?[property.name] = defaultValue.rendered
                if info.kinds[index].defaultMakesInlineObject { description.inlineObjects.insert(property.name) }
            } else if case .optional = property.type, !property.isLet {
                given[property.name] = Value.none
            } else if readsOtherModules {
                given[property.name] = try standIn(for: property.type, "'\(property.name)' of '\(declaration.name)', which no caller sets,", at: property.location)
            } else {
                throw EvaluationError("missing argument for '\(property.name)' in call to '\(declaration.name)'", at: site)
            }
        }
        description.fields = given
        if let sources { fieldSourcesBySite[siteNumber] = sources }
        description.fieldSources = sharedSources ?? sources ?? [:]
        let saved = isTracking
        isTracking = false
        for (name, value) in given {
            if case .binding(let target) = value { description.bindingValues[name] = try readBinding(target, tracked: false) }
        }
        isTracking = saved
        if !info.initialsInParentBody.isEmpty { try evaluateInitials(info, into: &description) }
        return description
    }

    /// Evaluates the `@State` defaults a view's struct evaluates when it is made, here, in the body that
    /// makes it, so what they read is that body's (Rule 4.6); a property its caller seeded has none.
    @inline(never)
    mutating func evaluateInitials(_ info: ViewInfo, into description: inout ChildDescription) throws(EvaluationError) {
        let declaration = info.declaration
        for index in info.initialsInParentBody {
            let property = declaration.properties[index]
            guard description.seeds[property.name] == nil, let initial = property.defaultValue else { continue }
            description.initials[property.name] = try evaluateInitial(initial, expected: property.type, of: "'\(property.name)' of '\(declaration.name)'")
        }
    }

    /// Builds a container's content closure into `description.content`, with the caller's `ForEach`
    /// identities: the views are the caller's, reconciled under the container. Returns the content
    /// property's value, the same on every build: what changes in the views is compared view by view.
    mutating func buildContent(_ closure: ClosureSyntax, into description: inout ChildDescription, in scope: Scope,
                               context: BuildContext) throws(EvaluationError) -> Value {
        var content: [ChildDescription] = []
        let start = log.reads.count
        try buildStatements(closure.body, in: scope, context: context.forContent, into: &content)
        description.content = content
        if isTracking, log.reads.count > start { description.contentReads = Array(log.reads[start...]) }
        return .opaque(type: "View", text: "views")
    }

    /// The first value a property wrapper is made with in an initializer: `x` of `_model = State(initialValue:
    /// x)`, `StateObject(wrappedValue: x)` or `.init(initialValue: x)`, which then takes the property's type
    /// (`.init(initialValue: .init(mode: mode))` builds the property's model). Anything else as written.
    static func wrappedValue(in expression: ExprSyntax) -> ExprSyntax {
        guard case .call(let callee, let arguments, []) = expression.kind, arguments.count == 1,
              ["initialValue", "wrappedValue"].contains(arguments[0].label ?? "") else { return expression }
        switch callee.kind {
        case .implicitMember("init"): return arguments[0].value
        case .identifier(let wrapper) where ["State", "StateObject", "ObservedObject", "Bindable", "FocusState"].contains(wrapper): return arguments[0].value
        default: return expression
        }
    }

    /// The type an initializer's parameter is written with, for what is passed or its default value.
    private func parameterType(_ type: TypeSyntax) -> ValueType? {
        let resolved = StandIns(table: table).valueType(of: type)
        return resolved == .unknown ? nil : resolved
    }

    private func extraArgument(_ argument: ArgumentSyntax, _ declaration: ViewDeclaration, _ names: [String]) -> EvaluationError {
        let label = argument.label ?? "_"
        if label == "_trailing" {
            return EvaluationError("'\(declaration.name)' takes no trailing closure", at: argument.location)
        }
        return EvaluationError("extra argument '\(label)' in call to '\(declaration.name)'\(Suggestion.didYouMean(label, in: names))", at: argument.location)
    }

    func isBinding(_ value: Value) -> Bool {
        if case .binding = value { return true }
        return false
    }
}

extension TypeSyntax {
    var isFunction: Bool {
        if case .function = self { return true }
        return false
    }
}
