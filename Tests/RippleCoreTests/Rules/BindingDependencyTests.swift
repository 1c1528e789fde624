import Testing
@testable import RippleCore

/// Rule 5: `@Binding` versus a plain `let b: Binding<T>`.
@Suite struct BindingDependencyTests {
    /// `Root` passes `$on` to both children without reading it, and reads `version`.
    static let passedOn = """
        scenario "t"
        struct Root: View {
            @State private var on = false
            @State private var version = 0
            var body: some View {
                Text("\\(version)")
                Tracked(on: $on)
                Plain(on: $on)
            }
        }
        struct Tracked: View {
            @Binding var on: Bool
            var body: some View { Text(on ? "on" : "off") }
        }
        struct Plain: View {
            let on: Binding<Bool>
            var body: some View { Text(on.wrappedValue ? "on" : "off") }
        }
        step "flip" { Root.on = true }
        step "parent" { Root.version = 1 }
        """

    @Test(arguments: [
        // Must: the `@Binding` reader is told of the write; must not: the plain one is not, and is stale.
        ("flip", ["Tracked"], ["Plain"]),
        // Must: Root re-runs and finds the plain binding changed, carrying `false` since it was built, so Plain
        // catches up; must not: `@Binding` refreshed what it carries when Tracked ran, so it compares equal.
        ("parent", ["Root", "Plain"], []),
    ])
    func onlyTheDynamicPropertyIsTrackedAndRefreshed(step name: String, needed: [String], stale: [String]) throws {
        let step = try #require(try simulateChecked(Self.passedOn).variants[0].steps.first { $0.name == name })
        #expect(step.names(.needed) == needed)
        #expect(step.names(.wasted) == [])
        #expect(step.names(.stale) == stale)
    }

    static func values(_ a: Value, _ b: Value) -> InputDifference? { a == b ? nil : .value }

    @Test func bindingsCompareByPlaceAndCarriedValue() {
        let place = BindingTarget.property(ObjectID(raw: 1), "name", [])
        // Must not differ: the same place, equal constants.
        #expect(BindingDependency.difference(place, place, valueDifference: Self.values) == nil)
        #expect(BindingDependency.difference(.constant(.int(1)), .constant(.int(1)), valueDifference: Self.values) == nil)
        // Must differ: another place, another constant, any binding built from closures.
        #expect(BindingDependency.difference(place, .property(ObjectID(raw: 2), "name", []), valueDifference: Self.values) == .value)
        #expect(BindingDependency.difference(.constant(.int(1)), .constant(.int(2)), valueDifference: Self.values) == .value)
        #expect(BindingDependency.difference(.closures(id: 1, set: nil), .closures(id: 1, set: nil), valueDifference: Self.values) == .closureBinding)
    }

    @Test func makingABindingReadsATrackedPropertyOnly() {
        // Must read: a tracked property of an `@Observable` class, made into a binding in the body.
        #expect(BindingDependency.makingReadsSource(getterRegistersKey: true, throughBinding: false))
        // Must not: a getter that registers nothing, or a binding projected from another binding.
        #expect(!BindingDependency.makingReadsSource(getterRegistersKey: false, throughBinding: false))
        #expect(!BindingDependency.makingReadsSource(getterRegistersKey: true, throughBinding: true))
    }

    @Test func aControlShowsTheValueOfABindingThatCarriesOne() {
        #expect(BindingDependency.controlShowsValue(of: .state(SlotID(raw: 0), [])))
        #expect(BindingDependency.controlShowsValue(of: .property(ObjectID(raw: 1), "name", [])))
        #expect(!BindingDependency.controlShowsValue(of: .closures(id: 1, set: nil)))
    }

    /// sisoje's measured case: a body that only passes `$model.isShown` on re-runs when `isShown` changes;
    /// one that passes `$isShown` of its own `@State` does not.
    static let passesABinding = """
    scenario "t"
    @Observable final class Model {
        var isShown = false
        @ObservationIgnored var note = ""
    }
    struct Root: View {
        @State private var model = Model()
        @State private var isShown = false
        var body: some View {
            Sheet(isShown: $model.isShown)
            Sheet(isShown: $isShown)
            Note(note: $model.note)
        }
    }
    struct Sheet: View {
        @Binding var isShown: Bool
        var body: some View { Toggle("Shown", isOn: $isShown) }
    }
    struct Note: View {
        @Binding var note: String
        var body: some View { Text(note) }
    }
    step "model" { model.isShown = true }
    step "state" { Root.isShown = true }
    step "ignored" { model.note = "x" }
    """

    @Test(arguments: [
        // Must re-run: Root made `$model.isShown`, which read it; the sheet's binding carries the new value.
        ("model", ["Root", "Sheet"], [String]()),
        // Must not re-run: the `@State` binding is passed on, not read; the Toggle is updated by its binding.
        ("state", [], []),
        // Must not re-run: an ignored property's getter registers nothing, and Root shows nothing through it.
        ("ignored", [], ["Note"]),
    ])
    func aBindingMadeFromAnObservablePropertyIsARead(step name: String, needed: [String], stale: [String]) throws {
        let run = try simulateChecked(Self.passesABinding).variants[0]
        let step = try #require(run.steps.first { $0.name == name })
        #expect(step.names(.needed) == needed)
        #expect(step.names(.wasted) == [])
        #expect(step.names(.stale) == stale)
    }
}
