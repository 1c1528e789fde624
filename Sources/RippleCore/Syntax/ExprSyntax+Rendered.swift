extension ExprSyntax {
    /// The expression printed back in Swift syntax, normalized: `state.users[index].name`.
    public var rendered: String {
        switch kind {
        case .identifier(let name): return name
        case .dollar(let name): return "$" + name
        case .implicitMember(let name): return "." + name
        case .integer(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        case .nilLiteral: return "nil"
        case .string(let parts):
            var text = "\""
            for part in parts {
                switch part {
                case .text(let t): text += t.escapedForSwift
                case .interpolation(let e): text += "\\(" + e.rendered + ")"
                }
            }
            return text + "\""
        case .array(let elements): return "[" + elements.map(\.rendered).joined(separator: ", ") + "]"
        case .dictionary(let keys, let values):
            if keys.isEmpty { return "[:]" }
            return "[" + zip(keys, values).map { $0.rendered + ": " + $1.rendered }.joined(separator: ", ") + "]"
        case .member(let base, let name, let optional): return base.rendered + (optional ? "?." : ".") + name
        case .subscriptAccess(let base, let arguments, let optional):
            return base.rendered + (optional ? "?[" : "[") + arguments.map(\.rendered).joined(separator: ", ") + "]"
        case .call(let callee, let arguments, let trailing):
            var text = callee.rendered
            if !arguments.isEmpty || trailing.isEmpty { text += "(" + arguments.map(\.rendered).joined(separator: ", ") + ")" }
            for (index, closure) in trailing.enumerated() {
                text += index == 0 ? " " + closure.value.rendered : " \(closure.label ?? "_"): " + closure.value.rendered
            }
            return text
        case .closure(let closure): return closure.rendered
        case .unary(let op, let operand): return op + operand.rendered
        case .binary(let op, let left, let right): return left.rendered + " " + op + " " + right.rendered
        case .ternary(let condition, let yes, let no): return condition.rendered + " ? " + yes.rendered + " : " + no.rendered
        case .forceUnwrap(let base): return base.rendered + "!"
        case .keyPath(let root, let components): return "\\" + (root ?? "") + components.map { "." + $0 }.joined()
        case .paren(let inner): return "(" + inner.rendered + ")"
        case .opaque(let text): return text
        }
    }
}

extension ArgumentSyntax {
    /// `label: value` or `value`.
    public var rendered: String { (label.map { $0 + ": " } ?? "") + value.rendered }
}

extension ClosureSyntax {
    /// `{ user in ... }` on one line, statements separated by `;`.
    public var rendered: String {
        let head = parameters.isEmpty ? "" : " " + parameters.joined(separator: ", ") + " in"
        let body = self.body.map(\.rendered).joined(separator: "; ")
        return "{" + head + (body.isEmpty ? "" : " " + body) + " }"
    }
}

extension StatementSyntax {
    /// The statement on one line.
    public var rendered: String {
        switch kind {
        case .expression(let e): return e.rendered
        case .assignment(let target, let op, let value): return target.rendered + " " + op + " " + value.rendered
        case .letDeclaration(let name, let value): return "let " + name + " = " + value.rendered
        case .returnStatement(let value): return "return" + (value.map { " " + $0.rendered } ?? "")
        case .environmentWrite(let key, let value): return "environment \\." + key + " = " + value.rendered
        case .viewAction(.perform, let target):
            if case .string(let parts) = target.kind, parts.count == 1, case .text(let text) = parts[0] { return text }
            return target.rendered
        case .viewAction(let kind, let target): return kind.rawValue + " " + target.rendered
        case .ifStatement(let clauses, let otherwise):
            // An `else if` as the `if` inside an `else` it is.
            var text = ""
            for (index, clause) in clauses.enumerated() {
                let tests = clause.conditions.map { condition in
                    switch condition {
                    case .expression(let e): e.rendered
                    case .optionalBinding(let name, let value): "let " + name + " = " + value.rendered
                    case .casePattern(let pattern, let value): "case " + pattern.rendered + " = " + value.rendered
                    }
                }.joined(separator: ", ")
                text += (index == 0 ? "" : " else { ") + "if " + tests + " { " + clause.body.map(\.rendered).joined(separator: "; ") + " }"
            }
            if let otherwise { text += " else { " + otherwise.map(\.rendered).joined(separator: "; ") + " }" }
            return text + String(repeating: " }", count: clauses.count - 1)
        case .forIn(let name, let sequence, let body):
            return "for " + name + " in " + sequence.rendered + " { " + body.map(\.rendered).joined(separator: "; ") + " }"
        }
    }
}

extension String {
    /// The string with quotes, backslashes, control characters and invisible characters
    /// (`TerminalText.isInvisible`) escaped as in a Swift literal.
    package var escapedForSwift: String {
        // Most strings need no escaping: check the bytes before looking at scalars.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case "\0": text += "\\0"
            default:
                if scalar.properties.generalCategory == .control {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else if TerminalText.isInvisible(scalar) {
                    text += TerminalText.swiftEscape(scalar)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }
}

extension String {
    /// Whether the name starts with an uppercase letter, as type names do: ASCII is checked by its byte,
    /// other scripts by their Unicode properties.
    var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return first?.isUppercase == true
    }

    /// Whether the text is longer than `limit` characters; the byte count settles most cases without
    /// walking the text's grapheme clusters (a character is at least one byte).
    func isLonger(than limit: Int) -> Bool {
        utf8.count > limit && count > limit
    }

    /// Whether two texts have the same bytes. `==` also equates canonically equivalent texts, which print
    /// differently. The counts are compared first, then the two byte buffers, by address when one text is
    /// shared (a path's text kept by its read site) and byte by byte otherwise: comparing the `utf8` views
    /// element by element cost about a hundred instructions a byte, and a generic comparison of the
    /// buffers a few hundred per text.
    func hasSameBytes(as other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var mine = self, theirs = other
        return mine.withUTF8 { a in
            theirs.withUTF8 { b in
                if a.baseAddress == b.baseAddress { return true }
                for index in 0..<a.count where a[index] != b[index] { return false }
                return true
            }
        }
    }
}
