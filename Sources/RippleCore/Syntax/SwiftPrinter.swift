/// Prints declarations and steps back as Swift, one statement a line and closures that hold views
/// opened over several lines: the variant `ripple audit --emit-variant` writes for a person to read and
/// keep. The text parses back to the same tree, apart from positions (`SwiftPrinterTests`).
package struct SwiftPrinter {
    /// Spaces per level.
    var indentWidth = 4
    /// A closure longer than this on one line is opened over several.
    var lineLimit = 100

    package init() {}

    /// A whole scenario without its expectations: title, semantics, window, declarations, variants and steps.
    package func scenario(_ syntax: ScenarioSyntax) -> String {
        var text = "scenario \"" + (syntax.title ?? syntax.file).escapedForSwift + "\"\n"
        if let semantics = syntax.semantics { text += "semantics " + semantics.rawValue + "\n" }
        if let rows = syntax.visibleRows { text += "visible rows \(rows)\n" }
        if !syntax.declarations.isEmpty { text += "\n" + declarations(syntax.declarations) }
        let blocks = syntax.variants.map { variant in
            (variant.location, self.variant(variant.name, declarations: variant.declarations, steps: syntax.steps.filter { $0.variant == variant.name }))
        }
        text += stepsAndBlocks(syntax.steps, blocks: blocks)
        return text
    }

    /// The top-level steps and the variant blocks in the order the file had them, so that steps keep the
    /// order their names first appear in, which is the order they run in.
    package func stepsAndBlocks(_ steps: [StepSyntax], blocks: [(location: SourceLocation, text: String)]) -> String {
        let items = steps.filter { $0.variant == nil }.map { ($0.location, self.step($0)) } + blocks
        return items.enumerated().sorted { a, b in (a.element.0.line, a.offset) < (b.element.0.line, b.offset) }
            .map { "\n" + $0.element.1 }.joined()
    }

    /// `variant "name" { … }` with its declarations and the steps it runs in place of the top-level ones.
    package func variant(_ name: String, declarations list: [DeclarationSyntax], steps: [StepSyntax]) -> String {
        var text = "variant \"" + name.escapedForSwift + "\" {\n" + declarations(list, level: 1)
        for step in steps { text += (list.isEmpty && step == steps.first ? "" : "\n") + self.step(step, level: 1) }
        return text + "}\n"
    }

    /// `step "name" { … }`.
    package func step(_ step: StepSyntax, level: Int = 0) -> String {
        indent(level) + "step \"" + step.name.escapedForSwift + "\" {\n" + statements(step.statements, level: level + 1) + indent(level) + "}\n"
    }

    /// The declarations, a blank line between each two.
    package func declarations(_ list: [DeclarationSyntax], level: Int = 0) -> String {
        let classNames = Set(list.compactMap { declaration -> String? in
            guard case .type(let type) = declaration, type.kind == .classType else { return nil }
            return type.name
        })
        // A class another class declared here inherits from cannot be `final`.
        var inherited: Set<String> = []
        for case .type(let type) in list { inherited.formUnion(type.conformances.filter(classNames.contains)) }
        return list.map { declaration(of: $0, level: level, inherited: inherited) }.joined(separator: "\n")
    }

    func declaration(of declaration: DeclarationSyntax, level: Int, inherited: Set<String>) -> String {
        let pad = indent(level)
        switch declaration {
        case .type(let type):
            return self.type(type, level: level, isFinal: !inherited.contains(type.name))
        case .global(let global):
            return pad + "let " + global.name + (global.type.map { ": \($0)" } ?? "") + " = " + expression(global.value, level: level) + "\n"
        case .environmentKey(let key):
            return pad + "extension EnvironmentValues {\n" + indent(level + 1) + "@Entry var " + key.name
                + (key.type.map { ": \($0)" } ?? "") + " = " + expression(key.defaultValue, level: level + 1) + "\n" + pad + "}\n"
        }
    }

    package func type(_ type: TypeDeclarationSyntax, level: Int, isFinal: Bool) -> String {
        let pad = indent(level)
        var text = ""
        for attribute in type.attributes { text += pad + self.attribute(attribute) + "\n" }
        let keyword = type.kind == .classType ? (isFinal ? "final class" : "class") : type.kind.rawValue
        text += pad + keyword + " " + type.name + (type.conformances.isEmpty ? "" : ": " + type.conformances.joined(separator: ", ")) + " {\n"
        for enumCase in type.cases {
            text += indent(level + 1) + "case " + enumCase.name
                + (enumCase.payload.isEmpty ? "" : "(" + enumCase.payload.map(\.description).joined(separator: ", ") + ")") + "\n"
        }
        for member in type.members { text += self.member(member, level: level + 1) }
        return text + pad + "}\n"
    }

    /// One member of a type, with its line break, at `level`.
    package func member(_ member: MemberSyntax, level: Int) -> String {
        switch member {
        case .property(let property): return self.property(property, level: level)
        case .initializer(let initializer):
            return indent(level) + initializer.modifiers.map { $0 + " " }.joined() + "init("
                + initializer.parameters.map(parameter).joined(separator: ", ") + ") " + block(initializer.body, level: level) + "\n"
        case .function(let function):
            let name = function.name.first.map { $0.isLetter || $0 == "_" } == true ? function.name : function.name + " "
            return indent(level) + function.modifiers.map { $0 + " " }.joined() + (function.isStatic ? "static " : "") + "func " + name
                + "(" + function.parameters.map(parameter).joined(separator: ", ") + ")"
                + (function.result.map { " -> \($0)" } ?? "") + " " + block(function.body, level: level) + "\n"
        }
    }

    package func property(_ property: PropertySyntax, level: Int) -> String {
        let pad = indent(level)
        var head = property.attributes.map { attribute($0) + " " }.joined() + property.modifiers.map { $0 + " " }.joined()
        head += (property.isLet ? "let " : "var ") + property.name + (property.type.map { ": \($0)" } ?? "")
        if let getter = property.getter { return pad + head + " " + block(getter, level: level) + "\n" }
        if let initializer = property.initializer { head += " = " + expression(initializer, level: level) }
        let observers = [("willSet", property.willSet), ("didSet", property.didSet)].compactMap { name, observer in
            observer.map { (name, $0) }
        }
        guard !observers.isEmpty else { return pad + head + "\n" }
        var text = pad + head + " {\n"
        for (name, observer) in observers {
            let parameter = observer.parameter == (name == "willSet" ? "newValue" : "oldValue") ? "" : "(" + observer.parameter + ")"
            text += indent(level + 1) + name + parameter + " " + block(observer.body, level: level + 1) + "\n"
        }
        return text + pad + "}\n"
    }

    package func attribute(_ attribute: AttributeSyntax) -> String {
        "@" + attribute.name + (attribute.arguments.map { "(" + $0.map { argument($0, level: 0) }.joined(separator: ", ") + ")" } ?? "")
    }

    func parameter(_ parameter: ParameterSyntax) -> String {
        let label = parameter.label.map { $0 == parameter.name ? "" : $0 + " " } ?? "_ "
        return label + parameter.name + ": " + parameter.type.description + (parameter.defaultValue.map { " = " + $0.rendered } ?? "")
    }

    // MARK: - Statements

    /// `{ … }` with one statement a line, or `{}` when empty.
    package func block(_ statements: [StatementSyntax], level: Int) -> String {
        guard !statements.isEmpty else { return "{}" }
        return "{\n" + statements.map { indent(level + 1) + statement($0, level: level + 1) + "\n" }.joined() + indent(level) + "}"
    }

    /// The statements a step holds, one a line at `level`.
    package func statements(_ statements: [StatementSyntax], level: Int) -> String {
        statements.map { indent(level) + statement($0, level: level) + "\n" }.joined()
    }

    package func statement(_ statement: StatementSyntax, level: Int) -> String {
        switch statement.kind {
        case .expression(let e): return expression(e, level: level)
        case .assignment(let target, let op, let value): return expression(target, level: level) + " " + op + " " + expression(value, level: level)
        case .letDeclaration(let name, let value): return "let " + name + " = " + expression(value, level: level)
        case .returnStatement(let value): return "return" + (value.map { " " + expression($0, level: level) } ?? "")
        case .environmentWrite, .viewAction: return statement.rendered
        case .ifStatement(let clauses, let otherwise):
            // `else if` stays on the line of the `}` it follows, and so does an `if` alone in an `else`.
            let text = clauses.map { clause in
                let tests = clause.conditions.map { condition in
                    switch condition {
                    case .expression(let e): expression(e, level: level)
                    case .optionalBinding(let name, let value): "let " + name + " = " + expression(value, level: level)
                    case .casePattern(let pattern, let value): "case " + pattern.rendered + " = " + expression(value, level: level)
                    }
                }.joined(separator: ", ")
                return "if " + tests + " " + block(clause.body, level: level)
            }.joined(separator: " else ")
            guard let otherwise else { return text }
            if otherwise.count == 1, case .ifStatement = otherwise[0].kind { return text + " else " + self.statement(otherwise[0], level: level) }
            return text + " else " + block(otherwise, level: level)
        case .forIn(let name, let sequence, let body):
            return "for " + name + " in " + expression(sequence, level: level) + " " + block(body, level: level)
        }
    }

    // MARK: - Expressions

    /// The expression at `level`: as `rendered` prints it, except that closures holding several
    /// statements or other closures open over several lines, and a modifier after such a closure
    /// starts a line of its own.
    func expression(_ e: ExprSyntax, level: Int) -> String {
        switch e.kind {
        case .closure(let closure): return self.closure(closure, level: level)
        case .call(let callee, let arguments, let trailing):
            var text = expression(callee, level: level)
            if !arguments.isEmpty || trailing.isEmpty {
                text += "(" + arguments.map { argument($0, level: level) }.joined(separator: ", ") + ")"
            }
            for (index, closure) in trailing.enumerated() {
                let value = expression(closure.value, level: level)
                text += index == 0 ? " " + value : " \(closure.label ?? "_"): " + value
            }
            return text
        case .member(let base, let name, let optional):
            let head = expression(base, level: level)
            return head + (head.contains("\n") && !optional ? "\n" + indent(level + 1) : "") + (optional ? "?." : ".") + name
        case .subscriptAccess(let base, let arguments, let optional):
            return expression(base, level: level) + (optional ? "?[" : "[") + arguments.map { argument($0, level: level) }.joined(separator: ", ") + "]"
        case .array(let elements):
            return "[" + elements.map { expression($0, level: level) }.joined(separator: ", ") + "]"
        case .unary(let op, let operand): return op + expression(operand, level: level)
        case .binary(let op, let left, let right): return expression(left, level: level) + " " + op + " " + expression(right, level: level)
        case .ternary(let condition, let yes, let no):
            return expression(condition, level: level) + " ? " + expression(yes, level: level) + " : " + expression(no, level: level)
        case .forceUnwrap(let base): return expression(base, level: level) + "!"
        case .paren(let inner): return "(" + expression(inner, level: level) + ")"
        default: return e.rendered
        }
    }

    func argument(_ argument: ArgumentSyntax, level: Int) -> String {
        (argument.label.map { $0 + ": " } ?? "") + expression(argument.value, level: level)
    }

    func closure(_ closure: ClosureSyntax, level: Int) -> String {
        let head = closure.parameters.isEmpty ? "" : " " + closure.parameters.joined(separator: ", ") + " in"
        let holdsClosure = closure.body.contains { statement in
            var found = false
            statement.visit { if case .closure = $0.kind { found = true } }
            return found
        }
        let oneLine = closure.rendered
        if closure.body.count <= 1, !holdsClosure, oneLine.count + indentWidth * level <= lineLimit, !oneLine.contains("\n") { return oneLine }
        return "{" + head + "\n" + closure.body.map { indent(level + 1) + statement($0, level: level + 1) + "\n" }.joined() + indent(level) + "}"
    }

    func indent(_ level: Int) -> String { String(repeating: " ", count: indentWidth * level) }
}
