/// Parses scenario text into a `ScenarioSyntax`, collecting every syntax error it can recover from.
public struct Parser {
    /// Deepest nesting of blocks and expressions accepted (a documented limit).
    public static let maximumNestingDepth = 64
    /// Longest chain of operators or member accesses in one expression (a documented limit).
    public static let maximumChainLength = 256
    /// Most errors reported for one file, syntax errors and others alike; any more are counted and not
    /// kept (a documented limit).
    public static let maximumErrors = 100

    struct Failure: Error { var diagnostic: Diagnostic }

    private var tokens: [Token]
    private var position = 0
    private let file: String
    private var depth = 0
    /// The first `maximumErrors` problems found, lexical and syntactic.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Problems found past those, counted and not kept.
    public private(set) var omittedErrors = 0

    /// Parses a whole scenario file: the tree, the first `maximumErrors` problems, and how many more there are.
    public static func parseCountingErrors(source: String, file: String) -> (syntax: ScenarioSyntax, diagnostics: [Diagnostic], omitted: Int) {
        var lexer = Lexer(source: source, file: file)
        var parser = Parser(tokens: lexer.tokenize(), file: file)
        parser.diagnostics = lexer.diagnostics
        parser.omittedErrors = lexer.omittedErrors
        let scenario = parser.parseScenario()
        return (scenario, parser.diagnostics, parser.omittedErrors)
    }

    /// Parses a whole scenario file: the tree and the first `maximumErrors` problems.
    public static func parse(source: String, file: String) -> (ScenarioSyntax, [Diagnostic]) {
        let parsed = parseCountingErrors(source: source, file: file)
        return (parsed.syntax, parsed.diagnostics)
    }

    /// Records a problem, or only counts it past `maximumErrors`.
    private mutating func record(_ diagnostic: Diagnostic) {
        if diagnostics.count < Self.maximumErrors { diagnostics.append(diagnostic) } else { omittedErrors += 1 }
    }

    init(tokens: [Token], file: String) {
        self.tokens = tokens
        self.file = file
    }

    // MARK: - Token access

    private var current: Token { tokens[position] }
    private var previous: Token { tokens[max(0, position - 1)] }
    private func peek(_ offset: Int) -> Token { tokens[min(tokens.count - 1, position + offset)] }
    private var atEnd: Bool { current.kind == .end }

    @discardableResult
    private mutating func advance() -> Token {
        let token = current
        if !atEnd { position += 1 }
        return token
    }

    private func fail(_ message: String, at location: SourceLocation? = nil) -> Failure {
        Failure(diagnostic: .error(message, at: location ?? current.location))
    }

    private var describedCurrent: String {
        switch current.kind {
        case .end: return "end of file"
        case .string: return "string literal"
        default: return "'\(current.spelling)'"
        }
    }

    private mutating func expect(_ symbol: String, _ context: String) throws(Failure) {
        guard current.isSymbol(symbol) else {
            throw fail("expected '\(symbol)' \(context), found \(describedCurrent)")
        }
        advance()
    }

    private mutating func consume(_ symbol: String) -> Bool {
        if current.isSymbol(symbol) { advance(); return true }
        return false
    }

    private mutating func consumeKeyword(_ name: String) -> Bool {
        if current.isIdentifier(name) { advance(); return true }
        return false
    }

    private mutating func identifier(_ context: String) throws(Failure) -> String {
        guard case .identifier(let name) = current.kind else {
            throw fail("expected \(context), found \(describedCurrent)")
        }
        advance()
        return name
    }

    private mutating func stringLiteral(_ context: String) throws(Failure) -> String {
        guard case .string(let segments) = current.kind else {
            throw fail("expected \(context), found \(describedCurrent)")
        }
        var text = ""
        for segment in segments {
            guard case .text(let part) = segment else {
                throw fail("\(context) cannot contain interpolation")
            }
            text += part
        }
        advance()
        return text
    }

    private mutating func nest() throws(Failure) {
        depth += 1
        if depth > Self.maximumNestingDepth {
            throw fail("nesting is deeper than \(Self.maximumNestingDepth) levels (limit: nesting depth)")
        }
    }

    /// Constructs a scenario may not contain, with the message naming them.
    private static let unsupportedKeywords: [String: String] = [
        "protocol": "protocols", "func": "functions outside types", "actor": "actors",
        "typealias": "type aliases", "for": "'for' loops", "while": "'while' loops",
        "repeat": "'repeat' loops", "switch": "'switch' statements", "guard": "'guard' statements",
        "where": "'where' clauses", "do": "'do' blocks", "defer": "'defer' blocks",
        "try": "'try' expressions", "await": "'await' expressions", "async": "'async' functions",
        "throws": "throwing functions", "subscript": "subscript declarations", "deinit": "deinitializers",
        "macro": "macros", "operator": "operator declarations", "inout": "'inout' parameters",
        "weak": "'weak' references", "unowned": "'unowned' references", "lazy": "'lazy' properties",
        "willSet": "property observers", "didSet": "property observers", "get": "explicit getters",
        "set": "setters", "as": "type casts", "is": "type checks", "catch": "'catch' clauses",
        "throw": "'throw' statements", "break": "'break' statements", "continue": "'continue' statements",
        "fallthrough": "'fallthrough' statements", "import": "imports",
    ]

