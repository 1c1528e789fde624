// Runs a body as a view builder: records its reads and builds the values of the custom views it contains.

import RippleRuntime

/// Where in a body a view is being built: enclosing ForEach identities, environment set above it, `.id`.
struct BuildContext {
    var forEachIDs = IdentityPath()
    /// The `ForEach` elements themselves, beside their identities: a row can be named by a field of its element.
    var forEachElements = IdentityPath()
    var overrides: [String: Value] = [:]
    var explicitID: Value?
    var usesEquatable = false
    /// The path binding of the `NavigationStack(path:)` the views are built in, for the
    /// `.navigationDestination(for:)` inside it.
    var navigationPath: Presentation.StackPath?
    /// The selection binding of the `List(selection:)` the views are built in, for the
    /// `NavigationLink(value:)`s inside it.
    var listSelection: BindingTarget?
    /// The menu the views are built in (`.swipeActions`, `.contextMenu`): its controls are named with it.
    var menu: String?
    /// The lazy container the views are rows of (Rule 20): a `ForEach` here makes rows of its window.
    var lazyRows: LazyRowPlace?
    /// The alert or confirmation dialog the views are its actions of: a button there dismisses it once
    /// its action has run.
    var dismissing: Presentation.Dismissal?
    /// What the `.disabled(…)` modifiers around the views say, the strongest kept: a view is disabled
    /// when any of them disables it.
    var disablement: Disablement?

    /// Where views built for another view to place are built (a modifier's wrapped views, a container's
    /// content): in the same `ForEach` element and menu, with none of this place's environment, `.id` or
    /// `.equatable()`.
    var forContent: BuildContext {
        BuildContext(forEachIDs: forEachIDs, forEachElements: forEachElements, navigationPath: navigationPath, listSelection: listSelection, menu: menu,
                     dismissing: dismissing, disablement: disablement)
    }
}

extension Engine {
    static let builtinViews: Set<String> = [
        "Text", "Image", "Label", "Button", "Toggle", "TextField", "SecureField", "TextEditor", "Stepper", "Slider",
        "Picker", "ProgressView", "Spacer", "Divider", "Color", "EmptyView", "Link", "NavigationLink", "Menu",
        "DatePicker", "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "List", "Group", "Section",
        "NavigationStack", "NavigationView", "NavigationSplitView", "Form", "ScrollView", "TabView", "GroupBox",
        "DisclosureGroup", "ControlGroup", "ContentUnavailableView", "ShareLink", "AsyncImage", "Circle", "Rectangle",
        "RoundedRectangle", "Capsule", "Ellipse", "Path", "ToolbarItem", "ToolbarItemGroup", "GeometryReader",
        "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "LabeledContent", "EditButton",
        "AnyView", "Grid", "GridRow", "LazyHGrid", "ViewThatFits", "Canvas", "TimelineView", "Gauge", "ColorPicker",
        "Table", "OutlineGroup", "RenameButton", "PasteButton", "MultiDatePicker", "ScrollViewReader",
        "UnevenRoundedRectangle", "ContainerRelativeShape", "TupleView", "Toolbar",
    ]

    /// Whether `name` is built as a built-in view: one Ripple knows, or one another module declares.
    func isBuiltinView(_ name: String) -> Bool {
        Self.builtinViews.contains(name) || table.opaqueViews.contains(name)
    }
    /// Evaluates a view's or modifier's body and returns the custom views it builds.
    mutating func buildBody(of id: Int) throws(EvaluationError) -> [ChildDescription] {
        lazyRows.startBody()
        if let content = instances[id].description.contentClosure {
            // A `ForEach` row, a presentation, or a `GeometryReader`'s or `TimelineView`'s content runs the
            // closure it was handed, in the scope it captured (Rules 14, 15, 19 and 21); a `TimelineView`'s is
            // given the context of its last tick.
            var scope = content.scope
            scope.recordsReads = true
            if let view = content.layoutView, LayoutContent.runsOnTick(view) { bindTimelineContext(content, of: id, in: &scope) }
            scope.recordedLocals.append("$0")
            if let parameter = content.parameter { scope.recordedLocals.append(parameter) }
            var output: [ChildDescription] = []
            if let trigger = content.presentation {
                presentedByLastBuild = try buildPresentation(trigger, content, in: scope, into: &output)
            } else {
                try buildStatements(content.body, in: scope, context: content.context, into: &output)
            }
            return output
        }
        guard let info = instances[id].info else { return [] }
        var scope = Scope()
        scope.this = .view(id)
        scope.recordsReads = true
        scope.contentParameter = info.declaration.contentParameter
        var output: [ChildDescription] = []
        try buildStatements(info.declaration.body, in: scope, context: BuildContext(), into: &output)
        return output
    }

    /// Builds the views of a statement list; returns true when a `return` ended it.
    @discardableResult
    mutating func buildStatements(_ statements: [StatementSyntax], in scope: Scope, context: BuildContext, into output: inout [ChildDescription]) throws(EvaluationError) -> Bool {
        var host = BuilderHost(context: context)
        swap(&host.output, &output)
        defer { swap(&host.output, &output) }
        return try execute(statements, in: scope, host: &host) != nil
    }

