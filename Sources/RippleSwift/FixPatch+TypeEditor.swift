internal import RippleCore
internal import SwiftSyntax

extension FixPatch {
    /// The edits that turn one type as written into the type a fix made, member by member
    /// (`FixPatch` says what each kind of change becomes).
    struct TypeEditor {
        let bytes: [UInt8]
        let nodes: Nodes
        /// The indentation of the type's own line.
        let indent: String
        private(set) var edits: [Edit] = []
        let printer = SwiftPrinter()

        init(bytes: [UInt8], nodes: Nodes, indent: String) {
            self.bytes = bytes
            self.nodes = nodes
            self.indent = indent
        }

        mutating func edit(_ node: DeclSyntax, from before: TypeDeclarationSyntax, to after: TypeDeclarationSyntax) throws(Failure) {
            guard let group = node.asProtocol(DeclGroupSyntax.self) else { throw Failure(message: "'\(before.name)' is not a type") }
            guard before.kind == after.kind, before.name == after.name, before.cases == after.cases else {
                throw Failure(message: "the fix changes what kind of type '\(before.name)' is")
            }
            editAttributes(group.attributes, from: before.attributes, to: after.attributes, separator: "\n" + indent)
            if before.conformances != after.conformances { try editConformances(group, before: before.conformances, after: after.conformances) }
            try editMembers(group.memberBlock, of: before.name, from: before.members, to: after.members)
        }

        // MARK: - Attributes and conformances

        /// Removes the attributes `after` lacks and writes those it adds, in place of a removed one where
        /// there is one (`@StateObject` → `@State`), before the declaration's first token otherwise.
        mutating func editAttributes(_ list: AttributeListSyntax, from before: [RippleCore.AttributeSyntax], to after: [RippleCore.AttributeSyntax], separator: String) {
            guard before != after else { return }
            var removed = before.filter { !after.contains($0) }
            var added = after.filter { !before.contains($0) }
            for element in list {
                guard case .attribute(let attribute) = element,
                      let index = removed.firstIndex(where: { $0.name == attribute.attributeName.trimmedDescription }) else { continue }
                removed.remove(at: index)
                let start = attribute.positionAfterSkippingLeadingTrivia.utf8Offset
                if !added.isEmpty {
                    edits.append(Edit(range: start..<attribute.endPositionBeforeTrailingTrivia.utf8Offset, text: printer.attribute(added.removeFirst())))
                } else {
                    // Up to the next token, so its line break or space goes with it.
                    let next = attribute.nextToken(viewMode: .sourceAccurate)?.positionAfterSkippingLeadingTrivia.utf8Offset
                        ?? attribute.endPosition.utf8Offset
                    edits.append(Edit(range: start..<next, text: ""))
                }
            }
            guard !added.isEmpty, let first = list.parent?.firstToken(viewMode: .sourceAccurate) else { return }
            let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
            edits.append(Edit(range: start..<start, text: added.map { printer.attribute($0) + separator }.joined()))
        }

        /// The inheritance clause with the conformances `after` lacks left out and those it adds appended.
        mutating func editConformances(_ group: some DeclGroupSyntax, before: [String], after: [String]) throws(Failure) {
            let removed = Set(before).subtracting(after)
            let added = after.filter { !before.contains($0) }
            let clause = group.inheritanceClause
            let kept = clause?.inheritedTypes.map(\.type.trimmedDescription).filter { !removed.contains($0) } ?? []
            let list = kept + added
            let text = list.isEmpty ? "" : ": " + list.joined(separator: ", ")
            if let clause {
                guard let previous = clause.colon.previousToken(viewMode: .sourceAccurate) else { throw Failure(message: "an inheritance clause with nothing before it") }
                edits.append(Edit(range: previous.endPositionBeforeTrailingTrivia.utf8Offset..<clause.endPositionBeforeTrailingTrivia.utf8Offset, text: text))
            } else if !list.isEmpty {
                let name = group.memberBlock.leftBrace.previousToken(viewMode: .sourceAccurate)
                guard let name else { throw Failure(message: "a type with no name") }
                let end = name.endPositionBeforeTrailingTrivia.utf8Offset
                edits.append(Edit(range: end..<end, text: text))
            }
        }

        // MARK: - Members

