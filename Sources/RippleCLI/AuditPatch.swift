import RippleAudit
import RippleCore
import RippleSwift

/// `ripple audit --format patch` and `--emit-patch FILE`: every kept fix as one unified diff against the
/// audited source, which `git apply` (or `patch -p1`) applies in the working folder the audit ran in.
///
/// Each file's diff is headed by comment lines naming the fixes that change it and their proofs (`#
/// fix 1: …`, `#   proof: 5 → 4 evaluations on: …`), lines `git apply` passes over; each hunk's `@@`
/// line names the fixes whose types it touches. The same input gives the same bytes.
enum AuditPatch {
    /// How every file `--emit-patch` writes begins; a file that does not is never replaced.
    static let mark = "# Written by `ripple audit --emit-patch`"

    /// The patch of every kept fix in `results`, and a note for each variant whose fixes could not be
    /// written into the source, with the reason.
    static func text(_ results: [AuditResult]) -> (patch: String, notes: [String]) {
        var groups: [FixPatch.Group] = []
        var proofs: [(variant: AuditFixes, proof: AuditFixes.Proof)] = []
        var texts: [String: String] = [:]
        var unread: [String] = []
        for result in results {
            for variant in result.variants where !variant.fixes.kept.isEmpty {
                let fixes = variant.fixes
                let group = FixPatch.group(fixes.scenario.syntax, variant: fixes.variant, fixes: fixes.kept, first: proofs.count)
                groups.append(group)
                proofs += fixes.proofs.filter { $0.rejected == nil }.map { (fixes, $0) }
                for declaration in group.original where texts[declaration.location.file] == nil && !unread.contains(declaration.location.file) {
                    let path = declaration.location.file
                    if let text = source(path) { texts[path] = text } else { unread.append(path) }
                }
            }
        }
        let (files, leftOut) = FixPatch.rewrittenFiles(groups, texts: texts)
        var notes: [String] = []
        for (index, reason) in leftOut {
            let fixes = groups[index].fixes
            let variant = proofs[groups[index].first].variant
            notes.append("the fixes of '\(variant.file)'\(variant.variant == "main" ? "" : " (variant '\(variant.variant)')") are not in the patch: "
                         + (fixes.count == 1 ? "" : "\(fixes.count) fixes, ") + reason.message)
        }
        func heading(_ numbers: [Int]) -> String {
            numbers.map { number in
                let (variant, proof) = proofs[number]
                return "# fix \(number + 1) (\(variant.file)\(variant.variant == "main" ? "" : ", variant '\(variant.variant)'")): \(TerminalText.oneLine(proof.summary))\n"
                    + "#   proof: \(proofLine(proof))\n"
            }.joined()
        }
        func section(_ numbers: [Int]) -> String {
            numbers.map { "fix \($0 + 1): \(evaluations(proofs[$0].proof))" }.joined(separator: "; ")
        }
        let patch = FixPatch.diff(files, pathShown: shown, heading: heading, section: section)
        return (patch, notes)
    }

    /// The text of a source file the fixes rewrite, or nil when it cannot be read.
    @Sendable static func source(_ path: String) -> String? {
        guard case .bytes(let bytes)? = try? FileSystem.read(path, atMost: Scenario.maximumFileSize) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The check the audit makes of each fix before it tries it (`Scenario.rewriteCheck`): the fix, with
    /// those kept before it, can be written into the files as Swift that parses.
    static let rewriteCheck: @Sendable (ScenarioSyntax, String, [ProvenFix]) -> String? = { syntax, variant, fixes in
        FixPatch.problem(syntax, variant: variant, fixes: fixes, read: source)
    }

    /// `5 → 4 evaluations`, with the wasted ones when they changed.
    static func evaluations(_ proof: AuditFixes.Proof) -> String {
        guard let after = proof.after else { return "" }
        return "\(proof.before.evaluations) → \(after.evaluations) evaluations"
            + (proof.before.wasted != after.wasted ? ", wasted \(proof.before.wasted) → \(after.wasted)" : "")
    }

    /// `5 → 4 evaluations, wasted 1 → 0 across 3 actions, on: refresh counter changes`.
    static func proofLine(_ proof: AuditFixes.Proof) -> String {
        evaluations(proof) + " across \(proof.before.actions) actions"
            + (proof.improved.isEmpty ? "" : ", on: " + proof.improved.map(TerminalText.oneLine).joined(separator: ", "))
    }

    /// A path as the patch names it: relative to the working folder, without `./`.
    static func shown(_ path: String) -> String {
        var path = path
        if path.hasPrefix("/") {
            let folder = FileSystem.currentFolder()
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
        }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        return path
    }

    /// Where `--emit-patch NAME` writes: a plain file name in the output folder, or the working folder.
    static func destination(_ argument: String, folder: String?, inputs: [String]) throws(UsageError) -> String {
        let plain = !argument.isEmpty && !argument.hasPrefix(".")
            && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_. ".contains($0) }
        guard plain else {
            throw UsageError(message: "--emit-patch takes a file name of letters, digits, '.', '-', '_' and spaces, without a folder, not '\(argument)'")
        }
        if let folder, let link = FolderWalk.linkOutOfTheWorkingFolder(folder) {
            throw UsageError(message: "refusing to write the patch into '\(folder)': \(link); choose another output folder with -o")
        }
        let path = folder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + argument } ?? argument
        if let refusal = EmittedVariant.refusal(toWrite: path, files: inputs, what: "the patch", mark: mark, option: "--emit-patch") {
            throw UsageError(message: refusal)
        }
        return path
    }

    /// Prints the patch for `--format patch`, and writes it to `path` for `--emit-patch`, atomically,
    /// checked again as it is written; notes go to standard error. False when the file could not be written.
    static func write(_ results: [AuditResult], format: String, to path: String?, inputs: [String],
                      stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Bool {
        let (patch, notes) = text(results)
        for note in notes { stderr.write("note: \(TerminalText.oneLine(note))\n") }
        if patch.isEmpty { stderr.write("note: no fix was proven, so the patch is empty\n") }
        if format == "patch" { stdout.write(patch) }
        guard let path else { return true }
        if let refusal = EmittedVariant.refusal(toWrite: path, files: inputs, what: "the patch", mark: mark, option: "--emit-patch") {
            stderr.write("error: \(TerminalText.oneLine(refusal))\n")
            return false
        }
        do {
            try AtomicFile.write((mark + "\n" + patch).utf8, to: path)
            stderr.write("wrote \(TerminalText.oneLine(path))\n")
            return true
        } catch {
            stderr.write("error: \(FileError("cannot write the patch", path, error).message)\n")
            return false
        }
    }
}
