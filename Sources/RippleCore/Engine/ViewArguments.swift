// How the arguments of built-in views and styling modifiers are read, from their syntax.
//
// `Text(item.title).strikethrough(item.done)`: a styling modifier reads its argument, then the built-in
// `Text` reads its own; a built-in view's closures either build its content or run later.

/// A built-in view (`Text`, `HStack`) as its syntax builds it: its plain arguments in order, then the
/// closures it runs later (recorded as deferred reads), then the closures that build its content.
struct BuiltinView {
    var arguments: [ArgumentStep]
    var deferred: [ClosureSyntax]
    var builders: [ClosureSyntax]
    /// The values it shows, recorded when the simulation records what is shown (`Engine+Shown.swift`).
    var shows: [ShownSite]
    /// For a view whose content closure runs apart from the body (`GeometryReader`, `TimelineView`, Rules 19
    /// and 21), its name: the builder closures become a node of their own instead of being built with the body.
    var layoutView: String?
    /// For a lazy container (Rule 20), its name and where it is written: it builds only the rows in its
    /// window. For a grid, how many items share a line, when its tracks are an array literal.
    var lazyContainer: (name: String, location: SourceLocation, perLine: Int?)?
    /// Whether the rows written in it stay rows of the lazy container it is in (`Group`, `Section`).
    var passesRowsOn = false
}

/// One argument of a built-in view or a styling modifier, and how it is read.
enum ArgumentStep {
    /// A view built in place: `Section(header: Text("x"))`.
    case view(ExprSyntax)
    /// A projection (`$model.name`), evaluated for what it reads.
    case projection(ExprSyntax)
    /// The access paths in the argument, in order. A path whose root name is capitalized is a styling
    /// constant (`Color.red`, `Font.title`) unless a local of that name shadows it.
    case paths([ExprSyntax])
    /// An argument holding an operation that traps in Swift on some values (`a / b`, `Int(x)`): its paths
    /// are read as for `paths`, then the whole argument is computed, so that a division by zero in
    /// `Text("\(a / b)")` is reported as it is elsewhere.
    case computed(ExprSyntax, paths: [ExprSyntax])
    /// A closure a builder modifier builds with the body: `.overlay { Badge() }`; for `.swipeActions` and
    /// `.contextMenu`, the menu its controls are named in.
    case builder([StatementSyntax], menu: String?)
    /// A closure that runs later: its paths are deferred reads.
    case deferred(ClosureSyntax)
    /// A `NavigationLink`'s destination view: made in the body, so its arguments are read there, but
    /// built only when pushed, which Ripple does not simulate (Rule 15).
    case destination(ExprSyntax)
    /// `NavigationStack(path: $path)`: the path its `.navigationDestination(for:)`s present.
    case navigationPath(ExprSyntax)
    /// `List(selection: $selection)`: what its `NavigationLink(value:)`s select.
    case listSelection(ExprSyntax)
    /// What a person can do with a control or a gesture, recorded for `ripple audit` (`UserActions.swift`).
    /// Boxed: the site is several times larger than any other case's payload, and every step is copied
    /// each time a body is evaluated.
    indirect case userAction(ActionSite)
}

extension ArgumentStep {
    /// Whether the argument sets what the views inside are built with (`BuildContext`) rather than
    /// being read: a stack's path, a list's selection.
    var setsContext: Bool {
        switch self {
        case .navigationPath, .listSelection: true
        default: false
        }
    }
}

/// A control or gesture in a body's source, and what the action it offers takes from there.
struct ActionSite {
    var kind: UserAction.Kind
    /// `Button`, `.onTapGesture`.
    var control: String
    /// The control's title when written as a literal.
    var label: String?
    var closure: ClosureSyntax?
    /// A method named in place of the closure (`action: add`, `perform: store.delete`).
    var method: ExprSyntax?
    /// The binding a control changes (`isOn: $model.on`, `selection: $sort`).
    var binding: ExprSyntax?
    /// A picker's `.tag(…)` values, a link's `value:`.
    var values: [ExprSyntax] = []
    var location: SourceLocation
}

