import Testing
@testable import RippleCore

/// Rule 5: `@Binding` versus a plain `let b: Binding<T>`.
@Suite struct BindingDependencyTests {
    @Test func onlyTheDynamicPropertyIsTrackedAndRefreshed() {
        #expect(BindingDependency.readIsTracked(isDynamicProperty: true))
        #expect(!BindingDependency.readIsTracked(isDynamicProperty: false))
        #expect(BindingDependency.refreshesCarriedValue(isDynamicProperty: true))
        #expect(!BindingDependency.refreshesCarriedValue(isDynamicProperty: false))
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
        #expect(BindingDependency.difference(.closures(id: 1, get: nil), .closures(id: 1, get: nil), valueDifference: Self.values) == .closureBinding)
    }

    @Test func aPlainBindingLeavesItsReaderStaleAndABindingDoesNot() throws {
        let source = """
        scenario "t"
        struct Root: View {
            @State private var on = false
            var body: some View {
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
        """
        let step = try simulateChecked(source).variants[0].steps[0]
        #expect(step.names(.needed) == ["Tracked"])
        #expect(step.names(.stale) == ["Plain"])
    }
}
