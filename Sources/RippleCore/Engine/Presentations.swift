// Presentations (Rule 15): a sheet's, an alert's or a destination's content, kept by an instance that
// builds it when the presenting state says so, with the `@State` values it captured.

extension Engine {
    /// A presentation modifier in a body: its arguments are read here, and its content closure is kept,
    /// with the `@State` values it reads as they are now, by an instance that builds it when the
    /// presenting state says so.
    mutating func describePresentation(_ name: String, _ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], in scope: Scope, context: BuildContext,
                                       into output: inout [ChildDescription], at location: SourceLocation) throws(EvaluationError) {
        var trigger: Presentation.Trigger?
        var content: ClosureSyntax?
        for argument in arguments + trailing {
            if case .closure(let closure) = argument.value.kind {
                if content == nil, argument.label == nil || argument.label == "content" || argument.label == "destination" {
                    content = closure
                } else {
                    recordDeferredReads(closure, in: scope)
                }
                continue
            }
            if argument.label == "for", case .member(let base, "self", _) = argument.value.kind, case .identifier(let type) = base.kind {
                if let path = context.navigationPath {
                    trigger = Presentation.Trigger(kind: .path(type: type), binding: path.binding, expression: path.expression)
                }
                continue
            }
            let value = try evaluate(argument.value, in: scope, expected: nil)
            if trigger == nil, let kind = Presentation.triggerKind(label: argument.label), case .binding(let target) = value {
                trigger = Presentation.Trigger(kind: kind, binding: target, expression: argument.value)
            }
        }
        guard let content else { return }
        guard let trigger else {
            recordDeferredReads(content, in: scope)
            assume("'.\(name)' has no presenting state Ripple models (an 'isPresented:' or 'item:' binding, or 'for:' inside 'NavigationStack(path:)'); its content is never built", at: location)
            return
        }
        // Dismissing it is an action: a flag is shown first when it is not; an item only while it presents.
        if trigger.kind == .flag || trigger.kind == .item {
            let saved = isTracking
            isTracking = false
            var presents = trigger.kind == .flag
            if !presents {
                defer { isTracking = saved }
                presents = Presentation.presentedItem(try readBinding(trigger.binding, tracked: false)) != nil
            }
            isTracking = saved
            if presents { recordDismissal(name, binding: trigger.binding, in: scope, context: context, at: location) }
        }
        // What the content captured: the `@State` values it reads, as the presenter's body saw them.
        var captured = scope
        if case .view(let id) = scope.this, let info = instances[id].info {
            var names: [(name: String, location: SourceLocation)] = []
            for statement in content.body { StatementSyntax.names(in: statement, into: &names) }
            let projected = content.projectedNames
            var seen: Set<String> = []
            for (name, _) in names where seen.insert(name).inserted && captured.locals[name] == nil && !projected.contains(name) {
                guard let property = info.declaration.property(named: name), let slot = instances[id].slots[name] else { continue }
                let value = slots[slot.raw].value
                if Presentation.capturesValue(of: property.role, holdsObject: value.holdsObjectOrBinding) {
                    captured = captured.with(name, value)
                    captured.recordedLocals.append(name)
                }
            }
        }
        // An alert's and a confirmation dialog's buttons dismiss it after their action, as SwiftUI's do.
        var contentContext = context.forContent
        if Presentation.buttonsDismiss(name), trigger.kind == .flag || trigger.kind == .item { contentContext.dismissing = Presentation.Dismissal(modifier: name, trigger: trigger) }
        output.append(ChildDescription(
            fields: [:], key: ChildKey(site: siteNumber(location), forEachIDs: context.forEachIDs, explicitID: nil),
            viewType: name, fieldSources: [:], seeds: [:], inlineObjects: [],
            environmentOverrides: context.overrides, usesEquatable: false, content: [],
            forEachElements: context.forEachElements,
            contentClosure: ContentClosure(body: content.body, parameter: content.parameters.first, scope: captured,
                                           context: contentContext, presentation: trigger)))
    }

    /// Runs a presentation's body: reads its presenting state and, when that presents, builds the content
    /// with an identity of its own (the item's id, or the place on the path). Returns whether it presented.
    mutating func buildPresentation(_ trigger: Presentation.Trigger, _ content: ContentClosure, in scope: Scope, into output: inout [ChildDescription]) throws(EvaluationError) -> Bool {
        let state = try readBinding(trigger.binding, recordedAt: trigger.expression, role: "binding", tracked: true)
        // The captured `@State` values are places the content shows without depending on them.
        for (name, slot, _) in capturedSlots(of: content) {
            if isTracking {
                log.touch(.state(slot))
                log.untracked[.state(slot)] = "'\(name)' was captured when the presenter's body last ran"
            }
        }
        switch trigger.kind {
        case .flag:
            guard Presentation.presents(flag: state) else { return false }
            try buildStatements(content.body, in: scope, context: content.context, into: &output)
            return true
        case .item:
            guard let item = Presentation.presentedItem(state) else { return false }
            var inner = scope
            if let parameter = content.parameter { inner = inner.with(parameter, item) }
            inner = inner.with("$0", item)
            var context = content.context
            context.explicitID = try forEachIdentity(of: item, keyPath: nil, at: trigger.expression.location)
            try buildStatements(content.body, in: inner, context: context, into: &output)
            return true
        case .path(let type):
            guard case .array(let elements) = state else { return false }
            var presented = false
            for (index, element) in elements.enumerated() where typeName(of: element) == type {
                var inner = scope
                if let parameter = content.parameter { inner = inner.with(parameter, element) }
                inner = inner.with("$0", element)
                var context = content.context
                context.forEachIDs.append(.int(index))
                context.forEachElements.append(element)
                try buildStatements(content.body, in: inner, context: context, into: &output)
                presented = true
            }
            return presented
        }
    }
}

extension Engine {
    /// The presenter's `@State` values a presentation's content captured: each name, its slot and the
    /// value captured.
    func capturedSlots(of content: ContentClosure) -> [(name: String, slot: SlotID, captured: Value)] {
        guard content.presentation != nil, case .view(let presenter) = content.scope.this, alive(presenter) else { return [] }
        return content.scope.recordedLocals.compactMap { name in
            guard let slot = instances[presenter].slots[name], let captured = content.scope.locals[name] else { return nil }
            return (name, slot, captured)
        }
    }

    /// Why a presentation's content shows outdated values: each captured `@State` value that is no longer
    /// the presenter's (Rule 15); nil when none is.
    mutating func staleCaptureReasons(of host: Int) -> [String]? {
        guard let content = instances[host].description.contentClosure, case .view(let presenter) = content.scope.this else { return nil }
        let reasons = capturedSlots(of: content).compactMap { name, slot, captured -> String? in
            let current = slots[slot.raw].value
            guard inputDifference(captured, current) != nil else { return nil }
            return Presentation.staleCaptureReason(name: name, presenter: instances[presenter].path, captured: describe(captured), current: describe(current))
        }
        return reasons.isEmpty ? nil : reasons
    }
}