extension Engine {
    /// `builtinView(_:_:_:at:)` for the view `expression` calls, worked out the first time its place is
    /// built: it depends only on the syntax and the declarations, which do not change while the engine
    /// runs, and working it out for each of 10,000 rows would allocate its lists every time.
    mutating func rememberedBuiltinView(_ expression: ExprSyntax, _ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax]) -> BuiltinView {
        let key = SiteKey(expression)
        if let known = builtinViews[key] { return known }
        let view = builtinView(name, arguments, trailing, at: expression.location)
        builtinViews[key] = view
        return view
    }

    /// `stylingArguments(_:_:_:)` for the modifier applied to `base`, worked out the first time its place
    /// is built, as `rememberedBuiltinView` is.
    mutating func rememberedStylingArguments(_ base: ExprSyntax, _ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax]) -> [ArgumentStep] {
        let key = SiteKey(base)
        if let known = stylingSteps[key] { return known }
        let steps = stylingArguments(name, arguments, trailing)
        stylingSteps[key] = steps
        return steps
    }

    /// A styling modifier's arguments, then its trailing closures: closures build with the body for a
    /// builder modifier (`.overlay { ... }`) and run later for any other.
    func stylingArguments(_ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax]) -> [ArgumentStep] {
        var steps = (trailing.isEmpty ? arguments : arguments + trailing).map { argument -> ArgumentStep in
            if case .closure(let closure) = argument.value.kind {
                if let kind = UserAction.Kind.gesture(name) {
                    return .userAction(ActionSite(kind: kind, control: "." + name, closure: closure, location: closure.location))
                }
                guard Modifier.kind(of: name) == .builder else { return .deferred(closure) }
                return .builder(closure.body, menu: ["swipeActions", "contextMenu"].contains(name) ? "." + name : nil)
            }
            // `.onDelete(perform: store.delete)`: the method is the action.
            if let kind = UserAction.Kind.gesture(name), argument.label == "perform", argument.value.kind.namesMethod {
                return .userAction(ActionSite(kind: kind, control: "." + name, method: argument.value, location: argument.value.location))
            }
            return argumentStep(argument.value)
        }
        // `.searchable(text: $query)`: typing in the search field is an action.
        if name == "searchable", let text = arguments.first(where: { $0.label == "text" })?.value {
            steps.append(.userAction(ActionSite(kind: .type, control: ".searchable", binding: text, location: text.location)))
        }
        return steps
    }

    /// The text of a string literal without interpolations: `"Add"`.
    static func literalText(_ expression: ExprSyntax) -> String? {
        if case .string(let parts) = expression.kind, parts.count == 1, case .text(let text) = parts[0] { text } else { nil }
    }

    /// The title of a control's label closure; a picker's other closure holds its options, not its title,
    /// so only its `label:` closure is read.
    static func title(inLabelOf name: String, builders: [ClosureSyntax], trailing: [ArgumentSyntax]) -> String? {
        if name == "Picker" {
            guard let label = trailing.first(where: { $0.label == "label" }), case .closure(let closure) = label.value.kind else { return nil }
            return title(in: closure.body)
        }
        return builders.lazy.compactMap { title(in: $0.body) }.first
    }

    /// What a control's label closure shows a person, to name its action by: the title of a `Label` or a
    /// `Text`, or the name of an `Image`'s symbol or asset (`Image(systemName: "star")` is `star`), the
    /// first one written as a literal, looking through modifiers and stacks.
    static func title(in statements: [StatementSyntax]) -> String? {
        func title(of expression: ExprSyntax) -> String? {
            guard case .call(let callee, let arguments, let trailing) = expression.kind else { return nil }
            switch callee.kind {
            case .identifier("Label"), .identifier("Text"):
                return arguments.first { $0.label == nil }.flatMap { literalText($0.value) }
            case .identifier("Image"):
                return arguments.first { $0.label == nil || $0.label == "systemName" }.flatMap { literalText($0.value) }
            case .identifier("HStack"), .identifier("VStack"), .identifier("ZStack"), .identifier("Group"):
                return trailing.lazy.compactMap { argument -> String? in
                    if case .closure(let closure) = argument.value.kind { Self.title(in: closure.body) } else { nil }
                }.first
            case .member(let base, _, _):
                return title(of: base)
            default:
                return nil
            }
        }
        for statement in statements {
            if case .expression(let expression) = statement.kind, let found = title(of: expression) { return found }
        }
        return nil
    }

    /// How a built-in view is built: which closures build its content and which run later (a `Button`'s
    /// first trailing closure is its action unless `action:` is given).
    func builtinView(_ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], at location: SourceLocation? = nil) -> BuiltinView {
        var steps: [ArgumentStep] = []
        var builders: [ClosureSyntax] = []
        var deferred: [ClosureSyntax] = []
        let hasAction = arguments.contains { $0.label == "action" }
        let isLink = name == "NavigationLink"
        var method: ExprSyntax?
        for argument in arguments {
            if isLink, argument.label == "destination", !argument.value.kind.isClosure {
                steps.append(.destination(argument.value))
                continue
            }
            // `Button("Add", action: add)`: the method is the action, not a value the body reads.
            if name == "Button", argument.label == "action", argument.value.kind.namesMethod {
                method = argument.value
                continue
            }
            if name == "NavigationStack", argument.label == "path" {
                steps.append(.navigationPath(argument.value))
                continue
            }
            // The selection is read as any argument is, and tells the links inside what they select.
            if name == "List", argument.label == "selection" { steps.append(.listSelection(argument.value)) }
            if case .closure(let closure) = argument.value.kind {
                if Self.isContentLabel(argument.label) { builders.append(closure) } else { deferred.append(closure) }
            } else {
                steps.append(argumentStep(argument.value))
            }
        }
        // `NavigationLink { Detail() } label: { … }`: the first closure is the destination, run when pushed.
        let linkDestinationFirst = isLink && trailing.contains { $0.label == "label" }
        for (index, argument) in trailing.enumerated() {
            guard case .closure(let closure) = argument.value.kind else { continue }
            if name == "Button" && index == 0 && !hasAction && argument.label == nil { deferred.append(closure) }
            else if isLink && (argument.label == "destination" || (linkDestinationFirst && index == 0 && argument.label == nil)) { deferred.append(closure) }
            else { builders.append(closure) }
        }
        let label = arguments.first(where: { $0.label == nil }).flatMap { Self.literalText($0.value) }
            ?? Self.title(inLabelOf: name, builders: builders, trailing: trailing)
        if let (kind, bindingLabel) = UserAction.Kind.control(name) {
            let binding = bindingLabel.flatMap { wanted in arguments.first(where: { $0.label == wanted })?.value }
            let action = name == "Button" ? deferred.first : nil
            let options = kind == .choose ? builders.flatMap { $0.body.flatMap(\.tagValues) } : []
            if binding != nil || action != nil || method != nil, let at = location ?? binding?.location ?? action?.location ?? method?.location {
                steps.append(.userAction(ActionSite(kind: kind, control: name, label: label, closure: action, method: method, binding: binding,
                                                    values: options, location: at)))
            }
        }
        // `NavigationLink(value: item)` inside `NavigationStack(path:)`: tapping it pushes the value.
        if isLink, let value = arguments.first(where: { $0.label == "value" })?.value, let at = location ?? Optional(value.location) {
            steps.append(.userAction(ActionSite(kind: .push, control: name, label: label, values: [value], location: at)))
        }
        return BuiltinView(arguments: steps, deferred: deferred, builders: builders, shows: ShownSite.of(name, arguments),
                           layoutView: LayoutContent.runsAtLayout(name) ? name : nil,
                           lazyContainer: LazyWindow.isLazy(name) ? location.map { (name, $0, Self.itemsPerLine(of: name, arguments)) } : nil,
                           passesRowsOn: LazyWindow.passesRowsOn(name) || LazyWindow.isLazy(name))
    }

    /// How many items share a line of a lazy container: one for a stack or a list; for a grid, the number
    /// of tracks its `columns:` or `rows:` argument writes (`[GridItem(), GridItem()]`,
    /// `Array(repeating: GridItem(), count: 3)`), nil when it is not written so.
    static func itemsPerLine(of container: String, _ arguments: [ArgumentSyntax]) -> Int? {
        guard let label = LazyWindow.tracksLabel(container) else { return 1 }
        guard let tracks = arguments.first(where: { $0.label == label })?.value else { return nil }
        switch tracks.kind {
        case .array(let elements):
            return elements.isEmpty ? nil : elements.count
        case .call(let callee, let parts, _):
            guard callee.kind == .identifier("Array"), parts.first?.label == "repeating",
                  let count = parts.first(where: { $0.label == "count" }), case .integer(let number) = count.value.kind, number > 0 else { return nil }
            return number
        default:
            return nil
        }
    }

    /// How one argument is read: a view built in place, a projection, or the access paths it holds.
    private func argumentStep(_ expression: ExprSyntax) -> ArgumentStep {
        if case .call(let callee, _, _) = rootCall(expression).kind, case .identifier(let name) = callee.kind,
           table.views[name] != nil || isBuiltinView(name) {
            return .view(expression)
        }
        if case .dollar = rootOfChain(expression).kind { return .projection(expression) }
        var paths: [ExprSyntax] = []
        collectPaths(in: expression, into: &paths, keepingWhole: true)
        // An argument with a styling constant (`Color.red`, `.title`) is not a value Ripple computes.
        if expression.mayTrap, !expression.hasImplicitMember, !paths.contains(where: { capitalizedRoot(of: $0) != nil }) {
            return .computed(expression, paths: paths)
        }
        return .paths(paths)
    }

    /// Builds a built-in view: only a stack's path or a list's selection changes what the views inside
    /// are built with; any other built-in view passes its own context on as it is, uncopied.
    mutating func build(_ view: BuiltinView, in scope: Scope, context: BuildContext, into output: inout [ChildDescription],
                        windowed: Bool = false) throws(EvaluationError) {
        if !windowed, view.lazyContainer != nil || (context.lazyRows != nil && !view.passesRowsOn) {
            try buildWindowed(view, in: scope, context: context, into: &output)
            return
        }
        let arguments = view.arguments
        if shownByLastBuild != nil, !view.shows.isEmpty { recordShown(view.shows, in: scope) }
        if arguments.contains(where: \.setsContext) {
            var inner = context
            for argument in arguments {
                if case .navigationPath(let expression) = argument {
                    if case .binding(let target) = try evaluate(expression, in: scope, expected: nil) {
                        inner.navigationPath = Presentation.StackPath(binding: target, expression: expression)
                    }
                } else if case .listSelection(let expression) = argument {
                    let saved = isTracking
                    isTracking = false
                    defer { isTracking = saved }
                    if case .binding(let target)? = try? evaluate(expression, in: scope, expected: nil) { inner.listSelection = target }
                }
            }
            try buildBuiltin(arguments, deferred: view.deferred, builders: view.builders, in: scope, context: inner, into: &output)
        } else if let layoutView = view.layoutView {
            for argument in arguments { try read(argument, in: scope, context: context, into: &output) }
            for closure in view.deferred { recordDeferredReads(closure, in: scope) }
            for closure in view.builders { describeLayoutContent(layoutView, closure, in: scope, context: context, into: &output) }
        } else {
            try buildBuiltin(arguments, deferred: view.deferred, builders: view.builders, in: scope, context: context, into: &output)
        }
    }

    /// A content closure SwiftUI runs apart from the body (`GeometryReader { proxy in … }`,
    /// `TimelineView(…) { context in … }`, Rules 19 and 21): a node of its own that runs the closure as its
    /// body, in the scope it captured, with the closure's parameter bound to a value Ripple does not model
    /// (the proxy holds sizes Ripple does not lay out, the context a date Ripple does not compute).
    @inline(never)
    private mutating func describeLayoutContent(_ view: String, _ closure: ClosureSyntax, in scope: Scope, context: BuildContext,
                                                into output: inout [ChildDescription]) {
        var inner = scope
        let parameterValue = Value.opaque(type: Value.unmodelledType, text: closure.parameters.first ?? "$0")
        for parameter in closure.parameters { inner = inner.with(parameter, parameterValue) }
        inner = inner.with("$0", parameterValue)
        output.append(ChildDescription(
            fields: [:], key: ChildKey(site: siteNumber(closure.location), forEachIDs: context.forEachIDs, explicitID: nil),
            viewType: view, fieldSources: [:], seeds: [:], inlineObjects: [],
            environmentOverrides: context.overrides, usesEquatable: false, content: [],
            forEachElements: context.forEachElements,
            contentClosure: ContentClosure(body: closure.body, parameter: closure.parameters.first, scope: inner, context: context.forContent,
                                           layoutView: view)))
    }

    /// Builds a built-in view's parts (`BuiltinView`): its arguments are read, the views they
    /// hold built, its deferred closures' reads recorded and its builder closures built, all with
    /// `context`, which the arguments that set it (`setsContext`) have already set.
    private mutating func buildBuiltin(_ arguments: [ArgumentStep], deferred: [ClosureSyntax], builders: [ClosureSyntax], in scope: Scope,
                                       context: BuildContext, into output: inout [ChildDescription]) throws(EvaluationError) {
        for argument in arguments where !argument.setsContext {
            try read(argument, in: scope, context: context, into: &output)
        }
        for closure in deferred { recordDeferredReads(closure, in: scope) }
        for closure in builders {
            var inner = scope
            // A built-in view's closure parameters (`GeometryReader { proxy in … }`) hold nothing Ripple
            // models; in Swift source they are opaque, so their members can be read.
            let parameterValue: Value = readsOtherModules ? .opaque(type: Value.unmodelledType, text: "parameter") : .none
            for parameter in closure.parameters { inner = inner.with(parameter, parameterValue) }
            try buildStatements(closure.body, in: inner, context: context, into: &output)
        }
    }

    /// Reads the access paths of an argument (`ArgumentStep.paths`).
    private mutating func read(_ paths: [ExprSyntax], in scope: Scope) throws(EvaluationError) {
        for path in paths {
            if case .ternary(let condition, let yes, let no) = path.kind {
                try readSide(of: condition, yes, no, in: scope)
                continue
            }
            if case .call(let callee, _, _) = path.kind, callee.kind.namesFunction {
                try readCall(path, in: scope)
                continue
            }
            if let root = capitalizedRoot(of: path), scope.locals[root] == nil, !readsStaticProperty(path, of: root) { continue }
            _ = try evaluate(path, in: scope, expected: nil)
        }
    }

    /// Reads a function's call in an argument (`Text(caption(for: item))`) as one read: the keys its
    /// statements use are the body's, and what the body shows is the call's result, so that is the value
    /// compared the next time (a call whose result does not change shows nothing new, whatever it read).
    @inline(never)
    private mutating func readCall(_ call: ExprSyntax, in scope: Scope) throws(EvaluationError) {
        guard isTracking, scope.recordsReads else {
            _ = try evaluate(call, in: scope, expected: nil)
            return
        }
        let start = log.reads.count
        let mark = log.markKeys()
        let value = try evaluate(call, in: scope, expected: nil)
        log.replaceReads(since: start, with: readSite(of: call, role: "function"), value: value, from: mark)
    }

    /// Reads `condition ? yes : no` in an argument as Swift runs it: the condition, then the paths of the
    /// side it takes. A condition on a value Ripple does not know is decided (`decideUnknown`), and the
    /// other side read apart (`readUntaken`); one Ripple cannot compute (a styling constant) reads the paths
    /// of both sides, a decision every row that re-runs the body names.
    @inline(never)
    private mutating func readSide(of condition: ExprSyntax, _ yes: ExprSyntax, _ no: ExprSyntax, in scope: Scope) throws(EvaluationError) {
        func paths(of side: ExprSyntax) -> [ExprSyntax] {
            var paths: [ExprSyntax] = []
            collectPaths(in: side, into: &paths, keepingWhole: true)
            return paths
        }
        let value = try evaluateOrOpaque(condition, naming: condition.rendered, in: scope, expected: .bool)
        if case .bool(let taken) = value { return try read(paths(of: taken ? yes : no), in: scope) }
        guard readsOtherModules, value.isUnmodelled else {
            decidedOnUnknown("the condition '\(Self.shortened(condition.rendered))' not computed: what both sides read is read", at: condition.location)
            return try read(paths(of: yes) + paths(of: no), in: scope)
        }
        let decided = untaken.decisionCount
        let taken = decideUnknown(condition)
        let other = paths(of: taken ? no : yes)
        try readUntaken(after: decided) { (engine: inout Engine) throws(EvaluationError) in
            try engine.read(other, in: scope)
        }
        try read(paths(of: taken ? yes : no), in: scope)
    }

    /// Whether `path` reads through a static property a class or struct of the source declares with a value
    /// (`Store.shared.count`): a path like any other, not a styling constant. A static method's result
    /// (`Theme.colors(for: scheme).text`) is styling.
    private func readsStaticProperty(_ path: ExprSyntax, of root: String) -> Bool {
        guard table.data[root] != nil, let first = firstMember(of: path), case .member(_, let member, _) = first.kind else { return false }
        let name = root + "." + member
        return table.globals.contains { $0.name == name }
    }

    /// A path's root name when it is capitalized: a styling constant (`Color.red`) unless a local shadows it.
    private func capitalizedRoot(of path: ExprSyntax) -> String? {
        if case .identifier(let root) = rootOfChain(path).kind, root.startsUppercase { root } else { nil }
    }

    /// Reads one argument of a built-in view or styling modifier: views in it are built, the access paths
    /// in it are read (`Color.red`, `Font.title`: capitalized roots are styling constants unless a local
    /// shadows them); styling constants are not simulated.
    mutating func read(_ argument: ArgumentStep, in scope: Scope, context: BuildContext, into output: inout [ChildDescription]) throws(EvaluationError) {
        switch argument {
        case .view(let expression):
            try buildView(expression, in: scope, context: context, into: &output)
        case .projection(let expression):
            let recorded = isTracking ? log.reads.count : nil
            let value = try evaluate(expression, in: scope, expected: nil)
            // A built-in control shows the value of the binding it is given (`TextField(text: $name)`): the
            // body that hands the binding over shows that value, though handing it over registers nothing.
            if scope.recordsReads, (isTracking ? log.reads.count : nil) == recorded, case .binding(let target) = value,
               BindingDependency.controlShowsValue(of: target) {
                _ = try readBinding(target, recordedAt: expression, role: "binding", tracked: false)
            }
        case .paths(let paths):
            try read(paths, in: scope)
        case .computed(let expression, let paths):
            try read(paths, in: scope)
            // The reads were recorded above, once per path whichever branch the value takes.
            let saved = isTracking
            isTracking = false
            defer { isTracking = saved }
            _ = try evaluate(expression, in: scope, expected: nil)
        case .builder(let body, let menu):
            var inner = context
            if let menu { inner.menu = menu }
            try buildStatements(body, in: scope, context: inner, into: &output)
        case .deferred(let closure):
            recordDeferredReads(closure, in: scope)
        case .navigationPath(let expression):
            _ = try evaluate(expression, in: scope, expected: nil)
        case .listSelection:
            // What it selects is found where the list is built; its read is the argument's own step.
            break
        case .userAction(let site):
            if let closure = site.closure { recordDeferredReads(closure, in: scope) }
            if site.kind == .push {
                recordPush(site.values[0], label: site.label, in: scope, context: context, at: site.location)
            } else {
                recordUserAction(site.kind, control: site.control, label: site.label, closure: site.closure, method: site.method,
                                 bindingExpression: site.binding, options: site.values, in: scope, context: context, at: site.location)
            }
        case .destination(let expression):
            // The destination's value is made, reading its arguments; what it builds is dropped.
            var made: [ChildDescription] = []
            let shown = shownByLastBuild
            shownByLastBuild = nil
            defer { shownByLastBuild = shown }
            try buildView(expression, in: scope, context: context, into: &made)
        }
    }
}

