// The model the oracle observes, twice: as real Swift (`@Observable` from Swift's Observation module) and as the
// same declarations in Ripple's scenario language. The two must describe the same types with the same defaults.

import Observation

/// An `Equatable` struct: an equal assignment is skipped by the Swift 6.2 setter.
struct Point: Equatable {
    var x: Int
    var y: Int
}

/// A struct without `Equatable`: every assignment notifies, equal or not.
struct Loose {
    var x: Int
}

/// An enum without associated values, so Swift makes it `Equatable` on its own.
enum Mode {
    case a, b, c
}

/// An enum with an associated value and no `Equatable` conformance: every assignment notifies.
enum Payload {
    case empty
    case value(Int)
}

/// A plain final class: the setter compares references (`!==`); writes to its fields notify nobody.
final class Ref {
    var x: Int
    init(x: Int = 0) { self.x = x }
}

/// An `Equatable` class: the setter compares with `==` (here: by `name`), not by identity.
final class Tag: Equatable {
    var name: String
    init(name: String = "a") { self.name = name }
    static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
}

/// The nested `@Observable` object `Model.inner` holds (and the spare one a case can swap in).
@Observable final class Inner {
    var value: Int
    var label: String
    init(value: Int = 0, label: String = "a") {
        self.value = value
        self.label = label
    }
}

/// An `Equatable` `@Observable` class: the setter compares an assigned instance with `==` (here: by `label`), so
/// an `==` instance tells nobody and its readers keep tracking the one it replaced.
@Observable final class Peer: Equatable {
    var value: Int
    var label: String
    init(value: Int = 0, label: String = "a") {
        self.value = value
        self.label = label
    }
    static func == (lhs: Peer, rhs: Peer) -> Bool { lhs.label == rhs.label }
}

/// An `@Observable` base class: the macro expands its own stored properties.
@Observable class Base {
    var shared: Int = 0
}

/// A subclass written without `@Observable`: it tracks what it inherits and not what it adds.
final class Derived: Base {
    var own: Int = 0
}

/// The observed model: one stored property per kind the oracle covers, plus two computed properties.
@Observable final class Model {
    var count: Int = 0
    var name: String = "a"
    var opt: Int? = nil
    var point: Point = Point(x: 1, y: 2)
    var loose: Loose = Loose(x: 1)
    var mode: Mode = .a
    var payload: Payload = .value(1)
    var ref: Ref = Ref()
    var tag: Tag = Tag()
    var ints: [Int] = [1, 2, 3]
    var looses: [Loose] = [Loose(x: 1), Loose(x: 2)]
    @ObservationIgnored var ignored: Int = 0
    var inner: Inner = Inner()
    var peer: Peer = Peer()
    var derived: Derived = Derived()
    /// A `didSet` runs after every write of `flag`: an equal assignment, `toggle()`.
    var flag: Bool = false { didSet { flips += 1 } }
    var flips: Int = 0
    /// A `didSet` runs after every write of `tally`: `append`, an element's write.
    var tally: [Int] = [1, 2] { didSet { tallyCount = tally.count } }
    var tallyCount: Int = 2
    /// Computed over one stored property.
    var doubled: Int { count * 2 }
    /// Computed over several stored properties.
    var summary: String { "\(name) \(point.x) \(ints.count)" }
}

/// A stored or computed property of `Model`, in declaration order, with its declaration in Ripple's language.
enum ModelProperty: String, CaseIterable, Sendable {
    case count, name, opt, point, loose, mode, payload, ref, tag, ints, looses, ignored, inner, peer, derived, flag, flips, tally, tallyCount
    case doubled, summary

