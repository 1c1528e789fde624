// What a person can do on a screen, found as its bodies are built: a `Button`'s action, a gesture's
// closure, a control's binding, a list's delete and move, a link pushed, a sheet dismissed, a handler
// whose trigger fires. `ripple audit` performs each one from the first state of the screen and counts
// what SwiftUI would re-evaluate (docs/Audit.md).

/// One thing a person can do on screen, as the body that offers it built it.
struct UserAction: Sendable {
    enum Kind: String, Sendable {
        /// A `Button`, `.onTapGesture`: runs its closure.
        case tap
        /// `.onLongPressGesture`: runs its closure.
        case longPress = "long press"
        /// `.onSubmit`: runs its closure.
        case submit
        /// A `Toggle`: the bound `Bool` flips.
        case toggle
        /// A `TextField`, `SecureField`, `TextEditor`: a character is typed at the end of the bound text.
        case type
        /// A `Stepper` or `Slider`: the bound number goes up by one.
        case increment
        /// A `Picker`, `DatePicker` or `ColorPicker`: the bound selection takes another value (the next
        /// option, or a new value of a type Ripple does not model).
        case choose
        /// `.onDelete`: the first row is deleted (the closure gets the offsets `[0]`).
        case delete
        /// `.onMove`: the first row is moved below the second (offsets `[0]`, destination 2).
        case move
        /// `NavigationLink(value:)` inside `NavigationStack(path:)`: the value is appended to the path.
        case push
        /// `NavigationLink(value:)` inside `List(selection:)`: the selection becomes the value (a set of
        /// selections, that value alone).
        case select
        /// A sheet, alert or other presentation with an `isPresented:` or `item:` binding: dismissed, as
        /// a swipe down or a tap outside does (the binding becomes `false` or `nil`); shown first when it
        /// is not.
        case dismiss
        /// `.onChange(of:)`: its handler runs as when the value it watches changes, given the value now.
        case change
        /// `.onReceive(_:)`: its handler runs as when the publisher sends, given a value Ripple does not
        /// know.
        case receive
        /// `.onHover { hovering in }`: the pointer enters the view (the closure gets `true`).
        case hover
        /// `.onKeyPress { press in }`: a key is pressed while the view has focus (the closure gets a key
        /// press Ripple does not know).
        case keyPress = "press a key in"
        /// `.onOpenURL { url in }`: the app is asked to open a URL (the closure gets a URL Ripple does
        /// not know).
        case openURL = "open a URL with"
        /// `.onAppear { }`: runs once the view has appeared (Rule 16); no person takes it, so the audit
        /// does not offer it.
        case appear
        /// `.onDisappear { }`: runs once the view has been destroyed (Rule 17); no person takes it either.
        case disappear

        /// Whether the view's lifetime runs it, not a person: the audit does not offer it.
        var isLifetime: Bool { self == .appear || self == .disappear }
    }

    var kind: Kind
    /// `Button`, `Toggle`, `.onTapGesture`.
    var control: String
    /// The control's title when it is written as a literal: `"Add"`.
    var label: String?
    /// What a closure action runs, and the names it sees where the body made it.
    var closure: ClosureSyntax?
    /// A method named in place of a closure (`Button("Add", action: add)`, `.onDelete(perform:
    /// store.delete)`): called with `arguments`.
    var method: ExprSyntax?
    /// The values a closure's parameters, or a named method's, are given; for `push`, the link's value.
    var arguments: [Value] = []
    var scope: Scope
    /// What a control action changes.
    var binding: BindingTarget?
    /// The modifier whose menu holds the control (`.swipeActions`, `.contextMenu`), named with it.
    var menu: String?
    /// The identities of the `ForEach` rows the body built it in, outermost first: empty outside rows.
    var rows: IdentityPath = []
    var location: SourceLocation
    /// The alert or confirmation dialog the action is a button of, which it dismisses once it has run.
    var dismisses: Presentation.Dismissal?
    /// `.onChange(of:initial: true)`: the action runs when the view appears, too (Rule 17).
    var initial = false
    /// The `.id` of the view a handler was applied to: with the location and the rows, its site.
    var explicitID: Value?
    /// Whether a `.disabled(…)` around the control disables it: a disabled control does nothing a person
    /// can do, and one whose condition Ripple cannot decide is taken as enabled and says so.
    var disablement: Disablement?
}

