// Ripple's Observation rules (docs/Semantics.md rules 1–2) checked against Swift's real Observation runtime.

import Foundation
import Testing
@testable import RippleCore

/// Generated and hand-written cases, each run for real and through Ripple; the two must agree.
@Suite struct OracleTests {
    /// Most disagreements shrunk and printed in one run (shrinking re-runs a case many times).
    static let reportedDisagreements = 3

    @Test func generatedCasesAgreeWithObservation() {
        let configuration = OracleConfiguration.fromEnvironment()
        let seedText = OracleConfiguration.format(configuration.seed)
        print("RippleOracle: seed \(seedText), \(configuration.cases) cases (replay with RIPPLE_ORACLE_SEED=\(seedText); more with RIPPLE_ORACLE_CASES=n)")
        let generator = CaseGenerator(seed: configuration.seed)
        let semantics = Semantics.swift62
        var coverage = Coverage()
        var failures: [(index: Int, oracleCase: OracleCase)] = []
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<configuration.cases {
            let oracleCase = generator.makeCase(index: index)
            coverage.add(oracleCase)
            if !Verdict.check(oracleCase, semantics: semantics).agrees { failures.append((index, oracleCase)) }
        }
        let elapsed = clock.now - start
        print("RippleOracle: \(configuration.cases) cases, \(failures.count) disagreements, \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .abbreviated)))")
        print("RippleOracle coverage:\n\(coverage.summary)")
        for failure in failures.prefix(Self.reportedDisagreements) {
            let report = Verdict.disagreementReport(failure.oracleCase, seed: configuration.seed, index: failure.index, semantics: semantics)
            print(report)
            Issue.record(Comment(rawValue: report))
        }
        #expect(failures.isEmpty, "\(failures.count) of \(configuration.cases) cases disagree (seed \(seedText)); first: \(failures.prefix(10).map { "#\($0.index)" })")
        #expect(coverage.gaps.isEmpty, "\(coverage.gaps)")
    }

    @Test(arguments: NamedCases.all)
    func namedCase(_ named: NamedCase) throws {
        let real = Oracle.run(named.oracleCase)
        #expect(real == named.fires, "Observation: expected \(named.fires), fired \(real)")
        let ripple = RippleRun.run(named.oracleCase, semantics: .swift62)
        guard case .firings(let firings) = ripple else {
            Issue.record("Ripple rejected the scenario: \(ripple)\n\(ScenarioText.make(named.oracleCase))")
            return
        }
        #expect(firings == named.fires, "Ripple: expected \(named.fires), evaluated \(firings)\n\(ScenarioText.make(named.oracleCase))")
    }

    @Test func generationIsDeterministicPerSeedAndIndex() {
        let generator = CaseGenerator(seed: OracleConfiguration.defaultSeed)
        let first = (0..<50).map { generator.makeCase(index: $0) }
        let again = (0..<50).reversed().map { generator.makeCase(index: $0) }.reversed()
        #expect(first == Array(again))
        let other = CaseGenerator(seed: OracleConfiguration.defaultSeed &+ 1)
        #expect(first != (0..<50).map { other.makeCase(index: $0) })
        for oracleCase in first {
            #expect((2...5).contains(oracleCase.readers.count))
            #expect((1...6).contains(oracleCase.writes.count))
            #expect(oracleCase.readers.allSatisfy { (1...3).contains($0.count) && Set($0).count == $0.count })
        }
        #expect(ScenarioText.make(first[0]) == ScenarioText.make(generator.makeCase(index: 0)))
    }

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

    @Test func shrinkerKeepsOnlyWhatTheFailureNeeds() {
        // A stand-in failure: "some reader reads doubled and some write assigns count". The minimum is one reader
        // with that one read and that one write.
        let start = OracleCase(readers: [[.name, .intsCount], [.pointX, .doubled, .mode], [.innerValue]],
                               writes: [.name("b"), .count(1), .intsAppend(3), .count(2)])
        let fails = { (c: OracleCase) in
            c.readers.contains { $0.contains(.doubled) } && c.writes.contains { if case .count = $0 { true } else { false } }
        }
        let shrunk = Shrinker.shrink(start, stillFails: fails)
        #expect(shrunk == OracleCase(readers: [[.doubled]], writes: [.count(1)]))
    }

    @Test func scenarioTextMatchesTheCase() {
        let oracleCase = OracleCase(readers: [[.count, .intsFirst], [.innerIdentity]], writes: [.ints([2, 1]), .innerSpare])
        let text = ScenarioText.make(oracleCase)
        #expect(text.contains(#"struct R0: View {"# + "\n" + #"    var body: some View { Text("\(model.count) \(model.ints[0])") }"#))
        #expect(text.contains(#"Text("\(model.inner === model.inner)")"#))
        #expect(text.contains("step \"w1\" { model.ints = [2, 1] }\nstep \"w2\" { model.inner = spare }\n"))
        #expect(!text.contains("R2"))
    }
}
