// What a person can do on a screen, found as its bodies are built: a `Button`'s action, a gesture's
// closure, a control's binding. `ripple audit` performs each one from the first state of the screen and
// counts what SwiftUI would re-evaluate (issue 21).

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
    }

    var kind: Kind
    /// `Button`, `Toggle`, `.onTapGesture`.
    var control: String
    /// The control's title when it is written as a literal: `"Add"`.
    var label: String?
    /// What a closure action runs, and the names it sees where the body made it.
    var closure: ClosureSyntax?
    var scope: Scope
    /// What a control action changes.
    var binding: BindingTarget?
    var location: SourceLocation
}

extension UserAction.Kind {
    /// The control a built-in view's name makes, and what it binds or runs: nil for a view that offers no
    /// action.
    static func control(_ name: String) -> (kind: UserAction.Kind, binding: String?)? {
        switch name {
        case "Button": (.tap, nil)
        case "Toggle": (.toggle, "isOn")
        case "TextField", "SecureField", "TextEditor": (.type, "text")
        case "Stepper", "Slider": (.increment, "value")
        default: nil
        }
    }

    /// The action a modifier's closure is: nil for a modifier that is no user action.
    static func gesture(_ modifier: String) -> UserAction.Kind? {
        switch modifier {
        case "onTapGesture": .tap
        case "onLongPressGesture": .longPress
        case "onSubmit": .submit
        default: nil
        }
    }

    /// The verb an action's name starts with: `tap`, `toggle`, `type in`.
    var verb: String {
        switch self {
        case .type: "type in"
        default: rawValue
        }
    }
}

extension Engine {
    /// Records an action the body being built offers: a control with a binding, or a closure.
    func recordUserAction(_ kind: UserAction.Kind, control: String, label: String?, closure: ClosureSyntax?,
                          bindingExpression: ExprSyntax?, in scope: Scope, at location: SourceLocation) {
        guard let tracker, scope.recordsReads else { return }
        var binding: BindingTarget?
        if let bindingExpression {
            // The binding is found without reading anything: the body's reads were recorded already.
            self.tracker = nil
            defer { self.tracker = tracker }
            guard case .binding(let target)? = try? evaluate(bindingExpression, in: scope, expected: nil) else { return }
            binding = target
        }
        tracker.log.userActions.append(UserAction(kind: kind, control: control, label: label, closure: closure, scope: scope,
                                                  binding: binding, location: location))
    }

    /// A person's action performed as one step: the closure's writes, or the control's new value, then
    /// every body they dirty.
    func perform(_ action: UserAction, of instance: Int, named name: String) throws(EvaluationError) -> StepTrace {
        work = 0
        var pass = Pass()
        swap(&pass, &spentPass)
        pass.reset()
        var writes: [WriteTrace] = []
        var written: [Place] = []
        do throws(EvaluationError) {
            if let closure = action.closure {
                var scope = action.scope
                scope.recordsReads = false
                for parameter in closure.parameters { scope = scope.with(parameter, .none) }
                writes = try runUntilAwait([SuspendedAction.Frame(statements: closure.body[...], scope: scope)], resuming: false,
                                           of: instance, pass: &pass, written: &written)
            } else if let binding = action.binding {
                let old = readBinding(binding, tracked: false)
                let new = try nextValue(of: old, for: action)
                guard let target = lvalue(of: binding) else {
                    throw EvaluationError("'\(action.control)' is bound to a value a step cannot write", at: action.location)
                }
                let observed = observedProperty(at: target)
                writes.append(try write(target, leaf: new, old: old, inPlace: !target.path.isEmpty,
                                        text: StatementText(full: name, target: name), pass: &pass, written: &written, at: action.location))
                // A control writes the property as a step's assignment does: its observers run.
                if let observed { writes += try runObservers(of: observed.place, old: observed.old, pass: &pass, written: &written) }
            }
        } catch {
            report(error)
        }
        try runPass(&pass, initial: [])
        let trace = trace(name, writes: writes, written: written, pass: pass)
        swap(&lastEvaluated, &pass.order)
        pass.reset()
        swap(&spentPass, &pass)
        return trace
    }

    /// What a person makes of a bound value: a flipped `Bool`, a typed character, one more.
    private func nextValue(of value: Value, for action: UserAction) throws(EvaluationError) -> Value {
        switch (action.kind, value) {
        case (.toggle, .bool(let flag)): return .bool(!flag)
        case (.type, .string(let text)): return .string(text + "x")
        case (.increment, .int(let number)): return .int(number &+ 1)
        case (.increment, .double(let number)): return .double(number + 1)
        default:
            throw EvaluationError("'\(action.control)' is bound to \(describe(value)), which Ripple does not know how to change", at: action.location)
        }
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