    /// Builds a view expression by walking its syntax.
    mutating func buildView(_ expression: ExprSyntax, in scope: Scope, context: BuildContext, into output: inout [ChildDescription]) throws(EvaluationError) {
        switch expression.kind {
        case .call(let callee, let arguments, let trailing):
            switch callee.kind {
            case .member(let base, let name, _):
                if base.kind == .identifier("self"), scope.locals["self"] == nil, let (id, helper) = viewHelper(name, in: scope) {
                    try buildViewHelper(helper, of: id, arguments: arguments + trailing, in: scope, context: context, into: &output, at: expression.location)
                    return
                }
                if try buildModuleQualifiedView(base, name, arguments, trailing, in: scope, context: context, into: &output, at: expression.location) {
                    return
                }
                try applyModifier(name, arguments, trailing, to: base, in: scope, context: context, into: &output, at: callee.location)
            case .identifier(let name):
                if scope.locals[name] == nil, let (id, helper) = viewHelper(name, in: scope), helper.parameters != nil {
                    try buildViewHelper(helper, of: id, arguments: arguments + trailing, in: scope, context: context, into: &output, at: expression.location)
                } else if name == "ForEach" {
                    try buildForEach(arguments, trailing, in: scope, context: context, into: &output, at: expression.location)
                } else if arguments.isEmpty, trailing.isEmpty, try buildCalledClosure(name, in: scope, context: context, into: &output) {
                    return
                } else if let info = viewInfo(ofType: name) {
                    if info.declaration.isModifier {
                        throw EvaluationError("'\(name)' is a ViewModifier; apply it with '.modifier(\(name)(...))'", at: expression.location)
                    }
                    output.append(try describeView(info, arguments, trailing, in: scope, context: context, site: expression.location))
                    shownByLastBuild?.append(.child(viewType: name))
                } else if name == "List", arguments.first?.label == nil, arguments.count >= 1,
                          case .closure(let closure)? = trailing.first?.value.kind, !closure.parameters.isEmpty {
                    // `List(items) { item in ... }` builds its rows the way ForEach does, in a window (Rule 20).
                    try buildListRows(arguments, trailing, in: scope, context: context, into: &output, at: expression.location)
                } else if name == "AnyView", arguments.count == 1, trailing.isEmpty {
                    try buildErased(arguments[0].value, in: scope, context: context, into: &output, at: expression.location)
                } else if isBuiltinView(name) {
                    try build(rememberedBuiltinView(expression, name, arguments, trailing), in: scope, context: context, into: &output)
                } else if table.data[name] != nil, readsOtherModules {
                    // A `UIViewRepresentable` and its kin: another framework's view, built as a built-in one.
                    assume("'\(name)' is not a SwiftUI view the source declares; it is built as a view that shows its content", at: expression.location)
                    try build(builtinView(name, arguments, trailing), in: scope, context: context, into: &output)
                } else if table.data[name] != nil {
                    throw EvaluationError("'\(name)' is not a view", at: expression.location)
                } else if readsOtherModules {
                    skipForeignView(expression)
                } else {
                    throw EvaluationError("unknown view '\(name)'\(Suggestion.didYouMean(name, in: Array(table.views.keys) + Self.builtinViews))", at: expression.location)
                }
            default:
                if readsOtherModules { return skipUnbuiltView(expression) }
                throw EvaluationError("expected a view, found '\(expression.rendered)'", at: expression.location)
            }
        case .member(let base, let name, _):
            if base.kind == .identifier("self"), scope.locals["self"] == nil, let (id, helper) = viewHelper(name, in: scope), helper.parameters == nil {
                try buildViewHelper(helper, of: id, arguments: [], in: scope, context: context, into: &output, at: expression.location)
                return
            }
            // `Color.clear`, `Image.donutSymbol`: a built-in view made by a static member; it reads nothing.
            if case .identifier(let type) = base.kind, scope.locals[type] == nil, isBuiltinView(type) { return }
            // A modifier without arguments written without parentheses.
            try buildView(base, in: scope, context: context, into: &output)
        case .identifier(let name):
            if scope.locals[name] == nil, let (id, helper) = viewHelper(name, in: scope), helper.parameters == nil {
                try buildViewHelper(helper, of: id, arguments: [], in: scope, context: context, into: &output, at: expression.location)
                return
            }
            if name == scope.contentParameter, case .view(let id) = scope.this {
                output.append(contentsOf: instances[id].description.content)
                return
            }
            if table.views[name] != nil || isBuiltinView(name) {
                throw EvaluationError("'\(name)' needs parentheses to build a view: '\(name)()'", at: expression.location)
            }
            try buildLocalOrStoredViews(name, expression, in: scope, context: context, into: &output)
        case .ternary(let condition, let yes, let no):
            anchorErasedBranches(yes, no, at: expression.location)
            try buildView(chosenView(condition, yes, no, in: scope, context: context), in: scope, context: context, into: &output)
        case .binary("+", let lhs, let rhs) where isTextView(lhs) && isTextView(rhs):
            // `Text("a") + Text(b)`: one text, built from both.
            try buildView(lhs, in: scope, context: context, into: &output)
            try buildView(rhs, in: scope, context: context, into: &output)
        case .paren(let inner):
            try buildView(inner, in: scope, context: context, into: &output)
        default:
            if readsOtherModules { return skipUnbuiltView(expression) }
            throw EvaluationError("expected a view, found '\(expression.rendered)'", at: expression.location)
        }
    }

