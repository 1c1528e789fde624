import RippleAudit
import RippleCore
import RippleRender
import RippleSwift

/// `ripple audit --emit-variant NAME`: the code with every proven fix, written as a scenario a person
/// can read, keep and run. It has two variants, the code as written and `NAME`, so `ripple render`
/// draws them side by side and `ripple audit` on it performs every action in both.
enum EmittedVariant {
    /// How every file it writes begins; a file that does not is never replaced.
    static let mark = "// Written by `ripple audit --emit-variant "

    /// Where the scenarios go: `NAME.ripple` in the output folder (or the working folder), and
    /// `NAME-VARIANT.ripple` for each variant when several have fixes.
    struct Destination {
        var name: String
        var path: String

        /// Refuses anything but a plain file name, `.ripple` or not: no folder, no `..`, no absolute path.
        init(_ argument: String, folder: String?) throws(UsageError) {
            name = argument.hasSuffix(".ripple") ? String(argument.dropLast(".ripple".count)) : argument
            guard EmittedVariant.isPlainName(name) else {
                throw UsageError(message: "--emit-variant takes a file name of letters, digits, '-', '_' and spaces, without a folder, not '\(argument)'")
            }
            if let folder, let link = FolderWalk.linkOutOfTheWorkingFolder(folder) {
                throw UsageError(message: "refusing to write the variant into '\(folder)': \(link); choose another output folder with -o")
            }
            let file = name + ".ripple"
            path = folder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + file } ?? file
        }

