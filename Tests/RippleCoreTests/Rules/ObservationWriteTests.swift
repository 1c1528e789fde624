import Testing
@testable import RippleCore

/// Rule 2: when a write to an `@Observable` property notifies.
@Suite struct ObservationWriteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var property: ObservationWrite.Property
        var inPlace = false
        var semantics = Semantics.swift62
        var equal = false
        var same = false
        var decision: ObservationWrite.Decision
        var testDescription: String { name }
    }

    static let int = ObservationWrite.Property(isIgnored: false, isEquatable: true, isClass: false, holdsClass: false)
    static let reference = ObservationWrite.Property(isIgnored: false, isEquatable: false, isClass: true, holdsClass: true)
    static let optionalReference = ObservationWrite.Property(isIgnored: false, isEquatable: false, isClass: false, holdsClass: true)
    static let equatableReference = ObservationWrite.Property(isIgnored: false, isEquatable: true, isClass: true, holdsClass: true)
    static let loose = ObservationWrite.Property(isIgnored: false, isEquatable: false, isClass: false, holdsClass: false)
    static let ignored = ObservationWrite.Property(isIgnored: true, isEquatable: true, isClass: false, holdsClass: false)

    @Test(arguments: [
        // Must notify.
        Case(name: "a changed Int", property: int, decision: .changed),
        Case(name: "an equal Int mutated in place", property: int, inPlace: true, equal: true, decision: .inPlace),
        Case(name: "an equal Int under swift5.9", property: int, semantics: .swift59, equal: true, decision: .everyAssignment),
        Case(name: "a non-Equatable struct, even equal field by field", property: loose, equal: true, decision: .notComparable),
        Case(name: "another instance", property: reference, decision: .changed),
        Case(name: "another instance of an Equatable class, not ==", property: equatableReference, decision: .changed),
        Case(name: "the same instance in an Optional", property: optionalReference, same: true, decision: .changed),
        // Must not notify.
        Case(name: "an equal Int", property: int, equal: true, decision: .equalValue),
        Case(name: "another instance of an Equatable class, ==", property: equatableReference, equal: true, decision: .equalInstance),
        Case(name: "the same instance", property: reference, same: true, decision: .sameInstance),
        Case(name: "an ignored property, changed", property: ignored, decision: .ignored),
        Case(name: "an ignored property, in place", property: ignored, inPlace: true, decision: .ignored),
    ])
    func decision(_ testCase: Case) {
        let decision = ObservationWrite.decide(testCase.property, inPlace: testCase.inPlace, semantics: testCase.semantics,
                                               equal: { testCase.equal }, sameInstance: { testCase.same })
        #expect(decision == testCase.decision)
        #expect(decision.notifies == [.inPlace, .everyAssignment, .notComparable, .changed].contains(testCase.decision))
    }

    @Test func theTypesOwnEqualityRunsOnlyWhenTheSetterCompares() {
        var calls = 0
        let count = { () -> Bool in calls += 1; return false }
        _ = ObservationWrite.decide(Self.int, inPlace: true, semantics: .swift62, equal: count, sameInstance: { false })
        _ = ObservationWrite.decide(Self.int, inPlace: false, semantics: .swift59, equal: count, sameInstance: { false })
        _ = ObservationWrite.decide(Self.loose, inPlace: false, semantics: .swift62, equal: count, sameInstance: { false })
        #expect(calls == 0)
        _ = ObservationWrite.decide(Self.int, inPlace: false, semantics: .swift62, equal: count, sameInstance: { false })
        #expect(calls == 1)
    }

    @Test func notesNameTheReason() {
        #expect(ObservationWrite.Decision.ignored.note(name: "cache", type: .int) == "'cache' is '@ObservationIgnored': no notification")
        #expect(ObservationWrite.Decision.notComparable.note(name: "p", type: .named("Loose")) == "'Loose' is not Equatable: the setter always notifies")
    }
}