    /// Records, for the evaluation under way, that its body applies a modifier of an `extension View`
    /// Ripple does not simulate (`DeclarationTable.unsimulatedModifiers`).
    @inline(never)
    mutating func noteUnsimulatedModifier(_ name: String) {
        guard isTracking, let location = table.unsimulatedModifiers[name] else { return }
        decidedOnUnknown("what '.\(name)', declared in an 'extension View' Ripple does not simulate, adds", at: location)
    }

    /// The side of `condition ? yes : no` in view position that is built. On a value Ripple does not know,
    /// the condition is decided (`decideUnknown`) and the other side is built apart, for what it reads.
    @inline(never)
    private mutating func chosenView(_ condition: ExprSyntax, _ yes: ExprSyntax, _ no: ExprSyntax, in scope: Scope,
                                     context: BuildContext) throws(EvaluationError) -> ExprSyntax {
        let value = try evaluate(condition, in: scope, expected: .bool)
        guard readsOtherModules, value.isUnmodelled else { return value == .bool(true) ? yes : no }
        let decided = untaken.decisionCount
        let taken = decideUnknown(condition)
        try readUntaken(after: decided) { (engine: inout Engine) throws(EvaluationError) in
            var discarded: [ChildDescription] = []
            try engine.buildView(taken ? no : yes, in: scope, context: context, into: &discarded)
        }
        return taken ? yes : no
    }

    /// The value a body's `let` binds: for views (`let content = VStack { … }`), a closure that builds them
    /// where the local stands in view position; for anything else, the value.
    @inline(never)
    fileprivate mutating func localValue(_ value: ExprSyntax, naming name: String, in scope: Scope, at location: SourceLocation) throws(EvaluationError) -> Value {
        guard buildsViews(value, in: scope) else { return try evaluateOrOpaque(value, naming: name, in: scope, expected: nil) }
        return closure(ClosureSyntax(parameters: [], body: [StatementSyntax(kind: .expression(value), location: location)], location: value.location), in: scope)
    }

    /// A name in view position that is not a helper: the views a local holds (`let content = VStack { … }`,
    /// `@ViewBuilder var content: some View { … }`), built in the scope it was declared in; in Swift source,
    /// a stored view (`let content: Content`), whose views were built by whoever made it, is left out.
    ///
    /// In a frame of its own: `buildView` is on the stack of every view nested in another.
    @inline(never)
    private mutating func buildLocalOrStoredViews(_ name: String, _ expression: ExprSyntax, in scope: Scope, context: BuildContext,
                                                  into output: inout [ChildDescription]) throws(EvaluationError) {
        if case .closure(let id)? = scope.locals[name], let (syntax, captured) = closures[id], syntax.parameters.isEmpty {
            try buildStatements(syntax.body, in: captured, context: context, into: &output)
            return
        }
        guard readsOtherModules else { throw EvaluationError("expected a view, found '\(name)'", at: expression.location) }
        _ = try? evaluate(expression, in: scope, expected: nil)
        skipUnbuiltView(expression)
    }

    /// `content()` in view position, where `content` is a closure the view stores or a local holds
    /// (`let content: () -> Content`, set from the caller's trailing closure): its views are built here, in
    /// the scope the closure captured, and what they read is read by the body that calls it, which is
    /// what SwiftUI tracks. False when the name holds no such closure.
    ///
    /// In a frame of its own: `buildView` is on the stack of every view nested in another.
    @inline(never)
    private mutating func buildCalledClosure(_ name: String, in scope: Scope, context: BuildContext,
                                             into output: inout [ChildDescription]) throws(EvaluationError) -> Bool {
        guard table.views[name] == nil, !isBuiltinView(name) else { return false }
        let value: Value
        if let local = scope.locals[name] {
            value = local
        } else if case .view(let id) = scope.this, let property = instances[id].info?.declaration.property(named: name), property.role == .input {
            guard let stored = instances[id].description.fields[name] else { return false }
            value = stored
        } else {
            return false
        }
        guard case .closure(let closureID) = value, let (syntax, captured) = closures[closureID], syntax.parameters.isEmpty else { return false }
        var inner = captured
        inner.recordsReads = scope.recordsReads
        try buildStatements(syntax.body, in: inner, context: context.forContent, into: &output)
        return true
    }

    /// Whether an expression builds views: a call of a view the source declares, a built-in view or a
    /// helper that builds views, possibly with modifiers (`VStack { … }.padding()`). A styling constant
    /// (`Color.red`) is a value.
    private mutating func buildsViews(_ expression: ExprSyntax, in scope: Scope) -> Bool {
        guard case .call(let callee, _, _) = expression.kind else { return false }
        switch callee.kind {
        case .identifier(let name):
            guard scope.locals[name] == nil else { return false }
            if let (_, helper) = viewHelper(name, in: scope) { return helper.buildsViews }
            return name == "ForEach" || isBuiltinView(name) || viewInfo(ofType: name) != nil
        case .member(let base, _, _):
            return buildsViews(base, in: scope)
        default:
            return false
        }
    }

