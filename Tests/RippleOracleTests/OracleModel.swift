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
    /// Computed over one stored property.
    var doubled: Int { count * 2 }
    /// Computed over several stored properties.
    var summary: String { "\(name) \(point.x) \(ints.count)" }
}

/// The same declarations in Ripple's language, plus the two globals every generated scenario uses:
/// `model` (the observed object) and `spare` (a second `Inner` that steps can swap into `model.inner`).
enum OracleModelText {
    static let declarations = """
    struct Point: Equatable { var x: Int; var y: Int }
    struct Loose { var x: Int }
    enum Mode { case a, b, c }
    enum Payload { case empty; case value(Int) }
    final class Ref { var x: Int = 0 }
    final class Tag: Equatable {
        var name: String = "a"
        static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    }
    @Observable final class Inner {
        var value: Int = 0
        var label: String = "a"
    }
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
        var doubled: Int { count * 2 }
        var summary: String { "\\(name) \\(point.x) \\(ints.count)" }
    }
    let model = Model()
    let spare = Inner()

    """
}
