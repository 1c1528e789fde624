// Equality under Swift's `==` and under SwiftUI's comparison of view inputs, and values shown to people.

extension Engine {
    /// Swift's `==`, using a type's own `static func ==` where it declares one.
    mutating func equal(_ a: Value, _ b: Value, at location: SourceLocation) throws(EvaluationError) -> Bool {
        switch (a, b) {
        case (.record(let type, let x), .record(let otherType, let y)):
            guard type == otherType else { return false }
            if let equality = table.data[type]?.equality { return try callEquality(equality, a, b, at: location) }
            return try equalElements(x, y, at: location)
        case (.object(let x), .object(let y)):
            return try equalObjects(x, y, at: location)
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            return try equalElements(x, y, at: location)
        case (.enumCase(let t1, let n1, let p1), .enumCase(let t2, let n2, let p2)):
            guard t1 == t2, n1 == n2, p1.count == p2.count else { return false }
            return try equalElements(p1, p2, at: location)
        case (.closure, .closure):
            return false
        case (.int, .double), (.double, .int):
            return a.doubleValue == b.doubleValue
        default:
            return a == b
        }
    }

    /// Whether values of the same count are equal one by one (`equal`, whose frame a debug build makes
    /// large, calls this one for the walk).
    private mutating func equalElements(_ x: [Value], _ y: [Value], at location: SourceLocation) throws(EvaluationError) -> Bool {
        for (left, right) in zip(x, y) where !(try equal(left, right, at: location)) { return false }
        return true
    }

    /// Two objects are equal when they are one, or when their class's `==` says so.
    private mutating func equalObjects(_ x: ObjectID, _ y: ObjectID, at location: SourceLocation) throws(EvaluationError) -> Bool {
        if x == y { return true }
        let type = objects[x.raw].type
        if type == objects[y.raw].type, let equality = table.data[type]?.equality {
            return try callEquality(equality, .object(x), .object(y), at: location)
        }
        return false
    }

    mutating func callEquality(_ function: FunctionSyntax, _ a: Value, _ b: Value, at location: SourceLocation) throws(EvaluationError) -> Bool {
        guard function.parameters.count == 2 else {
            throw EvaluationError("'==' takes two parameters", at: function.location)
        }
        let caller = try enterCall(.equality(typeName(of: a)), at: location)
        defer { leaveCall(restoring: caller) }
        var scope = Scope()
        scope = scope.with(function.parameters[0].name, a).with(function.parameters[1].name, b)
        let saved = isTracking
        isTracking = false
        defer { isTracking = saved }
        let result = try runStatements(function.body, in: scope, expected: .bool)
        guard case .bool(let equal)? = result else {
            throw EvaluationError("'==' must return a Bool", at: function.location)
        }
        return equal
    }

    /// SwiftUI's comparison of one input of a rebuilt view with its previous value; nil when equal
    /// (`ChildComparison`). A type's own `==` runs as scenario code; an error in it (one that recurses too
    /// deeply) is reported like any other, and the inputs count as different.
    mutating func inputDifference(_ old: Value?, _ new: Value?) -> InputDifference? {
        ChildComparison.difference(old, new, ownEquality: { (type: String, a: Value, b: Value) -> Bool? in
            guard let equality = table.data[type]?.equality else { return nil }
            do throws(EvaluationError) {
                return try callEquality(equality, a, b, at: equality.location)
            } catch {
                reportInBody(error)
                return false
            }
        })
    }

    // MARK: - Showing values

    func typeName(of value: Value) -> String {
        switch value {
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .string: "String"
        case .none: "Optional"
        case .array: "Array"
        case .dictionary: "Dictionary"
        case .record(let type, _): type
        case .enumCase(let type, _, _): type
        case .object(let id): objects[id.raw].type
        case .closure: "closure"
        case .binding: "Binding"
        case .keyPath: "KeyPath"
        case .opaque(let type, _): type
        }
    }

    /// A value as people read it: `"Bea"`, `[1, 2]`, `User(id: 2, name: "Bea")`, `AppState (RootView.state)`.
    func describe(_ value: Value, limit: Int = 80) -> String {
        Self.describeScalar(value, limit: limit) ?? describeInFull(value, limit: limit)
    }