    /// Whether an expression is a `Text`, possibly styled or joined to another (`Text("a").bold() + Text(b)`).
    private func isTextView(_ expression: ExprSyntax) -> Bool {
        switch expression.kind {
        case .call(let callee, _, _):
            if case .identifier("Text") = callee.kind { return true }
            if case .member(let base, _, _) = callee.kind { return isTextView(base) }
            return false
        case .member(let base, _, _), .paren(let base): return isTextView(base)
        case .binary("+", let lhs, let rhs): return isTextView(lhs) && isTextView(rhs)
        default: return false
        }
    }

    /// A view expression Ripple does not build (a stored view, a closure that returns views, a `switch`):
    /// noted, and left out of the children.
    private mutating func skipUnbuiltView(_ expression: ExprSyntax) {
        warnNotSimulated("the views of '\(Self.shortened(expression.rendered))' are not simulated", at: expression.location)
    }

    /// A view another module declares (a package's `KFImage`): noted, and left out of the children.
    /// `Settings.Section(title: "Sound") { Toggle(…) }`, `SwiftUI.Text("a")`: a view written with the
    /// module it comes from. One the source declares, or a built-in one, is built as itself; another
    /// module's is taken as a view that shows its content, whose content and label closures are built
    /// with the body, their controls offered. False when `base.name` is no such name (a modifier).
    @inline(never)
    private mutating func buildModuleQualifiedView(_ base: ExprSyntax, _ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax],
                                                   in scope: Scope, context: BuildContext, into output: inout [ChildDescription],
                                                   at location: SourceLocation) throws(EvaluationError) -> Bool {
        guard case .identifier(let module) = base.kind, module.first?.isUppercase == true, name.first?.isUppercase == true,
              scope.locals[module] == nil, table.views[module] == nil, table.data[module] == nil, !isBuiltinView(module) else { return false }
        if table.views[name] != nil || isBuiltinView(name) {
            try buildView(ExprSyntax(.call(ExprSyntax(.identifier(name), at: base.location), arguments: arguments, trailing: trailing), at: location),
                          in: scope, context: context, into: &output)
            return true
        }
        guard readsOtherModules else { return false }
        assume("'\(module).\(name)' is not declared in the source; it is taken as another module's view that shows its content", at: location)
        try build(builtinView(name, arguments, trailing), in: scope, context: context, into: &output)
        return true
    }

    private mutating func skipForeignView(_ expression: ExprSyntax) {
        assume("the views of '\(Self.shortened(expression.rendered))' are not simulated", at: expression.location)
    }

    // MARK: - Built-in views

    /// Whether a closure argument of a built-in view builds its content (rather than running later).
    static func isContentLabel(_ label: String?) -> Bool {
        switch label {
        case "content", "label", "header", "footer", "destination": true
        default: false
        }
    }

    mutating func buildForEach(_ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], in scope: Scope, context: BuildContext, into output: inout [ChildDescription], at location: SourceLocation) throws(EvaluationError) {
        guard let data = arguments.first(where: { $0.label == nil }) else {
            throw EvaluationError("'ForEach' needs a collection", at: location)
        }
        guard let content = (trailing.last ?? arguments.first(where: { $0.label == "content" })), case .closure(let closure) = content.value.kind else {
            throw EvaluationError("'ForEach' needs a closure that builds each element's views", at: location)
        }
        var keyPath: [String]?
        if let id = arguments.first(where: { $0.label == "id" }) {
            guard case .keyPath(_, let components) = id.value.kind else { throw EvaluationError("'id:' takes a key path like '\\.id' or '\\.self'", at: id.location) }
            keyPath = components
        }
        let collection = try evaluate(data.value, in: scope, expected: nil)
        var elements: [Value]
        var bindings: [BindingTarget]?
        switch collection {
        case .array(let values):
            elements = values
        case .binding(let target):
            // A ForEach over a binding reads the collection in the parent's body.
            let whole: Value
            if scope.recordsReads {
                whole = try readBinding(target, recordedAt: data.value, role: "binding", tracked: true)
            } else {
                let saved = isTracking
                isTracking = false
                whole = try readBinding(target, tracked: false)
                isTracking = saved
            }
            if readsOtherModules, let element = unmodelledElement(of: whole, data.value) {
                elements = [element]
                bindings = [.constant(element)]
                break
            }
            guard case .array(let values) = whole else { throw EvaluationError("'ForEach' needs a collection, not \(describe(whole))", at: data.location) }
            elements = values
            bindings = values.indices.map { index in
                switch target {
                case .state(let slot, let path): .state(slot, path + [.index(index)])
                case .property(let object, let name, let path): .property(object, name, path + [.index(index)])
                default: target
                }
            }
        default:
            if readsOtherModules, let element = unmodelledElement(of: collection, data.value) {
                elements = [element]
                bindings = [.constant(element)]
                break
            }
            throw EvaluationError("'ForEach' needs a collection, not \(describe(collection))", at: data.location)
        }
        // Each element is an identity in the view tree: a ForEach over more elements than the instance
        // limit is refused before building any of them (building them first would take seconds).
        if elements.count > Self.maximumInstances {
            throw EvaluationError("'ForEach' has \(elements.count) elements; a scenario may have at most \(Self.maximumInstances) view instances (limit: instances)", at: data.location)
        }
        // Identities seen so far: whole numbers (indices, ids), the usual kind, in a table that does not
        // hash them with SipHash; any other value in a set.
        var seenNumbers = IDSet()
        var seen: Set<Value> = []
        // The element's names and identity are bound once, in the order each element adds them, and each
        // element only replaces their values, so a list's rows do not copy its scope and identities for every
        // row on every evaluation.
        // A closure whose reads can be tracked is run by each row, not here (Rule 14).
        let info: ViewInfo? = if case .view(let id) = scope.this { instances[id].info } else { nil }
        let reads = closure.reads { name in Self.isPlainValue(name, in: scope, of: info) }
        let inRow = reads != .nothing && RowContent.runsInRow(
            reads: reads, elementsMayBeTracked: bindings != nil || elements.contains { $0.holdsObjectOrBinding })
        let rowSite = inRow ? siteNumber(closure.location) : 0
        let parameter = closure.parameters.first
        var inner = scope
        if let parameter { inner = inner.with(parameter, .none) }
        inner = inner.with("$0", .none)
        var elementContext = context
        // What a row builds is the row's own: a `ForEach` inside it makes no rows of the container.
        elementContext.lazyRows = nil
        elementContext.forEachIDs.append(.none)
        elementContext.forEachElements.append(.none)
        let identitySlot = elementContext.forEachIDs.count - 1
        for (index, element) in elements.enumerated() {
            // Each row costs one evaluation, even one whose closure builds nothing.
            try countEvaluation(at: data.location)
            let rowStart = output.count
            var identity = try forEachIdentity(of: element, keyPath: keyPath, at: data.location)
            // An id Ripple does not know decides which row is which: two that print alike may differ, so
            // they are taken as distinct, by position, and what rests on the rows' identities is not exact.
            let unknown = readsOtherModules && identity.holdsUnmodelled
            if unknown {
                decidedOnUnknown("the ids of 'ForEach' over '\(Self.shortened(data.value.rendered))' taken as distinct", at: data.location)
            }
            var isNew = if case .int(let number) = identity, number >= 0 { seenNumbers.insert(number).inserted } else { seen.insert(identity).inserted }
            if !isNew, unknown {
                identity = .opaque(type: Value.unmodelledType, text: "\(describe(identity)) #\(index + 1)")
                isNew = seen.insert(identity).inserted
            }
            if !isNew {
                throw EvaluationError("'ForEach' has two elements with the id \(describe(identity)); ids must be unique", at: data.location)
            }
            if let parameter, parameter.hasPrefix("$") {
                guard let bindings else { throw EvaluationError("'\(parameter)' needs 'ForEach' over a binding like '$model.items'", at: closure.location) }
                inner.locals[parameter] = .binding(bindings[index])
                inner.bindingLocals[String(parameter.dropFirst())] = bindings[index]
            } else if let parameter {
                inner.locals[parameter] = element
            }
            // Over a binding (`ForEach($model.items)`), `$0` is the element's binding, as a named `$item` is.
            if case .binding = collection, let bindings {
                inner.locals["$0"] = .binding(bindings[index])
            } else {
                inner.locals["$0"] = element
            }
            elementContext.forEachIDs[identitySlot] = identity
            elementContext.forEachElements[identitySlot] = element
            if inRow {
                output.append(ChildDescription(
                    fields: [:], key: ChildKey(site: rowSite, forEachIDs: elementContext.forEachIDs, explicitID: nil),
                    viewType: RowContent.viewType, fieldSources: [:], seeds: [:], inlineObjects: [],
                    environmentOverrides: context.overrides, usesEquatable: false, content: [],
                    forEachElements: elementContext.forEachElements,
                    contentClosure: ContentClosure(body: closure.body, parameter: parameter, scope: inner, context: elementContext.forContent)))
            } else {
                try buildStatements(closure.body, in: inner, context: elementContext, into: &output)
            }
            if let place = context.lazyRows { markLazyRow(&output, from: rowStart, in: place) }
        }
        lastForEachCount = elements.count
    }

    /// Whether `name`, in `scope`, is a value whose bare reading is no read a view depends on: a local,
    /// or a property of the view that is neither storage nor a wrapper (a `let`, a plain `Binding`,
    /// `@Bindable`).
    private static func isPlainValue(_ name: String, in scope: Scope, of info: ViewInfo?) -> Bool {
        if scope.locals[name] != nil { return scope.bindingLocals[name] == nil }
        guard let info, let index = info.propertyIndex(named: name) else { return false }
        return info.kinds[index].isPlainValue
    }

    /// One element standing for a collection Ripple does not model (Swift source only): the content is
    /// built once, for it, so that the views it builds are evaluated.
    private mutating func unmodelledElement(of collection: Value, _ expression: ExprSyntax) -> Value? {
        guard case .opaque(Value.unmodelledType, let text) = collection else { return nil }
        assume("'\(expression.rendered)' is a collection Ripple does not model; its content is built once, for one element", at: expression.location)
        decidedOnUnknown("'ForEach' over '\(Self.shortened(expression.rendered))' built one row", at: expression.location)
        return .opaque(type: Value.unmodelledType, text: text + "[…]")
    }

    mutating func forEachIdentity(of element: Value, keyPath: [String]?, at location: SourceLocation) throws(EvaluationError) -> Value {
        if case .opaque(Value.unmodelledType, _) = element { return element }
        let saved = isTracking
        isTracking = false
        defer { isTracking = saved }
        if case .record(let type, _) = element, keyPath == nil, table.data[type]?.isIdentifiable != true {
            throw EvaluationError("'ForEach' over \(type) values needs 'id:' (the elements are not Identifiable)", at: location)
        }
        // A class that is `Identifiable` without an `id` of its own (a SwiftData `@Model`) is identified
        // by the object, as Swift's `ObjectIdentifier` default does.
        if keyPath == nil, case .object(let object) = element, objects[object.raw].info.storedIndex(of: "id") == nil,
           objects[object.raw].info.declaration.computedProperty(named: "id") == nil {
            return .int(object.raw)
        }
        let path = keyPath ?? ["id"]
        var current = element
        for component in path where component != "self" {
            switch current {
            case .record, .object:
                current = try member(of: current, component, at: location, scope: Scope())
            case .int where keyPath == nil:
                // A range of Ints (`ForEach(0..<3)`, `ForEach(items.indices)`) identifies elements by value.
                return current
            case .enumCase where keyPath == nil:
                // An `Identifiable` enum (`ForEach(Sort.allCases)`): whatever its `id` computes, one per
                // case, so the case stands for it.
                return current
            default:
                if keyPath == nil {
                    throw EvaluationError("'ForEach' over \(typeName(of: element)) values needs 'id:' (the elements are not Identifiable)", at: location)
                }
                current = try member(of: current, component, at: location, scope: Scope())
            }
        }
        if case .object(let object) = current {
            return .int(object.raw)
        }
        return current
    }

    // MARK: - Modifiers

    mutating func applyModifier(_ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], to base: ExprSyntax, in scope: Scope, context: BuildContext, into output: inout [ChildDescription], at location: SourceLocation) throws(EvaluationError) {
        var context = context
        switch Modifier.kind(of: name) {
        case .context(.environment):
            if arguments.count == 2, case .keyPath(nil, let components) = arguments[0].value.kind, components.count == 1 {
                let key = components[0]
                guard let declaration = table.environmentKeys[key] else {
                    if readsOtherModules {
                        assume("environment key '\\.\(key)' is not declared in the source; setting it is not simulated", at: arguments[0].location)
                        break
                    }
                    throw EvaluationError("unknown environment key '\\.\(key)'\(Suggestion.didYouMean(key, in: table.environmentKeys.keys))", at: arguments[0].location)
                }
                context.overrides[key] = try evaluate(arguments[1].value, in: scope, expected: declaration.type)
            } else if arguments.count == 1 {
                let value = try evaluate(arguments[0].value, in: scope, expected: nil)
                guard case .object(let object) = value, table.data[objects[object.raw].type]?.modelKind == .observable else {
                    if readsOtherModules {
                        assume("'.environment(\(arguments[0].value.rendered))' puts in a value Ripple does not model; it is not simulated", at: arguments[0].location)
                        break
                    }
                    throw EvaluationError("'.environment(_:)' takes an '@Observable' object\(isObservableObject(value) ? "; use '.environmentObject(_:)' for an 'ObservableObject'" : "")", at: arguments[0].location)
                }
                context.overrides["type:" + objects[object.raw].type] = value
            } else {
                throw EvaluationError("'.environment' takes '(\\.key, value)' or '(object)'", at: location)
            }
        case .context(.environmentObject):
            guard arguments.count == 1 else { throw EvaluationError("'.environmentObject' takes one object", at: location) }
            let value = try evaluate(arguments[0].value, in: scope, expected: nil)
            guard case .object(let object) = value, isObservableObject(value) else {
                if readsOtherModules {
                    assume("'.environmentObject(\(arguments[0].value.rendered))' puts in a value Ripple does not model; it is not simulated", at: arguments[0].location)
                    break
                }
                throw EvaluationError("'.environmentObject' takes an 'ObservableObject'; use '.environment(_:)' for an '@Observable' object", at: location)
            }
            context.overrides["object:" + objects[object.raw].type] = value
        case .context(.id):
            guard arguments.count == 1 else { throw EvaluationError("'.id' takes one value", at: location) }
            context.explicitID = try evaluate(arguments[0].value, in: scope, expected: nil)
        case .context(.equatable):
            context.usesEquatable = true
        case .context(.viewModifier):
            guard arguments.count == 1, case .call(let callee, let modifierArguments, let modifierTrailing) = arguments[0].value.kind,
                  case .identifier(let modifierName) = callee.kind else {
                throw EvaluationError("'.modifier' takes a ViewModifier built in place, like '.modifier(Highlight())'", at: location)
            }
            guard let info = viewInfo(ofType: modifierName), info.declaration.isModifier else {
                if readsOtherModules {
                    assume("'\(modifierName)' is not a ViewModifier the source declares; '.modifier(\(modifierName)(…))' passes its content through", at: arguments[0].location)
                    break
                }
                throw EvaluationError("'\(modifierName)' is not a ViewModifier declared in the scenario", at: arguments[0].location)
            }
            var content: [ChildDescription] = []
            try buildView(base, in: scope, context: context.forContent, into: &content)
            var description = try describeView(info, modifierArguments, modifierTrailing, in: scope, context: context, site: arguments[0].location)
            description.content = content
            output.append(description)
            return
        case .context(.disabled):
            // `.disabled(condition)`: read in the body; the controls in its base, and in the views below it
            // (`isEnabled` false in their environment), cannot be used while it holds.
            guard let argument = arguments.first else { break }
            let value = try evaluate(argument.value, in: scope, expected: .bool)
            if value == .bool(true) {
                context.disablement = .disabled
                context.overrides["isEnabled"] = .bool(false)
            } else if value != .bool(false), context.disablement == nil {
                context.disablement = .undecided(text: Self.shortened(argument.value.rendered), location: argument.location)
            }
        case .context(.onAppear), .context(.onDisappear):
            // Runs once the view has appeared, or once it has gone, in an update of its own (Rules 16, 17).
            recordLifetimeModifier(name == "onAppear" ? .appear : .disappear, arguments + trailing, in: scope, context: context, at: location)
        case .context(.onChange):
            // `.onChange(of:)` reads its value in the enclosing body; its action runs later, and is an
            // action `ripple audit` takes.
            try recordChangeModifier(arguments + trailing, in: scope, context: context)
        case .presentation:
            // The presenter's own views, then the presentation, which builds its content when presented.
            try buildView(base, in: scope, context: context, into: &output)
            try describePresentation(name, arguments, trailing, in: scope, context: context, into: &output, at: location)
            return
        case .action(let kind):
            // Kept with the names the closure sees here, to start when its view appears (a `.task`) or when
            // a step says so (`refresh X`); read as a styling modifier.
            if isTracking { recordViewAction(kind, arguments, trailing, in: scope, context: context, at: location) }
            for argument in stylingArguments(name, arguments, trailing) { try read(argument, in: scope, context: context, into: &output) }
        case .builder, .styling:
            // A styling modifier (`.font(.title)`, `.strikethrough(item.done)`): its arguments, then the base.
            // One of the source's `extension View`s is read the same way, and what it adds is not counted,
            // which every row that runs this body says.
            if !table.unsimulatedModifiers.isEmpty { noteUnsimulatedModifier(name) }
            let offered = isTracking ? log.userActions.count : 0
            for argument in rememberedStylingArguments(base, name, arguments, trailing) { try read(argument, in: scope, context: context, into: &output) }
            lastForEachCount = nil
            try buildView(base, in: scope, context: context, into: &output)
            withdrawRowActionsWithoutRows(since: offered)
            return
        }
        try buildView(base, in: scope, context: context, into: &output)
    }

    /// The innermost call of a modifier chain: `Text("a")` in `Text("a").bold()`.
    func rootCall(_ expression: ExprSyntax) -> ExprSyntax {
        if case .call(let callee, _, _) = expression.kind, case .member(let base, _, _) = callee.kind { return rootCall(base) }
        if case .member(let base, _, _) = expression.kind { return rootCall(base) }
        return expression
    }

    func isObservableObject(_ value: Value) -> Bool {
        if case .object(let object) = value { return table.data[objects[object.raw].type]?.modelKind == .observableObject }
        return false
    }

    // MARK: - Deferred closures

    /// Records the access paths inside an action or task closure: read later, so they create no dependency.
    mutating func recordDeferredReads(_ closure: ClosureSyntax, in scope: Scope) {
        guard scope.recordsReads, isTracking else { return }
        var inner = scope
        for parameter in closure.parameters { inner = inner.with(parameter, .none) }
        inner = inner.with("$0", .none)
        var paths: [ExprSyntax] = []
        for statement in closure.body { collectPaths(in: statement, into: &paths) }
        for path in paths {
            guard let role = trackedRoot(of: path, in: inner) else { continue }
            log.recordDeferred(path: path.rendered, rootRole: role)
        }
    }

    func collectPaths(in statement: StatementSyntax, into paths: inout [ExprSyntax]) {
        statement.visitOutermostExpressions { collectPaths(in: $0, into: &paths) }
    }

    /// With `keepingWhole` (an argument's paths), a `condition ? a : b` and a function's call are kept
    /// whole, for the reader to decide which side the ternary reads and to take the call's result as the
    /// value read (`readSide`, `readCall`); otherwise the paths of a ternary's condition and of both
    /// sides are collected, and a call's arguments.
    func collectPaths(in expression: ExprSyntax, into paths: inout [ExprSyntax], keepingWhole: Bool = false) {
        if isAccessPath(expression) {
            // A method call at the end (`items.append(x)`) reads the collection; its arguments are paths of their own.
            var path = expression
            if case .call(let callee, let arguments, let trailing) = expression.kind, case .member(let base, let method, _) = callee.kind {
                // A model's own method (`store.remaining()`) is run: what it reads, the body reads.
                if modelMethodNames.contains(method) {
                    paths.append(expression)
                    return
                }
                path = base
                for argument in arguments + trailing where !argument.value.kind.isOperatorReference { collectPaths(in: argument.value, into: &paths, keepingWhole: keepingWhole) }
            }
            paths.append(path)
            return
        }
        switch expression.kind {
        case .call(let callee, _, _) where keepingWhole && callee.kind.namesFunction:
            // `Text(label(for: item))`: a function of the view, or a free one, runs in the body, and what
            // it reads, the body reads; it is evaluated whole.
            paths.append(expression)
        case .call(_, let arguments, let trailing):
            for argument in arguments + trailing where !argument.value.kind.isOperatorReference { collectPaths(in: argument.value, into: &paths, keepingWhole: keepingWhole) }
        case .binary(_, let l, let r): collectPaths(in: l, into: &paths, keepingWhole: keepingWhole); collectPaths(in: r, into: &paths, keepingWhole: keepingWhole)
        case .unary(_, let e), .paren(let e), .forceUnwrap(let e): collectPaths(in: e, into: &paths, keepingWhole: keepingWhole)
        // A member or subscript of what is not a path (`(a + b).description`, `["x", "y"][model.index]`):
        // the paths are in its base and its index.
        case .member(let base, _, _): collectPaths(in: base, into: &paths, keepingWhole: keepingWhole)
        case .subscriptAccess(let base, let arguments, _):
            collectPaths(in: base, into: &paths, keepingWhole: keepingWhole)
            for argument in arguments { collectPaths(in: argument.value, into: &paths, keepingWhole: keepingWhole) }
        case .ternary(let c, let a, let b):
            if keepingWhole { return paths.append(expression) }
            collectPaths(in: c, into: &paths); collectPaths(in: a, into: &paths); collectPaths(in: b, into: &paths)
        case .array(let elements): for e in elements { collectPaths(in: e, into: &paths, keepingWhole: keepingWhole) }
        case .dictionary(let keys, let values): for e in keys + values { collectPaths(in: e, into: &paths, keepingWhole: keepingWhole) }
        case .string(let parts):
            for case .interpolation(let e) in parts { collectPaths(in: e, into: &paths, keepingWhole: keepingWhole) }
        case .closure(let closure):
            // What the closure's parameters hold (`$0`, `value`) is given when it runs: no path of the body.
            var inner: [ExprSyntax] = []
            for statement in closure.body { collectPaths(in: statement, into: &inner) }
            paths += inner.filter { path in
                switch rootOfChain(path).kind {
                case .dollar(let name): Int(name) == nil
                case .identifier(let name): !closure.parameters.contains(name) && !(name.hasPrefix("$") && Int(name.dropFirst()) != nil)
                default: true
                }
            }
        default: break
        }
    }
}

