import RippleAudit
import RippleCore

/// `ripple check FILE|DIR...`: every `expect` block, with a diff on mismatch.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let files = try ScenarioFiles.expand(parsed.positionals, stderr: &stderr)
        if let path = parsed.values["junit"] { try JUnitReport.checkDestination(path, inputs: parsed.positionals, files: files) }
        var failed = 0, passed = 0, unchecked = 0, broken = 0
        var report = JUnitReport()
        for file in files {
            guard let scenario = ScenarioFiles.load(file, stderr: &stderr) else {
                broken += 1
                report.add(suite: file, cases: [("load", "could not load the scenario (see diagnostics)")])
                continue
            }
            var results: [ExpectationResult]
            do throws(DiagnosticError) {
                results = try ExpectationChecker.check(scenario)
            } catch {
                stderr.write(error.description + "\n")
                broken += 1
                continue
            }
            // `expect audit { … }`: every action performed, held to the budget.
            for budget in scenario.syntax.auditBudgets {
                let outcome = audit(file, scenario, budget: budget, stderr: &stderr)
                results.append(outcome)
            }
            if results.isEmpty {
                unchecked += 1
                stdout.write("unchecked \(TerminalText.oneLine(file)): no expectations\n")
                report.add(suite: file, cases: [], skipped: true)
                continue
            }
            var cases: [(String, String?)] = []
            let failures = results.filter { !$0.passed }
            for result in failures {
                stderr.write(describe(result))
            }
            // Two blocks can check one step in one variant (one without `in`, one with): their lines tell them apart.
            let names = results.map { "\($0.step.isEmpty ? "initial" : $0.step)\($0.update.map { ", update \($0)" } ?? "") in \($0.variant) (\($0.semantics.rawValue))" }
            for (result, name) in zip(results, names) {
                let shared = names.count { $0 == name } > 1
                cases.append((shared ? "\(name), line \(result.location.line)" : name, result.passed ? nil : describe(result)))
            }
            report.add(suite: file, cases: cases)
            if failures.isEmpty {
                passed += 1
                stdout.write("passed \(TerminalText.oneLine(file)): \(results.count) expectation\(results.count == 1 ? "" : "s")\n")
            } else {
                failed += 1
                stdout.write("FAILED \(TerminalText.oneLine(file)): \(failures.count) of \(results.count) expectations\n")
            }
        }
        stdout.write("\(passed) passed, \(failed) failed, \(unchecked) unchecked, \(broken) with errors\n")
        if let path = parsed.values["junit"] {
            do {
                try AtomicFile.write(report.xml.utf8, to: path)
            } catch {
                stderr.write("error: \(FileError("cannot write the JUnit report", path, error).message)\n")
                return CommandLine.Status.failure
            }
        }
        return failed + broken == 0 ? CommandLine.Status.success : CommandLine.Status.failure
    }

    /// The audit a budget names, as an expectation's result: passed, or failed with what went over.
    static func audit(_ file: String, _ scenario: Scenario, budget: AuditBudgetSyntax, stderr: inout some TextOutputStream) -> ExpectationResult {
        var result = ExpectationResult(step: "audit", variant: budget.variant ?? "every variant", semantics: scenario.semantics,
                                       location: budget.location, mismatches: [])
        // Stand-in rows change what loads, so the scenario is loaded again with them.
        let loaded = budget.rows.flatMap { ScenarioFiles.load(file, options: SourceOptions(rows: $0), stderr: &stderr) } ?? scenario
        let variants = loaded.variants.map(\.name).filter { budget.variant == nil || $0 == budget.variant }
        guard !variants.isEmpty else {
            result.mismatches.append(.init(clause: "audit", message: "no variant '\(budget.variant ?? "")'\(Suggestion.didYouMean(budget.variant ?? "", in: loaded.variants.map(\.name)))"))
            return result
        }
        var rows: [AuditRow] = []
        for variant in variants {
            do throws(DiagnosticError) {
                rows += try Audit().rows(of: loaded, variant: variant, file: file)
            } catch {
                result.mismatches.append(.init(clause: "audit", message: error.diagnostics.first?.message ?? "\(error)"))
            }
        }
        for overrun in AuditBudget(budget).overruns(AuditRow.ranked(rows)) {
            result.mismatches.append(.init(clause: "audit", message: overrun))
        }
        return result
    }

    static func describe(_ result: ExpectationResult) -> String {
        if result.step == "audit", result.mismatches.allSatisfy({ $0.clause == "audit" }) {
            var text = "\(result.location): error: audit budget failed in \(result.variant == "every variant" ? "every variant" : "variant '\(result.variant)'")\n"
            for mismatch in result.mismatches { text += "    \(mismatch.message ?? "")\n" }
            return text
        }
        let what = (result.update.map { "update \($0) of " } ?? "") + (result.step.isEmpty ? "the first evaluation" : "step '\(result.step)'")
        var text = "\(result.location): error: expectation for \(what) failed in variant '\(result.variant)' (\(result.semantics.rawValue))\n"
        for mismatch in result.mismatches {
            if let message = mismatch.message { text += "    \(mismatch.clause): \(message)\n"; continue }
            text += "    \(mismatch.clause):\n"
            for missing in mismatch.missing { text += "      - \(missing.path)   (expected; actually \(missing.actual))\n" }
            for extra in mismatch.extra { text += "      + \(extra.path)   \(extra.causes)\n" }
        }
        return text
    }
}
