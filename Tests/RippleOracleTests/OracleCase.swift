// The vocabulary of a case: what a reader can read, what a write can do, and the case itself.

/// The kinds of stored (and computed) properties the oracle covers; used to report and check coverage.
enum PropertyKind: String, CaseIterable, Sendable {
    case int = "Int"
    case string = "String"
    case optionalInt = "Int?"
    case equatableStruct = "Equatable struct"
    case nonEquatableStruct = "non-Equatable struct"
    case equatableEnum = "Equatable enum"
    case nonEquatableEnum = "non-Equatable enum (associated value)"
    case plainClass = "plain class"
    case equatableClass = "Equatable class"
    case intArray = "[Int]"
    case structArray = "[non-Equatable struct]"
    case ignored = "@ObservationIgnored"
    case computedSingle = "computed over one property"
    case computedMany = "computed over several properties"
    case nestedObject = "nested @Observable object"
    case nestedProperty = "nested object's property"
    case equatableObservable = "Equatable @Observable class"
    case inheritedProperty = "inherited property of a plain subclass"
    case subclassProperty = "own property of a plain subclass"
    case observedBool = "Bool with a didSet"
    case observedArray = "[Int] with a didSet"
    case setInDidSet = "set by a didSet"
}

/// How a write changes its target; used to report and check coverage.
enum WriteKind: String, CaseIterable, Sendable {
    case equalValue = "assignment of an equal value"
    case differentValue = "assignment of a different value"
    case sameInstance = "assignment of the same instance"
    case equalInstance = "assignment of a different but == instance"
    case differentInstance = "assignment of a different instance"
    case field = "in-place mutation of a field"
    case element = "in-place mutation of an element"
    case append = "append"
    case compound = "compound assignment (+=)"
    case ignored = "write to the ignored property"
    case throughReference = "write to a field of a class-typed property"
    case nested = "write to the nested object's property"
    case mutatingCall = "mutating call (toggle())"
    case subclassProperty = "write to a plain subclass's own property"
}

/// One read a reader performs. Real runs perform it on a `Model`; Ripple text shows it in a `Text`.
enum Read: String, CaseIterable, Hashable, Sendable {
    case count, name, opt, pointX, looseX, mode, payload, refX, tagName
    case intsFirst, intsCount, loosesFirstX, ignored, doubled, summary
    case innerValue, innerLabel, innerIdentity
    case peerValue, derivedShared, derivedOwn, flag, flips, tallyFirst, tallyCount

    /// The property kind the read goes through first.
    var kind: PropertyKind {
        switch self {
        case .count: .int
        case .name: .string
        case .opt: .optionalInt
        case .pointX: .equatableStruct
        case .looseX: .nonEquatableStruct
        case .mode: .equatableEnum
        case .payload: .nonEquatableEnum
        case .refX: .plainClass
        case .tagName: .equatableClass
        case .intsFirst, .intsCount: .intArray
        case .loosesFirstX: .structArray
        case .ignored: .ignored
        case .doubled: .computedSingle
        case .summary: .computedMany
        case .innerIdentity: .nestedObject
        case .innerValue, .innerLabel: .nestedProperty
        case .peerValue: .equatableObservable
        case .derivedShared: .inheritedProperty
        case .derivedOwn: .subclassProperty
        case .flag: .observedBool
        case .tallyFirst: .observedArray
        case .flips, .tallyCount: .setInDidSet
        }
    }
}

/// One write of a case: a statement of a step in Ripple, the same statement on the real objects.
/// Array indices are always 0 or 1: arrays start with at least two elements and never shrink.
enum Write: Hashable, Sendable {
    case count(Int)
    case countAdd(Int)
    case name(String)
    case nameAppend(String)
    case opt(Int?)
    case point(x: Int, y: Int)
    case pointX(Int)
    case loose(x: Int)
    case looseX(Int)
    case mode(Mode)
    /// `nil` stands for `.empty`, a number for `.value(n)`.
    case payload(Int?)
    case refSame
    case refNew(x: Int)
    case refX(Int)
    case tagSame
    case tagNew(name: String)
    case tagName(String)
    case ints([Int])
    case intsElement(index: Int, value: Int)
    case intsAppend(Int)
    /// The `x` of each `Loose`.
    case looses([Int])
    case loosesElementX(index: Int, value: Int)
    case loosesAppend(x: Int)
    case ignored(Int)
    case ignoredAdd(Int)
    case innerSame
    case innerNew(value: Int)
    case innerSpare
    case innerValue(Int)
    case innerValueAdd(Int)
    case innerLabel(String)
    case spareValue(Int)
    case peerNew(label: String)
    case peerValue(Int)
    case derivedShared(Int)
    case derivedOwn(Int)
    case flag(Bool)
    case flagToggle
    case tallyAppend(Int)
    case tallyElement(index: Int, value: Int)

    /// The kind of the property the write targets.
    var target: PropertyKind {
        switch self {
        case .count, .countAdd: .int
        case .name, .nameAppend: .string
        case .opt: .optionalInt
        case .point, .pointX: .equatableStruct
        case .loose, .looseX: .nonEquatableStruct
        case .mode: .equatableEnum
        case .payload: .nonEquatableEnum
        case .refSame, .refNew, .refX: .plainClass
        case .tagSame, .tagNew, .tagName: .equatableClass
        case .ints, .intsElement, .intsAppend: .intArray
        case .looses, .loosesElementX, .loosesAppend: .structArray
        case .ignored, .ignoredAdd: .ignored
        case .innerSame, .innerNew, .innerSpare: .nestedObject
        case .innerValue, .innerValueAdd, .innerLabel, .spareValue: .nestedProperty
        case .peerNew, .peerValue: .equatableObservable
        case .derivedShared: .inheritedProperty
        case .derivedOwn: .subclassProperty
        case .flag, .flagToggle: .observedBool
        case .tallyAppend, .tallyElement: .observedArray
        }
    }
}

/// One generated or hand-written case: readers (each a list of reads, in order) and writes (one step each).
struct OracleCase: Hashable, Sendable {
    var readers: [[Read]]
    var writes: [Write]

    /// Every variant with one reader, one write or one read removed (keeping at least one of each), for shrinking.
    var smaller: [OracleCase] {
        var result: [OracleCase] = []
        if readers.count > 1 {
            for index in readers.indices {
                var copy = self
                copy.readers.remove(at: index)
                result.append(copy)
            }
        }
        if writes.count > 1 {
            for index in writes.indices {
                var copy = self
                copy.writes.remove(at: index)
                result.append(copy)
            }
        }
        for reader in readers.indices where readers[reader].count > 1 {
            for read in readers[reader].indices {
                var copy = self
                copy.readers[reader].remove(at: read)
                result.append(copy)
            }
        }
        return result
    }
}

/// Which readers fired after each write: `fired[write][reader]`.
struct Firings: Hashable, Sendable, CustomStringConvertible {
    var fired: [[Bool]]

    /// Built from the readers that fire after each write.
    init(readers: Int, firing: [[Int]]) {
        fired = firing.map { indices in (0..<readers).map { indices.contains($0) } }
    }

    init(fired: [[Bool]]) { self.fired = fired }

    /// `w1: R0 R2 | w2: - | …`
    var description: String {
        fired.enumerated().map { step, readers in
            let names = readers.enumerated().filter(\.element).map { "R\($0.offset)" }
            return "w\(step + 1): " + (names.isEmpty ? "-" : names.joined(separator: " "))
        }.joined(separator: " | ")
    }
}