    /// The member as Ripple reads it; the same text as the Swift declaration above.
    var declaration: String {
        switch self {
        case .count: "var count: Int = 0"
        case .name: #"var name: String = "a""#
        case .opt: "var opt: Int? = nil"
        case .point: "var point: Point = Point(x: 1, y: 2)"
        case .loose: "var loose: Loose = Loose(x: 1)"
        case .mode: "var mode: Mode = .a"
        case .payload: "var payload: Payload = .value(1)"
        case .ref: "var ref: Ref = Ref()"
        case .tag: "var tag: Tag = Tag()"
        case .ints: "var ints: [Int] = [1, 2, 3]"
        case .looses: "var looses: [Loose] = [Loose(x: 1), Loose(x: 2)]"
        case .ignored: "@ObservationIgnored var ignored: Int = 0"
        case .inner: "var inner: Inner = Inner()"
        case .peer: "var peer: Peer = Peer()"
        case .derived: "var derived: Derived = Derived()"
        case .flag: "var flag: Bool = false { didSet { flips += 1 } }"
        case .flips: "var flips: Int = 0"
        case .tally: "var tally: [Int] = [1, 2] { didSet { tallyCount = tally.count } }"
        case .tallyCount: "var tallyCount: Int = 2"
        case .doubled: "var doubled: Int { count * 2 }"
        case .summary: #"var summary: String { "\(name) \(point.x) \(ints.count)" }"#
        }
    }

    /// The stored properties a computed property's getter reads, or a `didSet` writes.
    var reads: [ModelProperty] {
        switch self {
        case .doubled: [.count]
        case .summary: [.name, .point, .ints]
        case .flag: [.flips]
        case .tally: [.tallyCount]
        default: []
        }
    }

    /// The declared types the property's type (or default value) needs.
    var types: [ModelType] {
        switch self {
        case .derived: [.base, .derived]
        default: type.map { [$0] } ?? []
        }
    }

    private var type: ModelType? {
        switch self {
        case .point: .point
        case .loose, .looses: .loose
        case .mode: .mode
        case .payload: .payload
        case .ref: .ref
        case .tag: .tag
        case .inner: .inner
        case .peer: .peer
        default: nil
        }
    }
}

/// A type `Model`'s properties use, in declaration order, with its declaration in Ripple's language.
enum ModelType: CaseIterable, Sendable {
    case point, loose, mode, payload, ref, tag, inner, peer, base, derived

    var declaration: String {
        switch self {
        case .point: "struct Point: Equatable { var x: Int; var y: Int }"
        case .loose: "struct Loose { var x: Int }"
        case .mode: "enum Mode { case a, b, c }"
        case .payload: "enum Payload { case empty; case value(Int) }"
        case .ref: "final class Ref { var x: Int = 0 }"
        case .tag: #"final class Tag: Equatable { var name: String = "a"; static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name } }"#
        case .inner: #"@Observable final class Inner { var value: Int = 0; var label: String = "a" }"#
        case .peer: #"@Observable final class Peer: Equatable { var value: Int = 0; var label: String = "a"; static func == (lhs: Peer, rhs: Peer) -> Bool { lhs.label == rhs.label } }"#
        case .base: "@Observable class Base { var shared: Int = 0 }"
        case .derived: "final class Derived: Base { var own: Int = 0 }"
        }
    }
}

/// The Ripple declarations for a part of the model: the types needed and `Model` with only the given properties
/// (and what their getters read). Properties a case never touches cannot change what it observes, so leaving them
/// out keeps a scenario small.
enum OracleModelText {
    static func types(properties: Set<ModelProperty>, spare: Bool) -> String {
        var included = properties
        for property in properties { included.formUnion(property.reads) }
        let members = ModelProperty.allCases.filter(included.contains)
        var types = Set(members.flatMap(\.types))
        if spare { types.insert(.inner) }
        var text = ""
        for type in ModelType.allCases where types.contains(type) { text += type.declaration + "\n" }
        text += "@Observable final class Model {\n"
        for member in members { text += "    " + member.declaration + "\n" }
        text += "}\n"
        return text
    }

    /// The whole model, every property included.
    static let all = types(properties: Set(ModelProperty.allCases), spare: true)
}
