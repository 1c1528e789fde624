import RippleCore

/// `ripple audit --format warnings`: the findings as a compiler prints its diagnostics, one a line,
/// `Sources/App/UserList.swift:21:13: warning: 'tap Button …': 4 evaluations, 3 wasted …; … [list-rows]`,
/// which a build log, Xcode's issue navigator and an editor show at the control (the build-tool plugin
/// `RippleLintPlugin` prints them during `swift build`, docs/Plugin.md).
///
/// Each wasting or stale action is a line at its control, under its rule (the same as SARIF's), an
/// `error:` when it adds to a budget the run is over or is worse than the baseline. What the audit could
/// not simulate is not a line per place but one `note:` that counts it; the budgets' failures are
/// `error: ripple: …` lines without a place. A path is printed as the audit has it, as a compiler does,
/// but for a line feed or carriage return in it, written `\n` and `\r` as diagnostics write them
/// (`TerminalText.oneLine`): a file name cannot start a line of its own.
enum AuditWarnings {
    /// The rules of what could not be simulated, which the summary counts, with the word for one and for several.
    static let gaps: [(rule: String, one: String, several: String)] = [
        ("control-not-simulated", "control", "controls"),
        ("action-not-simulated", "action", "actions"),
        ("view-not-simulated", "view or body", "views or bodies"),
    ]

    /// The lines for `findings`, then `failures` (the budgets' and the baseline's), then the summary of
    /// what was not simulated, or not read at all (`unread`), when there is any.
    /// - Parameters:
    ///   - sinceBaseline: whether the findings are only what got worse than a baseline.
    ///   - improved: what did better than the baseline, one `note: ripple:` line after the failures.
    static func text(_ findings: [AuditFinding], failures: [String], coverage: Coverage, unread: [String], sinceBaseline: Bool,
                     improved: [String] = []) -> String {
        var text = ""
        var counts: [String: Int] = [:]
        for finding in findings {
            if gaps.contains(where: { $0.rule == finding.ruleId }) {
                counts[finding.ruleId, default: 0] += 1
                continue
            }
            text += "\(TerminalText.oneLine(finding.file)):\(finding.line):\(finding.column): \(finding.level.rawValue): \(oneLine(finding.message)) [\(finding.ruleId)]\n"
        }
        for failure in failures { text += "error: ripple: \(oneLine(failure))\n" }
        for note in improved { text += "note: ripple: \(oneLine(note))\n" }
        let counted = gaps.compactMap { gap in counts[gap.rule].map { "\($0) \($0 == 1 ? gap.one : gap.several)" } }
        guard !counted.isEmpty || !unread.isEmpty else { return text }
        // Nothing read, nothing to count: only what could not be read is said.
        var parts = coverage.controls == 0 && counted.isEmpty ? []
            : ["\(coverage.controlsExact) of \(coverage.controls) controls simulated exactly (\(coverage.exactPercent))"]
        if !counted.isEmpty {
            parts.append((sinceBaseline ? "not simulated, and new since the baseline: " : "not simulated: ") + counted.joined(separator: ", ")
                         + " (ripple audit --format html shows where)")
        }
        for path in unread { parts.append("could not read '\(oneLine(path))' ('ripple audit \(oneLine(path))' says why)") }
        return text + "note: ripple: " + parts.joined(separator: "; ") + "\n"
    }

    /// The text on one line: a line break in a quoted name would start a line a build log misreads.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }

    /// How a stamp (`--stamp FILE`) begins; a file that does not is never replaced.
    static let stampMark = "// Written by `ripple audit --format warnings --stamp`"

    /// The stamp: a Swift file of comments, the lines printed, that a build system takes as the audit's
    /// output, so that it runs the audit again only when a source changed. Compiled into the target by
    /// the build-tool plugin, it adds nothing to it: the report is split at its line feeds only, and a
    /// carriage return left in a line is written `\r`, since Swift ends a comment at either.
    static func stamp(_ report: String, sources: [String]) -> String {
        var text = stampMark + " of " + sources.map { "'\(TerminalText.oneLine($0))'" }.joined(separator: ", ") + ":\n"
        text += "// the build runs the audit again when one of its sources changes (docs/Plugin.md).\n"
        for line in report.unicodeScalars.split(separator: "\n") { text += "// " + TerminalText.oneLine(String(line)) + "\n" }
        return text
    }
}

extension AuditCommand {
    /// Why `--stamp PATH` may not be written, as `--emit-variant` asks it: not an input, not a file Ripple did not write.
    static func stampRefusal(_ path: String, inputs: [String]) -> String? {
        EmittedVariant.refusal(toWrite: path, files: inputs, what: "the stamp", mark: AuditWarnings.stampMark, option: "--stamp")
    }

    /// Writes the stamp when the run `passed` (within its budgets, no worse than the baseline) and
    /// removes an old one when it did not, so that a build runs a failed audit again; false, having said
    /// why, when the file cannot be written.
    static func writeStamp(_ report: String, to path: String, passed: Bool, sources: [String], stderr: inout some TextOutputStream) -> Bool {
        do throws(Errno) {
            if passed {
                try AtomicFile.write(AuditWarnings.stamp(report, sources: sources).utf8, to: path)
            } else if (try? FileSystem.status(path, followingLinks: false))?.kind == .file {
                // `stampRefusal` found Ripple's mark in it before the audit.
                try FileSystem.removeTree(path)
            }
            return true
        } catch {
            stderr.write("error: \(FileError("cannot write the stamp", path, error).message)\n")
            return false
        }
    }
}