    /// `describe` for a write, which runs `mutating`: a scalar's text is made without a copy of the engine
    /// (see `Engine`), which `describeInFull` is handed only for other values.
    mutating func describeWritten(_ value: Value) -> String {
        if let text = Self.describeScalar(value, limit: 80) { return text }
        return describeInFull(value, limit: 80)
    }

    /// `describe` of a scalar short enough not to be cut, the usual written value, without building the
    /// text piece by piece: the same text the general path gives (`String(Double)` is at most 24
    /// characters). Nil for any other value.
    static func describeScalar(_ value: Value, limit: Int) -> String? {
        switch value {
        case .bool(let b): if limit >= 5 { return b ? "true" : "false" }
        case .none: if limit >= 3 { return "nil" }
        case .int(let i): if limit >= 20 { return String(i) }
        case .double(let d): if limit >= 24 { return String(d) }
        case .string(let s):
            // Printable ASCII without quotes or backslashes is its own escape, one character per byte: the
            // text is the bytes between two quotes, written once into its own storage (joining three
            // strings made two strings on the way).
            let count = s.utf8.count
            if count + 2 <= limit, let quoted = Self.quotedPlainASCII(s, count: count) { return quoted }
        default: break
        }
        return nil
    }

    /// `"text"` when every byte of `text` is printable ASCII other than a quote or a backslash, else nil.
    static func quotedPlainASCII(_ text: String, count: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return nil
            }
            return String(unsafeUninitializedCapacity: count + 2) { buffer in
                buffer[0] = UInt8(ascii: "\"")
                for index in 0..<count { buffer[index + 1] = bytes[index] }
                buffer[count + 1] = UInt8(ascii: "\"")
                return count + 2
            }
        }
    }

    /// `describe` without the shortcut for scalars: the text built piece by piece, then cut to the limit.
    func describeInFull(_ value: Value, limit: Int) -> String {
        var text = ""
        describe(value, into: &text, limit: limit)
        if text.isLonger(than: limit) {
            text = String(text.prefix(limit - 1)) + "…"
            // A cut array says how long it is, so two long arrays that differ at the end do not look the same.
            if case .array(let elements) = value { text += " (\(elements.count) elements)" }
        }
        return text
    }

    private func describe(_ value: Value, into text: inout String, limit: Int) {
        if text.isLonger(than: limit) { return }
        switch value {
        case .int(let i): text += String(i)
        case .double(let d): text += String(d)
        case .bool(let b): text += String(b)
        case .string(let s):
            text += "\""
            text += s.escapedForSwift
            text += "\""
        case .none: text += "nil"
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                if text.isLonger(than: limit) { text += "…"; break }
                describe(element, into: &text, limit: limit)
            }
            text += "]"
        case .dictionary(let keys, let values):
            if keys.isEmpty { text += "[:]"; break }
            text += "["
            for index in keys.indices {
                if index > 0 { text += ", " }
                if text.isLonger(than: limit) { text += "…"; break }
                describe(keys[index], into: &text, limit: limit)
                text += ": "
                describe(values[index], into: &text, limit: limit)
            }
            text += "]"
        case .record(let type, let fields):
            text += type + "("
            let names = table.data[type]?.stored.map(\.name) ?? []
            for (index, field) in fields.enumerated() {
                if index > 0 { text += ", " }
                if text.isLonger(than: limit) { text += "…"; break }
                text += (index < names.count ? names[index] : "_") + ": "
                describe(field, into: &text, limit: limit)
            }
            text += ")"
        case .enumCase(_, let name, let payload):
            text += "." + name
            if !payload.isEmpty {
                text += "("
                for (index, element) in payload.enumerated() {
                    if index > 0 { text += ", " }
                    describe(element, into: &text, limit: limit)
                }
                text += ")"
            }
        case .object(let id):
            let record = objects[id.raw]
            text += record.hasLabel ? "\(record.type) (\(record.label))" : "\(record.type)#\(id.raw)"
        case .closure: text += "{ closure }"
        case .binding(let target): text += "$" + describe(target)
        case .keyPath(let components): text += "\\." + components.joined(separator: ".")
        case .opaque(let type, let content):
            text += type == "Content" ? "content" : type == Value.unmodelledType ? "‹" + content + "›" : "\(type)(\(content))"
        }
    }

    /// Where a binding points, for people: `RootView.draft`, `state.tasks[2]`.
    func describe(_ target: BindingTarget) -> String {
        switch target {
        case .state(let slot, let path):
            let record = slots[slot.raw]
            return instances[record.owner].path + "." + record.name + path.map(\.description).joined()
        case .property(let object, let name, let path):
            return objectName(object) + (name.isEmpty ? "" : "." + name) + path.map(\.description).joined()
        case .closures: return "Binding(get:set:)"
        case .constant(let value): return ".constant(\(describe(value)))"
        case .appStorage(let key): return PersistedStorageKind(storageKey: key).subject
        }
    }

    func objectName(_ id: ObjectID) -> String {
        objects[id.raw].hasLabel ? objects[id.raw].label : "\(objects[id.raw].type)#\(id.raw)"
    }

    /// An object's property for people: `RootView.state.users`. The bytes are copied into a string of the
    /// right size: interpolation cost several times as much, and at 100,000 rows most writes reach a
    /// property whose text is not kept yet (`subject(of:_:)`).
    func propertyText(_ object: ObjectID, _ name: String) -> String {
        // A list's element is named from the list's text and its index, with no text of the object's own made first.
        if case .element(let list, let index) = objects[object.raw].labelParts {
            return Self.elementPropertyText(list, index, name)
        }
        return Self.joined(objectName(object), ".", name)
    }

    /// `list[index].name`, in one string made at its final size, the index's digits written in place (an
    /// element's index, never negative).
    static func elementPropertyText(_ list: String, _ index: Int, _ name: String) -> String {
        var list = list, name = name
        var digits = 1
        var rest = index.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return list.withUTF8 { a in
            name.withUTF8 { c in
                String(unsafeUninitializedCapacity: a.count + digits + c.count + 3) { buffer in
                    var end = 0
                    buffer.copy(a, at: &end)
                    buffer[end] = UInt8(ascii: "[")
                    end += 1
                    var value = index.magnitude
                    for position in stride(from: end + digits - 1, through: end, by: -1) {
                        buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                        value /= 10
                    }
                    end += digits
                    buffer[end] = UInt8(ascii: "]")
                    buffer[end + 1] = UInt8(ascii: ".")
                    end += 2
                    buffer.copy(c, at: &end)
                    return end
                }
            }
        }
    }

    /// Three texts one after another, in one string made at its final size.
    static func joined(_ first: String, _ second: String, _ third: String) -> String {
        var first = first, second = second, third = third
        return first.withUTF8 { a in
            second.withUTF8 { b in
                third.withUTF8 { c in
                    String(unsafeUninitializedCapacity: a.count + b.count + c.count) { buffer in
                        var end = 0
                        buffer.copy(a, at: &end)
                        buffer.copy(b, at: &end)
                        buffer.copy(c, at: &end)
                        return end
                    }
                }
            }
        }
    }

    /// A dependency key for people: `RootView.state.users`, `RootView._expanded`, `\.colorScheme`.
    func describe(_ key: DependencyKey) -> String {
        switch key {
        case .observation(let object, let slot): return propertyText(object, objects[object.raw].info.storedNames[slot])
        case .objectWillChange(let object): return objectName(object) + ".objectWillChange"
        case .state(let slot):
            let record = slots[slot.raw]
            return instances[record.owner].path + "._" + record.name
        case .environment(let key): return "\\." + key
        case .appStorage(let key): return PersistedStorageKind(storageKey: key).subject
        }
    }

    /// The mechanism behind a key: Observation, objectWillChange, state, environment, app storage.
    func mechanism(_ key: DependencyKey) -> String {
        switch key {
        case .observation: "Observation"
        case .objectWillChange: "objectWillChange"
        case .state: "state"
        case .environment: "environment"
        case .appStorage: "app storage"
        }
    }

    /// String interpolation's text for a value.
    func interpolated(_ value: Value) -> String {
        switch value {
        case .string(let s): s
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        case .none: "nil"
        case .enumCase(_, let name, _): name
        case .opaque(_, let text): text
        default: describe(value)
        }
    }
}

extension UnsafeMutableBufferPointer<UInt8> {
    /// Copies `bytes` in from `end` on and moves `end` past them: the texts above are made at their final
    /// size and filled part by part.
    fileprivate func copy(_ bytes: UnsafeBufferPointer<UInt8>, at end: inout Int) {
        for byte in bytes {
            self[end] = byte
            end += 1
        }
    }
}