extension ExprSyntax {
    /// Whether evaluating the expression can trap in Swift where the path reads of a built-in view's
    /// argument would not notice: a `/` or `%`, or a conversion `Int(…)`, outside closures (which run later).
    var mayTrap: Bool {
        contains { expression in
            switch expression.kind {
            case .binary(let op, _, _): op == "/" || op == "%"
            case .call(let callee, _, _): callee.kind == .identifier("Int")
            default: false
            }
        }
    }

    /// Whether the expression holds an implicit member (`.title`) outside closures.
    var hasImplicitMember: Bool {
        contains { if case .implicitMember = $0.kind { true } else { false } }
    }

    /// Whether the expression, or a part of it outside the closures it holds, matches.
    func contains(where matches: (ExprSyntax) -> Bool) -> Bool {
        withoutActuallyEscaping(matches) { matches in
            var walker = FirstMatchOutsideClosures(matches: matches)
            walker.walk(self)
            return walker.found
        }
    }
}

/// Finds whether a part of an expression outside its closures matches, stopping at the first.
private struct FirstMatchOutsideClosures: SyntaxWalker {
    let matches: (ExprSyntax) -> Bool
    var found = false

    mutating func visit(_ expression: ExprSyntax) -> WalkContinuation {
        if !found, matches(expression) { found = true }
        return found ? .skipChildren : .visitChildren
    }

