import Testing
import RippleRuntime

/// The runtime's sets and tables of node ids: each must behave like the standard collection it stands
/// in for, on both sides of its thresholds.
@Suite struct SmallSetTests {
    @Test(arguments: [[], [7], [7, 3], [7, 3, 9, 1]])
    func instanceSetHoldsWhatWasInserted(_ ids: [Int]) {
        var set = InstanceSet()
        for id in ids + ids { set.insert(id) }
        #expect(set.sorted() == ids.sorted())
        #expect(set.underestimatedCount == ids.count)
        for id in ids { #expect(set.contains(id)) }
        #expect(!set.contains(42))
        if let first = ids.first {
            set.remove(first)
            #expect(set.sorted() == ids.dropFirst().sorted())
            #expect(!set.contains(first))
        }
    }

    /// `IDTable` answers as a dictionary would, through growth, numbers that share a slot, and emptying;
    /// the ids include the extremes and runs of consecutive and widely spaced numbers.
    @Test(arguments: [
        Array(0..<10), Array(0..<1_000), Array(stride(from: 0, to: 64_000, by: 64)),
        [0, Int.max, 1, 65_536, 131_072, 4_294_967_296, 8_589_934_592, Int.max - 1],
    ])
    func idTableBehavesLikeADictionary(ids: [Int]) {
        var table = IDTable<[Int]>()
        var reference: [Int: [Int]] = [:]
        for round in 0..<2 {
            for (position, id) in ids.enumerated() {
                table.append(position, to: id)
                reference[id, default: []].append(position)
                if position.isMultiple(of: 3) {
                    table[id] = [round]
                    reference[id] = [round]
                }
            }
            #expect(table.count == reference.count)
            #expect(table.keys == ids.reduce(into: [Int]()) { keys, id in if !keys.contains(id) { keys.append(id) } })
            for (id, value) in reference {
                #expect(table[id] == value)
                if let slot = table.slot(of: id) { #expect(table[slot: slot] == value) } else { Issue.record("no slot for \(id)") }
            }
            #expect(table[-7] == nil && table.slot(of: 12_345_678) == nil)
            table.removeAll()
            reference.removeAll()
            #expect(table.isEmpty && table[ids[0]] == nil)
        }
        var set = IDSet()
        #expect(set.insert(ids[0]).inserted && !set.insert(ids[0]).inserted && set.contains(ids[0]))
        set.removeAll()
        #expect(set.isEmpty && !set.contains(ids[0]))
    }
}
