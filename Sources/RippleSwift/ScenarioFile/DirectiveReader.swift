internal import SwiftSyntax
internal import RippleCore

/// Reads a scenario file's own grammar, its directives, and finds the Swift around and inside them.
///
/// A directive starts a line: `scenario "…"`, `semantics swift6.2`, `source "…"`, `variant "…" { … }`,
/// `step "…" { … }` or `expect "…" [in "…"] [under …] { … }`. Everything else is Swift, read by
/// swift-syntax: the top-level declarations (the file with its directives blanked out, so that every
/// declaration keeps its line and column), each variant's declarations and each step's statements
/// (their text alone, with the offset of where it starts).
struct DirectiveReader {
    private let extents: SwiftExtents
    private let positions: SourcePositions
    /// The title, semantics, sources and expectations; the variants once `lowerDeclarations` has run, and
    /// the steps once `lowerSteps` has (or `lowerDeclarations`, for a file of few steps).
    private(set) var syntax: ScenarioSyntax
    private(set) var errors: [Diagnostic] = []
    private(set) var notes: [Diagnostic] = []
    /// Syntax errors found past those kept.
    private(set) var omitted = 0
    /// Whether steps of plain writes are read without swift-syntax (`PlainWrites`), and how many were.
    var readsPlainWrites = true
    private(set) var plainSteps = 0
    /// The file with every directive replaced by spaces (line breaks kept): its top-level Swift.
    private var topLevel: [UInt8]
    private var variants: [Region] = []
    private var steps: [Region] = []
    /// Where each step's `do` starts in the top-level Swift, and which step it is.
    private var stepStarts: [Int: Int] = [:]
    /// Each `environment \.key = value` in a step: the key path's location, and the word's.
    private var environmentKeys: [RippleCore.SourceLocation: RippleCore.SourceLocation] = [:]
    /// Each `task Row[2]`, `refresh Root` and `resume Root` in a step: the instance's location, and the
    /// action with its word's location.
    private var viewActions: [RippleCore.SourceLocation: (kind: ViewActionKind, word: RippleCore.SourceLocation)] = [:]
    /// Each action taken by name in a step (`tap Button "Add" in Root`): where it starts, and its text.
    private var namedActions: [RippleCore.SourceLocation: String] = [:]
    /// The token being read, and where the last one read ended.
    private var cursor: DirectiveToken
    private var lastEnd = 0

    /// A braced block of Swift a directive holds.
    private struct Region {
        var name: String
        var location: RippleCore.SourceLocation
        var range: Range<Int>
        /// Where its keyword starts.
        var start: Int
        /// A step written inside a variant block: that variant's name.
        var variant: String?
        /// A variant's steps, which are not among its declarations.
        var steps: [Range<Int>] = []
    }

    private struct Failure: Error { var diagnostic: Diagnostic }

    static let keywords: Set<String> = ["scenario", "semantics", "source", "variant", "step", "expect", "visible"]

    init(bytes: [UInt8], file: String) {
        extents = SwiftExtents(bytes: bytes)
        positions = SourcePositions(bytes: bytes, file: file)
        syntax = ScenarioSyntax(file: file)
        topLevel = bytes
        cursor = DirectiveToken(kind: .end, range: 0..<0, followsNewline: true, followsSpace: true)
    }

    // MARK: - Finding the directives

    /// Reads the directives, from the top of the file to its end.
    mutating func readDirectives() {
        var index = 0
        var lineStart = true
        var depth = 0
        while index < extents.count {
            let byte = extents[index]
            if SwiftExtents.isLineBreak(byte) || (byte == .semicolon && depth == 0) {
                lineStart = true
                index += 1
            } else if SwiftExtents.isSpace(byte) {
                index += 1
            } else if extents.startsComment(at: index) {
                index = extents.commentEnd(from: index)
            } else if extents.startsString(at: index) {
                index = extents.stringEnd(from: index)
                lineStart = false
            } else if SwiftExtents.startsWord(byte) {
                let end = extents.wordEnd(from: index)
                // A directive at the start of a line outside any braces; one at the very start of a line
                // also ends a declaration left open above it (swift-syntax then reports the missing `}`).
                if lineStart, depth == 0 || index == 0 || SwiftExtents.isLineBreak(extents[index - 1]),
                   isDirective(extents.text(index..<end), after: end) {
                    let steps = self.steps.count
                    let stop = readDirective(at: index)
                    blank(index..<stop)
                    // A step that ends a declaration left open is not read: the file has an error already.
                    // A variant's steps go back in where they were written, like the others.
                    if depth == 0 {
                        for step in steps..<self.steps.count { keepAsDo(step) }
                    }
                    index = stop
                    depth = 0
                } else {
                    index = end
                }
                lineStart = false
            } else {
                if byte == .openBrace { depth += 1 }
                if byte == .closeBrace { depth = max(0, depth - 1) }
                lineStart = false
                index += 1
            }
        }
    }