        /// The file for each variant's fixes: the path itself, or with the variant's name added when
        /// several variants have fixes (its slug when the name is not a plain file name), made distinct.
        func paths(forVariants variants: [String]) -> [String] {
            guard variants.count > 1 else { return variants.map { _ in path } }
            let stem = String(path.dropLast(".ripple".count))
            var used: Set<String> = []
            return variants.map { variant in
                let part = EmittedVariant.isPlainName(variant) ? variant : FileName.slug(variant)
                return FileName.distinct(stem + "-" + part, from: &used) + ".ripple"
            }
        }
    }

    /// Letters, digits, `-`, `_` and spaces, and not empty.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
    }

    /// Why `path` may not be written, or nil: it is one of the scenario files read (by its resolved path,
    /// or by device and inode, so a hard link counts), or a file Ripple did not write (one whose first
    /// line is not `mark`, a folder, a symbolic link). `--stamp` asks the same of its file, with its own
    /// `what`, `mark` and `option`.
    static func refusal(toWrite path: String, files: [String], what: String = "the variant", mark: String = mark,
                        option: String = "--emit-variant") -> String? {
        let existing = try? FileSystem.status(path, followingLinks: false)
        let destination = FileSystem.resolved(path)
        for file in files {
            let same = existing.flatMap { existing in (try? FileSystem.status(file)).map(existing.isSameFile) } ?? false
            if same || FileSystem.resolved(file) == destination {
                return "refusing to write \(what) to '\(path)': it is the scenario file '\(file)'; choose another name for \(option)"
            }
        }
        guard let existing else { return nil }
        if existing.kind == .file, let head = try? FileSystem.prefix(path, count: mark.utf8.count),
           String(decoding: head, as: UTF8.self) == mark {
            return nil
        }
        return "refusing to replace '\(path)': Ripple did not write it; move it away or choose another name for \(option)"
    }

    /// The options of `ripple audit` that change what it performs and counts, as given in `arguments`:
    /// what the emitted file records so that auditing it the same way gives the same numbers.
    static func countingOptions(_ arguments: ParsedArguments) -> [String] {
        var options: [String] = []
        for name in ["rows", "visible-rows", "depth", "os", "define", "root"] {
            if let value = arguments.values[name] { options.append("--\(name) \(value)") }
        }
        if arguments.flags.contains("all-rows") { options.append("--all-rows") }
        return options
    }

    /// The scenario's text; `options` are the counting options the audit ran with (`countingOptions`).
    static func text(_ fixes: AuditFixes, name: String, path: String, options: [String] = []) -> String {
        let syntax = fixes.scenario.syntax
        let original = ProvenFixes.declarations(of: syntax, variant: fixes.variant)
        var fixed = original
        for fix in fixes.kept { fixed = fix.applied(to: fixed) }
        // A declaration a fix changed or added (a view it moved code into), by name.
        let before = Dictionary(original.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(fixed.filter { before[$0.name] != $0 }.map(\.name))
        let printer = SwiftPrinter()
        let variant = fixes.variant == name ? fixes.variant + " as written" : fixes.variant
        var text = mark + "\(name)` from \(fixes.file): the variant '\(variant)' as written\n"
        text += "// and '\(name)', the same code with the fixes Ripple made and proved by performing every action again:\n"
        for (index, fix) in fixes.kept.enumerated() { text += "// \(index + 1). \(fix.summary)\n" }
        let proofs = fixes.proofs.filter { $0.rejected == nil }
        if let first = proofs.first, let last = proofs.last?.after {
            text += "// Measured: \(first.before.change(to: last)) across \(first.before.actions) actions.\n"
        }
        // The options the numbers were measured with: the audit of this file gives them again with the same.
        text += "// Audited with: ripple audit" + (options.isEmpty ? " (no options that change the counts)" : " " + options.joined(separator: " ")) + "\n"
        text += "scenario \"\(((syntax.title ?? fixes.file) + ": as written and " + name).escapedForSwift)\"\n"
        if let semantics = syntax.semantics { text += "semantics \(semantics.rawValue)\n" }
        let appSource = syntax.readsOtherModules
        if appSource {
            // App source is read where it is; only the declarations the fixes changed are written here.
            let folder = FileSystem.parentFolder(of: FileSystem.resolved(path))
            let sources = syntax.sources.isEmpty
                ? [FileSystem.resolved(fixes.file)]
                : syntax.sources.map { FileSystem.resolved(FileSystem.parentFolder(of: fixes.file) + "/" + $0.path) }
            for source in sources { text += "source \"\(relativePath(source, from: folder).escapedForSwift)\"\n" }
        } else {
            text += "\n" + printer.declarations(original.filter { !changed.contains($0.name) })
        }
        // Both variants sit where the audited one was, so the steps keep their order.
        let own = syntax.steps.filter { $0.variant == fixes.variant }
        // The fixed variant's steps read what the fixes renamed (a flattened struct's field): each step
        // the fixes change is given to that variant as its own, in place of the top-level one.
        let shared = syntax.steps.filter { step in step.variant == nil && !own.contains { $0.name == step.name } }
        let fixedSteps = ProvenFixes.steps(own, applying: fixes.kept)
            + zip(shared, ProvenFixes.steps(shared, applying: fixes.kept)).compactMap { $0 == $1 ? nil : $1 }
        let location = syntax.variants.first { $0.name == fixes.variant }?.location ?? SourceLocation(file: fixes.file, line: 0, column: 0)
        // The changed types as the source writes them and as the patch rewrites them, so what Ripple's
        // tree does not keep (generic parameters, `@ViewBuilder`, `private(set)`, comments) stays; printed
        // from the tree when the source cannot be read again.
        let group = FixPatch.group(syntax, variant: fixes.variant, fixes: fixes.kept, first: 0)
        if let types = FixPatch.rewrittenTypes(group, read: AuditPatch.source),
           Set(types.map(\.name)) == Set(original.filter { changed.contains($0.name) }.map(\.name)) {
            let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let written = appSource ? [] : original.filter { changed.contains($0.name) }.compactMap { byName[$0.name]?.old }
            let rewritten = fixed.filter { changed.contains($0.name) }.compactMap { byName[$0.name]?.new }
            text += printer.stepsAndBlocks(syntax.steps, blocks: [
                (location, sourceVariant(variant, texts: written, steps: own)),
                (location, sourceVariant(name, texts: rewritten, steps: own)),
            ])
            return text
        }
        text += printer.stepsAndBlocks(syntax.steps, blocks: [
            (location, printer.variant(variant, declarations: appSource ? [] : original.filter { changed.contains($0.name) }, steps: own)),
            (location, printer.variant(name, declarations: fixed.filter { changed.contains($0.name) }, steps: fixedSteps)),
        ])
        return text
    }

    /// `variant "name" { … }` holding declarations as source text, each indented one level, a blank line
    /// between each two, and the steps the variant runs in place of the top-level ones.
    static func sourceVariant(_ name: String, texts: [String], steps: [StepSyntax]) -> String {
        let printer = SwiftPrinter()
        var text = "variant \"" + name.escapedForSwift + "\" {\n"
        text += texts.map { declaration in
            declaration.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
        for step in steps { text += (texts.isEmpty && step == steps.first ? "" : "\n") + printer.step(step, level: 1) }
        return text + "}\n"
    }

    /// `target` relative to the folder `base`, both absolute: `../apps/task-manager`.
    static func relativePath(_ target: String, from base: String) -> String {
        let to = target.split(separator: "/"), from = base.split(separator: "/")
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
