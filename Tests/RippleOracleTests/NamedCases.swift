// Hand-written regression cases: per property kind, an equal assignment, a different assignment and an in-place
// mutation, plus re-registration and aliasing. Each states the outcome both runs must produce.

import Testing

/// A case with a name and the readers that must fire after each write (`fires[write]` lists reader indices).
struct NamedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var oracleCase: OracleCase
    var fires: Firings

    init(_ name: String, reads: [Read], writes: [Write], fires: [Bool]) {
        self.name = name
        oracleCase = OracleCase(readers: [reads], writes: writes)
        self.fires = Firings(fired: fires.map { [$0] })
    }

    init(_ name: String, readers: [[Read]], writes: [Write], fires: [[Int]]) {
        self.name = name
        oracleCase = OracleCase(readers: readers, writes: writes)
        self.fires = Firings(readers: readers.count, firing: fires)
    }

    var testDescription: String { name }
}

enum NamedCases {
    static let all: [NamedCase] = [
        // Int
        NamedCase("Int: equal assignment", reads: [.count], writes: [.count(0)], fires: [false]),
        NamedCase("Int: different assignment", reads: [.count], writes: [.count(1)], fires: [true]),
        NamedCase("Int: in-place += 0", reads: [.count], writes: [.countAdd(0)], fires: [true]),
        // String
        NamedCase("String: equal assignment", reads: [.name], writes: [.name("a")], fires: [false]),
        NamedCase("String: different assignment", reads: [.name], writes: [.name("b")], fires: [true]),
        NamedCase("String: in-place += \"\"", reads: [.name], writes: [.nameAppend("")], fires: [true]),
        // Int?
        NamedCase("Int?: equal nil", reads: [.opt], writes: [.opt(nil)], fires: [false]),
        NamedCase("Int?: different, then equal, then nil", reads: [.opt], writes: [.opt(1), .opt(1), .opt(nil)], fires: [true, false, true]),
        // Equatable struct
        NamedCase("Equatable struct: equal assignment", reads: [.pointX], writes: [.point(x: 1, y: 2)], fires: [false]),
        NamedCase("Equatable struct: different field not read", reads: [.pointX], writes: [.point(x: 1, y: 3)], fires: [true]),
        NamedCase("Equatable struct: in-place field, same value", reads: [.pointX], writes: [.pointX(1)], fires: [true]),
        // Non-Equatable struct
        NamedCase("non-Equatable struct: equal assignment", reads: [.looseX], writes: [.loose(x: 1)], fires: [true]),
        NamedCase("non-Equatable struct: different assignment", reads: [.looseX], writes: [.loose(x: 2)], fires: [true]),
        NamedCase("non-Equatable struct: in-place field", reads: [.looseX], writes: [.looseX(1)], fires: [true]),
        // Equatable enum
        NamedCase("Equatable enum: equal assignment", reads: [.mode], writes: [.mode(.a)], fires: [false]),
        NamedCase("Equatable enum: different assignment", reads: [.mode], writes: [.mode(.b)], fires: [true]),
        // Non-Equatable enum
        NamedCase("non-Equatable enum: equal assignment", reads: [.payload], writes: [.payload(1)], fires: [true]),
        NamedCase("non-Equatable enum: different assignment", reads: [.payload], writes: [.payload(nil)], fires: [true]),
        // Plain class
        NamedCase("plain class: same instance", reads: [.refX], writes: [.refSame], fires: [false]),
        NamedCase("plain class: new instance with equal fields", reads: [.refX], writes: [.refNew(x: 0)], fires: [true]),
        NamedCase("plain class: field write notifies nobody", reads: [.refX], writes: [.refX(1)], fires: [false]),
        // Equatable class
        NamedCase("Equatable class: same instance", reads: [.tagName], writes: [.tagSame], fires: [false]),
        NamedCase("Equatable class: new == instance", reads: [.tagName], writes: [.tagNew(name: "a")], fires: [false]),
        NamedCase("Equatable class: new different instance", reads: [.tagName], writes: [.tagNew(name: "b")], fires: [true]),
        NamedCase("Equatable class: field write notifies nobody", reads: [.tagName], writes: [.tagName("b")], fires: [false]),
        // [Int]
        NamedCase("[Int]: equal assignment", reads: [.intsFirst], writes: [.ints([1, 2, 3])], fires: [false]),
        NamedCase("[Int]: different assignment", reads: [.intsFirst], writes: [.ints([1, 2, 4])], fires: [true]),
        NamedCase("[Int]: element write, same value, other index", reads: [.intsFirst], writes: [.intsElement(index: 1, value: 2)], fires: [true]),
        NamedCase("[Int]: append", reads: [.intsCount], writes: [.intsAppend(4)], fires: [true]),
        // [non-Equatable struct]
        NamedCase("[Loose]: equal assignment", reads: [.loosesFirstX], writes: [.looses([1, 2])], fires: [true]),
        NamedCase("[Loose]: element field, same value", reads: [.loosesFirstX], writes: [.loosesElementX(index: 0, value: 1)], fires: [true]),
        NamedCase("[Loose]: append", reads: [.loosesFirstX], writes: [.loosesAppend(x: 3)], fires: [true]),
        // @ObservationIgnored
        NamedCase("ignored: equal assignment", reads: [.ignored], writes: [.ignored(0)], fires: [false]),
        NamedCase("ignored: different assignment", reads: [.ignored], writes: [.ignored(5)], fires: [false]),
        NamedCase("ignored: in-place += 1", reads: [.ignored], writes: [.ignoredAdd(1)], fires: [false]),
        NamedCase("ignored: write seen by a reader of another property", reads: [.count], writes: [.ignored(5)], fires: [false]),
        // Computed over one property
        NamedCase("computed (one): equal assignment", reads: [.doubled], writes: [.count(0)], fires: [false]),
        NamedCase("computed (one): different assignment", reads: [.doubled], writes: [.count(1)], fires: [true]),
        NamedCase("computed (one): in-place", reads: [.doubled], writes: [.countAdd(0)], fires: [true]),
        NamedCase("computed (one): unrelated property", reads: [.doubled], writes: [.name("b")], fires: [false]),
        // Computed over several properties
        NamedCase("computed (several): equal assignment", reads: [.summary], writes: [.name("a")], fires: [false]),
        NamedCase("computed (several): different assignment", reads: [.summary], writes: [.point(x: 2, y: 2)], fires: [true]),
        NamedCase("computed (several): append", reads: [.summary], writes: [.intsAppend(0)], fires: [true]),
        NamedCase("computed (several): unrelated property", reads: [.summary], writes: [.count(1)], fires: [false]),
        // Nested @Observable object and its properties
        NamedCase("nested: equal assignment", reads: [.innerValue], writes: [.innerValue(0)], fires: [false]),
        NamedCase("nested: different assignment", reads: [.innerValue], writes: [.innerValue(1)], fires: [true]),
        NamedCase("nested: in-place += 0", reads: [.innerValue], writes: [.innerValueAdd(0)], fires: [true]),
        NamedCase("nested: other property of the nested object", reads: [.innerValue], writes: [.innerLabel("b")], fires: [false]),
        NamedCase("nested: same instance", reads: [.innerValue], writes: [.innerSame], fires: [false]),
        NamedCase("nested: new instance", reads: [.innerValue], writes: [.innerNew(value: 0)], fires: [true]),
        NamedCase("nested: reading the reference only", reads: [.innerIdentity], writes: [.innerValue(1), .innerNew(value: 1)], fires: [false, true]),
        // Equatable @Observable class: an == instance tells nobody, and the reader keeps tracking the one it replaced
        NamedCase("Equatable @Observable: new == instance", reads: [.peerValue], writes: [.peerNew(label: "a")], fires: [false]),
        NamedCase("Equatable @Observable: a write to the == instance that replaced the tracked one",
                  reads: [.peerValue], writes: [.peerNew(label: "a"), .peerValue(1)], fires: [false, false]),
        NamedCase("Equatable @Observable: a different instance is tracked once read again",
                  reads: [.peerValue], writes: [.peerNew(label: "b"), .peerValue(1)], fires: [true, true]),
        NamedCase("Equatable @Observable: re-read after another change, the new instance is tracked",
                  reads: [.peerValue, .count], writes: [.peerNew(label: "a"), .count(1), .peerValue(1)], fires: [false, true, true]),
        // A subclass written without @Observable of an @Observable base
        NamedCase("plain subclass: inherited property", reads: [.derivedShared], writes: [.derivedShared(1)], fires: [true]),
        NamedCase("plain subclass: inherited property, equal", reads: [.derivedShared], writes: [.derivedShared(0)], fires: [false]),
        NamedCase("plain subclass: own property notifies nobody", reads: [.derivedOwn], writes: [.derivedOwn(1)], fires: [false]),
        // Property observers after every mutation
        NamedCase("didSet: toggle() runs it", readers: [[.flag], [.flips]], writes: [.flagToggle], fires: [[0, 1]]),
        NamedCase("didSet: an equal assignment runs it, telling only what it sets",
                  readers: [[.flag], [.flips]], writes: [.flag(false)], fires: [[1]]),
        NamedCase("didSet: append runs it", readers: [[.tallyFirst], [.tallyCount]], writes: [.tallyAppend(3)], fires: [[0, 1]]),
        NamedCase("didSet: an element's write runs it, setting an equal count",
                  readers: [[.tallyFirst], [.tallyCount]], writes: [.tallyElement(index: 1, value: 5)], fires: [[0]]),
        // Registration
        NamedCase("re-registration after a fire", reads: [.count], writes: [.count(1), .count(1), .count(2)], fires: [true, false, true]),
        NamedCase("a reader that did not fire keeps its registration", reads: [.count, .name], writes: [.mode(.b), .name("b"), .count(1)],
                  fires: [false, true, true]),
        NamedCase("swapped-in object is tracked, the one swapped out is not",
                  reads: [.innerValue], writes: [.innerSpare, .spareValue(1), .innerNew(value: 0), .spareValue(2)], fires: [true, true, true, false]),
        NamedCase("several readers, one write each",
                  readers: [[.count], [.doubled, .name], [.innerValue], [.ignored]],
                  writes: [.count(1), .name("b"), .innerValue(3), .ignored(1), .count(1)],
                  fires: [[0, 1], [1], [2], [], []]),
    ]
}
