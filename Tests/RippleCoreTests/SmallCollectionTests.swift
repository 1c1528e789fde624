import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// The engine's small collections (docs/Performance.md, "How the engine keeps a write cheap"): short
/// lists that stand in for hash tables while they are small. Each must behave like the table it stands
/// for, on both sides of its threshold.
@Suite struct SmallCollectionTests {
    @Test func nameTableBehavesLikeADictionary() {
        var table = NameTable<Int>()
        #expect(table["a"] == nil)
        table["a"] = 1
        table["b"] = 2
        table["a"] = 3
        #expect(table["a"] == 3)
        #expect(table["b"] == 2)
        #expect(table.keys == ["a", "b"])
        table["a"] = nil
        #expect(table["a"] == nil)
        #expect(table.keys == ["b"])
        table["missing"] = nil
        #expect(table.count == 1)
        #expect(Array(table).map(\.key) == ["b"])
        let literal: NameTable<Int> = ["x": 1, "y": 2]
        #expect(literal["y"] == 2)
    }

    /// A trace's read locations hold their first entry inline; they answer, compare and encode as the
    /// dictionary they stand in for, whatever the order their entries were added in.
    @Test(arguments: [[String](), ["item.title"], ["item.title", "item.done"], ["c", "a", "b", "d"]])
    func readLocationsBehaveLikeADictionary(_ paths: [String]) throws {
        func location(_ line: Int) -> TraceLocation { TraceLocation(SourceLocation(file: "a.ripple", line: line, column: 5)) }
        var table = ReadLocations()
        var dictionary: [String: TraceLocation] = [:]
        for (line, path) in paths.enumerated() {
            table.append(path: path, location: location(line + 1))
            dictionary[path] = location(line + 1)
        }
        #expect(table.count == dictionary.count)
        #expect(table.isEmpty == dictionary.isEmpty)
        #expect(table.paths == paths)
        for path in paths + ["missing"] { #expect(table[path] == dictionary[path]) }
        var reversed = ReadLocations()
        for path in paths.reversed() { reversed[path] = dictionary[path] }
        #expect(reversed == table)
        #expect(reversed.hashValue == table.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(table) == encoder.encode(dictionary))
        #expect(try JSONDecoder().decode(ReadLocations.self, from: encoder.encode(dictionary)) == table)
        if let first = paths.first {
            table[first] = location(99)
            #expect(table[first] == location(99))
            #expect(table.paths == paths)
            #expect(table != reversed)
            table[first] = nil
            #expect(table[first] == nil)
            #expect(table.paths == Array(paths.dropFirst()))
        }
    }

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

    /// A body that reads more places than the tracker's short lists hold: keys and places move to sets
    /// part-way through, and the body must still be told of a write to the last place it read and not
    /// of a place it never read. `simulateChecked` checks the indexes after every step.
    @Test func aBodyReadingManyPlacesIsToldOfEachAndOnlyThose() throws {
        let source = """
        scenario "many reads"
        @Observable final class Item {
            var title: String
        }
        @Observable final class Model {
            var items: [Item] = (0..<20).map { Item(title: "t\\($0)") }
            var other: Int = 0
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
        \((0..<20).map { "            Text(model.items[\($0)].title)\n            Text(model.items[\($0)].title)" }.joined(separator: "\n"))
                }
            }
        }
        step "first" { model.items[0].title = "x" }
        step "last" { model.items[19].title = "y" }
        step "unread" { model.other = 1 }
        """
        let trace = try simulateChecked(source)
        let steps = try #require(trace.variants.first?.steps)
        #expect(steps.map(\.evaluated) == [["Root"], ["Root"], []])
        let root = try #require(steps[1].instances.first)
        #expect(root.outcome == .needed)
        #expect(root.changedReads == ["model.items[19].title"])
    }

    /// The engine evaluates every body with one tracker and every step with one pass, emptied in between
    /// (docs/Performance.md, "How the engine keeps a write cheap"). Nothing may carry over: `A` reads an
    /// ignored property, `B`, evaluated right after it in the same pass, does not, and must neither read
    /// it nor be left stale by its write. A body whose branch flips reads a different number of paths,
    /// and its records are replaced, not updated.
    @Test func reusedTrackerAndPassCarryNothingOverBetweenBodiesAndSteps() throws {
        let source = """
        scenario "reuse"
        @Observable final class Model {
            var shown: Int = 0
            @ObservationIgnored var hidden: Int = 0
            var flag: Bool = false
            var extra: String = "e"
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    A(model: model)
                    B(model: model)
                }
            }
        }
        struct A: View {
            let model: Model
            var body: some View {
                Text("\\(model.hidden) \\(model.shown)")
            }
        }
        struct B: View {
            let model: Model
            var body: some View {
                Text("\\(model.shown)")
                if model.flag {
                    Text(model.extra)
                }
            }
        }
        step "both" { model.shown = 1 }
        step "ignored" { model.hidden = 1 }
        step "flip" { model.flag = true }
        step "extra" { model.extra = "x" }
        step "again" { model.shown = 2 }
        """
        let trace = try simulateChecked(source)
        let steps = try #require(trace.variants.first?.steps)
        #expect(steps.map(\.evaluated) == [["A", "B"], [], ["B"], ["B"], ["A", "B"]])
        #expect(steps[1].instances.map(\.name) == ["A"])
        #expect(steps[1].instances.map(\.outcome) == [.stale])
        #expect(steps[2].instances.first?.changedReads == ["model.flag", "model.extra"])
        #expect(steps[4].instances.map { $0.causes.count } == [1, 1])

        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: scenario.semantics)
        for step in scenario.steps.prefix(3) { _ = try simulation.run(step) }
        let reads = Dictionary(uniqueKeysWithValues: simulation.snapshot().instances.map { ($0.name, $0.reads.map(\.path)) })
        #expect(reads["A"] == ["model.hidden", "model.shown"])
        #expect(reads["B"] == ["model.shown", "model.flag", "model.extra"])
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

    /// `InstanceQueue` pops in (depth, sequence) order whatever order entries arrive in: in order (its
    /// plain list), reversed and shuffled (its heap), and pushed between pops, as a pass does while it
    /// evaluates parents that dirty children.
    @Test(arguments: ["increasing", "decreasing", "shuffled", "interleaved"])
    func instanceQueuePopsTopDownInAnyArrivalOrder(order: String) {
        let entries = (0..<300).map { (depth: $0 % 4, sequence: $0, id: 1_000 + $0) }
        let expected = entries.sorted { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }.map(\.id)
        var arrivals = entries.sorted { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }
        switch order {
        case "decreasing": arrivals.reverse()
        case "shuffled", "interleaved":
            // A fixed permutation: 7,919 is prime, so multiplying by it modulo 300 visits every position once.
            let sorted = arrivals
            arrivals = sorted.indices.map { sorted[($0 * 7_919) % sorted.count] }
        default: break
        }
        var queue = InstanceQueue()
        var popped: [Int] = []
        var waiting: [(depth: Int, sequence: Int, id: Int)] = []
        for (index, entry) in arrivals.enumerated() {
            queue.push(depth: entry.depth, sequence: entry.sequence, id: entry.id)
            waiting.append(entry)
            // Pop now and then, checking each against the smallest entry still waiting.
            if order == "interleaved", index.isMultiple(of: 3), let id = queue.pop() {
                let smallest = waiting.min { ($0.depth, $0.sequence) < ($1.depth, $1.sequence) }!
                #expect(id == smallest.id)
                waiting.removeAll { $0.id == id }
                popped.append(id)
            }
            // Every entry still waiting is seen once, whether in the run or the heap, and none is taken.
            var seen: [Int] = []
            queue.forEachWaiting { seen.append($0) }
            #expect(seen.sorted() == waiting.map(\.id).sorted(), "after arrival \(index)")
        }
        while let id = queue.pop() { popped.append(id) }
        #expect(queue.isEmpty)
        #expect(popped.count == entries.count)
        if order != "interleaved" { #expect(popped == expected) }
        #expect(Set(popped) == Set(expected))
        queue.removeAll()
        #expect(queue.pop() == nil)
    }
}

extension SmallCollectionTests {
    /// `IdentityPath` keeps one identity inline and more in an array; either way it answers, compares and
    /// hashes as the array of its identities would, through appends and replacements.
    @Test(arguments: [0, 1, 2, 3])
    func identityPathBehavesLikeAnArray(count: Int) {
        var path = IdentityPath()
        var reference: [Value] = []
        for index in 0..<count {
            path.append(.int(index))
            reference.append(.int(index))
        }
        #expect(Array(path) == reference)
        #expect(path.count == count)
        for index in 0..<count {
            path[index] = .string("r\(index)")
            reference[index] = .string("r\(index)")
            #expect(Array(path) == reference)
        }
        var same = IdentityPath()
        for value in reference { same.append(value) }
        #expect(same == path && same.hashValue == path.hashValue)
        var longer = path
        longer.append(.none)
        #expect(longer != path && longer.count == count + 1 && longer.last == Value.none)
        let literal: IdentityPath = [.int(1), .int(2)]
        #expect(Array(literal) == [.int(1), .int(2)])
    }
}

extension SmallCollectionTests {
    /// Emptying a list for the next body keeps its storage and drops every element, short or long.
    @Test(arguments: [0, 1, 3, 8, 9, 100])
    func removeAllKeepingStorageEmptiesAndKeepsRoom(count: Int) {
        var list = (0..<count).map { "element \($0) of a list long enough to be on the heap" }
        let capacity = list.capacity
        list.removeAllKeepingStorage()
        #expect(list.isEmpty)
        #expect(list.capacity == capacity)
        list.append("again")
        #expect(list == ["again"])
    }

    /// A `Set` is kept as an array: `insert(_:)` and `remove(_:)` without `at:` are the set's.
    @Test func aSetInsertsWhatIsNotThereAndRemovesWhatIs() throws {
        let source = """
        scenario "set"
        @Observable final class Model {
            var favorites: Set<Int> = [1]
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View { Text("\\(model.favorites.count)") }
        }
        step "add" { model.favorites.insert(2) }
        step "add again" { model.favorites.insert(2) }
        step "remove" { model.favorites.remove(1) }
        step "remove what is gone" { model.favorites.remove(1) }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps.map { $0.writes.first?.new } == ["[1, 2]", "[1, 2]", "[2]", "[2]"])
        #expect(steps.map { $0.instances.first?.outcome } == [.needed, .wasted, .needed, .wasted])
    }
}
