// A case as Ripple scenario text: the model, a root view with one child per reader, one step per write.

extension Read {
    /// The read as an interpolation inside the reader's `Text`.
    var rippleText: String {
        switch self {
        case .count: #"\(model.count)"#
        case .name: #"\(model.name)"#
        case .opt: #"\(model.opt ?? -1)"#
        case .pointX: #"\(model.point.x)"#
        case .looseX: #"\(model.loose.x)"#
        case .mode: #"\(model.mode)"#
        case .payload: #"\(model.payload)"#
        case .refX: #"\(model.ref.x)"#
        case .tagName: #"\(model.tag.name)"#
        case .intsFirst: #"\(model.ints[0])"#
        case .intsCount: #"\(model.ints.count)"#
        case .loosesFirstX: #"\(model.looses[0].x)"#
        case .ignored: #"\(model.ignored)"#
        case .doubled: #"\(model.doubled)"#
        case .summary: #"\(model.summary)"#
        case .innerValue: #"\(model.inner.value)"#
        case .innerLabel: #"\(model.inner.label)"#
        case .innerIdentity: #"\(model.inner === model.inner)"#
        }
    }
}

extension Write {
    /// The write as a step statement.
    var rippleText: String {
        switch self {
        case .count(let n): "model.count = \(n)"
        case .countAdd(let n): "model.count += \(n)"
        case .name(let s): "model.name = \"\(s)\""
        case .nameAppend(let s): "model.name += \"\(s)\""
        case .opt(let n): "model.opt = \(n.map(String.init) ?? "nil")"
        case .point(let x, let y): "model.point = Point(x: \(x), y: \(y))"
        case .pointX(let x): "model.point.x = \(x)"
        case .loose(let x): "model.loose = Loose(x: \(x))"
        case .looseX(let x): "model.loose.x = \(x)"
        case .mode(let mode): "model.mode = .\(mode)"
        case .payload(let n): "model.payload = \(n.map { ".value(\($0))" } ?? ".empty")"
        case .refSame: "model.ref = model.ref"
        case .refNew(let x): "model.ref = Ref(x: \(x))"
        case .refX(let x): "model.ref.x = \(x)"
        case .tagSame: "model.tag = model.tag"
        case .tagNew(let name): "model.tag = Tag(name: \"\(name)\")"
        case .tagName(let name): "model.tag.name = \"\(name)\""
        case .ints(let values): "model.ints = [\(values.map(String.init).joined(separator: ", "))]"
        case .intsElement(let index, let value): "model.ints[\(index)] = \(value)"
        case .intsAppend(let value): "model.ints.append(\(value))"
        case .looses(let xs): "model.looses = [\(xs.map { "Loose(x: \($0))" }.joined(separator: ", "))]"
        case .loosesElementX(let index, let value): "model.looses[\(index)].x = \(value)"
        case .loosesAppend(let x): "model.looses.append(Loose(x: \(x)))"
        case .ignored(let n): "model.ignored = \(n)"
        case .innerSame: "model.inner = model.inner"
        case .innerNew(let value): "model.inner = Inner(value: \(value))"
        case .innerSpare: "model.inner = spare"
        case .innerValue(let n): "model.inner.value = \(n)"
        case .innerValueAdd(let n): "model.inner.value += \(n)"
        case .innerLabel(let s): "model.inner.label = \"\(s)\""
        case .spareValue(let n): "spare.value = \(n)"
        }
    }
}

/// Turns a case into a scenario: reader `i` is the view `R<i>`, a child of `Root`, whose body is one `Text`
/// interpolating exactly that reader's reads in order; write `j` is the step `"w<j+1>"`.
/// `Root` reads nothing, so a reader is evaluated only when something it read notifies.
enum ScenarioText {
    static func make(_ oracleCase: OracleCase) -> String {
        var text = "scenario \"oracle\"\n"
        text.reserveCapacity(OracleModelText.declarations.utf8.count + 120 * (oracleCase.readers.count + oracleCase.writes.count))
        text += OracleModelText.declarations
        text += "struct Root: View {\n    var body: some View {\n"
        for reader in oracleCase.readers.indices {
            text += "        R\(reader)()\n"
        }
        text += "    }\n}\n"
        for (reader, reads) in oracleCase.readers.enumerated() {
            text += "struct R\(reader): View {\n    var body: some View { Text(\""
            text += reads.map(\.rippleText).joined(separator: " ")
            text += "\") }\n}\n"
        }
        for (index, write) in oracleCase.writes.enumerated() {
            text += "step \"w\(index + 1)\" { \(write.rippleText) }\n"
        }
        return text
    }

    /// The name of reader `index`'s view.
    static func readerName(_ index: Int) -> String { "R\(index)" }
}