/// What `.disabled(condition)` on a control or around it says (`Modifier.Context.disabled`).
enum Disablement: Sendable, Equatable {
    /// The condition is true: the control cannot be used.
    case disabled
    /// The condition rests on a value Ripple does not know: the control is taken as enabled.
    case undecided(text: String, location: SourceLocation)
}

extension ExprKind {
    /// The name of a member of `self` the expression names, bare or as `self.name`: nil for any other.
    var ownMemberName: String? {
        if case .identifier(let name) = self { return name }
        if case .member(let base, let name, _) = self, base.kind == .identifier("self") { return name }
        return nil
    }
}

extension UserAction.Kind {
    /// Whether `.disabled(true)` on the view stops a person from taking the action: a control's or a
    /// gesture's, and a key press (a disabled view takes no focus).
    var isDisabledWithItsView: Bool {
        switch self {
        case .tap, .longPress, .submit, .toggle, .type, .increment, .choose, .delete, .move, .push, .select, .keyPress: true
        default: false
        }
    }

    /// The control a built-in view's name makes, and what it binds or runs: nil for a view that offers no
    /// action.
    static func control(_ name: String) -> (kind: UserAction.Kind, binding: String?)? {
        switch name {
        case "Button": (.tap, nil)
        case "Toggle": (.toggle, "isOn")
        case "TextField", "SecureField", "TextEditor": (.type, "text")
        case "Stepper", "Slider": (.increment, "value")
        case "Picker", "DatePicker", "ColorPicker": (.choose, "selection")
        default: nil
        }
    }

    /// The action a modifier's closure (or the method it names) is: nil for a modifier that is no user
    /// action. `.onChange(of:)` is a context modifier, recorded where it is applied.
    static func gesture(_ modifier: String) -> UserAction.Kind? {
        switch modifier {
        case "onTapGesture": .tap
        case "onLongPressGesture": .longPress
        case "onSubmit": .submit
        case "onDelete": .delete
        case "onMove": .move
        case "onReceive": .receive
        case "onHover": .hover
        case "onKeyPress": .keyPress
        case "onOpenURL": .openURL
        default: nil
        }
    }

    /// What the closure's parameters are given when the action runs: the offsets of the first row for a
    /// delete, the first row and the place below the second for a move, a value nobody knows for a
    /// publisher's; nothing for the rest.
    var closureArguments: [Value] {
        switch self {
        case .delete: [.array([.int(0)])]
        case .move: [.array([.int(0)]), .int(2)]
        case .receive: [.opaque(type: Value.unmodelledType, text: "a value the publisher sent")]
        case .hover: [.bool(true)]
        case .keyPress: [.opaque(type: Value.unmodelledType, text: "a key press")]
        case .openURL: [.opaque(type: Value.unmodelledType, text: "a URL")]
        default: []
        }
    }

    /// How many rows a row action takes: one to delete the first, two to move it below the second; nil
    /// for an action that is no row action.
    var rowsNeeded: Int? {
        switch self {
        case .delete: 1
        case .move: 2
        default: nil
        }
    }

    /// The verb an action's name starts with: `tap`, `toggle`, `type in`.
    var verb: String {
        switch self {
        case .type: "type in"
        case .change: "run"
        case .delete: "delete a row with"
        case .move: "move a row with"
        default: rawValue
        }
    }
}

