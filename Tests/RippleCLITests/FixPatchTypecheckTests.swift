import Foundation
import Testing
@testable import RippleCLI

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every kept fix over the gallery, the bundled apps and the Swift fixtures, as `ripple audit --format
/// patch` writes it: the patch applies (`git apply --check`, then applied in a copy), and the rewritten
/// code type-checks with `swiftc -typecheck -swift-version 6` against the SwiftUI stand-in in
/// `Tests/Fixtures/SwiftUIStub` (docs/Audit.md, "The patch"). The code as written is type-checked
/// first, the same way, so a stand-in that lacks something fails here rather than passing nothing.
@Suite(.serialized) struct FixPatchTypecheckTests {
    /// The inputs audited, with the options `docs/Audit.md` audits them with.
    static let audits: [[String]] = {
        let gallery = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Scenarios").path)) ?? []
        let fixtures = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Tests/Fixtures/Swift").path)) ?? []
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Scenarios/apps").path)) ?? []
        return [gallery.filter { $0.hasSuffix(".ripple") }.sorted().map { "Scenarios/" + $0 },
                (apps.sorted().map { "Scenarios/apps/" + $0 } + fixtures.sorted().filter { $0 != "Hostile" }.map { "Tests/Fixtures/Swift/" + $0 }) + ["--rows", "3"]]
    }()

    @Test func everyKeptFixAppliesAndTypeChecks() throws {
        let swiftc = try #require(executableOnPath("swiftc"), "swiftc is needed to type-check the rewrites")
        let git = try #require(executableOnPath("git"), "git is needed to apply the patch")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = try Self.compileStub(swiftc: swiftc, into: folder.appendingPathComponent("stub"))
        var fixes = 0
        for (index, arguments) in Self.audits.enumerated() {
            let audit = ripple(["audit"] + arguments + ["--format", "patch"])
            #expect(!audit.stderr.contains("are not in the patch"), "\(audit.stderr)")
            let patch = audit.stdout
            fixes += patch.components(separatedBy: "\n# fix ").count - 1 + (patch.hasPrefix("# fix ") ? 1 : 0)
            let copy = folder.appendingPathComponent("copy-\(index)")
            let changed = try Self.apply(patch, git: git, inputs: arguments.filter { !$0.hasPrefix("--") && $0 != "3" }, into: copy)
            for file in changed {
                let failures = try Self.typecheck(file, copy: copy, swiftc: swiftc, stub: stub, scratch: folder.appendingPathComponent("scratch"))
                #expect(failures.isEmpty, "\(file): \(failures.joined(separator: "\n"))")
            }
        }
        // The gallery, the apps and the fixtures hold this many kept fixes today; fewer means a fix was lost.
        #expect(fixes >= 23, "only \(fixes) kept fixes were in the patches")
    }

