import Testing
@testable import RippleCore

/// The array mutations a list's actions make (`.onDelete`'s `remove(atOffsets:)`, a refresh's
/// `reverse()`, a sort), each an in-place mutation that tells the list's reader, with the array it leaves.
@Suite struct ArrayMutationTests {
    @Test(arguments: [
        ("model.items.remove(atOffsets: IndexSet(integer: 0))", "[3, 1]"),
        ("model.items.remove(atOffsets: IndexSet([0, 2]))", "[3]"),
        ("model.items.reverse()", "[1, 3, 2]"),
        ("model.items.sort()", "[1, 2, 3]"),
        ("model.items.sort(by: >)", "[3, 2, 1]"),
        ("model.items.sort { $0 > $1 }", "[3, 2, 1]"),
        ("model.items = model.items.sorted(by: >)", "[3, 2, 1]"),
    ])
    func aMutationLeavesTheArrayItWould(statement: String, result: String) throws {
        let trace = try simulateChecked("""
            scenario "mutations"
            @Observable final class Model { var items = [2, 3, 1] }
            let model = Model()
            struct Root: View { var body: some View { Text("\\(model.items.count)") } }
            step "mutate" { \(statement) }
            """)
        let step = try #require(trace.variants.first?.steps.first)
        #expect(step.writes.map(\.new) == [result])
        #expect(step.instances.map(\.name) == ["Root"])
    }

    /// A sort of an array already in order changes nothing, but an in-place mutation tells its reader
    /// all the same (Observation does not compare): the evaluation is wasted.
    @Test func sortingASortedArrayStillNotifies() throws {
        let trace = try simulateChecked("""
            scenario "sorted"
            @Observable final class Model { var items = [1, 2, 3] }
            let model = Model()
            struct Root: View { var body: some View { Text("\\(model.items.count)") } }
            step "sort" { model.items.sort() }
            """)
        #expect(trace.variants.first?.steps.first?.instances.map(\.outcome) == [.wasted])
    }

    /// An operator passed as the order (`sorted(by: >)`) orders a body's value too, and is no read.
    @Test func anOperatorOrdersABodysValue() throws {
        let trace = try simulateChecked("""
            scenario "operator"
            @Observable final class Model { var items = [2, 3, 1] }
            let model = Model()
            struct Root: View { var body: some View { Text("\\(model.items.sorted(by: >).first ?? 0)") } }
            step "add" { model.items.append(5) }
            """)
        #expect(trace.variants.first?.steps.first?.instances.map(\.outcome) == [.needed])
    }
}
