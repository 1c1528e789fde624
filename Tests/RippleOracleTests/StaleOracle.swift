// Which views a write leaves stale, decided by Swift's Observation runtime and by Ripple.

import Observation
import Testing
@testable import RippleCore

/// By the runtime's own facts, after a write a reader that was not fired *shows an old value* when what it reads
/// now differs from what it read when it last registered (what its view shows); the write *left it stale* when,
/// besides, what it reads now differs from what it read just before the write, so the write is what moved it.
/// Ripple reports a view stale when a step writes something it read and it shows an old value: every view the
/// write left stale, and possibly one that showed an old value before the step already. So Ripple's stale views
/// must include every one the write left stale and be among those that show an old value.
enum StaleOracle {
    /// Per write and reader: whether the write left it stale, and whether it shows an old value.
    struct Real: Equatable {
        var leftStale: [[Bool]] = []
        var showsOld: [[Bool]] = []
    }

    /// Both matrices from the real objects, readers registered and re-registered as `Oracle.run` does.
    static func real(_ oracleCase: OracleCase) -> Real {
        let world = RealWorld()
        let box = FireBox(readers: oracleCase.readers.count)
        var registered = Array(repeating: [String](), count: oracleCase.readers.count)
        func shown(_ reader: Int) -> [String] { oracleCase.readers[reader].map { $0.value(on: world) } }
        func register(_ reader: Int) {
            withObservationTracking { registered[reader] = shown(reader) } onChange: { box.counts[reader] += 1 }
        }
        for reader in oracleCase.readers.indices { register(reader) }
        var real = Real()
        for write in oracleCase.writes {
            let before = oracleCase.readers.indices.map(shown)
            for reader in box.counts.indices { box.counts[reader] = 0 }
            write.apply(to: world)
            let now = oracleCase.readers.indices.map(shown)
            let showsOld = oracleCase.readers.indices.map { box.counts[$0] == 0 && now[$0] != registered[$0] }
            real.showsOld.append(showsOld)
            real.leftStale.append(oracleCase.readers.indices.map { showsOld[$0] && now[$0] != before[$0] })
            for reader in box.counts.indices where box.counts[reader] > 0 { register(reader) }
        }
        return real
    }

    /// Whether Ripple's stale views hold every one the write left stale and only ones that show an old value.
    static func agrees(ripple: [[Bool]], real: Real) -> Bool {
        guard ripple.count == real.leftStale.count else { return false }
        for (write, row) in ripple.enumerated() {
            guard row.count == real.leftStale[write].count else { return false }
            for (reader, stale) in row.enumerated() {
                if real.leftStale[write][reader] && !stale { return false }
                if stale && !real.showsOld[write][reader] { return false }
            }
        }
        return true
    }

    /// `stale[write][reader]` from Ripple's trace of the case's scenario.
    static func ripple(_ oracleCase: OracleCase) throws -> [[Bool]] {
        let trace = try Scenario(source: ScenarioText.make(oracleCase), file: "oracle.ripple").simulate(semantics: .swift62)
        let names = CaseNames()
        return trace.variants[0].steps.map { step in
            oracleCase.readers.indices.map { reader in
                step.instances.contains { $0.outcome == .stale && $0.name == names.reader(reader) }
            }
        }
    }
}

/// A case with the readers each write must leave stale (`stale[write]` lists reader indices).
struct StaleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var oracleCase: OracleCase
    var stale: [[Bool]]

    init(_ name: String, readers: [[Read]], writes: [Write], stale: [[Int]]) {
        self.name = name
        oracleCase = OracleCase(readers: readers, writes: writes)
        self.stale = stale.map { indices in readers.indices.map { indices.contains($0) } }
    }

    var testDescription: String { name }

    static let all: [StaleCase] = [
        // Must be stale.
        StaleCase("a write to the == instance that replaced the tracked one", readers: [[.peerValue]],
                  writes: [.peerNew(label: "a"), .peerValue(1)], stale: [[], [0]]),
        StaleCase("a write to the == plain Equatable instance that replaced the read one", readers: [[.tagName]],
                  writes: [.tagNew(name: "a"), .tagName("b")], stale: [[], [0]]),
        StaleCase("a plain subclass's own property", readers: [[.derivedOwn], [.derivedShared]], writes: [.derivedOwn(1)], stale: [[0]]),
        StaleCase("an ignored property", readers: [[.ignored]], writes: [.ignoredAdd(1)], stale: [[0]]),
        StaleCase("a plain class's field, after a new instance was tracked", readers: [[.refX]],
                  writes: [.refNew(x: 0), .refX(1)], stale: [[], [0]]),
        // Must not be stale.
        StaleCase("a write to an instance that is not ==, once tracked", readers: [[.peerValue]],
                  writes: [.peerNew(label: "b"), .peerValue(1)], stale: [[], []]),
        StaleCase("a write to the new instance after the reader ran again", readers: [[.peerValue, .count]],
                  writes: [.peerNew(label: "a"), .count(1), .peerValue(1)], stale: [[], [], []]),
        StaleCase("an element's write whose didSet sets an equal count", readers: [[.tallyCount], [.tallyFirst]],
                  writes: [.tallyElement(index: 0, value: 5)], stale: [[]]),
        StaleCase("an equal assignment whose didSet counts it", readers: [[.flag], [.flips]], writes: [.flag(false)], stale: [[]]),
    ]
}

@Suite struct StaleOracleTests {
    /// The runtime's facts leave the stated readers stale, and Ripple reports those.
    @Test(arguments: StaleCase.all)
    func staleReaders(_ staleCase: StaleCase) throws {
        let real = StaleOracle.real(staleCase.oracleCase)
        #expect(real.leftStale == staleCase.stale, "Observation: expected \(staleCase.stale), found \(real.leftStale)")
        let ripple = try StaleOracle.ripple(staleCase.oracleCase)
        #expect(ripple == real.leftStale, "Ripple: \(ripple), Observation: \(real.leftStale)\n\(ScenarioText.make(staleCase.oracleCase))")
    }

    /// Generated cases (600, each scenario on its own): Ripple's stale views hold every view a write left stale
    /// and only views that show an old value. A step can report again a view that was stale before it.
    @Test func generatedCasesLeaveTheSameViewsStale() throws {
        let generator = CaseGenerator(seed: OracleConfiguration.defaultSeed ^ 0x57A1E)
        var disagreeing: [Int] = []
        var leftStale = 0
        for index in 0..<600 {
            let oracleCase = generator.makeCase(index: index)
            let real = StaleOracle.real(oracleCase)
            leftStale += real.leftStale.joined().filter { $0 }.count
            if !StaleOracle.agrees(ripple: try StaleOracle.ripple(oracleCase), real: real) { disagreeing.append(index) }
        }
        // The cases do leave views stale: the check is not over cases where nothing can go wrong.
        #expect(leftStale > 10, "only \(leftStale) readers left stale")
        if let first = disagreeing.first {
            let shrunk = Shrinker.shrink(generator.makeCase(index: first)) { candidate in
                (try? StaleOracle.ripple(candidate)).map { !StaleOracle.agrees(ripple: $0, real: StaleOracle.real(candidate)) } ?? true
            }
            let ripple = (try? StaleOracle.ripple(shrunk)).map { "\($0)" } ?? "rejected"
            Issue.record("case #\(first) (of \(disagreeing.count)) leaves other views stale; shrunk: Ripple \(ripple), Observation \(StaleOracle.real(shrunk))\n\(ScenarioText.make(shrunk))")
        }
        #expect(disagreeing.isEmpty)
    }
}
