// What each instance shows (`ShownValue`), recorded while its body builds its built-in views, when the
// simulation is asked to (`recordsShown`): the audit's proofs compare it, a plain run does not pay for it.

/// One part of what a body builds, in build order: a value a built-in view shows, or a custom view built
/// there, whose own values take its place when it is folded into the body that built it.
enum ShownPart: Sendable {
    case value(ShownValue)
    case child(viewType: String)
}

/// Where a built-in view shows a value: its text, title or name (`Text(…)`, `Label(…)`, `Image(…)`), or
/// the value of the binding a control is given (`Toggle(isOn:)`).
struct ShownSite {
    var view: String
    var expression: ExprSyntax
    var isBinding: Bool

    /// The sites of the built-in view `name` built with `arguments`, in the order a person reads them: a
    /// control's title (`Button("Add")`, `Toggle("Done", isOn:)`, a field's placeholder), then the value it
    /// shows; empty for a view that shows no value of its own (a stack, or a `Button` whose label is views
    /// of their own, recorded as those views).
    static func of(_ name: String, _ arguments: [ArgumentSyntax]) -> [ShownSite] {
        func argument(_ labels: [String?]) -> ExprSyntax? {
            arguments.first { labels.contains($0.label) && !$0.value.kind.isClosureLiteral }?.value
        }
        func site(_ labels: [String?], binding: Bool = false) -> [ShownSite] {
            argument(labels).map { [ShownSite(view: name, expression: $0, isBinding: binding)] } ?? []
        }
        switch name {
        case "Text": return site([nil, "verbatim"])
        case "Label": return site([nil, "title"]) + site(["systemImage", "image"])
        case "Image": return site([nil, "systemName"])
        case "Button", "Link", "NavigationLink", "Menu", "ShareLink": return site([nil])
        case "Toggle": return site([nil]) + site(["isOn"], binding: true)
        case "TextField", "SecureField": return site([nil]) + site(["text"], binding: true)
        case "TextEditor": return site(["text"], binding: true)
        case "Picker", "DatePicker", "ColorPicker": return site([nil]) + site(["selection"], binding: true)
        case "Stepper": return site([nil]) + site(["value"], binding: true)
        case "Slider": return site(["value"], binding: true)
        case "ProgressView", "Gauge": return site([nil]) + site(["value"])
        case "LabeledContent": return site([nil]) + site(["value"])
        default: return []
        }
    }
}

extension ExprKind {
    fileprivate var isClosureLiteral: Bool {
        if case .closure = self { true } else { false }
    }
}

extension Engine {
    /// Records what each of `sites` shows in the body being built, in a frame of its own (the building
    /// that calls it recurses deeply).
    @inline(never)
    mutating func recordShown(_ sites: [ShownSite], in scope: Scope) {
        for site in sites { recordShown(site, in: scope) }
    }

    /// Records what `site` shows in the body being built. The value is computed on a copy of the engine,
    /// with nothing recorded: showing it reads nothing more, notes nothing and charges no work, so a
    /// simulation that records what is shown takes every step as one that does not.
    private mutating func recordShown(_ site: ShownSite, in scope: Scope) {
        let text: String?
        if !site.isBinding, let literal = Self.literalText(site.expression) {
            text = literal
        } else {
            var scratch = self
            scratch.shownByLastBuild = nil
            scratch.isTracking = false
            text = scratch.shownText(site, in: scope)
        }
        shownByLastBuild?.append(.value(ShownValue(view: site.view, text: text)))
    }

    /// The text `site` shows, with interpolations evaluated; nil when it rests on a value Ripple does not know.
    private mutating func shownText(_ site: ShownSite, in scope: Scope) -> String? {
        if site.isBinding {
            guard case .binding(let target)? = try? evaluate(site.expression, in: scope, expected: nil),
                  let value = try? readBinding(target, tracked: false) else { return nil }
            return shownText(of: value)
        }
        if case .string(let parts) = site.expression.kind {
            var text = ""
            for part in parts {
                switch part {
                case .text(let piece): text += piece
                case .interpolation(let inner):
                    guard let value = try? evaluate(inner, in: scope, expected: nil), let piece = shownText(of: value) else { return nil }
                    text += piece
                }
            }
            return text
        }
        guard let value = try? evaluate(site.expression, in: scope, expected: nil) else { return nil }
        return shownText(of: value)
    }

    /// A value's text as string interpolation prints it; nil when it is or holds a value Ripple does not
    /// know (an opaque value, a closure, a binding), whose text would be made up.
    private func shownText(of value: Value) -> String? {
        Self.isKnownToShow(value) ? interpolated(value) : nil
    }

    private static func isKnownToShow(_ value: Value) -> Bool {
        switch value {
        case .int, .double, .bool, .string, .none, .object: true
        case .opaque, .closure, .binding, .keyPath: false
        case .array(let values), .record(_, let values), .enumCase(_, _, let values): values.allSatisfy(isKnownToShow)
        case .dictionary(let keys, let values): keys.allSatisfy(isKnownToShow) && values.allSatisfy(isKnownToShow)
        }
    }

    /// What each alive instance shows, in tree order, from the last evaluation of each; instances that
    /// show no value are left out. A `ForEach` row that a custom view stands for shows its values as part
    /// of the instance above it. With `keeping`, an instance of a declared view type not in it is folded
    /// into the body that built it, its values where that body built it: a view a fix made (`ShelfHeading`)
    /// shows its values as part of the view the original showed them in.
    func shownInstances(keeping kept: Set<String>?) -> [ShownInstance] {
        var result: [ShownInstance] = []
        guard !instances.isEmpty, alive(root) else { return result }
        _ = shownValues(of: root, keeping: kept, into: &result)
        return result.filter { !$0.values.isEmpty }
    }

    /// The values `id` shows with the folded instances below it, after appending the entry of `id` (unless
    /// it is itself folded or a hidden row) and of every instance below it that is not folded.
    private func shownValues(of id: Int, keeping kept: Set<String>?, into result: inout [ShownInstance]) -> [ShownValue] {
        let instance = instances[id]
        let ownsEntry = !isFolded(id, keeping: kept) && !instance.isHiddenRow
        let slot = result.count
        if ownsEntry { result.append(ShownInstance(path: instance.path, values: [])) }
        var folded: [String: [[ShownValue]]] = [:]
        var hidden: [ShownValue] = []
        for child in instance.children where alive(child) {
            let values = shownValues(of: child, keeping: kept, into: &result)
            if isFolded(child, keeping: kept) { folded[instances[child].viewType, default: []].append(values) }
            else if instances[child].isHiddenRow { hidden += values }
        }
        var values: [ShownValue] = []
        for part in shownParts[id] ?? [] {
            switch part {
            case .value(let value): values.append(value)
            case .child(let type):
                if var queue = folded[type], !queue.isEmpty {
                    values += queue.removeFirst()
                    folded[type] = queue
                }
            }
        }
        for type in folded.keys.sorted() { values += folded[type]!.joined() }
        values += hidden
        if ownsEntry { result[slot].values = values }
        return values
    }

    private func isFolded(_ id: Int, keeping kept: Set<String>?) -> Bool {
        guard let kept, id != root, instances[id].info != nil else { return false }
        return !kept.contains(instances[id].viewType)
    }
}