    mutating func visit(_ closure: ClosureSyntax) -> WalkContinuation { .skipChildren }
}

extension ExprKind {
    /// Whether the expression is an operator passed as a function: `>` in `sorted(by: >)`.
    var isOperatorReference: Bool {
        guard case .identifier(let name) = self, let first = name.unicodeScalars.first else { return false }
        return "<>=!+-*/%&|^~".unicodeScalars.contains(first)
    }

    /// Whether the expression names a method rather than calling one: `add`, `self.add`, `store.delete`.
    var namesMethod: Bool {
        switch self {
        case .identifier: true
        case .member(let base, _, _): base.kind.namesMethod
        default: false
        }
    }

    /// Whether a call's callee names a function, not a type: `label(for:)`, `self.label(for:)`, by a
    /// name that starts lowercase.
    var namesFunction: Bool {
        switch self {
        case .identifier(let name): name.first?.isLowercase == true
        case .member(let base, let name, _): base.kind == .identifier("self") && name.first?.isLowercase == true
        default: false
        }
    }

    fileprivate var isClosure: Bool {
        if case .closure = self { true } else { false }
    }
}

extension StatementSyntax {
    /// The values of the `.tag(…)` modifiers in a picker's content, in source order: its options.
    var tagValues: [ExprSyntax] {
        var walker = TagValues()
        walker.walk(self)
        return walker.found
    }
}

/// Collects `StatementSyntax.tagValues`: the `.tag(…)` values of the views a builder makes, inside
/// their content closures too.
private struct TagValues: ViewStatementWalker {
    var found: [ExprSyntax] = []

    mutating func visitView(_ expression: ExprSyntax) {
        guard case .call(let callee, let arguments, let trailing) = expression.kind else { return }
        if case .member(let base, let name, _) = callee.kind {
            if name == "tag", arguments.count == 1 { found.append(arguments[0].value) }
            visitView(base)
        }
        for argument in arguments + trailing {
            if case .closure(let closure) = argument.value.kind { walk(closure.body) }
        }
    }
}
