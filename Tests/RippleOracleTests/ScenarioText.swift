// A case as Ripple scenario text: the model, a root view with one child per reader, one step per write.

extension Read {
    /// The `Model` property the read goes through.
    var property: ModelProperty {
        switch self {
        case .count: .count
        case .name: .name
        case .opt: .opt
        case .pointX: .point
        case .looseX: .loose
        case .mode: .mode
        case .payload: .payload
        case .refX: .ref
        case .tagName: .tag
        case .intsFirst, .intsCount: .ints
        case .loosesFirstX: .looses
        case .ignored: .ignored
        case .doubled: .doubled
        case .summary: .summary
        case .innerValue, .innerLabel, .innerIdentity: .inner
        case .peerValue: .peer
        case .derivedShared, .derivedOwn: .derived
        case .flag: .flag
        case .flips: .flips
        case .tallyFirst: .tally
        case .tallyCount: .tallyCount
        }
    }

    /// The read as an interpolation inside the reader's `Text`, the model being the global `m`.
    func rippleText(model m: String) -> String {
        switch self {
        case .count: #"\(\#(m).count)"#
        case .name: #"\(\#(m).name)"#
        case .opt: #"\(\#(m).opt ?? -1)"#
        case .pointX: #"\(\#(m).point.x)"#
        case .looseX: #"\(\#(m).loose.x)"#
        case .mode: #"\(\#(m).mode)"#
        case .payload: #"\(\#(m).payload)"#
        case .refX: #"\(\#(m).ref.x)"#
        case .tagName: #"\(\#(m).tag.name)"#
        case .intsFirst: #"\(\#(m).ints[0])"#
        case .intsCount: #"\(\#(m).ints.count)"#
        case .loosesFirstX: #"\(\#(m).looses[0].x)"#
        case .ignored: #"\(\#(m).ignored)"#
        case .doubled: #"\(\#(m).doubled)"#
        case .summary: #"\(\#(m).summary)"#
        case .innerValue: #"\(\#(m).inner.value)"#
        case .innerLabel: #"\(\#(m).inner.label)"#
        case .innerIdentity: #"\(\#(m).inner === \#(m).inner)"#
        case .peerValue: #"\(\#(m).peer.value)"#
        case .derivedShared: #"\(\#(m).derived.shared)"#
        case .derivedOwn: #"\(\#(m).derived.own)"#
        case .flag: #"\(\#(m).flag)"#
        case .flips: #"\(\#(m).flips)"#
        case .tallyFirst: #"\(\#(m).tally[0])"#
        case .tallyCount: #"\(\#(m).tallyCount)"#
        }
    }
}

extension Write {
    /// The `Model` property the write goes through; nil for a write to `spare`.
    var property: ModelProperty? {
        switch self {
        case .count, .countAdd: .count
        case .name, .nameAppend: .name
        case .opt: .opt
        case .point, .pointX: .point
        case .loose, .looseX: .loose
        case .mode: .mode
        case .payload: .payload
        case .refSame, .refNew, .refX: .ref
        case .tagSame, .tagNew, .tagName: .tag
        case .ints, .intsElement, .intsAppend: .ints
        case .looses, .loosesElementX, .loosesAppend: .looses
        case .ignored, .ignoredAdd: .ignored
        case .innerSame, .innerNew, .innerSpare, .innerValue, .innerValueAdd, .innerLabel: .inner
        case .spareValue: nil
        case .peerNew, .peerValue: .peer
        case .derivedShared, .derivedOwn: .derived
        case .flag, .flagToggle: .flag
        case .tallyAppend, .tallyElement: .tally
        }
    }

    /// Whether the write names the global `spare`.
    var usesSpare: Bool {
        switch self {
        case .innerSpare, .spareValue: true
        default: false
        }
    }