    private func unsupported(_ keyword: String) -> Failure {
        let what = Self.unsupportedKeywords[keyword] ?? "'\(keyword)'"
        return fail("\(what) are not supported in scenarios")
    }

    // MARK: - Scenario

    mutating func parseScenario() -> ScenarioSyntax {
        var scenario = ScenarioSyntax(file: file)
        while !atEnd {
            let start = position
            do throws(Failure) {
                try parseTopLevel(into: &scenario)
            } catch {
                record(error.diagnostic)
                synchronize(from: start)
            }
        }
        return scenario
    }

    /// Skips to the next line that starts a top-level directive or declaration.
    private mutating func synchronize(from start: Int) {
        depth = 0
        if position == start { advance() }
        var braces = bracesOpened(since: start)
        while !atEnd {
            if braces <= 0 && current.followsNewline && startsTopLevel(current) { return }
            if current.isSymbol("{") { braces += 1 }
            if current.isSymbol("}") { braces -= 1 }
            advance()
        }
    }

    private func startsTopLevel(_ token: Token) -> Bool {
        guard case .identifier(let name) = token.kind else { return token.isSymbol("@") }
        return ["scenario", "semantics", "source", "struct", "enum", "final", "class", "let", "variant", "step",
                "expect", "extension", "import", "private", "fileprivate", "public", "internal"].contains(name)
    }

    private mutating func parseTopLevel(into scenario: inout ScenarioSyntax) throws(Failure) {
        let token = current
        switch token.kind {
        case .identifier("scenario"):
            advance()
            let location = current.location
            let title = try stringLiteral("a scenario title in quotes")
            if scenario.title != nil {
                throw fail("duplicate 'scenario' title", at: token.location)
            }
            scenario.title = title
            scenario.titleLocation = location
        case .identifier("semantics"):
            advance()
            let semantics = try parseSemanticsName()
            if scenario.semantics != nil {
                throw fail("duplicate 'semantics' directive", at: token.location)
            }
            scenario.semantics = semantics
        case .identifier("source") where peek(1).kind.isString:
            // `source "../App/Sources"`: the app's Swift files, read by the front end that loads the scenario.
            advance()
            let location = current.location
            scenario.sources.append(SourceReference(path: try stringLiteral("a path in quotes"), location: location))
        case .identifier("variant"):
            advance()
            let name = try stringLiteral("a variant name in quotes")
            try expect("{", "to open the variant")
            try nest()
            var declarations: [DeclarationSyntax] = []
            while !current.isSymbol("}") {
                if atEnd { throw fail("expected '}' to close variant '\(name)'") }
                if current.isIdentifier("variant") || current.isIdentifier("step") || current.isIdentifier("expect") {
                    throw fail("'\(current.spelling)' must be at the top level, not inside a variant")
                }
                let start = position
                do throws(Failure) {
                    declarations.append(contentsOf: try parseDeclaration())
                } catch {
                    record(error.diagnostic)
                    skipMember(from: start)
                }
            }
            advance()
            depth -= 1
            scenario.variants.append(VariantSyntax(name: name, declarations: declarations, location: token.location))
        case .identifier("step"):
            advance()
            let name = try stringLiteral("a step name in quotes")
            let statements = try parseBlock("to open the step")
            scenario.steps.append(StepSyntax(name: name, statements: statements, location: token.location))
        case .identifier("expect"):
            scenario.expectations.append(try parseExpectation())
        case .identifier("import"):
            // `import SwiftUI` in pasted code is harmless: the language already knows SwiftUI's names.
            advance()
            _ = try identifier("a module name")
        default:
            scenario.declarations.append(contentsOf: try parseDeclaration())
        }
        try endOfLine()
    }

    /// Requires a line break, `;`, `}` or the end of the file after a declaration or statement.
    private mutating func endOfLine() throws(Failure) {
        if consume(";") { return }
        if atEnd || current.followsNewline || current.isSymbol("}") { return }
        if case .symbol(let symbol) = current.kind, !["{", "(", "[", ".", "\\", "@", "$"].contains(symbol) {
            throw fail("unexpected '\(symbol)'")
        }
        throw fail("consecutive statements on a line must be separated by ';'")
    }

    private mutating func parseSemanticsName() throws(Failure) -> Semantics {
        let location = current.location
        guard case .identifier(let major) = current.kind else {
            throw fail("expected 'swift5.9' or 'swift6.2', found \(describedCurrent)")
        }
        advance()
        var name = major
        if current.isSymbol("."), case .integer(let minor) = peek(1).kind, !current.followsSpace {
            advance(); advance()
            name += ".\(minor)"
        } else if case .double = current.kind {
            advance()
        }
        guard let semantics = Semantics(rawValue: name) else {
            throw fail("unknown semantics '\(name)'; expected 'swift5.9' or 'swift6.2'", at: location)
        }
        return semantics
    }

    // MARK: - Expectations