        /// Members told apart across the rewrite: a property or function by name and its place among
        /// those of that name, an initializer by its place among the initializers.
        static func keys(_ members: [MemberSyntax]) -> [String] {
            var seen: [String: Int] = [:]
            return members.map { member in
                let base: String
                switch member {
                case .property(let property): base = "p:" + property.name
                case .function(let function): base = "f:" + function.name
                case .initializer: base = "i:"
                }
                let count = seen[base, default: 0]
                seen[base] = count + 1
                return base + "#" + String(count)
            }
        }

        /// The node a member as written was lowered from.
        func node(of member: MemberSyntax, in type: String) throws(Failure) -> DeclSyntax {
            let key: String
            switch member {
            case .property(let property): key = Nodes.key("p:" + property.name, property.location.line)
            case .function(let function): key = Nodes.key("f:" + function.name, function.location.line)
            case .initializer(let initializer): key = Nodes.key("i:", initializer.location.line)
            }
            guard let node = nodes.members[key] else { throw Failure(message: "a member of '\(type)' is not found where Ripple read it") }
            if let variable = node.as(VariableDeclSyntax.self), variable.bindings.count > 1 {
                throw Failure(message: "'\(type)' declares several properties in one declaration")
            }
            return node
        }

        mutating func editMembers(_ block: MemberBlockSyntax, of type: String, from before: [MemberSyntax], to after: [MemberSyntax]) throws(Failure) {
            let beforeKeys = Self.keys(before), afterKeys = Self.keys(after)
            let old = Dictionary(zip(beforeKeys, before), uniquingKeysWith: { first, _ in first })
            let memberIndent = block.members.first.map { FixPatch.indentation(of: $0.decl.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes) }
                ?? indent + "    "
            // Removed members.
            for (key, member) in zip(beforeKeys, before) where !afterKeys.contains(key) {
                let node = try node(of: member, in: type)
                edits.append(Edit(range: wholeLines(of: node), text: ""))
            }
            // Changed members, and added ones after the member before them in the rewrite.
            var anchor: DeclSyntax?
            var pending: [MemberSyntax] = []
            func flush(_ editor: inout TypeEditor, before next: DeclSyntax?) {
                guard !pending.isEmpty else { return }
                let texts = pending.map { member -> String in
                    let separated = { if case .property = member { false } else { true } }()
                    return (separated ? "\n" : "") + memberIndent + FixPatch.indented(editor.printer.member(member, level: 0), by: memberIndent)
                }
                if let anchor {
                    let end = anchor.endPositionBeforeTrailingTrivia.utf8Offset
                    editor.edits.append(Edit(range: end..<end, text: texts.map { "\n" + $0 }.joined()))
                } else if let next {
                    let start = editor.wholeLines(of: next).lowerBound
                    editor.edits.append(Edit(range: start..<start, text: texts.map { $0.drop { $0 == "\n" } + "\n" }.joined()))
                } else {
                    let end = block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset
                    editor.edits.append(Edit(range: end..<end, text: texts.map { "\n" + $0 }.joined() + "\n" + editor.indent))
                }
                pending = []
            }
            for (key, member) in zip(afterKeys, after) {
                guard let original = old[key] else { pending.append(member); continue }
                let node = try node(of: original, in: type)
                if anchor == nil { flush(&self, before: node) }
                if original != member { try editMember(node, from: original, to: member, indent: memberIndent) }
                flush(&self, before: nil)
                anchor = node
            }
            flush(&self, before: nil)
        }