    /// The write as a step statement, the globals being `m` (the model) and `s` (the spare `Inner`).
    func rippleText(model m: String = "model", spare s: String = "spare") -> String {
        switch self {
        case .count(let n): "\(m).count = \(n)"
        case .countAdd(let n): "\(m).count += \(n)"
        case .name(let text): "\(m).name = \"\(text)\""
        case .nameAppend(let text): "\(m).name += \"\(text)\""
        case .opt(let n): "\(m).opt = \(n.map(String.init) ?? "nil")"
        case .point(let x, let y): "\(m).point = Point(x: \(x), y: \(y))"
        case .pointX(let x): "\(m).point.x = \(x)"
        case .loose(let x): "\(m).loose = Loose(x: \(x))"
        case .looseX(let x): "\(m).loose.x = \(x)"
        case .mode(let mode): "\(m).mode = .\(mode)"
        case .payload(let n): "\(m).payload = \(n.map { ".value(\($0))" } ?? ".empty")"
        case .refSame: "\(m).ref = \(m).ref"
        case .refNew(let x): "\(m).ref = Ref(x: \(x))"
        case .refX(let x): "\(m).ref.x = \(x)"
        case .tagSame: "\(m).tag = \(m).tag"
        case .tagNew(let name): "\(m).tag = Tag(name: \"\(name)\")"
        case .tagName(let name): "\(m).tag.name = \"\(name)\""
        case .ints(let values): "\(m).ints = [\(values.map(String.init).joined(separator: ", "))]"
        case .intsElement(let index, let value): "\(m).ints[\(index)] = \(value)"
        case .intsAppend(let value): "\(m).ints.append(\(value))"
        case .looses(let xs): "\(m).looses = [\(xs.map { "Loose(x: \($0))" }.joined(separator: ", "))]"
        case .loosesElementX(let index, let value): "\(m).looses[\(index)].x = \(value)"
        case .loosesAppend(let x): "\(m).looses.append(Loose(x: \(x)))"
        case .ignored(let n): "\(m).ignored = \(n)"
        case .ignoredAdd(let n): "\(m).ignored += \(n)"
        case .innerSame: "\(m).inner = \(m).inner"
        case .innerNew(let value): "\(m).inner = Inner(value: \(value))"
        case .innerSpare: "\(m).inner = \(s)"
        case .innerValue(let n): "\(m).inner.value = \(n)"
        case .innerValueAdd(let n): "\(m).inner.value += \(n)"
        case .innerLabel(let text): "\(m).inner.label = \"\(text)\""
        case .spareValue(let n): "\(s).value = \(n)"
        case .peerNew(let label): "\(m).peer = Peer(label: \"\(label)\")"
        case .peerValue(let n): "\(m).peer.value = \(n)"
        case .derivedShared(let n): "\(m).derived.shared = \(n)"
        case .derivedOwn(let n): "\(m).derived.own = \(n)"
        case .flag(let flag): "\(m).flag = \(flag)"
        case .flagToggle: "\(m).flag.toggle()"
        case .tallyAppend(let n): "\(m).tally.append(\(n))"
        case .tallyElement(let index, let value): "\(m).tally[\(index)] = \(value)"
        }
    }
}

/// The names one case uses inside a scenario: its globals, its reader views (`<prefix>R<i>`) and its steps
/// (`<prefix>w<j>`, from 1). A case on its own is `model`, `spare`, `R0…`, `w1…`.
struct CaseNames: Sendable {
    var model = "model"
    var spare = "spare"
    var prefix = ""

    /// The names of case `index` of a batch.
    static func batch(_ index: Int) -> CaseNames { CaseNames(model: "m\(index)", spare: "s\(index)", prefix: "c\(index)") }

    func reader(_ index: Int) -> String { "\(prefix)R\(index)" }
    func step(_ index: Int) -> String { "\(prefix)w\(index + 1)" }
}

/// Turns cases into scenario text. A case is: reader `i` as the view `R<i>`, a child of `Root`, whose body is
/// one `Text` interpolating exactly that reader's reads in order; write `j` as the step `"w<j+1>"`. `Root` reads
/// nothing, so a reader is evaluated only when something it read notifies.
///
/// Lexing and parsing dominate the cost of a case (about 1 µs a character in a debug build, more than the
/// simulation itself), so text is kept short: one line per declaration; a case on its own declares only the part
/// of the model it touches; a batch declares the whole model once and gives every case its own `model` and
/// `spare` globals.
enum ScenarioText {
    /// One case on its own: the scenario printed when a case disagrees.
    static func make(_ oracleCase: OracleCase) -> String {
        var properties: Set<ModelProperty> = []
        var spare = false
        for read in oracleCase.readers.joined() { properties.insert(read.property) }
        for write in oracleCase.writes {
            if let property = write.property { properties.insert(property) }
            spare = spare || write.usesSpare
        }
        var text = "scenario \"oracle\"\n"
        text += OracleModelText.types(properties: properties, spare: spare)
        text += "let model = Model()\n"
        if spare { text += "let spare = Inner()\n" }
        append([(oracleCase, CaseNames())], indent: "        ", to: &text)
        return text
    }

    /// Several independent cases in one scenario, case `k` named by `CaseNames.batch(k)`.
    static func make(batch: [OracleCase]) -> String {
        var text = "scenario \"oracle batch\"\n"
        text += OracleModelText.types(properties: Set(ModelProperty.allCases), spare: true)
        let cases = batch.enumerated().map { ($0.element, CaseNames.batch($0.offset)) }
        for (_, names) in cases { text += "let \(names.model) = Model()\nlet \(names.spare) = Inner()\n" }
        append(cases, indent: "", to: &text)
        return text
    }

    private static func append(_ cases: [(OracleCase, CaseNames)], indent: String, to text: inout String) {
        text += "struct Root: View {\n    var body: some View {\n"
        for (oracleCase, names) in cases {
            for reader in oracleCase.readers.indices { text += indent + names.reader(reader) + "()\n" }
        }
        text += "    }\n}\n"
        for (oracleCase, names) in cases {
            for (reader, reads) in oracleCase.readers.enumerated() {
                text += "struct \(names.reader(reader)): View { var body: some View { Text(\""
                text += reads.map { $0.rippleText(model: names.model) }.joined(separator: " ")
                text += "\") } }\n"
            }
        }
        for (oracleCase, names) in cases {
            for (index, write) in oracleCase.writes.enumerated() {
                text += "step \"\(names.step(index))\" { \(write.rippleText(model: names.model, spare: names.spare)) }\n"
            }
        }
    }
}
