import RippleCore

/// `ripple audit --emit-variant NAME`: the code with every proven fix, written as a scenario a person
/// can read, keep and run. It has two variants, the code as written and `NAME`, so `ripple render`
/// draws them side by side and `ripple audit` on it performs every action in both.
enum EmittedVariant {
    /// Where the scenario goes: `NAME.ripple` in the output folder, or a path ending in `.ripple`.
    struct Destination {
        var name: String
        var path: String

        init(_ argument: String, folder: String?) throws(UsageError) {
            let file = argument.hasSuffix(".ripple") ? argument : argument + ".ripple"
            name = String(FileSystem.lastComponent(of: file).dropLast(".ripple".count))
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }) else {
                throw UsageError(message: "--emit-variant takes a name of letters, digits, '-', '_' and spaces, not '\(argument)'")
            }
            path = folder.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + file } ?? file
        }

        /// The file for one variant's fixes: the path itself, or with the variant's name added when
        /// several variants have fixes.
        func path(for fixes: AuditFixes, among all: [AuditFixes]) -> String {
            guard all.count > 1 else { return path }
            return String(path.dropLast(".ripple".count)) + "-" + fixes.variant + ".ripple"
        }
    }

    /// The scenario's text.
    static func text(_ fixes: AuditFixes, name: String, path: String) -> String {
        let syntax = fixes.scenario.syntax
        let original = ProvenFixes.declarations(of: syntax, variant: fixes.variant)
        var fixed = original
        for fix in fixes.kept { fixed = fix.applied(to: fixed) }
        // A declaration a fix changed or added (a view it moved code into), by name.
        let before = Dictionary(original.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let changed = Set(fixed.filter { before[$0.name] != $0 }.map(\.name))
        let printer = SwiftPrinter()
        let variant = fixes.variant == name ? fixes.variant + " as written" : fixes.variant
        var text = "// Written by `ripple audit --emit-variant \(name)` from \(fixes.file): the variant '\(variant)' as written\n"
        text += "// and '\(name)', the same code with the fixes Ripple made and proved by performing every action again:\n"
        for (index, fix) in fixes.kept.enumerated() { text += "// \(index + 1). \(fix.summary)\n" }
        let proofs = fixes.proofs.filter { $0.rejected == nil }
        if let first = proofs.first, let last = proofs.last?.after {
            text += "// Measured: \(first.before.change(to: last)) across \(first.before.actions) actions.\n"
        }
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
        let location = syntax.variants.first { $0.name == fixes.variant }?.location ?? SourceLocation(file: fixes.file, line: 0, column: 0)
        text += printer.stepsAndBlocks(syntax.steps, blocks: [
            (location, printer.variant(variant, declarations: appSource ? [] : original.filter { changed.contains($0.name) }, steps: own)),
            (location, printer.variant(name, declarations: fixed.filter { changed.contains($0.name) }, steps: own)),
        ])
        return text
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
