// Ripple's Observation rules (docs/Semantics.md rules 1–2) checked against Swift's real Observation runtime.
//
// Run:     swift test --scratch-path /tmp/oracle-build --filter RippleOracleTests
// Replay:  RIPPLE_ORACLE_SEED=0x… (the seed the run printed; decimal works too)
// More:    RIPPLE_ORACLE_CASES=100000
//
// A case is a few readers and a few writes (OracleCase.swift). It runs for real on `@Observable` objects
// (Oracle.swift) and as a Ripple scenario (ScenarioText.swift, RippleRun.swift); the readers that fire after each
// write must be the same (Verdict.swift). Generated cases run in batches over all cores (BatchRun.swift); a
// disagreement is re-run on its own scenario, shrunk (Shrinker.swift) and printed with its seed and index.

import Foundation
import Testing
@testable import RippleCore

/// Generated and hand-written cases, each run for real and through Ripple; the two must agree.
@Suite struct OracleTests {
    /// Most disagreements shrunk and printed in one run (shrinking re-runs a case many times).
    static let reportedDisagreements = 3

    /// The seeded generated cases (10,000 by default): Ripple and Observation agree reader by reader, write by write,
    /// and the cases cover every property kind and write kind.
    @Test func generatedCasesAgreeWithObservation() async {
        let configuration = OracleConfiguration.fromEnvironment()
        let seedText = OracleConfiguration.format(configuration.seed)
        print("RippleOracle: seed \(seedText), \(configuration.cases) cases (replay with RIPPLE_ORACLE_SEED=\(seedText); more with RIPPLE_ORACLE_CASES=n)")
        let semantics = Semantics.swift62
        let clock = ContinuousClock()
        let start = clock.now
        let startCPU = Self.processorSeconds()
        let generator = CaseGenerator(seed: configuration.seed)
        let cases = (0..<configuration.cases).map { generator.makeCase(index: $0) }
        var coverage = Coverage()
        for oracleCase in cases { coverage.add(oracleCase) }
        let result = await BatchRun.run(cases, semantics: semantics)
        let elapsed = clock.now - start
        let cpu = Self.processorSeconds() - startCPU
        print("RippleOracle: \(cases.count) cases, \(cases.map(\.writes.count).reduce(0, +)) writes, \(result.suspects.count) disagreements "
              + "(\(result.disagreeing.count) confirmed alone, \(result.batchOnly.count) only in a batch, of the first \(BatchRun.confirmationLimit)), "
              + "\(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .abbreviated))) wall, "
              + "\(String(format: "%.1f", cpu)) s processor time on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("RippleOracle coverage:\n\(coverage.summary)")
        for index in result.disagreeing.prefix(Self.reportedDisagreements) {
            let report = Verdict.disagreementReport(cases[index], seed: configuration.seed, index: index, semantics: semantics)
            print(report)
            Issue.record("case #\(index) disagrees with Observation; its shrunk scenario is printed above")
        }
        let disagreements = result.suspects.count, batchOnly = result.batchOnly.count
        #expect(disagreements == 0, "\(disagreements) of \(cases.count) cases disagree (seed \(seedText)); first: \(result.suspects.prefix(10).map { "#\($0)" })")
        #expect(batchOnly == 0, "cases that disagree only inside a batch (seed \(seedText)): \(result.batchOnly.prefix(10).map { "#\($0)" })")
        let gaps = coverage.gaps
        #expect(gaps.isEmpty, "\(gaps)")
    }

    /// Processor time used by the whole process so far, all threads.
    static func processorSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

    /// Batching is only a speed-up: each case's outcome in a batch must equal its outcome on its own scenario.
    @Test func batchedScenariosMatchSingleScenarios() throws {
        let generator = CaseGenerator(seed: OracleConfiguration.defaultSeed ^ 0xBA7C)
        let cases = (0..<120).map { generator.makeCase(index: $0) }
        let batched = stride(from: 0, to: cases.count, by: BatchRun.batchSize).flatMap {
            RippleRun.run(batch: Array(cases[$0..<min($0 + BatchRun.batchSize, cases.count)]))
        }
        try #require(batched.count == cases.count)
        for (index, oracleCase) in cases.enumerated() {
            let single = RippleRun.run(oracleCase)
            #expect(single.firings != nil, "case \(index) rejected on its own: \(single)")
            #expect(batched[index] == single, "case \(index)\n\(ScenarioText.make(oracleCase))")
        }
    }

    /// Hand-written regression cases: both runs must produce the outcome the table states.
    @Test(arguments: NamedCases.all)
    func namedCase(_ named: NamedCase) throws {
        let real = Oracle.run(named.oracleCase)
        #expect(real == named.fires, "Observation: expected \(named.fires), fired \(real)")
        let ripple = RippleRun.run(named.oracleCase, semantics: .swift62)
        let firings = try #require(ripple.firings, "Ripple rejected the scenario: \(ripple)\n\(ScenarioText.make(named.oracleCase))")
        #expect(firings == named.fires, "Ripple: expected \(named.fires), evaluated \(firings)\n\(ScenarioText.make(named.oracleCase))")
    }

    /// A seed and an index determine a case; the generator stays within the spec's sizes.
    @Test func generationIsDeterministicPerSeedAndIndex() {
        let generator = CaseGenerator(seed: OracleConfiguration.defaultSeed)
        let first = (0..<50).map { generator.makeCase(index: $0) }
        let again = (0..<50).reversed().map { generator.makeCase(index: $0) }.reversed()
        let sameAgain = first == Array(again)
        #expect(sameAgain, "regenerating a case gives the same case")
        let other = CaseGenerator(seed: OracleConfiguration.defaultSeed &+ 1)
        let sameForOtherSeed = (0..<50).filter { first[$0] == other.makeCase(index: $0) }.count
        #expect(sameForOtherSeed < 5, "another seed gives other cases")
        for oracleCase in first {
            #expect((2...5).contains(oracleCase.readers.count))
            #expect((1...6).contains(oracleCase.writes.count))
            #expect(oracleCase.readers.allSatisfy { (1...3).contains($0.count) && Set($0).count == $0.count })
        }
        #expect(ScenarioText.make(first[0]) == ScenarioText.make(generator.makeCase(index: 0)))
    }

    /// `RIPPLE_ORACLE_SEED` (decimal or hex) and `RIPPLE_ORACLE_CASES` override the defaults; the printed seed reads back.
    @Test func configurationReadsTheEnvironment() {
        let defaults = OracleConfiguration.fromEnvironment([:])
        #expect(defaults.seed == OracleConfiguration.defaultSeed)
        #expect(defaults.cases == OracleConfiguration.defaultCases)
        let hex = OracleConfiguration.fromEnvironment(["RIPPLE_ORACLE_SEED": "0x2A", "RIPPLE_ORACLE_CASES": "77"])
        #expect(hex.seed == 42)
        #expect(hex.cases == 77)
        #expect(OracleConfiguration.fromEnvironment(["RIPPLE_ORACLE_SEED": "42"]).seed == 42)
        let seed = OracleConfiguration.defaultSeed
        #expect(OracleConfiguration.parseSeed(OracleConfiguration.format(seed)) == seed)
    }

    /// The shrinker removes every reader, read and write the failure does not need.
    @Test func shrinkerKeepsOnlyWhatTheFailureNeeds() {
        // A stand-in failure: "some reader reads doubled and some write assigns count". The minimum is one reader
        // with that one read and that one write.
        let start = OracleCase(readers: [[.name, .intsCount], [.pointX, .doubled, .mode], [.innerValue]],
                               writes: [.name("b"), .count(1), .intsAppend(3), .count(2)])
        let fails = { (c: OracleCase) in
            c.readers.contains { $0.contains(.doubled) } && c.writes.contains { if case .count = $0 { true } else { false } }
        }
        let shrunk = Shrinker.shrink(start, stillFails: fails)
        // Greedy, first removal first: `count(1)` goes before `count(2)` does.
        #expect(shrunk.readers == [[.doubled]])
        #expect(shrunk.writes == [.count(2)])
    }

    /// A case's text: one view per reader reading exactly its reads, one step per write, only the model parts used.
    @Test func scenarioTextMatchesTheCase() {
        let oracleCase = OracleCase(readers: [[.count, .intsFirst], [.innerIdentity]], writes: [.ints([2, 1]), .innerSpare])
        let text = ScenarioText.make(oracleCase)
        #expect(text.contains(#"struct R0: View { var body: some View { Text("\(model.count) \(model.ints[0])") } }"#))
        #expect(text.contains(#"Text("\(model.inner === model.inner)")"#))
        #expect(text.contains("step \"w1\" { model.ints = [2, 1] }\nstep \"w2\" { model.inner = spare }\n"))
        #expect(!text.contains("R2"))
        // Only what the case touches is declared.
        #expect(text.contains("var ints: [Int]") && text.contains("var count: Int") && text.contains("let spare = Inner()"))
        #expect(!text.contains("var name") && !text.contains("struct Point") && !text.contains("var doubled"))
        let computed = ScenarioText.make(OracleCase(readers: [[.summary]], writes: [.count(1)]))
        #expect(computed.contains("var summary") && computed.contains("var name") && computed.contains("struct Point") && !computed.contains("spare"))
    }

    /// The whole model at once: every read in its own reader, every kind of write in turn, both runs agreeing.
    @Test func wholeModelAgrees() {
        let oracleCase = OracleCase(readers: Read.allCases.map { [$0] }, writes: [
            .count(1), .countAdd(0), .name("b"), .nameAppend(""), .opt(1), .point(x: 1, y: 2), .pointX(2), .loose(x: 1), .looseX(2),
            .mode(.c), .payload(nil), .refSame, .refNew(x: 0), .refX(1), .tagSame, .tagNew(name: "a"), .tagName("b"),
            .ints([1, 2, 3]), .intsElement(index: 1, value: 2), .intsAppend(4), .looses([1, 2]), .loosesElementX(index: 1, value: 2),
            .loosesAppend(x: 3), .ignored(1), .ignoredAdd(1), .innerSame, .innerNew(value: 0), .innerSpare, .innerValue(0), .innerValueAdd(1),
            .innerLabel("b"), .spareValue(5), .peerNew(label: "a"), .peerValue(1), .peerNew(label: "b"), .peerValue(2),
            .derivedShared(1), .derivedOwn(1), .flag(false), .flagToggle, .tallyAppend(3), .tallyElement(index: 0, value: 1),
        ])
        #expect(ScenarioText.make(oracleCase).contains(OracleModelText.all))
        let verdict = Verdict.check(oracleCase)
        let agrees = verdict.agrees
        #expect(agrees, "\(verdict.report)")
    }
}