extension Engine {
    /// Records an action the body being built offers: a control with a binding (and a picker's options),
    /// a closure, or a method named in place of one.
    mutating func recordUserAction(_ kind: UserAction.Kind, control: String, label: String?, closure: ClosureSyntax?, method: ExprSyntax? = nil,
                                   bindingExpression: ExprSyntax?, options: [ExprSyntax] = [], in scope: Scope, context: BuildContext,
                                   at location: SourceLocation) {
        guard isTracking, scope.recordsReads else { return }
        var binding: BindingTarget?
        if let bindingExpression {
            // The binding is found without reading anything: the body's reads were recorded already.
            self.isTracking = false
            defer { self.isTracking = true }
            guard case .binding(let target)? = try? evaluate(bindingExpression, in: scope, expected: nil) else { return }
            binding = target
        }
        // A picker's options that can be computed here (`.tag(Sort.name)`); one made from a row's element
        // cannot, and the options then come from the value's type.
        var arguments = kind.closureArguments
        if !options.isEmpty {
            // An option that names the row's element is not known here: it is dropped, without the note an
            // unknown name would give.
            let (savedNotes, savedAssumed) = (notes, assumed)
            self.isTracking = false
            arguments = options.compactMap { option -> Value? in
                guard let value = try? evaluate(option, in: scope, expected: nil), !value.isOpaque else { return nil }
                return value
            }
            self.isTracking = true
            (notes, assumed) = (savedNotes, savedAssumed)
        }
        // A view inside a disabled one is disabled too (`isEnabled` false in its environment).
        // Only what a person does with a control or a gesture is disabled: a handler (`.onChange`,
        // `.onReceive`, `.onOpenURL`), a presentation's dismissal and the pointer's hover are not.
        var disablement = kind.isDisabledWithItsView ? context.disablement : nil
        if kind.isDisabledWithItsView, disablement != .disabled, case .view(let id) = scope.this, environmentValue("isEnabled", at: id) == .bool(false) {
            disablement = .disabled
        }
        if disablement == .disabled {
            assume("'\(control)\(label.map { " \"\($0)\"" } ?? "")' is disabled here: a '.disabled(…)' on it or around it holds, so no one can use it in this state", at: location)
        }
        log.userActions.append(UserAction(kind: kind, control: control, label: label, closure: closure, method: method,
                                                  arguments: arguments, scope: scope, binding: binding,
                                                  menu: context.menu, rows: context.forEachIDs, location: location,
                                                  dismisses: kind == .tap ? context.dismissing : nil, disablement: disablement))
    }

    /// Records `NavigationLink(value:)` inside `List(selection:)` (tapping it selects the value) or inside
    /// `NavigationStack(path:)` (tapping it appends the value to the path). A link elsewhere pushes what
    /// SwiftUI keeps itself, which Ripple does not simulate.
    mutating func recordPush(_ value: ExprSyntax, label: String?, in scope: Scope, context: BuildContext, at location: SourceLocation) {
        let kind: UserAction.Kind
        let binding: BindingTarget
        if let selection = context.listSelection {
            (kind, binding) = (.select, selection)
        } else if let path = context.navigationPath {
            (kind, binding) = (.push, path.binding)
        } else {
            return
        }
        guard isTracking, scope.recordsReads else { return }
        self.isTracking = false
        defer { self.isTracking = true }
        guard let pushed = try? evaluate(value, in: scope, expected: nil) else { return }
        log.userActions.append(UserAction(kind: kind, control: "NavigationLink", label: label, arguments: [pushed], scope: scope,
                                                  binding: binding, menu: context.menu, rows: context.forEachIDs, location: location))
    }

    /// Records a presentation's dismissal: its binding set back to `false` or `nil`.
    mutating func recordDismissal(_ modifier: String, binding: BindingTarget, in scope: Scope, context: BuildContext, at location: SourceLocation) {
        guard isTracking, scope.recordsReads else { return }
        log.userActions.append(UserAction(kind: .dismiss, control: "." + modifier, label: nil, scope: scope, binding: binding,
                                                  menu: context.menu, rows: context.forEachIDs, location: location))
    }

    /// Takes back the deletes and moves offered since `offered` when the `ForEach` they modify has too
    /// few rows for them: a list with no row has nothing to delete, one with a single row nothing to move.
    mutating func withdrawRowActionsWithoutRows(since offered: Int) {
        guard isTracking, let rows = lastForEachCount, log.userActions.count > offered else { return }
        let kept = log.userActions[offered...].filter { action in
            guard let needed = action.kind.rowsNeeded else { return true }
            return rows >= needed
        }
        log.userActions.replaceSubrange(offered..., with: kept)
    }

    /// Records `.onChange(of: value) { old, new in … }`: its handler, given the value now for both, and
    /// whether it runs when the view appears (`initial: true`).
    mutating func recordChangeHandler(_ closure: ClosureSyntax, watching expression: ExprSyntax, value: Value, initial: Bool, in scope: Scope,
                             context: BuildContext) {
        guard isTracking, scope.recordsReads else { return }
        var action = UserAction(kind: .change, control: ".onChange(of: \(expression.rendered))", label: nil, closure: closure,
                                arguments: Array(repeating: value, count: max(closure.parameters.count, 1)), scope: scope,
                                menu: context.menu, rows: context.forEachIDs, location: expression.location)
        action.initial = initial
        action.explicitID = context.explicitID
        log.userActions.append(action)
    }

    /// The state an action needs before it can be taken, made as a step of its own that is not counted:
    /// a presentation to dismiss is shown first. Nil when the screen is ready as it is.
    mutating func preparation(for action: UserAction) throws(EvaluationError) -> Value? {
        guard action.kind == .dismiss, let binding = action.binding else { return nil }
        // Only a flag is recorded unshown: an `item:` presentation is offered only while it presents.
        return try readBinding(binding, tracked: false) == .bool(false) ? .bool(true) : nil
    }

    /// What an action writes, in the step being run: its closure's or its method's writes, or its
    /// control's new value (`typed` in place of one character, for a text field).
    mutating func actionWrites(_ action: UserAction, of instance: Int, named name: String, typed: String? = nil,
                               pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        var traces = try ownWrites(action, of: instance, named: name, typed: typed, pass: &pass, written: &written)
        // An alert's button: the alert is dismissed after the action, its flag made false or its item nil.
        if let dismissal = action.dismisses {
            let trigger = dismissal.trigger
            let shown = try readBinding(trigger.binding, tracked: false)
            let dismissed: Value? = switch trigger.kind {
            case .flag: Presentation.presents(flag: shown) ? .bool(false) : nil
            case .item: Presentation.presentedItem(shown) != nil ? Value.none : nil
            case .path: nil
            }
            if let dismissed {
                traces += try writeBinding(trigger.binding, dismissed, control: "." + dismissal.modifier, named: name,
                                           at: trigger.expression.location, pass: &pass, written: &written)
            }
        }
        return traces
    }

    /// What an action's own closure, method or control writes.
    private mutating func ownWrites(_ action: UserAction, of instance: Int, named name: String, typed: String?,
                                    pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        if let closure = action.closure {
            return try runUntilAwait([SuspendedAction.Frame(statements: closure.body[...], scope: closureScope(closure.parameters, arguments: action.arguments, in: action.scope))],
                                     resuming: false, of: instance, pass: &pass, written: &written)
        }
        if let method = action.method {
            // `action: dismiss`: the environment's dismissal, as `dismiss()` makes it.
            let saved = methodContext
            methodContext = action.scope
            let dismissed: [WriteTrace]?
            do throws(EvaluationError) {
                dismissed = try dismissal(ExprSyntax(.call(method, arguments: [], trailing: []), at: method.location), pass: &pass, written: &written)
            } catch {
                methodContext = saved
                throw error
            }
            methodContext = saved
            if let dismissed { return dismissed }
            guard let (function, scope) = try namedMethod(method, arguments: action.arguments, in: action.scope) else {
                throw EvaluationError("'\(method.rendered)' is not a method the source declares, so what it does is not simulated", at: method.location)
            }
            return try runUntilAwait([SuspendedAction.Frame(statements: function.body[...], scope: scope)], resuming: false,
                                     of: instance, pass: &pass, written: &written)
        }
        guard let binding = action.binding else { return [] }
        let old = try readBinding(binding, tracked: false)
        let new: Value
        if let typed, action.kind == .type, case .string(let text) = old { new = .string(text + typed) } else { new = try nextValue(of: old, for: action) }
        return try writeBinding(binding, new, control: action.control, named: name, at: action.location, pass: &pass, written: &written)
    }

    /// A control's write through its binding, as a step's assignment makes it: the property's observers
    /// run after it.
    mutating func writeBinding(_ binding: BindingTarget, _ new: Value, control: String, named name: String, at location: SourceLocation,
                                       pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        // `Binding(get:set:)`: the setter runs, given the new value, and writes what it writes.
        if case .closures(_, let setter?) = binding, let (syntax, captured) = closures[setter] {
            let saved = methodContext
            defer { methodContext = saved }
            methodContext = closureScope(syntax.parameters, arguments: [new], in: captured)
            var traces: [WriteTrace] = []
            _ = try runMethodStatements(syntax.body, pass: &pass, written: &written, depth: 1, into: &traces)
            return traces
        }
        // `$model.fullName`: a computed property's setter, given the whole new value.
        if case .property(let object, let name, let path) = binding, path.isEmpty,
           let setter = objects[object.raw].info.declaration.computedProperty(named: name)?.setter {
            return try runSetter(setter, of: object, newValue: new, pass: &pass, written: &written, depth: 1, at: location)
        }
        let old = try readBinding(binding, tracked: false)
        guard let target = lvalue(of: binding) else {
            throw EvaluationError("'\(control)' is bound to a value a step cannot write", at: location)
        }
        let observed = observedProperty(at: target)
        var writes = [try write(target, leaf: new, old: old, inPlace: !target.path.isEmpty,
                                text: StatementText(full: name, target: name), pass: &pass, written: &written, at: location)]
        if let observed { writes += try runObservers(of: observed.place, old: observed.old, pass: &pass, written: &written) }
        return writes
    }

    /// The method an action names instead of a closure (`add`, `self.add`, `store.delete`), with the scope
    /// its statements run in, its parameters given `arguments` in order: a method of the view that offers
    /// the action, or of a model object; nil when the source declares no such method.
    private mutating func namedMethod(_ reference: ExprSyntax, arguments: [Value], in scope: Scope) throws(EvaluationError) -> (FunctionSyntax, Scope)? {
        var inner = Scope()
        let function: FunctionSyntax
        if let name = reference.kind.ownMemberName {
            guard case .view(let id) = scope.this else { return nil }
            // `action: onTap`: a closure the view was given or holds.
            if let (closure, captured) = heldClosure(name, at: reference.location, in: scope, of: id) {
                let function = FunctionSyntax(isStatic: false, name: name, parameters: [], body: closure.body, location: closure.location)
                return (function, closureScope(closure.parameters, arguments: arguments, in: captured))
            }
            guard scope.locals[name] == nil, let found = viewFunction(name, of: id) else { return nil }
            inner.this = scope.this
            function = found
        } else if case .member(let base, let name, _) = reference.kind {
            var reading = scope
            reading.recordsReads = false
            let value = try evaluate(base, in: reading, expected: nil)
            guard let (object, method) = modelMethod(name, of: value) else { return nil }
            inner.this = .object(object)
            function = method
        } else {
            return nil
        }
        for (index, parameter) in function.parameters.enumerated() {
            if index < arguments.count {
                inner.locals[parameter.name] = arguments[index]
            } else if let defaultValue = parameter.defaultValue {
                inner.locals[parameter.name] = try evaluate(defaultValue, in: inner, expected: nil)
            } else {
                throw EvaluationError("'\(function.name)' takes more arguments than the action gives", at: reference.location)
            }
        }
        return (function, inner)
    }

    /// A method of the view an instance shows that computes no view (`func add()`), as a function.
    func viewFunction(_ name: String, of instance: Int) -> FunctionSyntax? {
        guard let helper = instances[instance].info?.declaration.helper(named: name), !helper.buildsViews, let parameters = helper.parameters else { return nil }
        return FunctionSyntax(isStatic: false, name: name, parameters: parameters, body: helper.statements, location: helper.location)
    }

    /// What a person makes of a bound value: a flipped `Bool`, a typed character, one more, the next
    /// option, a dismissed presentation, a pushed value.
    private func nextValue(of value: Value, for action: UserAction) throws(EvaluationError) -> Value {
        switch (action.kind, value) {
        case (.toggle, .bool(let flag)): return .bool(!flag)
        case (.type, .string(let text)): return .string(text + "x")
        case (.increment, .int(let number)): return .int(number &+ 1)
        case (.increment, .double(let number)): return .double(number + 1)
        case (.choose, _):
            if let next = try nextOption(after: value, for: action) { return next }
        case (.dismiss, .bool): return .bool(false)
        case (.dismiss, _): return .none
        case (.push, .array(let elements)): return .array(elements + action.arguments.prefix(1))
        case (.select, .array): return .array(Array(action.arguments.prefix(1)))
        case (.select, _): if let value = action.arguments.first { return value }
        default: break
        }
        throw EvaluationError("'\(action.control)' is bound to \(describe(value)), which Ripple does not know how to change", at: action.location)
    }

    /// The option a picker chooses after `value`: the next of the `.tag(…)`s its content writes, or, for
    /// an enum, its next case without a payload; for a `Bool`, the other one; for an `Int`, one more; for a
    /// value Ripple does not model (a `Date`, a `Color`), a new one. Nil when nothing else can be chosen.
    private func nextOption(after value: Value, for action: UserAction) throws(EvaluationError) -> Value? {
        var options: [Value] = []
        for tag in action.arguments where !options.contains(tag) { options.append(tag) }
        if options.count < 2, let type = Self.enumType(of: value), let enumeration = table.enums[type] {
            options = enumeration.caseOrder.filter { enumeration.cases[$0] == 0 }.map { .enumCase(type: type, name: $0, payload: []) }
        }
        if options.count >= 2 {
            let index = options.firstIndex(of: value).map { ($0 + 1) % options.count } ?? 0
            return options[index] == value ? nil : options[index]
        }
        switch value {
        case .bool(let flag): return .bool(!flag)
        // Options made from a row's element are not known: the next number stands for the next one.
        case .int(let number): return .int(number &+ 1)
        case .opaque(let type, _): return .opaque(type: type, text: "another value chosen with '\(action.control)'")
        default: return nil
        }
    }

    /// The enum type of a value: nil for anything else.
    private static func enumType(of value: Value) -> String? {
        if case .enumCase(let type, _, _) = value { type } else { nil }
    }

    /// The place a binding writes: a `@State` slot or an object's stored property, and the path below it.
    private func lvalue(of binding: BindingTarget) -> LValue? {
        switch binding {
        case .state(let slot, let path):
            return LValue(root: .slot(slot), path: path)
        case .property(let object, let name, let path):
            guard let index = objects[object.raw].info.storedIndex(of: name) else { return nil }
            return LValue(root: .property(object, slot: index), path: path)
        case .appStorage(let key):
            return LValue(root: .appStorage(key), path: [])
        case .closures, .constant:
            return nil
        }
    }
}