        /// One member as written turned into the member the fix made.
        mutating func editMember(_ node: DeclSyntax, from before: MemberSyntax, to after: MemberSyntax, indent memberIndent: String) throws(Failure) {
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset, end = node.endPositionBeforeTrailingTrivia.utf8Offset
            switch (before, after) {
            case (.property(let old), .property(var new)):
                guard let variable = node.as(VariableDeclSyntax.self) else { throw Failure(message: "'\(old.name)' is not a property") }
                var sameButAttributes = new
                sameButAttributes.attributes = old.attributes
                if sameButAttributes == old {
                    editAttributes(variable.attributes, from: old.attributes, to: new.attributes, separator: " ")
                    return
                }
                // Observers added to a stored property that had none go after it as written.
                var plain = new
                plain.willSet = nil
                plain.didSet = nil
                if old.willSet == nil, old.didSet == nil, plain == old, let binding = variable.bindings.first, binding.accessorBlock == nil {
                    let head = printer.property(plain, level: 0).dropLast()
                    let whole = printer.property(new, level: 0)
                    guard whole.hasPrefix(head) else { throw Failure(message: "the observers of '\(old.name)' cannot be written") }
                    let end = binding.endPositionBeforeTrailingTrivia.utf8Offset
                    edits.append(Edit(range: end..<end, text: FixPatch.indented(String(whole.dropFirst(head.count)), by: memberIndent)))
                    return
                }
                // A getter whose statements alone changed: the statements that changed, as deep inside its
                // builder closures as the rewrite allows, and the rest as written.
                var sameButGetter = new
                sameButGetter.getter = old.getter
                if sameButGetter == old, let oldGetter = old.getter, let newGetter = new.getter,
                   editStatements(in: node, from: oldGetter, to: newGetter) {
                    return
                }
                // Its own attributes and modifiers, as written, where the fix kept them.
                let keyword = variable.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset
                var head = String(decoding: bytes[start..<keyword], as: UTF8.self)
                if old.attributes != new.attributes || old.modifiers != new.modifiers {
                    head = new.attributes.map { printer.attribute($0) + " " }.joined()
                        + (old.modifiers == new.modifiers ? (variable.modifiers.isEmpty ? "" : variable.modifiers.trimmedDescription + " ") : new.modifiers.map { $0 + " " }.joined())
                }
                new.attributes = []
                new.modifiers = []
                edits.append(Edit(range: start..<end, text: head + FixPatch.indented(printer.property(new, level: 0), by: memberIndent)))
            case (.function(let old), .function(var new)):
                guard let function = node.as(FunctionDeclSyntax.self), let body = function.body else { throw Failure(message: "'\(old.name)' is not a function") }
                var sameButBody = new
                sameButBody.body = old.body
                let sameHead = old.isStatic == new.isStatic && old.modifiers == new.modifiers
                let head = new.modifiers.map { $0 + " " }.joined() + (new.isStatic ? "static " : "")
                new.modifiers = []
                new.isStatic = false
                editCallable(node, body: body, keyword: function.funcKeyword, oldBody: old.body, newBody: sameButBody == old ? new.body : nil,
                             head: sameHead ? nil : head, printed: printer.member(.function(new), level: 0), indent: memberIndent)
            case (.initializer(let old), .initializer(var new)):
                guard let initializer = node.as(InitializerDeclSyntax.self), let body = initializer.body else { throw Failure(message: "an initializer is not one") }
                var sameButBody = new
                sameButBody.body = old.body
                let head = new.modifiers.map { $0 + " " }.joined()
                let sameHead = old.modifiers == new.modifiers
                new.modifiers = []
                editCallable(node, body: body, keyword: initializer.initKeyword, oldBody: old.body, newBody: sameButBody == old ? new.body : nil,
                             head: sameHead ? nil : head, printed: printer.member(.initializer(new), level: 0), indent: memberIndent)
            default:
                throw Failure(message: "the fix turns a member into another kind of member")
            }
        }

        /// A function or initializer changed: `newBody` under the signature as written when the body alone
        /// changed; otherwise `printed` (without modifiers) after the attributes and modifiers as written,
        /// or after `head` when the fix changed them.
        mutating func editCallable(_ node: DeclSyntax, body: CodeBlockSyntax, keyword: TokenSyntax, oldBody: [StatementSyntax]?, newBody: [StatementSyntax]?,
                                   head: String?, printed: String, indent memberIndent: String) {
            if let newBody, let oldBody = oldBody, editStatements(in: node, from: oldBody, to: newBody) { return }
            if let newBody {
                edits.append(Edit(range: body.positionAfterSkippingLeadingTrivia.utf8Offset..<body.endPositionBeforeTrailingTrivia.utf8Offset,
                                  text: FixPatch.indented(printer.block(newBody, level: 0), by: memberIndent)))
                return
            }
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            let written = String(decoding: bytes[start..<keyword.positionAfterSkippingLeadingTrivia.utf8Offset], as: UTF8.self)
            edits.append(Edit(range: start..<node.endPositionBeforeTrailingTrivia.utf8Offset,
                              text: (head ?? written) + FixPatch.indented(printed, by: memberIndent)))
        }

