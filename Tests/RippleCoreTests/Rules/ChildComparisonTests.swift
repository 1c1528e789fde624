import Testing
@testable import RippleCore

/// Rule 9: child comparison when a parent body re-runs.
@Suite struct ChildComparisonTests {
    static func noEquality(_ type: String, _ a: Value, _ b: Value) -> Bool? { nil }
    static func difference(_ old: Value?, _ new: Value?) -> InputDifference? {
        ChildComparison.difference(old, new, ownEquality: noEquality)
    }

    static func point(_ x: Int) -> Value { .record(type: "Point", fields: [.int(x), .int(0)]) }

    @Test(arguments: [
        // Must differ.
        (Value.int(1), Value.int(2), InputDifference.value),
        (.string("a"), .string("b"), .value),
        (.closure(id: 1), .closure(id: 2), .closure),
        (.object(ObjectID(raw: 1)), .object(ObjectID(raw: 2)), .newReference),
        (point(1), point(2), .value),
        (.array([.int(1)]), .array([.int(1), .int(2)]), .value),
        (.binding(.closures(id: 1, get: nil)), .binding(.closures(id: 1, get: nil)), .closureBinding),
        (.record(type: "Row", fields: [.closure(id: 1)]), .record(type: "Row", fields: [.closure(id: 2)]), .closure),
    ])
    func differs(_ old: Value, _ new: Value, _ expected: InputDifference) {
        #expect(Self.difference(old, new) == expected)
    }

    @Test(arguments: [
        // Must not differ.
        (Value.int(1), Value.int(1)),
        (.string("a"), .string("a")),
        (.closure(id: 3), .closure(id: 3)),
        (.object(ObjectID(raw: 1)), .object(ObjectID(raw: 1))),
        (point(1), point(1)),
        (.array([.int(1), .int(2)]), .array([.int(1), .int(2)])),
        (.binding(.constant(.int(1))), .binding(.constant(.int(1)))),
    ])
    func equal(_ old: Value, _ new: Value) {
        #expect(Self.difference(old, new) == nil)
    }

    @Test func aTypesOwnEqualityDecides() {
        let byFirstField: (String, Value, Value) -> Bool? = { type, a, b in
            guard type == "Point", case .record(_, let x) = a, case .record(_, let y) = b else { return nil }
            return x[0] == y[0]
        }
        let a = Value.record(type: "Point", fields: [.int(1), .int(5)]), b = Value.record(type: "Point", fields: [.int(1), .int(9)])
        #expect(ChildComparison.difference(a, b, ownEquality: byFirstField) == nil)
        #expect(ChildComparison.difference(a, Self.point(2), ownEquality: byFirstField) == .value)
        #expect(Self.difference(a, b) == .value, "field by field without it")
    }

    @Test func aViewIsComparedWithItsOwnEqualityOnlyWhenMarkedEquatable() {
        #expect(ChildComparison.comparesWithOwnEquality(markedEquatable: true, declaresEquality: true))
        #expect(!ChildComparison.comparesWithOwnEquality(markedEquatable: false, declaresEquality: true))
        #expect(!ChildComparison.comparesWithOwnEquality(markedEquatable: true, declaresEquality: false))
    }
}
