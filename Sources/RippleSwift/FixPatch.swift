package import RippleCore
internal import SwiftParser
internal import SwiftSyntax

/// The kept fixes written into the audited source itself: each file they change, as it reads after
/// them, and the unified diff of all of them (`ripple audit --format patch`).
///
/// The fixes rewrite Ripple's own tree, which keeps only what it simulates. The patch changes no more of
/// the source than the fixes changed: the file is parsed again with swift-syntax and each changed type
/// is edited member by member, so its generic parameters, comments, access levels and the members no
/// fix touched stay as written. A member's attributes alone (`@Published` removed, `@StateObject` →
/// `@State`) are edited in place; a function or initializer whose body alone changed gets the new body
/// under its own signature; another changed member is printed again after its own attributes and
/// modifiers (`private(set)` stays); a removed member's lines go; an added member goes after the member
/// it follows in the rewrite, and a view a fix adds goes after the type the fix changed. Every changed
/// type must parse without an error once rewritten, or there is no patch.
package enum FixPatch {
    /// Why the fixes could not be written into the source.
    package struct Failure: Error, Sendable, Equatable {
        package var message: String
    }

    /// One file the fixes change.
    package struct RewrittenFile: Sendable, Equatable {
        /// The path the declarations' locations give.
        package var path: String
        package var old: String
        package var new: String
        /// The lines of each changed type in the old text, 1-based, with the indices of the fixes that
        /// changed it.
        package var regions: [Region]
        /// Each changed type's text as written and as the fixes leave it (with the types they add after
        /// it), without the indentation of the line it starts on.
        package var types: [TypeText] = []
    }

    /// A changed type's source before and after the fixes.
    package struct TypeText: Sendable, Equatable {
        package var name: String
        package var old: String
        package var new: String
    }

    /// The source text of each type the group's fixes change, as written and rewritten, or nil when the
    /// fixes cannot be written into `texts` (`rewrittenFiles` says why).
    package static func rewrittenTypes(_ group: Group, read: (String) -> String?) -> [TypeText]? {
        guard let changes = try? changes(group) else { return nil }
        var types: [TypeText] = []
        for path in changes.keys.sorted() {
            guard let text = read(path), let file = try? rewrite(text, path: path, changes: changes[path]!) else { return nil }
            types += file.types
        }
        return types
    }

    /// Lines of the old text and the fixes that changed them.
    package struct Region: Sendable, Equatable {
        package var lines: ClosedRange<Int>
        package var fixes: [Int]
    }

    /// The kept fixes of one audited variant, applied in order to its declarations as written; `first`
    /// is the number its first fix has among all the fixes of a patch.
    package struct Group: Sendable {
        package var original: [DeclarationSyntax]
        package var fixes: [ProvenFix]
        package var first: Int
        /// In a scenario file of several variants, the top-level declarations the variant shares with the
        /// others, and the last type its own block declares: a shared type the fixes change is written
        /// again after that type, inside the block, where it takes the top-level one's place for this
        /// variant alone, and the top level stays as it was for the others. Nil for app source, whose
        /// screens are one program.
        package var block: (shared: Set<String>, last: TypeDeclarationSyntax)?

        package init(original: [DeclarationSyntax], fixes: [ProvenFix], first: Int,
                     block: (shared: Set<String>, last: TypeDeclarationSyntax)? = nil) {
            self.original = original
            self.fixes = fixes
            self.first = first
            self.block = block
        }
    }

    /// The group of a variant's fixes: its declarations as written, and for a variant of a scenario file
    /// of several, the top-level declarations it shares with the others and the last type its own block
    /// declares (`Group.block`).
    package static func group(_ syntax: ScenarioSyntax, variant: String, fixes: [ProvenFix], first: Int) -> Group {
        var group = Group(original: ProvenFixes.declarations(of: syntax, variant: variant), fixes: fixes, first: first)
        if !syntax.readsOtherModules, syntax.variants.count > 1, let block = syntax.variants.first(where: { $0.name == variant }),
           case .type(let last)? = block.declarations.last(where: { if case .type = $0 { true } else { false } }) {
            group.block = (Set(syntax.declarations.map(\.name)).subtracting(block.declarations.map(\.name)), last)
        }
        return group
    }

    /// Why the fixes of a variant cannot be written into its source, read with `read`, or nil; nil too
    /// when a file cannot be read again (a scenario read from a pipe), which no patch is made for.
    package static func problem(_ syntax: ScenarioSyntax, variant: String, fixes: [ProvenFix], read: (String) -> String?) -> String? {
        let group = group(syntax, variant: variant, fixes: fixes, first: 0)
        var texts: [String: String] = [:]
        for declaration in group.original where texts[declaration.location.file] == nil {
            guard let text = read(declaration.location.file) else { return nil }
            texts[declaration.location.file] = text
        }
        return rewrittenFiles([group], texts: texts).leftOut.first?.reason.message
    }

    /// The files the groups' fixes change, each read from `texts` by the path its declarations'
    /// locations give, in path order, and each group left out with the reason: one whose rewrite cannot
    /// be written into the source, or that changes a type another group (a variant of the same file)
    /// changes otherwise. A group that changes nothing in a file changes no other group's rewrite of it.
    package static func rewrittenFiles(_ groups: [Group], texts: [String: String]) -> (files: [RewrittenFile], leftOut: [(group: Int, reason: Failure)]) {
        var leftOut: [(group: Int, reason: Failure)] = []
        var merged: [String: [TypeChange]] = [:]
        var groupsOfFile: [String: Set<Int>] = [:]
        for (index, group) in groups.enumerated() {
            do throws(Failure) {
                let changes = try changes(group)
                var next = merged
                for (path, list) in changes {
                    for change in list {
                        if let same = next[path]?.firstIndex(where: {
                            $0.before.name == change.before.name && $0.before.location == change.before.location && $0.moved?.location == change.moved?.location
                        }) {
                            guard next[path]![same].after == change.after, next[path]![same].added == change.added else {
                                throw Failure(message: "it changes '\(change.before.name)' in '\(path)', which another variant's fixes change otherwise")
                            }
                            next[path]![same].fixes += change.fixes
                        } else {
                            next[path, default: []].append(change)
                        }
                    }
                }
                // Written alone, so a file it cannot rewrite leaves the other groups' rewrites as they were.
                for path in changes.keys {
                    guard let text = texts[path] else { throw Failure(message: "the source '\(path)' was not read") }
                    _ = try rewrite(text, path: path, changes: next[path]!)
                }
                merged = next
                for path in changes.keys { groupsOfFile[path, default: []].insert(index) }
            } catch {
                leftOut.append((index, error))
            }
        }
        var files: [RewrittenFile] = []
        for path in merged.keys.sorted() {
            if let file = try? rewrite(texts[path]!, path: path, changes: merged[path]!) { files.append(file) }
        }
        return (files, leftOut)
    }

    /// The types a group's fixes change or add, by file, each with the numbers of the fixes that touch it.
    static func changes(_ group: Group) throws(Failure) -> [String: [TypeChange]] {
        let original = group.original, fixes = group.fixes
        var fixed = original
        for fix in fixes { fixed = fix.applied(to: fixed) }
        let before = Dictionary(original.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [String: [TypeChange]] = [:]
        for declaration in fixed {
            let touching = fixes.indices.filter { index in fixes[index].after.contains { $0.name == declaration.name } }
            if let old = before[declaration.name] {
                guard old != declaration else { continue }
                guard case .type(let oldType) = old, case .type(let newType) = declaration else {
                    throw Failure(message: "it changes '\(declaration.name)', which is not a type")
                }
                var change = TypeChange(before: oldType, after: newType, added: [], fixes: touching.map { $0 + group.first })
                if let block = group.block, block.shared.contains(oldType.name) {
                    guard block.last.location.file == oldType.location.file else { throw Failure(message: "the variant's block is not in the file that declares '\(oldType.name)'") }
                    change.moved = block.last
                }
                changes[oldType.location.file, default: []].append(change)
            } else {
                guard case .type(let newType) = declaration else { throw Failure(message: "it adds '\(declaration.name)', which is not a type") }
                // A type a fix adds goes after the last type of the code as written that the same fix changed.
                let anchor = touching.lazy.flatMap { fixes[$0].after.reversed() }.first { before[$0.name] != nil }
                guard let anchor, case .type(let anchorType) = before[anchor.name]!,
                      let index = changes[anchorType.location.file]?.firstIndex(where: { $0.before.name == anchor.name }) else {
                    throw Failure(message: "no changed type of the code as written to put '\(declaration.name)' after")
                }
                changes[anchorType.location.file]![index].added.append(newType)
            }
        }
        return changes
    }

    /// The unified diff of the rewritten files, paths as `pathShown` gives them, each file's diff headed
    /// by `heading(fixes)` for the fixes that change it, and each hunk by the summaries of the fixes whose
    /// types it touches, as `section(fixes)` gives them.
    package static func diff(_ files: [RewrittenFile], pathShown: (String) -> String, heading: ([Int]) -> String,
                             section: ([Int]) -> String) -> String {
        var text = ""
        for file in files.sorted(by: { pathShown($0.path) < pathShown($1.path) }) {
            let all = Array(Set(file.regions.flatMap(\.fixes))).sorted()
            text += heading(all)
            text += UnifiedDiff.fileDiff(path: pathShown(file.path), old: file.old, new: file.new) { start, count in
                let lines = start...(start + max(count, 1) - 1)
                let touching = Array(Set(file.regions.filter { $0.lines.overlaps(lines) }.flatMap(\.fixes))).sorted()
                return section(touching)
            }
        }
        return text
    }

    // MARK: - One file

    /// A type the fixes changed, as it was and as it is, the types they added after it, and the fixes.
    struct TypeChange {
        var before: TypeDeclarationSyntax
        var after: TypeDeclarationSyntax
        var added: [TypeDeclarationSyntax]
        var fixes: [Int]
        /// The type of the variant's block the rewrite goes after, leaving the type as written in its place;
        /// nil to rewrite it in place.
        var moved: TypeDeclarationSyntax?
    }

    /// A replacement of a byte range of the file.
    struct Edit {
        var range: Range<Int>
        var text: String
    }

    static func rewrite(_ text: String, path: String, changes: [TypeChange]) throws(Failure) -> RewrittenFile {
        let tree = Parser.parse(source: text)
        let nodes = Nodes(tree: tree, file: path)
        let bytes = Array(text.utf8)
        var spliced: [(range: Range<Int>, text: String, lines: ClosedRange<Int>, fixes: [Int])] = []
        var types: [TypeText] = []
        for change in changes {
            guard let node = nodes.types[Nodes.key(change.before.name, change.before.location.line)] else {
                throw Failure(message: "'\(change.before.name)' is not found at \(path):\(change.before.location.line)")
            }
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset, end = node.endPositionBeforeTrailingTrivia.utf8Offset
            let indent = Self.indentation(of: start, in: bytes)
            var editor = TypeEditor(bytes: bytes, nodes: nodes, indent: indent)
            try editor.edit(node, from: change.before, to: change.after)
            var rewritten = Self.applying(editor.edits, to: bytes, within: start..<end)
            for added in change.added {
                let printed = SwiftPrinter().type(added, level: 0, isFinal: true)
                rewritten += "\n\n" + indent + Self.indented(printed, by: indent)
            }
            // A rewrite that does not parse would not be a fix a person can apply.
            if Parser.parse(source: rewritten).hasError {
                throw Failure(message: "the rewritten '\(change.before.name)' does not parse")
            }
            types.append(TypeText(name: change.before.name, old: Self.dedented(String(decoding: bytes[start..<end], as: UTF8.self), by: indent),
                                  new: Self.dedented(rewritten, by: indent)))
            if let moved = change.moved {
                guard let anchor = nodes.types[Nodes.key(moved.name, moved.location.line)] else {
                    throw Failure(message: "'\(moved.name)' is not found at \(path):\(moved.location.line)")
                }
                let place = anchor.endPositionBeforeTrailingTrivia.utf8Offset
                let blockIndent = Self.indentation(of: anchor.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes)
                let text = "\n\n" + blockIndent + Self.indented(rewritten, by: blockIndent)
                spliced.append((place..<place, text, nodes.line(of: place)...nodes.line(of: place), change.fixes))
                continue
            }
            let lines = nodes.line(of: start)...nodes.line(of: end)
            spliced.append((start..<end, rewritten, lines, change.fixes))
        }
        spliced.sort { $0.range.lowerBound < $1.range.lowerBound }
        for (first, second) in zip(spliced, spliced.dropFirst()) where first.range.overlaps(second.range) {
            throw Failure(message: "two changed types overlap in '\(path)'")
        }
        let new = Self.applying(spliced.map { Edit(range: $0.range, text: $0.text) }, to: bytes, within: 0..<bytes.count)
        return RewrittenFile(path: path, old: text, new: new, regions: spliced.map { Region(lines: $0.lines, fixes: $0.fixes) }, types: types)
    }

    /// The text with `indent` taken off the start of each line after the first that has it.
    static func dedented(_ text: String, by indent: String) -> String {
        guard !indent.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset > 0 && $0.element.hasPrefix(indent) ? String($0.element.dropFirst(indent.count)) : String($0.element) }
            .joined(separator: "\n")
    }

    /// The text of `bytes[range]` with the edits inside it made; the edits do not overlap.
    static func applying(_ edits: [Edit], to bytes: [UInt8], within range: Range<Int>) -> String {
        var result: [UInt8] = []
        var cursor = range.lowerBound
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            result += bytes[cursor..<edit.range.lowerBound]
            result += Array(edit.text.utf8)
            cursor = edit.range.upperBound
        }
        result += bytes[cursor..<range.upperBound]
        return String(decoding: result, as: UTF8.self)
    }

    /// The spaces and tabs that start the line holding `offset`.
    static func indentation(of offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        var end = start
        while end < offset, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Printed text at level 0, without its last line break, its lines after the first indented by `indent`.
    static func indented(_ printed: String, by indent: String) -> String {
        var text = printed
        while text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : indent + $0.element }.joined(separator: "\n")
    }

    // MARK: - Finding the declarations again

    /// The types and members of a parsed file, by name and the line of the token Ripple's location gives.
    struct Nodes {
        var types: [String: DeclSyntax] = [:]
        var members: [String: DeclSyntax] = [:]
        let converter: SourceLocationConverter

        init(tree: SourceFileSyntax, file: String) {
            converter = SourceLocationConverter(fileName: file, tree: tree)
            let finder = Finder(viewMode: .sourceAccurate)
            finder.walk(tree)
            for (name, token, decl) in finder.types { types[Self.key(name, line(of: token.positionAfterSkippingLeadingTrivia.utf8Offset))] = decl }
            for (name, token, decl) in finder.members { members[Self.key(name, line(of: token.positionAfterSkippingLeadingTrivia.utf8Offset))] = decl }
        }

        static func key(_ name: String, _ line: Int) -> String { name + "@" + String(line) }

        func line(of offset: Int) -> Int { converter.location(for: AbsolutePosition(utf8Offset: offset)).line }
    }

    /// Collects every type, property, function and initializer with the token Ripple locates it by.
    final class Finder: SyntaxVisitor {
        var types: [(String, TokenSyntax, DeclSyntax)] = []
        var members: [(String, TokenSyntax, DeclSyntax)] = []

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            types.append((node.name.text, node.name, DeclSyntax(node)))
            return .visitChildren
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            types.append((node.name.text, node.name, DeclSyntax(node)))
            return .visitChildren
        }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            types.append((node.name.text, node.name, DeclSyntax(node)))
            return .visitChildren
        }
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                if let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier {
                    members.append(("p:" + identifier.text.trimmingBackticks, identifier, DeclSyntax(node)))
                }
            }
            return .visitChildren
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            members.append(("f:" + node.name.text, node.funcKeyword, DeclSyntax(node)))
            return .visitChildren
        }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            members.append(("i:", node.initKeyword, DeclSyntax(node)))
            return .visitChildren
        }
    }
}

private extension String {
    /// The name without the backticks that let a keyword be one: `default`.
    var trimmingBackticks: String { hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self }
}