    private mutating func parseExpectation() throws(Failure) -> ExpectationSyntax {
        let location = advance().location
        let stepLocation = current.location
        let step = try stringLiteral("a step name in quotes")
        var expectation = ExpectationSyntax(step: step, stepLocation: stepLocation, variant: nil,
                                            variantLocation: nil, semantics: nil, clauses: [], location: location)
        if consumeKeyword("in") {
            expectation.variantLocation = current.location
            expectation.variant = try stringLiteral("a variant name in quotes")
        }
        if consumeKeyword("under") {
            expectation.semantics = try parseSemanticsName()
        }
        try expect("{", "to open the expectation")
        while !current.isSymbol("}") {
            if atEnd { throw fail("expected '}' to close the expectation") }
            let clauseLocation = current.location
            let keyword = try identifier("'evaluates', 'wasted', 'stale', 'needed' or 'evaluations'")
            switch keyword {
            case "evaluates", "wasted", "stale", "needed":
                let references = try parseInstanceList()
                switch keyword {
                case "evaluates": expectation.clauses.append(.evaluates(references, location: clauseLocation))
                case "wasted": expectation.clauses.append(.wasted(references, location: clauseLocation))
                case "stale": expectation.clauses.append(.stale(references, location: clauseLocation))
                default: expectation.clauses.append(.needed(references, location: clauseLocation))
                }
            case "evaluations":
                try expect("<=", "after 'evaluations'")
                guard case .integer(let limit) = current.kind else {
                    throw fail("expected a number after 'evaluations <=', found \(describedCurrent)")
                }
                advance()
                expectation.clauses.append(.evaluationsAtMost(limit, location: clauseLocation))
            default:
                throw fail("unknown expectation '\(keyword)'\(Suggestion.didYouMean(keyword, in: ["evaluates", "wasted", "stale", "needed", "evaluations"]))", at: clauseLocation)
            }
            try endOfLine()
        }
        advance()
        return expectation
    }

    private mutating func parseInstanceList() throws(Failure) -> [InstanceReferenceSyntax] {
        if consumeKeyword("nothing") { return [] }
        var references: [InstanceReferenceSyntax] = []
        repeat {
            references.append(try parseInstanceReference())
        } while consume(",")
        return references
    }

    private mutating func parseInstanceReference() throws(Failure) -> InstanceReferenceSyntax {
        let location = current.location
        var path = ""
        repeat {
            if !path.isEmpty { path += "/" }
            path += try identifier("a view instance name")
            while !current.followsSpace && current.isSymbol("[") {
                advance()
                switch current.kind {
                case .integer(let value): path += "[\(value)]"
                case .string(let segments):
                    let text = segments.map { if case .text(let t) = $0 { t } else { "" } }.joined()
                    path += "[\"\(text)\"]"
                case .symbol("-"):
                    advance()
                    guard case .integer(let value) = current.kind else { throw fail("expected a number") }
                    path += "[-\(value)]"
                case .identifier(let name) where name == "true" || name == "false":
                    path += "[\(name)]"
                default:
                    throw fail("expected a ForEach identity (a number or a string) in '[...]', found \(describedCurrent)")
                }
                advance()
                try expect("]", "after the instance identity")
            }
            if !current.followsSpace && current.isSymbol("#"), case .integer(let ordinal) = peek(1).kind {
                advance(); advance()
                path += "#\(ordinal)"
            }
        } while !current.followsSpace && consume("/")
        return InstanceReferenceSyntax(path: path, location: location)
    }

    // MARK: - Declarations

    /// Parses one declaration; `let a = 1` at the top level, a type, or an extension.
    private mutating func parseDeclaration() throws(Failure) -> [DeclarationSyntax] {
        let attributes = try parseAttributes()
        var modifiers: [String] = []
        while case .identifier(let word) = current.kind,
              ["final", "private", "fileprivate", "public", "internal", "nonisolated", "open"].contains(word) {
            modifiers.append(word)
            advance()
        }
        let keywordToken = current
        guard case .identifier(let keyword) = keywordToken.kind else {
            throw fail("expected a declaration, found \(describedCurrent)")
        }
        switch keyword {
        case "struct", "class", "enum":
            advance()
            let kind: TypeDeclarationSyntax.Kind = keyword == "struct" ? .structure : keyword == "class" ? .classType : .enumeration
            return [.type(try parseTypeBody(kind: kind, attributes: attributes))]
        case "let", "var":
            advance()
            let nameLocation = current.location
            let name = try identifier("a name")
            var type: TypeSyntax?
            if consume(":") { type = try parseType() }
            try expect("=", "to give global '\(name)' a value")
            let value = try parseExpression()
            return [.global(GlobalSyntax(name: name, type: type, value: value, location: nameLocation))]
        case "extension":
            advance()
            let extended = try identifier("a type name")
            guard extended == "EnvironmentValues" else {
                throw fail("extensions are supported only on 'EnvironmentValues' (to declare '@Entry' keys)", at: keywordToken.location)
            }
            try expect("{", "to open the extension")
            var keys: [DeclarationSyntax] = []
            while !current.isSymbol("}") {
                if atEnd { throw fail("expected '}' to close the extension") }
                let attributes = try parseAttributes()
                guard attributes.contains(where: { $0.name == "Entry" }) else {
                    throw fail("environment keys are declared as '@Entry var name: Type = value'")
                }
                guard consumeKeyword("var") else { throw fail("expected 'var' after '@Entry', found \(describedCurrent)") }
                let location = current.location
                let name = try identifier("an environment key name")
                var type: TypeSyntax?
                if consume(":") { type = try parseType() }
                try expect("=", "to give environment key '\(name)' a default value")
                let value = try parseExpression()
                keys.append(.environmentKey(EnvironmentKeySyntax(name: name, type: type, defaultValue: value, location: location)))
                try endOfLine()
            }
            advance()
            return keys
        default:
            if Self.unsupportedKeywords[keyword] != nil { throw unsupported(keyword) }
            throw fail("expected a declaration ('struct', 'enum', 'final class', 'let'), found '\(keyword)'")
        }
    }

