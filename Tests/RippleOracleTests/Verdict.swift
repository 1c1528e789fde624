// One case run both ways, and what to print when the two runs disagree.

@testable import RippleCore

/// A case run against Swift's Observation runtime and through Ripple, reader by reader, write by write.
struct Verdict {
    let oracleCase: OracleCase
    let real: Firings
    let ripple: RippleOutcome

    var agrees: Bool { ripple == .firings(real) }

    static func check(_ oracleCase: OracleCase, semantics: Semantics = .swift62) -> Verdict {
        Verdict(oracleCase: oracleCase, real: Oracle.run(oracleCase), ripple: RippleRun.run(oracleCase, semantics: semantics))
    }

    /// Both outcomes per write, then the scenario text.
    var report: String {
        var lines: [String] = []
        for (index, write) in oracleCase.writes.enumerated() {
            let realNames = Self.names(real.fired[index])
            let rippleNames: String
            switch ripple {
            case .firings(let firings): rippleNames = Self.names(firings.fired[index])
            case .rejected: rippleNames = "(rejected)"
            }
            let mark = realNames == rippleNames ? " " : "≠"
            lines.append("\(mark) w\(index + 1) \(write.rippleText()): Observation fires \(realNames); Ripple evaluates \(rippleNames)")
        }
        if case .rejected(let diagnostics) = ripple { lines.append("Ripple rejected the scenario:\n" + diagnostics) }
        lines.append("--- scenario ---")
        lines.append(ScenarioText.make(oracleCase))
        return lines.joined(separator: "\n")
    }

    private static func names(_ fired: [Bool]) -> String {
        let names = fired.enumerated().filter(\.element).map { CaseNames().reader($0.offset) }
        return names.isEmpty ? "nothing" : names.joined(separator: ", ")
    }

    /// The report for a generated case that disagreed: shrunk first, with the seed and index to replay it.
    static func disagreementReport(_ oracleCase: OracleCase, seed: UInt64, index: Int, semantics: Semantics) -> String {
        let shrunk = Shrinker.shrink(oracleCase) { !check($0, semantics: semantics).agrees }
        let verdict = check(shrunk, semantics: semantics)
        let size = { (c: OracleCase) in
            [(c.readers.count, "reader"), (c.readers.joined().count, "read"), (c.writes.count, "write")]
                .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }.joined(separator: ", ")
        }
        return """
        Ripple disagrees with Observation: seed \(OracleConfiguration.format(seed)), case #\(index) \
        (replay: RIPPLE_ORACLE_SEED=\(OracleConfiguration.format(seed)) RIPPLE_ORACLE_CASES=\(index + 1)), semantics \(semantics.rawValue)
        shrunk from \(size(oracleCase)) to \(size(shrunk))
        \(verdict.report)
        """
    }
}