    /// Whether `word`, ending at `end`, starts a directive: one of the keywords not used as a Swift name
    /// (`step(…)`, `source = …`). `source` is a directive only before a path in quotes.
    private func isDirective(_ word: String, after end: Int) -> Bool {
        guard Self.keywords.contains(word) else { return false }
        var next = end
        while SwiftExtents.isSpace(extents[next]) { next += 1 }
        if word == "source" { return extents.startsString(at: next) }
        return ![UInt8(ascii: "("), UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: ")")]
            .contains(extents[next])
    }

    /// The first `variant`, `step` or `expect` that starts a line of `range` outside its inner braces.
    private func firstDirective(in range: Range<Int>) -> (word: String, offset: Int)? {
        var index = range.lowerBound
        var lineStart = false
        var depth = 0
        while index < range.upperBound {
            let byte = extents[index]
            if SwiftExtents.isLineBreak(byte) {
                lineStart = true
                index += 1
            } else if SwiftExtents.isSpace(byte) {
                index += 1
            } else if SwiftExtents.startsWord(byte) {
                let end = extents.wordEnd(from: index)
                let word = extents.text(index..<end)
                if lineStart, depth == 0, ["variant", "step", "expect"].contains(word), isDirective(word, after: end) {
                    return (word, index)
                }
                lineStart = false
                index = end
            } else {
                if byte == .openBrace { depth += 1 }
                if byte == .closeBrace { depth -= 1 }
                lineStart = false
                index = extents.unitEnd(from: index)
            }
        }
        return nil
    }

    /// Puts a step's block back into the top-level Swift as `do { … }` where `step "…"` was, so that
    /// every step is read in the one parse of the file. Ripple's own words, which are not Swift, are
    /// blanked: `environment` before a key path, whose assignment left in its place is read as the
    /// environment write, and `task`, `refresh` and `resume` before an instance, left as an expression
    /// read as the view action.
    private mutating func keepAsDo(_ index: Int) {
        let step = steps[index]
        let start = step.start
        topLevel[start] = UInt8(ascii: "d")
        topLevel[start + 1] = UInt8(ascii: "o")
        for index in step.range.lowerBound - 1...step.range.upperBound { topLevel[index] = extents.bytes[index] }
        for (word, length, rest, action) in stepWords(in: step.range) {
            for index in word..<word + length { topLevel[index] = .space }
            if action == .perform {
                // The statement is no Swift: a name stands in its place, which `ownStatement` replaces.
                topLevel[word] = .underscore
                topLevel[word + 1] = UInt8(ascii: "r")
                namedActions[positions.location(ofOffset: word)] = extents.text(word..<word + length)
            } else if let action {
                viewActions[positions.location(ofOffset: rest)] = (action, positions.location(ofOffset: word))
            } else {
                environmentKeys[positions.location(ofOffset: rest)] = positions.location(ofOffset: word)
            }
        }
        stepStarts[start] = index
    }

    /// Replaces a directive's bytes in the top-level Swift with spaces, keeping its line breaks.
    private mutating func blank(_ range: Range<Int>) {
        for index in range where !SwiftExtents.isLineBreak(topLevel[index]) { topLevel[index] = .space }
    }

    /// Reads the directive whose keyword is at `start` and returns where it ends. A directive with an error
    /// ends at its line's end, or past the block it opens there.
    private mutating func readDirective(at start: Int) -> Int {
        cursor = extents.directiveToken(from: start)
        lastEnd = cursor.range.upperBound
        do throws(Failure) {
            try directive()
            try endOfLine()
            return lastEnd
        } catch {
            errors.append(error.diagnostic)
            return recovery(from: start)
        }
    }

    private func recovery(from start: Int) -> Int {
        var index = start
        while index < extents.count, !SwiftExtents.isLineBreak(extents[index]) {
            if extents[index] == .openBrace, !extents.startsComment(at: index) {
                guard let close = extents.closingBrace(of: index) else { return extents.count }
                index = close + 1
            } else {
                index = extents.unitEnd(from: index)
            }
        }
        return index
    }

    // MARK: - Tokens

    private mutating func advance() {
        lastEnd = cursor.range.upperBound
        cursor = extents.directiveToken(from: cursor.range.upperBound)
    }

    private var next: DirectiveToken { extents.directiveToken(from: cursor.range.upperBound) }

    private func location(_ token: DirectiveToken) -> RippleCore.SourceLocation {
        positions.location(ofOffset: token.range.lowerBound)
    }

    private func fail(_ message: String, at token: DirectiveToken? = nil) -> Failure {
        Failure(diagnostic: .error(message, at: location(token ?? cursor)))
    }

    private var describedCurrent: String {
        switch cursor.kind {
        case .end: "end of file"
        case .string: "string literal"
        default: "'\(extents.text(cursor.range))'"
        }
    }

    private mutating func consume(_ symbol: String) -> Bool {
        guard cursor.isSymbol(symbol) else { return false }
        advance()
        return true
    }

    private mutating func expect(_ symbol: String, _ context: String) throws(Failure) {
        guard cursor.isSymbol(symbol) else { throw fail("expected '\(symbol)' \(context), found \(describedCurrent)") }
        advance()
    }

    private mutating func word(_ context: String) throws(Failure) -> String {
        guard case .word(let word) = cursor.kind else { throw fail("expected \(context), found \(describedCurrent)") }
        advance()
        return word
    }

    /// A name in quotes: the literal's text, its escapes resolved as Swift resolves them.
    private mutating func name(_ context: String) throws(Failure) -> String {
        guard cursor.kind == .string else { throw fail("expected \(context), found \(describedCurrent)") }
        let text = try literalText(context)
        advance()
        return text
    }

    private func literalText(_ context: String) throws(Failure) -> String {
        let range = cursor.range
        let simple = range.count >= 2 && extents[range.lowerBound] == .quote && extents[range.upperBound - 1] == .quote
            && !(range.count >= 3 && extents[range.lowerBound + 1] == .quote && extents[range.lowerBound + 2] == .quote)
            && !extents.bytes[range].contains(.backslash)
        if simple { return extents.text(range.lowerBound + 1..<range.upperBound - 1) }
        let tree = SwiftParse.syntax(of: extents.text(range))
        if tree.hasError {
            var literalPositions = positions
            literalPositions.base = range.lowerBound
            if let first = SyntaxErrors.find(in: tree, positions: literalPositions).errors.first { throw Failure(diagnostic: first) }
        }
        guard let item = tree.statements.first, tree.statements.count == 1, case .expr(let expression) = item.item,
              let literal = expression.as(StringLiteralExprSyntax.self), literal.closingQuote.presence == .present else {
            throw fail("unterminated string literal")
        }
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let piece) = segment else { throw fail("\(context) cannot contain interpolation") }
            text += SwiftLowering.unescaped(piece.content.text, multiline: literal.openingQuote.tokenKind == .multilineStringQuote)
        }
        return text
    }

    /// Requires a line break, `;`, `}` or the end of the file after a directive.
    private mutating func endOfLine() throws(Failure) {
        if cursor.isSymbol(";") { advance(); return }
        if cursor.kind == .end || cursor.followsNewline || cursor.isSymbol("}") { return }
        if case .symbol(let symbol) = cursor.kind, !["{", "(", "[", ".", "\\", "@", "$"].contains(symbol) {
            throw fail("unexpected '\(symbol)'")
        }
        throw fail("consecutive statements on a line must be separated by ';'")
    }

    // MARK: - Directives

    private mutating func directive() throws(Failure) {
        let keyword = cursor
        advance()
        switch keyword.kind {
        case .word("scenario"):
            let location = location(cursor)
            let title = try name("a scenario title in quotes")
            if syntax.title != nil { throw fail("duplicate 'scenario' title", at: keyword) }
            syntax.title = title
            syntax.titleLocation = location
        case .word("semantics"):
            let semantics = try semanticsName()
            if syntax.semantics != nil { throw fail("duplicate 'semantics' directive", at: keyword) }
            syntax.semantics = semantics
        case .word("source"):
            let location = location(cursor)
            syntax.sources.append(SourceReference(path: try name("a path in quotes"), location: location))
        case .word("visible"):
            // `visible rows 20`: how many rows a lazy container's window shows (Rule 20).
            guard cursor.isWord("rows") else { throw fail("expected 'rows' after 'visible', found \(describedCurrent)") }
            advance()
            guard case .integer(let rows?) = cursor.kind, (1...LazyWindow.maximumVisibleRows).contains(rows) else {
                throw fail("expected a number of rows from 1 to \(LazyWindow.maximumVisibleRows) after 'visible rows', found \(describedCurrent)")
            }
            if syntax.visibleRows != nil { throw fail("duplicate 'visible rows' directive", at: keyword) }
            advance()
            syntax.visibleRows = rows
        case .word("variant"):
            let name = try name("a variant name in quotes")
            let range = try block("the variant", closing: "variant '\(name)'")
            var region = Region(name: name, location: location(keyword), range: range, start: keyword.range.lowerBound)
            region.steps = try variantSteps(in: range, variant: name)
            variants.append(region)
        case .word("step"):
            let name = try name("a step name in quotes")
            steps.append(Region(name: name, location: location(keyword), range: try block("the step", closing: "step '\(name)'"),
                                start: keyword.range.lowerBound))
        default:
            if cursor.isWord("audit") {
                advance()
                syntax.auditBudgets.append(try auditBudget(at: keyword))
            } else {
                syntax.expectations.append(try expectation(at: keyword))
            }
        }
    }

    /// The steps written inside a variant's block, read as steps of that variant; returns where each is.
    /// A `variant` or `expect` there is an error.
    private mutating func variantSteps(in range: Range<Int>, variant: String) throws(Failure) -> [Range<Int>] {
        let (savedCursor, savedEnd) = (cursor, lastEnd)
        defer { (cursor, lastEnd) = (savedCursor, savedEnd) }
        var found: [Range<Int>] = []
        var from = range.lowerBound
        while let nested = firstDirective(in: from..<range.upperBound) {
            guard nested.word == "step" else {
                throw Failure(diagnostic: .error("'\(nested.word)' must be at the top level, not inside a variant",
                                                 at: positions.location(ofOffset: nested.offset)))
            }
            let count = steps.count
            let stop = min(readDirective(at: nested.offset), range.upperBound)
            for index in count..<steps.count { steps[index].variant = variant }
            found.append(nested.offset..<stop)
            from = stop
        }
        return found
    }

    /// The Swift inside `{ … }`, the cursor at its `{`; the cursor moves past the `}`.
    private mutating func block(_ what: String, closing: String) throws(Failure) -> Range<Int> {
        guard cursor.isSymbol("{") else { throw fail("expected '{' to open \(what), found \(describedCurrent)") }
        let open = cursor.range.lowerBound
        guard let close = extents.closingBrace(of: open) else {
            throw Failure(diagnostic: .error("expected '}' to close \(closing)", at: positions.location(ofOffset: extents.count)))
        }
        lastEnd = close + 1
        cursor = extents.directiveToken(from: close + 1)
        return open + 1..<close
    }

    /// `swift5.9` or `swift6.2`, read as one word with its dot.
    private mutating func semanticsName() throws(Failure) -> Semantics {
        guard case .word = cursor.kind else { throw fail("expected 'swift5.9' or 'swift6.2', found \(describedCurrent)") }
        let start = cursor.range.lowerBound
        var end = start
        while SwiftExtents.continuesWord(extents[end]) || extents[end] == UInt8(ascii: ".") { end += 1 }
        let name = extents.text(start..<end)
        guard let semantics = Semantics(rawValue: name) else {
            throw fail("unknown semantics '\(name)'; expected 'swift5.9' or 'swift6.2'")
        }
        lastEnd = end
        cursor = extents.directiveToken(from: end)
        return semantics
    }

    // MARK: - Expectations

    /// `expect audit [in "variant"] { rows 3; wasted <= 2; stale 0; evaluations <= 20 }`, after `audit`. A
    /// bare number is a budget as `<=` is: `stale 0` allows none.
    private mutating func auditBudget(at keyword: DirectiveToken) throws(Failure) -> AuditBudgetSyntax {
        var budget = AuditBudgetSyntax(location: location(keyword))
        if cursor.isWord("in") {
            advance()
            budget.variantLocation = location(cursor)
            budget.variant = try name("a variant name in quotes")
        }
        try expect("{", "to open the audit budget")
        let known = ["rows", "wasted", "stale", "evaluations"]
        while !cursor.isSymbol("}") {
            if cursor.kind == .end { throw fail("expected '}' to close the audit budget") }
            let clauseLocation = location(cursor)
            let keyword = try word(known.map { "'\($0)'" }.joined(separator: ", "))
            guard known.contains(keyword) else {
                throw Failure(diagnostic: .error("unknown audit budget '\(keyword)'\(Suggestion.didYouMean(keyword, in: known))", at: clauseLocation))
            }
            if keyword != "rows" { _ = consume("<=") }
            guard case .integer(let value?) = cursor.kind, value >= 0 else {
                throw fail("expected a whole number after '\(keyword)', found \(describedCurrent)")
            }
            advance()
            switch keyword {
            case "rows": budget.rows = value
            case "wasted": budget.maximumWasted = value
            case "stale": budget.maximumStale = value
            default: budget.maximumEvaluations = value
            }
            try endOfLine()
        }
        advance()
        return budget
    }

    private mutating func expectation(at keyword: DirectiveToken) throws(Failure) -> ExpectationSyntax {
        let stepLocation = location(cursor)
        let isInitial = cursor.isWord("initial")
        if isInitial { advance() }
        let step = isInitial ? "" : try name("a step name in quotes or 'initial'")
        var expectation = ExpectationSyntax(step: step, stepLocation: stepLocation, variant: nil, variantLocation: nil,
                                            semantics: nil, clauses: [], location: location(keyword))
        expectation.isInitial = isInitial
        if cursor.isWord("in") {
            advance()
            expectation.variantLocation = location(cursor)
            expectation.variant = try name("a variant name in quotes")
        }
        if cursor.isWord("under") {
            advance()
            expectation.semantics = try semanticsName()
        }
        if cursor.isWord("update") {
            advance()
            expectation.update = try updateNumber()
        } else if cursor.isWord("updates") {
            throw fail("'updates N' is a clause inside the block; the header takes 'update N', the update its clauses hold against")
        }
        try expect("{", "to open the expectation")
        while !cursor.isSymbol("}") {
            if cursor.kind == .end { throw fail("expected '}' to close the expectation") }
            let clauseLocation = location(cursor)
            let keyword = try word("'evaluates', 'wasted', 'stale', 'needed', 'runs', 'skips', 'appears', 'disappears', 'evaluations' or 'updates'")
            switch keyword {
            case "evaluates": expectation.clauses.append(.evaluates(try instanceList(), location: clauseLocation))
            case "wasted": expectation.clauses.append(.wasted(try instanceList(), location: clauseLocation))
            case "stale": expectation.clauses.append(.stale(try instanceList(), location: clauseLocation))
            case "needed": expectation.clauses.append(.needed(try instanceList(), location: clauseLocation))
            case "runs": expectation.clauses.append(.runs(try instanceList(), location: clauseLocation))
            case "skips": expectation.clauses.append(.skips(try instanceList(), location: clauseLocation))
            case "appears": expectation.clauses.append(.appears(try instanceList(), location: clauseLocation))
            case "disappears": expectation.clauses.append(.disappears(try instanceList(), location: clauseLocation))
            case "evaluations":
                try expect("<=", "after 'evaluations'")
                guard case .integer(let limit?) = cursor.kind else {
                    throw fail("expected a number after 'evaluations <=', found \(describedCurrent)")
                }
                advance()
                expectation.clauses.append(.evaluationsAtMost(limit, location: clauseLocation))
            case "updates":
                if let update = expectation.update {
                    throw Failure(diagnostic: .error("'updates' counts every update of the step; write it in a block without 'update \(update)'", at: clauseLocation))
                }
                guard case .integer(let count?) = cursor.kind else {
                    throw fail("expected a whole number after 'updates', found \(describedCurrent)")
                }
                guard count >= 1 else { throw fail("a step makes at least one update, its own") }
                advance()
                expectation.clauses.append(.updates(count, location: clauseLocation))
            case "update":
                throw Failure(diagnostic: .error("'update N' goes in the header, before '{': expect \"step\" update N { … }", at: clauseLocation))
            default:
                let known = ["evaluates", "wasted", "stale", "needed", "runs", "skips", "appears", "disappears", "evaluations", "updates"]
                throw Failure(diagnostic: .error("unknown expectation '\(keyword)'\(Suggestion.didYouMean(keyword, in: known))", at: clauseLocation))
            }
            try endOfLine()
        }
        advance()
        return expectation
    }

    /// The number after `update`: 1 for the step's own update, 2 for the first after it, and so on.
    private mutating func updateNumber() throws(Failure) -> Int {
        guard case .integer(let number?) = cursor.kind else {
            throw fail("expected the update's number after 'update', found \(describedCurrent)")
        }
        guard number >= 1 else { throw fail("updates are numbered from 1, the step's own update") }
        advance()
        return number
    }

    private mutating func instanceList() throws(Failure) -> [InstanceReferenceSyntax] {
        if cursor.isWord("nothing") {
            advance()
            return []
        }
        var references: [InstanceReferenceSyntax] = []
        repeat {
            references.append(try instanceReference())
        } while consume(",")
        return references
    }

    /// `Row`, `Row[2]`, `Row["a"]`, `Row[-1]`, `Row[true]`, `Row[UUID-1]`, `Text#2`, a row by a field
    /// of its element, `Row[title: "Call Sam"]`, and paths of them: `List/Row[2]`.
    private mutating func instanceReference() throws(Failure) -> InstanceReferenceSyntax {
        let location = location(cursor)
        var path = ""
        repeat {
            if !path.isEmpty { path += "/" }
            path += try word("a view instance name")
            while !cursor.followsSpace && cursor.isSymbol("[") {
                advance()
                if case .word(let field) = cursor.kind, next.isSymbol(":") {
                    // Written the way the trace's explanations print it, whatever the spacing.
                    advance()
                    advance()
                    path += "[\(field): \(try identityLiteral(allowingUUID: false))]"
                } else {
                    path += "[\(try identityLiteral(allowingUUID: true))]"
                }
                advance()
                try expect("]", "after the instance identity")
            }
            if !cursor.followsSpace && cursor.isSymbol("#"), !next.followsSpace, case .integer(let ordinal?) = next.kind {
                advance()
                advance()
                path += "#\(ordinal)"
            }
        } while !cursor.followsSpace && consume("/")
        return InstanceReferenceSyntax(path: path, location: location)
    }

    /// The identity or field value at the cursor, as an instance name writes it: `2`, `-1`, `"a"`,
    /// `true`, and a generated `UUID-1` where `allowingUUID`. The cursor is left on its last token.
    private mutating func identityLiteral(allowingUUID: Bool) throws(Failure) -> String {
        switch cursor.kind {
        case .integer(let value?): return "\(value)"
        case .string: return "\"\(try literalText("a ForEach identity"))\""
        case .symbol("-"):
            advance()
            guard case .integer(let value?) = cursor.kind else { throw fail("expected a number") }
            return "-\(value)"
        case .word("true"), .word("false"): return extents.text(cursor.range)
        case .word("UUID") where allowingUUID && !next.followsSpace && next.isSymbol("-"):
            // A generated id, as `ripple parse` shows it: `Row[UUID-1]`.
            advance()
            guard !next.followsSpace, case .integer(let value?) = next.kind else { throw fail("expected a number after 'UUID-'") }
            advance()
            return "UUID-\(value)"
        default:
            let what = allowingUUID ? "a ForEach identity (a number, a string, a generated 'UUID-1' or 'field: value')"
                                    : "a field's value (a number, a string or a Bool)"
            throw fail("expected \(what) in '[...]', found \(describedCurrent)")
        }
    }

    // MARK: - The Swift

    /// Parses and lowers the declarations, the top level's and each variant's, and starts the steps'
    /// statements on other threads: `lowerSteps` takes what `finish()` on the result gives. Nil when the
    /// file has too few steps for pieces of their own: then the steps are lowered too.
    mutating func lowerDeclarations(cores: Int, overlapping: Bool) -> TopLevelParse.StepsInProgress? {
        let (parsed, inProgress) = TopLevelParse.start(topLevel, steps: stepBlocks, positions: positions,
                                                       cores: cores, overlapping: overlapping, readsPlainWrites: readsPlainWrites)
        errors += parsed.errors
        notes += parsed.notes
        omitted += parsed.omitted
        plainSteps = parsed.plainSteps
        var declarations = parsed.declarations
        unmatched(SwiftExtensions.merge(parsed.extensions, into: &declarations))
        syntax.declarations = declarations
        if let root = parsed.rootCandidates.first {
            syntax.root = root.name
            syntax.rootLocation = root.location
            syntax.rootArguments = root.arguments
            syntax.rootEnvironment = root.environment
        }
        for region in variants {
            // The variant's steps were read with the other steps; its declarations are the rest.
            var bytes = Array(extents.bytes[region.range])
            for step in region.steps {
                for index in step where !SwiftExtents.isLineBreak(bytes[index - region.range.lowerBound]) {
                    bytes[index - region.range.lowerBound] = .space
                }
            }
            let lowering = lower(bytes, at: region.range.lowerBound)
            var declarations = lowering?.declarations ?? []
            unmatched(SwiftExtensions.merge(lowering?.extensions ?? [], into: &declarations))
            syntax.variants.append(VariantSyntax(name: region.name, declarations: declarations, location: region.location))
        }
        guard let inProgress else {
            giveSteps(parsed.statements)
            return nil
        }
        return inProgress
    }

    /// Each step's `do { … }` in the top-level text, in file order (a step whose block could not be read
    /// has none).
    private var stepBlocks: [TopLevelParse.StepBlock] {
        var blocks = [TopLevelParse.StepBlock?](repeating: nil, count: steps.count)
        for (start, step) in stepStarts { blocks[step] = TopLevelParse.StepBlock(start: start, end: steps[step].range.upperBound + 1) }
        return blocks.compactMap { $0 }
    }

    /// Takes what the steps' pieces gave (`TopLevelParse.StepsInProgress.finish()`): their problems, and
    /// each step's statements. When a piece stopped, the reader goes back to `before` (itself before
    /// `lowerDeclarations`) and reads the file's Swift as one piece, which stops where the whole file does.
    mutating func lowerSteps(_ parsed: TopLevelParse.Result, before: DirectiveReader) {
        if parsed.stopped {
            self = before
            _ = lowerDeclarations(cores: 1, overlapping: false)
            return
        }
        errors += parsed.errors
        notes += parsed.notes
        omitted += parsed.omitted
        plainSteps = parsed.plainSteps
        giveSteps(parsed.statements)
    }

    /// Gives each step its statements, from the lowered blocks by the blocks' order.
    private mutating func giveSteps(_ lowered: [Int: [RippleStatement]]) {
        var statements = [[RippleStatement]](repeating: [], count: steps.count)
        for (index, block) in stepBlocks.enumerated() {
            guard let step = stepStarts[block.start], let block = lowered[index] else { continue }
            statements[step] = environmentKeys.isEmpty && viewActions.isEmpty && namedActions.isEmpty ? block : block.map { ownStatement($0) }
        }
        syntax.steps = []
        for (index, region) in steps.enumerated() {
            syntax.steps.append(StepSyntax(name: region.name, statements: statements[index], location: region.location, variant: region.variant))
        }
    }

    /// Ripple's own words that start a statement in `range`: `environment` before `\`, and `task`,
    /// `refresh` or `resume` before a name. Each with the word's offset and length, the offset of what
    /// follows it, and the view action it is (nil for `environment`).
    private func stepWords(in range: Range<Int>) -> [(word: Int, length: Int, rest: Int, action: ViewActionKind?)] {
        var found: [(word: Int, length: Int, rest: Int, action: ViewActionKind?)] = []
        var index = range.lowerBound
        var statementStart = true
        while index < range.upperBound {
            let byte = extents[index]
            if SwiftExtents.isLineBreak(byte) || byte == .semicolon || byte == .openBrace || byte == .closeBrace {
                statementStart = true
                index += 1
            } else if SwiftExtents.isSpace(byte) {
                index += 1
            } else if SwiftExtents.startsWord(byte) {
                let end = extents.wordEnd(from: index)
                if statementStart {
                    let word = extents.text(index..<end)
                    var rest = end
                    while SwiftExtents.isSpace(extents[rest]) { rest += 1 }
                    if rest > end, word == "environment", extents[rest] == .backslash {
                        found.append((index, end - index, rest, nil))
                    } else if rest > end, let action = ViewActionKind(rawValue: word), action != .perform, SwiftExtents.startsWord(extents[rest]) {
                        found.append((index, end - index, rest, action))
                    } else if rest > end, ViewActionKind.performVerbs.contains(word),
                              SwiftExtents.startsWord(extents[rest]) || extents[rest] == .quote || extents[rest] == .period {
                        // An action by name runs to the end of its line, a `;`, a comment, or the step's `}`.
                        var statementEnd = rest
                        while statementEnd < range.upperBound, !SwiftExtents.isLineBreak(extents[statementEnd]),
                              extents[statementEnd] != .semicolon, extents[statementEnd] != .closeBrace, !extents.startsComment(at: statementEnd) {
                            statementEnd = extents.unitEnd(from: statementEnd)
                        }
                        while statementEnd > rest, SwiftExtents.isSpace(extents[statementEnd - 1]) { statementEnd -= 1 }
                        found.append((index, statementEnd - index, rest, .perform))
                        statementStart = false
                        index = statementEnd
                        continue
                    }
                }
                statementStart = false
                index = end
            } else {
                statementStart = false
                index = extents.unitEnd(from: index)
            }
        }
        return found
    }

    /// The statement, with what followed one of Ripple's own words made the statement it was written
    /// as: an assignment to a key path after `environment` the environment write, an instance after
    /// `task`, `refresh` or `resume` the view action.
    private mutating func ownStatement(_ statement: RippleStatement) -> RippleStatement {
        switch statement.kind {
        case .assignment(let target, "=", let value):
            guard let word = environmentKeys[target.location], case .keyPath(let root, let components) = target.kind else { return statement }
            guard root == nil, components.count == 1 else {
                errors.append(.error("expected an environment key like '\\.colorScheme'", at: target.location))
                return statement
            }
            return RippleStatement(kind: .environmentWrite(key: components[0], value: value), location: word)
        case .expression(let target):
            // An instance with an identity (`Row[2]`) is a subscript, placed at its `[`: its name is where the word's rest starts.
            if case .identifier("_r") = target.kind, let text = namedActions[target.location] {
                return RippleStatement(kind: .viewAction(.perform, target: RippleExpr(.string([.text(text)]), at: target.location)), location: target.location)
            }
            var name = target
            while case .subscriptAccess(let base, _, _) = name.kind { name = base }
            guard let (action, word) = viewActions[name.location] else { return statement }
            return RippleStatement(kind: .viewAction(action, target: target), location: word)
        case .ifStatement(var clauses, let otherwise):
            for index in clauses.indices { clauses[index].body = clauses[index].body.map { ownStatement($0) } }
            return RippleStatement(kind: .ifStatement(clauses: clauses, otherwise: otherwise?.map { ownStatement($0) }), location: statement.location)
        default:
            return statement
        }
    }

    /// Parses `bytes`, which start at `offset` in the file, and lowers its declarations; nil on syntax errors.
    private mutating func lower(_ bytes: [UInt8], at offset: Int) -> SwiftLowering? {
        var regionPositions = positions
        regionPositions.base = offset
        if offset > 0 { regionPositions.end = "'}'" }
        let (tree, problems, more) = SwiftParse.tree(of: String(decoding: bytes, as: UTF8.self), positions: regionPositions)
        errors += problems
        omitted += more
        guard let tree else { return nil }
        var lowering = SwiftLowering(positions: regionPositions, closedWorld: true)
        lowering.lower(tree)
        errors += lowering.errors
        notes += lowering.notes
        return lowering
    }

    /// An extension of a type the file does not declare is not simulated.
    private mutating func unmatched(_ extensions: [SwiftExtension]) {
        for record in extensions {
            errors.append(.error("extension of '\(record.name)', which the scenario does not declare, is not simulated", at: record.location))
        }
    }
}