    private mutating func parseAttributes() throws(Failure) -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while current.isSymbol("@") {
            let location = advance().location
            let name = try identifier("an attribute name")
            var arguments: [ArgumentSyntax]?
            if current.isSymbol("(") && !current.followsSpace {
                advance()
                arguments = try parseArguments(closing: ")")
            }
            attributes.append(AttributeSyntax(name: name, arguments: arguments, location: location))
        }
        return attributes
    }

    private mutating func parseTypeBody(kind: TypeDeclarationSyntax.Kind, attributes: [AttributeSyntax]) throws(Failure) -> TypeDeclarationSyntax {
        let nameLocation = current.location
        let name = try identifier("a type name")
        if current.isSymbol("<") { throw fail("generic types are not supported in scenarios") }
        var conformances: [String] = []
        if consume(":") {
            repeat {
                var conformance = try identifier("a protocol name")
                while consume(".") { conformance += "." + (try identifier("a name")) }
                conformances.append(conformance)
            } while consume(",")
        }
        if current.isIdentifier("where") { throw unsupported("where") }
        try expect("{", "to open '\(name)'")
        try nest()
        var declaration = TypeDeclarationSyntax(kind: kind, attributes: attributes, name: name, conformances: conformances,
                                                members: [], cases: [], location: nameLocation)
        while !current.isSymbol("}") {
            if atEnd { throw fail("expected '}' to close '\(name)'") }
            let start = position
            do throws(Failure) {
                try parseMember(into: &declaration)
                try endOfLine()
            } catch {
                record(error.diagnostic)
                skipMember(from: start)
            }
        }
        advance()
        depth -= 1
        return declaration
    }

    /// How many braces are open between the token at `start` and the current one.
    private func bracesOpened(since start: Int) -> Int {
        var braces = 0
        for index in start..<position {
            if tokens[index].isSymbol("{") { braces += 1 }
            if tokens[index].isSymbol("}") { braces -= 1 }
        }
        return braces
    }

    /// After an error inside a type, skips to the start of the next member or the closing brace.
    private mutating func skipMember(from start: Int) {
        if position == start { advance() }
        var braces = bracesOpened(since: start)
        while !atEnd {
            if braces <= 0 && current.isSymbol("}") { return }
            if braces <= 0 && current.followsNewline { return }
            if current.isSymbol("{") { braces += 1 }
            if current.isSymbol("}") { braces -= 1 }
            advance()
        }
    }

    private mutating func parseMember(into declaration: inout TypeDeclarationSyntax) throws(Failure) {
        let attributes = try parseAttributes()
        var modifiers: [String] = []
        while case .identifier(let word) = current.kind,
              ["private", "fileprivate", "public", "internal", "static", "final", "nonisolated", "mutating", "override", "open"].contains(word) {
            modifiers.append(word)
            advance()
            // `private(set)`: the setter's access level changes nothing about updates.
            if current.isSymbol("("), !current.followsSpace, peek(1).isIdentifier("set"), peek(2).isSymbol(")") {
                advance(); advance(); advance()
                modifiers.removeLast()
            }
        }
        let token = current
        guard case .identifier(let keyword) = token.kind else {
            throw fail("expected a member ('var', 'let', 'init', 'func', 'case'), found \(describedCurrent)")
        }
        switch keyword {
        case "var", "let":
            advance()
            declaration.members.append(.property(try parseProperty(attributes: attributes, modifiers: modifiers, isLet: keyword == "let")))
        case "init":
            advance()
            let parameters = try parseParameters()
            let body = try parseBlock("to open the initializer")
            declaration.members.append(.initializer(InitializerSyntax(parameters: parameters, body: body, location: token.location)))
        case "func":
            advance()
            let name: String
            if case .symbol(let op) = current.kind, op == "==" { advance(); name = op } else { name = try identifier("a function name") }
            let parameters = try parseParameters()
            var result: TypeSyntax?
            if consume("->") { result = try parseType() }
            if current.isIdentifier("where") { throw unsupported("where") }
            let body = try parseBlock("to open the function body")
            declaration.members.append(.function(FunctionSyntax(isStatic: modifiers.contains("static"), name: name,
                                                                  parameters: parameters, result: result, body: body,
                                                                  location: token.location)))
        case "case":
            guard declaration.kind == .enumeration else { throw fail("'case' is only allowed in an enum") }
            advance()
            repeat {
                let location = current.location
                let name = try identifier("a case name")
                var payload: [TypeSyntax] = []
                if consume("(") {
                    while !current.isSymbol(")") {
                        if case .identifier = current.kind, peek(1).isSymbol(":") { advance(); advance() }
                        payload.append(try parseType())
                        if !consume(",") { break }
                    }
                    try expect(")", "to close the case's associated values")
                }
                if current.isSymbol("=") { throw fail("raw values are not supported in scenarios") }
                declaration.cases.append(EnumCaseSyntax(name: name, payload: payload, location: location))
            } while consume(",")
        default:
            if Self.unsupportedKeywords[keyword] != nil { throw unsupported(keyword) }
            if ["struct", "class", "enum", "extension"].contains(keyword) {
                throw fail("nested type declarations are not supported in scenarios; declare '\(keyword)' at the top level")
            }
            throw fail("expected a member ('var', 'let', 'init', 'func', 'case'), found '\(keyword)'")
        }
    }

    private mutating func parseProperty(attributes: [AttributeSyntax], modifiers: [String], isLet: Bool) throws(Failure) -> PropertySyntax {
        let location = current.location
        let name = try identifier("a property name")
        var property = PropertySyntax(attributes: attributes, modifiers: modifiers, isLet: isLet, name: name,
                                      type: nil, typeLocation: nil, initializer: nil, getter: nil, location: location)
        if consume(":") {
            property.typeLocation = current.location
            property.type = try parseType()
        }
        if consume("=") { property.initializer = try parseExpression() }
        if current.isSymbol("{") && !current.followsNewline {
            if property.initializer != nil {
                throw fail("property observers are not supported in scenarios")
            }
            if case .identifier(let word) = peek(1).kind, ["get", "set", "willSet", "didSet"].contains(word) {
                advance()
                throw unsupported(word)
            }
            property.getter = try parseBlock("to open the computed property")
        }
        return property
    }

    private mutating func parseParameters() throws(Failure) -> [ParameterSyntax] {
        try expect("(", "to open the parameter list")
        var parameters: [ParameterSyntax] = []
        while !current.isSymbol(")") {
            let location = current.location
            let first = try identifier("a parameter name")
            var label: String? = first
            var name = first
            if case .identifier(let second) = current.kind {
                advance()
                name = second
            }
            if label == "_" { label = nil }
            try expect(":", "after parameter '\(name)'")
            if current.isIdentifier("inout") { throw unsupported("inout") }
            let type = try parseType()
            var defaultValue: ExprSyntax?
            if consume("=") { defaultValue = try parseExpression() }
            parameters.append(ParameterSyntax(label: label, name: name, type: type, defaultValue: defaultValue, location: location))
            if !consume(",") { break }
        }
        try expect(")", "to close the parameter list")
        return parameters
    }

    // MARK: - Types

    mutating func parseType() throws(Failure) -> TypeSyntax {
        try nest()
        defer { depth -= 1 }
        var type: TypeSyntax
        // `@escaping`, `@Sendable`, `@MainActor` on a type say nothing about updates.
        while current.isSymbol("@"), case .identifier(let name) = peek(1).kind, ["escaping", "Sendable", "MainActor", "autoclosure"].contains(name) {
            advance(); advance()
        }
        if consumeKeyword("some") || consumeKeyword("any") {
            type = .opaque(try identifier("a protocol name"))
        } else if consume("[") {
            let element = try parseType()
            if consume(":") {
                let value = try parseType()
                try expect("]", "to close the dictionary type")
                type = .dictionary(element, value)
            } else {
                try expect("]", "to close the array type")
                type = .array(element)
            }
        } else if current.isSymbol("(") {
            let open = advance().location
            var parameters: [TypeSyntax] = []
            while !current.isSymbol(")") {
                parameters.append(try parseType())
                if !consume(",") { break }
            }
            try expect(")", "to close the function type")
            if current.isIdentifier("async") || current.isIdentifier("throws") { throw unsupported(current.spelling) }
            if consume("->") {
                type = .function(parameters: parameters, result: try parseType())
            } else if parameters.count == 1 {
                type = parameters[0]
            } else {
                // At the '(': the token after the ')' may be on the next line.
                throw fail("tuples are not supported in scenarios", at: open)
            }
        } else {
            var name = try identifier("a type")
            while current.isSymbol(".") && !current.followsSpace {
                advance()
                name += "." + (try identifier("a type name"))
            }
            var arguments: [TypeSyntax] = []
            if current.isSymbol("<") && !current.followsSpace {
                advance()
                repeat { arguments.append(try parseType()) } while consume(",")
                try expect(">", "to close the generic arguments")
            }
            type = .named(name, arguments: arguments)
        }
        while !current.followsSpace && (current.isSymbol("?") || current.isSymbol("!")) {
            advance()
            type = .optional(type)
        }
        return type
    }

    // MARK: - Statements

    /// `{ statements }`.
    mutating func parseBlock(_ context: String) throws(Failure) -> [StatementSyntax] {
        try expect("{", context)
        try nest()
        defer { depth -= 1 }
        var statements: [StatementSyntax] = []
        while !current.isSymbol("}") {
            if atEnd { throw fail("expected '}' to close the block") }
            statements.append(try parseStatement())
            try endOfLine()
        }
        advance()
        return statements
    }

    private mutating func parseStatement() throws(Failure) -> StatementSyntax {
        let location = current.location
        if case .identifier(let keyword) = current.kind {
            switch keyword {
            case "if":
                return StatementSyntax(kind: try parseIf(), location: location)
            case "let", "var":
                advance()
                let name = try identifier("a name")
                if consume(":") { _ = try parseType() }
                try expect("=", "to give '\(name)' a value")
                return StatementSyntax(kind: .letDeclaration(name: name, value: try parseExpression()), location: location)
            case "return":
                advance()
                if current.isSymbol("}") || current.followsNewline || current.isSymbol(";") {
                    return StatementSyntax(kind: .returnStatement(nil), location: location)
                }
                return StatementSyntax(kind: .returnStatement(try parseExpression()), location: location)
            case "environment" where peek(1).isSymbol("\\"):
                advance()
                let keyLocation = current.location
                let keyPath = try parsePrimary(allowTrailingClosure: false)
                guard case .keyPath(nil, let components) = keyPath.kind, components.count == 1 else {
                    throw fail("expected an environment key like '\\.colorScheme'", at: keyLocation)
                }
                try expect("=", "after the environment key")
                return StatementSyntax(kind: .environmentWrite(key: components[0], value: try parseExpression()), location: location)
            default:
                if Self.unsupportedKeywords[keyword] != nil && !["set", "get", "as", "is"].contains(keyword) {
                    throw unsupported(keyword)
                }
            }
        }
        let expression = try parseExpression()
        if case .symbol(let op) = current.kind, ["=", "+=", "-=", "*=", "/=", "%="].contains(op) {
            advance()
            let value = try parseExpression()
            return StatementSyntax(kind: .assignment(target: expression, op: op, value: value), location: location)
        }
        return StatementSyntax(kind: .expression(expression), location: location)
    }

    private mutating func parseIf() throws(Failure) -> StatementKind {
        advance()  // if
        var conditions: [ConditionSyntax] = []
        repeat {
            if consumeKeyword("let") || consumeKeyword("var") {
                let nameLocation = current.location
                let name = try identifier("a name")
                if consume("=") {
                    conditions.append(.optionalBinding(name: name, value: try parseExpression(allowTrailingClosure: false)))
                } else {
                    // `if let name` is shorthand for `if let name = name`.
                    conditions.append(.optionalBinding(name: name, value: ExprSyntax(.identifier(name), at: nameLocation)))
                }
            } else if current.isIdentifier("case") {
                throw fail("'if case' patterns are not supported in scenarios")
            } else {
                conditions.append(.expression(try parseExpression(allowTrailingClosure: false)))
            }
        } while consume(",")
        let then = try parseBlock("to open the 'if' body")
        var otherwise: [StatementSyntax]?
        if consumeKeyword("else") {
            if current.isIdentifier("if") {
                let location = current.location
                // Each `else if` nests one level deeper in the tree (and in everything that walks it).
                try nest()
                defer { depth -= 1 }
                otherwise = [StatementSyntax(kind: try parseIf(), location: location)]
            } else {
                otherwise = try parseBlock("to open the 'else' body")
            }
        }
        return .ifStatement(conditions: conditions, then: then, otherwise: otherwise)
    }

    // MARK: - Expressions

    private static let precedence: [String: Int] = [
        "||": 1, "&&": 2,
        "==": 3, "!=": 3, "<": 3, ">": 3, "<=": 3, ">=": 3, "===": 3, "!==": 3,
        "??": 4, "..<": 5, "...": 5, "+": 6, "-": 6, "*": 7, "/": 7, "%": 7,
    ]

    /// Parses an expression; `allowTrailingClosure` is false in `if` conditions, where `{` opens the body.
    mutating func parseExpression(allowTrailingClosure: Bool = true) throws(Failure) -> ExprSyntax {
        try nest()
        defer { depth -= 1 }
        let condition = try parseBinary(minimum: 1, allowTrailingClosure: allowTrailingClosure)
        if current.isSymbol("?") && current.followsSpace {
            advance()
            let yes = try parseExpression(allowTrailingClosure: allowTrailingClosure)
            try expect(":", "in the conditional expression")
            let no = try parseExpression(allowTrailingClosure: allowTrailingClosure)
            return ExprSyntax(.ternary(condition, yes, no), at: condition.location)
        }
        return condition
    }

    private mutating func parseBinary(minimum: Int, allowTrailingClosure: Bool) throws(Failure) -> ExprSyntax {
        var left = try parseUnary(allowTrailingClosure: allowTrailingClosure)
        var chain = 0
        if case .identifier(let word) = current.kind, word == "as" || word == "is", !current.followsNewline {
            throw unsupported(word)
        }
        while case .symbol(let op) = current.kind, let precedence = Self.precedence[op], precedence >= minimum {
            // A line starting with an operator continues the expression, as in Swift; but `<` after a newline does not matter here.
            advance()
            chain += 1
            if chain > Self.maximumChainLength {
                throw fail("expression has more than \(Self.maximumChainLength) operators (limit: expression length)")
            }
            // `??` is right-associative; the others are left-associative.
            let next = op == "??" ? precedence : precedence + 1
            try nest()
            let right = try parseBinary(minimum: next, allowTrailingClosure: allowTrailingClosure)
            depth -= 1
            left = ExprSyntax(.binary(op, left, right), at: left.location)
            if left.height > Self.maximumChainLength + 1 {
                throw fail("expression has more than \(Self.maximumChainLength) operators (limit: expression length)")
            }
        }
        return left
    }

    private mutating func parseUnary(allowTrailingClosure: Bool) throws(Failure) -> ExprSyntax {
        if case .symbol(let op) = current.kind, op == "!" || op == "-" {
            let location = advance().location
            try nest()
            defer { depth -= 1 }
            let operand = try parseUnary(allowTrailingClosure: allowTrailingClosure)
            if op == "-", case .integer(let value) = operand.kind { return ExprSyntax(.integer(-value), at: location) }
            if op == "-", case .double(let value) = operand.kind { return ExprSyntax(.double(-value), at: location) }
            return ExprSyntax(.unary(op, operand), at: location)
        }
        return try parsePostfix(allowTrailingClosure: allowTrailingClosure)
    }

    private mutating func parsePostfix(allowTrailingClosure: Bool) throws(Failure) -> ExprSyntax {
        var expression = try parsePrimary(allowTrailingClosure: allowTrailingClosure)
        var chain = 0
        while true {
            chain += 1
            // The height check also catches chains stacked on chains: `((x).a.b…).a.b…` recurses through both.
            if chain > Self.maximumChainLength || (chain > 1 && expression.height > Self.maximumChainLength + 1) {
                throw fail("expression has more than \(Self.maximumChainLength) member accesses (limit: expression length)")
            }
            let token = current
            if token.isSymbol(".") {
                advance()
                let nameLocation = current.location
                let name: String
                if case .integer(let index) = current.kind { advance(); name = String(index) }
                else { name = try identifier("a member name after '.'") }
                expression = ExprSyntax(.member(expression, name: name, optional: false), at: nameLocation)
            } else if token.isSymbol("?.") {
                advance()
                let nameLocation = current.location
                let name = try identifier("a member name after '?.'")
                expression = ExprSyntax(.member(expression, name: name, optional: true), at: nameLocation)
            } else if token.isSymbol("?") && !token.followsSpace && peek(1).isSymbol("[") {
                advance(); advance()
                let arguments = try parseArguments(closing: "]")
                expression = ExprSyntax(.subscriptAccess(expression, arguments: arguments, optional: true), at: token.location)
            } else if token.isSymbol("!") && !token.followsSpace {
                advance()
                expression = ExprSyntax(.forceUnwrap(expression), at: token.location)
            } else if token.isSymbol("[") && !token.followsNewline && !token.followsSpace {
                advance()
                let arguments = try parseArguments(closing: "]")
                expression = ExprSyntax(.subscriptAccess(expression, arguments: arguments, optional: false), at: token.location)
            } else if token.isSymbol("(") && !token.followsNewline && !token.followsSpace {
                advance()
                let arguments = try parseArguments(closing: ")")
                var trailing: [ArgumentSyntax] = []
                if allowTrailingClosure { trailing = try parseTrailingClosures() }
                expression = ExprSyntax(.call(expression, arguments: arguments, trailing: trailing), at: expression.location)
            } else if token.isSymbol("{") && !token.followsNewline && allowTrailingClosure && expression.acceptsTrailingClosure {
                let trailing = try parseTrailingClosures()
                expression = ExprSyntax(.call(expression, arguments: [], trailing: trailing), at: expression.location)
            } else {
                return expression
            }
        }
    }

    private mutating func parseTrailingClosures() throws(Failure) -> [ArgumentSyntax] {
        var trailing: [ArgumentSyntax] = []
        guard current.isSymbol("{") && !current.followsNewline else { return trailing }
        let location = current.location
        trailing.append(ArgumentSyntax(label: nil, value: try parseClosure(), location: location))
        // Further trailing closures are labelled: `Button { } label: { }`.
        while case .identifier(let label) = current.kind, peek(1).isSymbol(":"), peek(2).isSymbol("{") {
            let location = current.location
            advance(); advance()
            trailing.append(ArgumentSyntax(label: label, value: try parseClosure(), location: location))
        }
        return trailing
    }

    private mutating func parseArguments(closing: String) throws(Failure) -> [ArgumentSyntax] {
        var arguments: [ArgumentSyntax] = []
        while !current.isSymbol(closing) {
            if atEnd { throw fail("expected '\(closing)' to close the argument list") }
            let location = current.location
            var label: String?
            if case .identifier(let name) = current.kind, peek(1).isSymbol(":") {
                label = name
                advance(); advance()
            }
            arguments.append(ArgumentSyntax(label: label, value: try parseExpression(), location: location))
            if !consume(",") { break }
        }
        try expect(closing, "to close the argument list")
        return arguments
    }

    private mutating func parseClosure() throws(Failure) -> ExprSyntax {
        let location = current.location
        try expect("{", "to open the closure")
        try nest()
        defer { depth -= 1 }
        var parameters: [String] = []
        // Look ahead for `a, b in` or `(a, b) in` or `$task in`.
        var lookahead = position
        var names: [String] = []
        var parenthesized = false
        // Past the end every look is at the `.end` token: `{ a :` at the end of a file skips beyond it.
        func token(_ index: Int) -> Token { tokens[min(index, tokens.count - 1)] }
        if token(lookahead).isSymbol("(") { parenthesized = true; lookahead += 1 }
        scan: while true {
            switch token(lookahead).kind {
            case .identifier(let name): names.append(name)
            case .dollar(let name): names.append("$" + name)
            default: break scan
            }
            lookahead += 1
            if token(lookahead).isSymbol(":") { lookahead += 2 }  // `(x: Int)`: skip a one-token type
            if token(lookahead).isSymbol(",") { lookahead += 1; continue }
            break
        }
        if parenthesized && token(lookahead).isSymbol(")") { lookahead += 1 }
        if !names.isEmpty && token(lookahead).isIdentifier("in") {
            parameters = names
            position = lookahead + 1
        }
        var body: [StatementSyntax] = []
        while !current.isSymbol("}") {
            if atEnd { throw fail("expected '}' to close the closure", at: location) }
            body.append(try parseStatement())
            try endOfLine()
        }
        advance()
        return ExprSyntax(.closure(ClosureSyntax(parameters: parameters, body: body, location: location)), at: location)
    }

    private mutating func parsePrimary(allowTrailingClosure: Bool) throws(Failure) -> ExprSyntax {
        let token = current
        let location = token.location
        switch token.kind {
        case .identifier(let name):
            switch name {
            case "true": advance(); return ExprSyntax(.bool(true), at: location)
            case "false": advance(); return ExprSyntax(.bool(false), at: location)
            case "nil": advance(); return ExprSyntax(.nilLiteral, at: location)
            default:
                if Self.unsupportedKeywords[name] != nil && !["get", "set", "async"].contains(name) {
                    throw unsupported(name)
                }
                if ["in", "else", "case", "struct", "class", "enum", "var", "let", "func", "init"].contains(name) {
                    throw fail("expected an expression, found '\(name)'")
                }
                advance()
                return ExprSyntax(.identifier(name), at: location)
            }
        case .dollar(let name):
            advance()
            return ExprSyntax(.dollar(name), at: location)
        case .integer(let value):
            advance()
            return ExprSyntax(.integer(value), at: location)
        case .double(let value):
            advance()
            return ExprSyntax(.double(value), at: location)
        case .string(let segments):
            advance()
            var parts: [StringPartSyntax] = []
            for segment in segments {
                switch segment {
                case .text(let text): parts.append(.text(text))
                case .interpolation(let source, let start):
                    parts.append(.interpolation(try parseInterpolation(source, at: start)))
                }
            }
            return ExprSyntax(.string(parts), at: location)
        case .symbol("["):
            advance()
            try nest()
            defer { depth -= 1 }
            var elements: [ExprSyntax] = []
            while !current.isSymbol("]") {
                if atEnd { throw fail("expected ']' to close the array literal", at: location) }
                elements.append(try parseExpression())
                if current.isSymbol(":") { throw fail("dictionary literals are not supported in scenarios") }
                if !consume(",") { break }
            }
            try expect("]", "to close the array literal")
            return ExprSyntax(.array(elements), at: location)
        case .symbol("("):
            advance()
            let inner = try parseExpression()
            if current.isSymbol(",") { throw fail("tuples are not supported in scenarios") }
            try expect(")", "to close the parenthesized expression")
            return ExprSyntax(.paren(inner), at: location)
        case .symbol("{"):
            return try parseClosure()
        case .symbol("."):
            advance()
            let name = try identifier("a member name after '.'")
            return ExprSyntax(.implicitMember(name), at: location)
        case .symbol("\\"):
            advance()
            var root: String?
            if case .identifier(let name) = current.kind { root = name; advance() }
            var components: [String] = []
            while current.isSymbol(".") || current.isSymbol("?.") {
                advance()
                components.append(try identifier("a key path component"))
            }
            if components.isEmpty { throw fail("expected '.' and a property name in the key path") }
            return ExprSyntax(.keyPath(root: root, components: components), at: location)
        case .symbol("#"):
            throw fail("compiler directives are not supported in scenarios")
        case .end:
            throw fail("expected an expression, found end of file")
        default:
            throw fail("expected an expression, found \(describedCurrent)")
        }
    }

    private mutating func parseInterpolation(_ source: [Character], at start: SourceLocation) throws(Failure) -> ExprSyntax {
        var lexer = Lexer(characters: source, file: file, line: start.line, column: start.column)
        var inner = Parser(tokens: lexer.tokenize(), file: file)
        inner.depth = depth
        for diagnostic in lexer.diagnostics { record(diagnostic) }
        omittedErrors += lexer.omittedErrors
        let expression = try inner.parseExpression()
        // SwiftUI's `\(value, specifier: "%.1f")` and `\(date, format: ...)`: the formatting is not simulated.
        if inner.current.isSymbol(","), case .identifier(let label) = inner.peek(1).kind, ["specifier", "format", "style"].contains(label) {
            while !inner.atEnd { inner.advance() }
        }
        if !inner.atEnd { throw inner.fail("unexpected \(inner.describedCurrent) in string interpolation") }
        return expression
    }
}

extension ExprSyntax {
    /// Names and member accesses take trailing closures (`ForEach(x) { }`, `Button { }`); literals do not.
    var acceptsTrailingClosure: Bool {
        switch kind {
        case .identifier, .member, .implicitMember: true
        default: false
        }
    }
}