extension StatementSyntax {
    /// Whether the statement is a `let`, the one statement that changes a body's scope.
    var isLetDeclaration: Bool {
        if case .letDeclaration = kind { return true }
        return false
    }
}

extension DeclarationTable {
    /// The SwiftUI views Ripple builds as built-in views, for a front end deciding which names it must
    /// treat as another module's views.
    package static var builtinViewNames: Set<String> { Engine.builtinViews }
}

/// Runs a view builder: each expression builds the views it makes into `output`, and `return` builds
/// the view it returns. A statement built costs one unit of work, whatever it builds: a `Text("row")`
/// evaluates nothing, and `ForEach`s nested three deep built a billion of them without reaching the
/// work limit otherwise.
struct BuilderHost: StatementHost {
    var context: BuildContext
    /// The views built so far.
    var output: [ChildDescription] = []

    var countsEachClause: Bool { true }

    mutating func bind(_ name: String, to value: ExprSyntax, in scope: Scope, at location: SourceLocation,
                       engine: inout Engine) throws(EvaluationError) -> Value {
        try engine.localValue(value, naming: name, in: scope, at: location)
    }

    mutating func willLoop(at location: SourceLocation) throws(EvaluationError) {
        // Swift does not compile a `for` in a view builder either.
        throw EvaluationError("a view builder cannot hold a 'for' loop; build the rows with 'ForEach'", at: location)
    }

    mutating func returned(_ expression: ExprSyntax?, in scope: Scope, engine: inout Engine) throws(EvaluationError) {
        if let expression { try engine.buildView(expression, in: scope, context: context, into: &output) }
    }

    mutating func run(_ statement: StatementSyntax, in scope: Scope, engine: inout Engine) throws(EvaluationError) -> Void? {
        guard case .expression(let expression) = statement.kind else {
            throw EvaluationError("a body cannot write state; move the write into an action or a step", at: statement.location)
        }
        do throws(EvaluationError) {
            try engine.buildView(expression, in: scope, context: context, into: &output)
        } catch {
            // One broken view does not hide the next one's error; a limit stops the body.
            if error.isLimit { throw error }
            engine.reportDropped(error)
        }
        return nil
    }
}
