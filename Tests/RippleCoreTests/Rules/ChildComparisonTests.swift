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
        (.binding(.closures(id: 1, set: nil)), .binding(.closures(id: 1, set: nil)), .closureBinding),
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

    /// "Equatable unless POD": `==` decides for a view that declares it and is marked `.equatable()`
    /// or is not plain data; a POD view is compared field by field unless marked.
    @Test(arguments: [
        // Must ask `==`.
        (true, true, true, true),
        (true, true, false, true),
        (false, true, false, true),
        // Must not.
        (false, true, true, false),
        (true, false, false, false),
        (false, false, false, false),
    ])
    func aViewsOwnEqualityDecidesWhenMarkedOrNotPlainData(marked: Bool, declares: Bool, plain: Bool, asks: Bool) {
        #expect(ChildComparison.comparesWithOwnEquality(markedEquatable: marked, declaresEquality: declares, isPlainData: plain) == asks)
    }

    static func fields(_ name: String) -> [ValueType]? {
        switch name {
        case "Point": [.int, .double]
        case "Tagged": [.int, .string]
        case "Nested": [.named("Point"), .optional(.bool)]
        default: nil
        }
    }

    @Test(arguments: [
        // Plain data.
        ([(ViewPropertyRole.input, ValueType.int), (.input, .bool)], true),
        ([(.input, .named("Point")), (.input, .optional(.date)), (.input, .uuid)], true),
        ([(.input, .named("Nested"))], true),
        ([], true),
        // Not: a String, an array, a closure, a binding, a class, a struct holding a String, any wrapper.
        ([(.input, .int), (.input, .string)], false),
        ([(.input, .array(.int))], false),
        ([(.input, .function)], false),
        ([(.plainBinding, .binding(.int))], false),
        ([(.input, .named("Store"))], false),
        ([(.input, .named("Tagged"))], false),
        ([(.state, .int)], false),
        ([(.environment(key: "colorScheme"), .named("\\.colorScheme"))], false),
    ] as [([(ViewPropertyRole, ValueType)], Bool)])
    func plainDataIsTriviallyCopyable(properties: [(ViewPropertyRole, ValueType)], plain: Bool) {
        #expect(ChildComparison.isPlainData(properties.map { (role: $0.0, type: $0.1) }, fields: Self.fields) == plain)
    }
}