        /// Replaces each statement that changed with its rewrite, printed at the indentation of the line it
        /// starts on; false, with nothing replaced, when the statements as written are not all found.
        mutating func editStatements(in node: DeclSyntax, from old: [StatementSyntax], to new: [StatementSyntax]) -> Bool {
            guard let pairs = Self.changedStatements(old, new), !pairs.isEmpty else { return false }
            let finder = StatementFinder(viewMode: .sourceAccurate)
            finder.walk(node)
            var items: [String: CodeBlockItemSyntax] = [:]
            for item in finder.items {
                let place = nodes.converter.location(for: item.positionAfterSkippingLeadingTrivia)
                items["\(place.line):\(place.column)"] = item
            }
            var found: [Edit] = []
            for (written, rewritten) in pairs {
                guard let item = items["\(written.location.line):\(written.location.column)"] else { return false }
                let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
                let indent = FixPatch.indentation(of: start, in: bytes)
                // The statement without the `;` that may end it.
                found.append(Edit(range: start..<item.item.endPositionBeforeTrailingTrivia.utf8Offset,
                                  text: FixPatch.indented(printer.statement(rewritten, level: 0), by: indent)))
            }
            edits += found
            return true
        }

        /// The statements as written and as rewritten that differ, looked for inside the closures of calls
        /// that are otherwise the same (`VStack { … }`, `List { … }.environment(model)`); nil when the
        /// lists differ in length.
        static func changedStatements(_ old: [StatementSyntax], _ new: [StatementSyntax]) -> [(StatementSyntax, StatementSyntax)]? {
            guard old.count == new.count else { return nil }
            var pairs: [(StatementSyntax, StatementSyntax)] = []
            for (written, rewritten) in zip(old, new) where written != rewritten {
                if case .expression(let a) = written.kind, case .expression(let b) = rewritten.kind, let inner = changedInside(a, b) {
                    pairs += inner
                } else {
                    pairs.append((written, rewritten))
                }
            }
            return pairs
        }

        /// The statements that differ inside two expressions that differ only inside closures they pass.
        static func changedInside(_ a: RippleCore.ExprSyntax, _ b: RippleCore.ExprSyntax) -> [(StatementSyntax, StatementSyntax)]? {
            switch (a.kind, b.kind) {
            case (.call(let f, let arguments, let trailing), .call(let g, let otherArguments, let otherTrailing)):
                guard arguments.count == otherArguments.count, trailing.count == otherTrailing.count else { return nil }
                var pairs: [(StatementSyntax, StatementSyntax)] = []
                if f != g {
                    guard let inner = changedInside(f, g) else { return nil }
                    pairs += inner
                }
                for (x, y) in zip(arguments + trailing, otherArguments + otherTrailing) where x != y {
                    guard x.label == y.label, case .closure(let c) = x.value.kind, case .closure(let d) = y.value.kind,
                          c.parameters == d.parameters, let inner = changedStatements(c.body, d.body) else { return nil }
                    pairs += inner
                }
                return pairs
            case (.member(let x, let name, let optional), .member(let y, let otherName, let otherOptional)) where name == otherName && optional == otherOptional:
                return changedInside(x, y)
            default:
                return nil
            }
        }

        /// The lines a declaration takes, from the start of its first line to the end of its last, line
        /// break included, when nothing else is on them; the declaration alone otherwise.
        func wholeLines(of node: DeclSyntax) -> Range<Int> {
            var start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            var end = node.endPositionBeforeTrailingTrivia.utf8Offset
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") { lineStart -= 1 }
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: " ") || bytes[lineEnd] == UInt8(ascii: "\t") { lineEnd += 1 }
            let startsLine = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
            let endsLine = lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n") || bytes[lineEnd] == UInt8(ascii: "\r")
            if startsLine && endsLine {
                start = lineStart
                end = lineEnd
                if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
            }
            return start..<end
        }
    }
}

/// Collects the statements of a declaration's bodies and closures.
final class StatementFinder: SyntaxVisitor {
    var items: [CodeBlockItemSyntax] = []

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        items.append(node)
        return .visitChildren
    }
}