    /// The audited inputs copied into `folder` (each `.ripple` file, each folder whole), the patch
    /// checked and applied there with `git apply`; the paths of the files it changes.
    static func apply(_ patch: String, git: URL, inputs: [String], into folder: URL) throws -> [String] {
        for input in inputs {
            let destination = folder.appendingPathComponent(input)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repository.appendingPathComponent(input), to: destination)
        }
        // A `.ripple` file that reads app source names it by a path relative to itself.
        let changed = patch.split(separator: "\n").filter { $0.hasPrefix("+++ b/") }.map { String($0.dropFirst("+++ b/".count)) }
        for path in changed where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) {
            let source = repository.appendingPathComponent(path).deletingLastPathComponent()
            let destination = folder.appendingPathComponent(path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: destination)
        }
        let file = folder.appendingPathComponent("fixes.patch")
        try patch.write(to: file, atomically: true, encoding: .utf8)
        let check = try runProgram(git, ["apply", "--check", "fixes.patch"], in: folder)
        #expect(check.status == 0, "git apply --check: \(check.stderr)")
        let applied = try runProgram(git, ["apply", "fixes.patch"], in: folder)
        #expect(applied.status == 0, "git apply: \(applied.stderr)")
        return changed
    }

    /// The stand-in compiled as the module `SwiftUI`; the folder to give `-I`.
    static func compileStub(swiftc: URL, into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try runProgram(swiftc, ["-emit-module", "-module-name", "SwiftUI", "-swift-version", "6", "-parse-as-library",
                                             repository.appendingPathComponent("Tests/Fixtures/SwiftUIStub/SwiftUI.swift").path,
                                             "-emit-module-path", folder.appendingPathComponent("SwiftUI.swiftmodule").path])
        #expect(result.status == 0, "the stand-in does not compile: \(result.stderr)")
        return folder
    }

    /// What stops the patched file from type-checking, or stops the original (then the stand-in lacks
    /// something); empty when both do. A `.ripple` file is type-checked variant by variant, for each
    /// variant the patch changed; a Swift file with the smallest set of its app's files that type-checks
    /// as written: the app's folder, the file's own folder, or the file alone.
    static func typecheck(_ path: String, copy: URL, swiftc: URL, stub: URL, scratch: URL) throws -> [String] {
        let original = repository.appendingPathComponent(path), patched = copy.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        func check(_ sources: [(name: String, text: String)], side: String) throws -> String? {
            let side = scratch.appendingPathComponent(side + "-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: side, withIntermediateDirectories: true)
            var files: [String] = []
            for (index, source) in sources.enumerated() {
                let file = side.appendingPathComponent("\(index)-" + source.name)
                try StubSource.prepared(source.text).write(to: file, atomically: true, encoding: .utf8)
                files.append(file.path)
            }
            let result = try runProgram(swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library", "-I", stub.path] + files)
            return result.status == 0 ? nil : result.stderr
        }
        let old = try String(contentsOf: original, encoding: .utf8), new = try String(contentsOf: patched, encoding: .utf8)
        var failures: [String] = []
        if path.hasSuffix(".ripple") {
            for variant in StubSource.variants(of: old) {
                let before = StubSource.swift(ofScenario: old, variant: variant), after = StubSource.swift(ofScenario: new, variant: variant)
                guard before != after else { continue }
                if let error = try check([("\(variant).swift", before)], side: "original") {
                    failures.append("variant '\(variant)' as written does not type-check against the stand-in:\n\(error)")
                } else if let error = try check([("\(variant).swift", after)], side: "patched") {
                    failures.append("variant '\(variant)' with the fixes does not type-check:\n\(error)")
                }
            }
            return failures
        }
        var sets: [[URL]] = []
        for folder in [original.deletingLastPathComponent().deletingLastPathComponent(), original.deletingLastPathComponent()] {
            let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
            if files.count > 1 { sets.append(files) }
        }
        sets.append([original])
        var tried = 0
        while tried < sets.count {
            let set = sets[tried]
            tried += 1
            let sources = try set.map { ($0.lastPathComponent, try String(contentsOf: $0, encoding: .utf8)) }
            if let error = try check(sources, side: "original") {
                // The file's folder again without the other files the errors are in (a fixture that names
                // a type no file declares), tried before the file alone.
                let failing = set.filter { $0 != original && error.contains("-" + $0.lastPathComponent + ":") }
                if set.count > 1, !failing.isEmpty, set.first?.deletingLastPathComponent() == original.deletingLastPathComponent() {
                    sets.insert(set.filter { !failing.contains($0) }, at: tried)
                }
                continue
            }
            // Every file of the set as the patch left it: a fix can change several files of one app.
            let rewritten = try set.map { url in
                let inCopy = copy.appendingPathComponent(String(url.path.dropFirst(repository.path.count + 1)))
                return (url.lastPathComponent, try String(contentsOf: FileManager.default.fileExists(atPath: inCopy.path) ? inCopy : url, encoding: .utf8))
            }
            if let error = try check(rewritten, side: "patched") { failures.append("with the fixes it does not type-check:\n\(error)") }
            return failures
        }
        return ["as written it does not type-check against the stand-in, alone or with its app"]
    }
}

/// What the suite does to source before type-checking it against the stand-in, the same for the code
/// as written and the code with the fixes.
enum StubSource {
    /// `import SwiftUI` added; `#Preview { … }` blocks taken out (a macro of SwiftUI's that needs its
    /// plugin); `@Entry var name: T = value` (likewise) written as the computed property it expands to.
    static func prepared(_ text: String) -> String {
        var lines: [String] = ["import SwiftUI"]
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if skipping { if line == "}" { skipping = false }; continue }
            if line.hasPrefix("#Preview") { skipping = !line.hasSuffix("}"); continue }
            if let range = line.range(of: "@Entry var "), let equals = line.range(of: " = ", range: range.upperBound..<line.endIndex) {
                let indent = line[..<range.lowerBound]
                let declaration = line[range.upperBound..<equals.lowerBound]
                let value = line[equals.upperBound...]
                lines.append("\(indent)var \(declaration) { get { \(value) } set {} }")
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The names of a scenario file's variants, in order.
    static func variants(of text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("variant \""), let end = line.dropFirst(9).firstIndex(of: "\"") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 9)..<end])
        }
    }

    /// The Swift of one variant of a scenario file: its top-level declarations, those the variant
    /// declares again left out, and the variant's own; directives, steps and expectations taken out.
    /// It reads the gallery's layout: a block opens at the end of its directive's line and closes with
    /// a `}` alone at the directive's indentation.
    static func swift(ofScenario text: String, variant: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var topLevel: [String] = []
        var own: [String] = []
        var index = 0
        func skipBlock(from start: Int, indent: String) -> Int {
            guard lines[start].hasSuffix("{") else { return start + 1 }
            var end = start + 1
            while end < lines.count, lines[end] != indent + "}" { end += 1 }
            return end + 1
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("variant \"") {
                let end = skipBlock(from: index, indent: "")
                if line.hasPrefix("variant \"\(variant)\"") {
                    var inner = index + 1
                    while inner < end - 1 {
                        if lines[inner].hasPrefix("    step \"") { inner = skipBlock(from: inner, indent: "    "); continue }
                        own.append(lines[inner])
                        inner += 1
                    }
                }
                index = end
            } else if ["step \"", "expect "].contains(where: line.hasPrefix) {
                index = skipBlock(from: index, indent: "")
            } else if ["scenario ", "semantics ", "visible rows", "source "].contains(where: line.hasPrefix) {
                index += 1
            } else {
                topLevel.append(line)
                index += 1
            }
        }
        let redeclared = Set(own.compactMap { declaredName($0, indent: "    ") })
        var kept: [String] = []
        index = 0
        while index < topLevel.count {
            if let name = declaredName(topLevel[index], indent: ""), redeclared.contains(name) {
                if kept.last?.hasPrefix("@") == true { kept.removeLast() }
                var end = index
                if topLevel[index].hasSuffix("{") { while end < topLevel.count, topLevel[end] != "}" { end += 1 } }
                index = end + 1
                continue
            }
            kept.append(topLevel[index])
            index += 1
        }
        return (kept + own.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }).joined(separator: "\n")
    }

    /// The type a line declares at exactly `indent`: `struct Row: View {` → `Row`.
    static func declaredName(_ line: String, indent: String) -> String? {
        guard line.hasPrefix(indent), line.dropFirst(indent.count).first?.isWhitespace == false else { return nil }
        let words = line.dropFirst(indent.count).split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "{" || $0 == "<" })
        guard let keyword = words.firstIndex(where: { ["struct", "class", "enum"].contains($0) }), keyword + 1 < words.count else { return nil }
        guard words[..<keyword].allSatisfy({ $0.hasPrefix("@") || $0 == "final" || $0 == "private" || $0 == "fileprivate" }) else { return nil }
        return String(words[keyword + 1])
    }
}
