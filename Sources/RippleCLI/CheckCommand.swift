import RippleCore

/// `ripple check FILE|DIR...`: every `expect` block, with a diff on mismatch.
enum CheckCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let files = try ScenarioFiles.expand(parsed.positionals)
        if let path = parsed.values["junit"] { try JUnitReport.checkDestination(path, inputs: parsed.positionals, files: files) }
        var failed = 0, passed = 0, unchecked = 0, broken = 0
        var report = JUnitReport()
        for file in files {
            guard let scenario = ScenarioFiles.load(file, stderr: &stderr) else {
                broken += 1
                report.add(suite: file, cases: [("load", "could not load the scenario (see diagnostics)")])
                continue
            }
            let results: [ExpectationResult]
            do throws(DiagnosticError) {
                results = try ExpectationChecker.check(scenario)
            } catch {
                stderr.write(error.description + "\n")
                broken += 1
                continue
            }
            if results.isEmpty {
                unchecked += 1
                stdout.write("unchecked \(file): no expectations\n")
                report.add(suite: file, cases: [], skipped: true)
                continue
            }
            var cases: [(String, String?)] = []
            let failures = results.filter { !$0.passed }
            for result in failures {
                stderr.write(describe(result))
            }
            for result in results {
                cases.append(("\(result.step.isEmpty ? "initial" : result.step) in \(result.variant) (\(result.semantics.rawValue))", result.passed ? nil : describe(result)))
            }
            report.add(suite: file, cases: cases)
            if failures.isEmpty {
                passed += 1
                stdout.write("passed \(file): \(results.count) expectation\(results.count == 1 ? "" : "s")\n")
            } else {
                failed += 1
                stdout.write("FAILED \(file): \(failures.count) of \(results.count) expectations\n")
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

    static func describe(_ result: ExpectationResult) -> String {
        let what = result.step.isEmpty ? "the first evaluation" : "step '\(result.step)'"
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
