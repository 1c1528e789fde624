// `willSet` and `didSet` of a class's stored property, run as Swift runs them: on every write of the
// property, equal or not, by assignment or by a mutating call of its value (`items.append(x)`), and on a
// write below it (`items[0].done = true` is a write of `items`).
// Their statements run as the step's, each write inside them traced; a write of the property inside
// its own observer does not run the observers again. Ripple writes first, then runs `willSet` with the
// property showing its old value again, as Swift's `willSet` sees it, and `didSet` once it holds the new.

/// A class's stored property: the object and the property's index.
struct PropertyPlace: Hashable {
    var object: ObjectID
    var slot: Int
}

extension Engine {
    /// The observed property a write statement writes, with its value before the write; nil when the
    /// statement writes none (or no class declares observers).
    ///
    /// A write is an assignment (`items = []`, `count += 1`, `items[0].done = true`) or a mutating call of
    /// a value (`items.append(x)`, `items.removeAll()`, `flag.toggle()`): Swift runs a stored property's
    /// observers after either.
    mutating func observedProperty(written statement: StatementSyntax) -> (place: PropertyPlace, old: Value)? {
        guard observesWrites else { return nil }
        let target: ExprSyntax
        switch statement.kind {
        case .assignment(let written, _, _):
            target = written
        case .expression(let expression):
            guard case .call(let callee, _, _) = expression.kind, case .member(let base, let method, _) = callee.kind,
                  !Self.isNotAMutation(method, of: base) else { return nil }
            target = base
        default:
            return nil
        }
        guard let lvalue = try? lvalue(target) else { return nil }
        return observedProperty(at: lvalue)
    }

    /// The calls a step's statement makes that `apply` takes for what they are rather than a mutating
    /// call of a value: `objectWillChange.send()` and `UserDefaults.standard.set(_:forKey:)`.
    private static func isNotAMutation(_ method: String, of base: ExprSyntax) -> Bool {
        if method == "send", case .member(_, "objectWillChange", _) = base.kind { return true }
        if method == "set", case .member(let defaults, "standard", _) = base.kind, defaults.kind == .identifier("UserDefaults") { return true }
        return false
    }

    /// The observed property a place is in, with its value before a write; nil for a place in no class's
    /// property with observers, or in one whose observer is running.
    mutating func observedProperty(at lvalue: LValue) -> (place: PropertyPlace, old: Value)? {
        guard observesWrites, case .property(let object, let slot) = lvalue.root else { return nil }
        let property = objects[object.raw].info.declaration.stored[slot]
        guard property.willSet != nil || property.didSet != nil else { return nil }
        let place = PropertyPlace(object: object, slot: slot)
        guard !observing.contains(place) else { return nil }
        return (place, objects[object.raw].fields[slot])
    }

    /// Runs the observers of a property just written: `willSet` with `newValue`, then `didSet` with
    /// `oldValue`; returns the writes their statements made.
    mutating func runObservers(of place: PropertyPlace, old: Value, pass: inout Pass, written: inout [Place]) throws(EvaluationError) -> [WriteTrace] {
        let property = objects[place.object.raw].info.declaration.stored[place.slot]
        let new = objects[place.object.raw].fields[place.slot]
        observing.insert(place)
        defer { observing.remove(place) }
        var traces: [WriteTrace] = []
        for (kind, observer, value) in [("willSet", property.willSet, new), ("didSet", property.didSet, old)] {
            guard let observer else { continue }
            var scope = Scope()
            scope.this = .object(place.object)
            scope.locals[observer.parameter] = value
            let method = FunctionSyntax(isStatic: false, name: property.name + "." + kind, parameters: [], body: observer.body,
                                        location: observer.location)
            // Inside `willSet` the property still reads as it was; the set that follows it stores the
            // new value, whatever `willSet` wrote there.
            if kind == "willSet" { objects[place.object.raw].fields[place.slot] = old }
            defer { if kind == "willSet" { objects[place.object.raw].fields[place.slot] = new } }
            traces += try runMethod(method, scope: scope, pass: &pass, written: &written, depth: 1, at: observer.location)
        }
        return traces
    }
}
