import Testing
@testable import RippleCore
import RippleSwift

/// An invalid scenario, the position of its error marked with 1️⃣, and the exact message.
struct InvalidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    var message: String
    var testDescription: String { name }
}

private let root = """
scenario "t"
struct Root: View { var body: some View { Text("a") } }

"""

private let model = """
scenario "t"
@Observable final class Model {
    var users: [String] = ["a"]
    var count: Int = 0
    var total: Int { count + 1 }
}
let model = Model()

"""

let invalidCases: [InvalidCase] = [
    // Lexical
    InvalidCase(name: "unterminated string", source: "scenario 1️⃣\"title\n", message: "unterminated string literal"),
    InvalidCase(name: "bad character", source: root + "step \"s\" { 1️⃣§ }", message: "unexpected code '§'"),
    InvalidCase(name: "invalid escape", source: "scenario \"a1️⃣\\q\"", message: "invalid escape sequence in string literal"),
    InvalidCase(name: "unterminated comment", source: root + "1️⃣/* never closed", message: "unterminated comment"),
    InvalidCase(name: "integer overflow", source: model + "step \"s\" { model.count = 1️⃣99999999999999999999999 }", message: "integer literal '99999999999999999999999' overflows Int"),
    InvalidCase(name: "dollar without a name", source: root + "step \"s\" { 1️⃣$ }", message: "expected a name after '$'"),
    // Syntax
    InvalidCase(name: "scenario without a title", source: "scenario 1️⃣42", message: "expected a scenario title in quotes, found '42'"),
    InvalidCase(name: "duplicate title", source: root + "1️⃣scenario \"again\"", message: "duplicate 'scenario' title"),
    InvalidCase(name: "unknown semantics", source: "scenario \"t\"\nsemantics 1️⃣swift7.0", message: "unknown semantics 'swift7.0'; expected 'swift5.9' or 'swift6.2'"),
    InvalidCase(name: "variant without braces", source: root + "variant \"v\" 1️⃣struct", message: "expected '{' to open the variant, found 'struct'"),
    InvalidCase(name: "expect inside a variant", source: root + "variant \"v\" {\n    1️⃣expect \"s\" { evaluates Root }\n}", message: "'expect' must be at the top level, not inside a variant"),
    InvalidCase(name: "empty step inside a variant", source: root + "variant \"v\" {\n    1️⃣step \"s\" { }\n}", message: "step 's' writes nothing"),
    InvalidCase(name: "missing closing brace of a struct", source: "scenario \"t\"\nstruct Root: View {\n    var body: some View { Text(\"a\") }\n1️⃣", message: "expected '}' to close 'Root', found end of file"),
    InvalidCase(name: "missing closing paren", source: "scenario \"t\"\nstruct Root: View { var body: some View { Text(\"a\" 1️⃣} }", message: "expected ')' to close the argument list, found '}'"),
    InvalidCase(name: "two statements on a line", source: root + "step \"s\" { Root.a = 1 1️⃣Root.b = 2 }", message: "consecutive statements on a line must be separated by ';'"),
    InvalidCase(name: "unexpected operator", source: "scenario \"t\"\nstruct Root: View { var body: some View { Text(\"a\") 1️⃣~ } }", message: "expected an expression after '~'"),
    InvalidCase(name: "missing expression", source: model + "step \"s\" { model.count = 1️⃣}", message: "expected an expression, found '}'"),
    InvalidCase(name: "truncated file in a body", source: "scenario \"t\"\nstruct Root: View { var body: some View { 1️⃣", message: "expected '}' to close the block, found end of file"),
    InvalidCase(name: "truncated expectation", source: root + "expect \"s\" { evaluates 1️⃣", message: "expected a view instance name, found end of file"),
    InvalidCase(name: "unknown expectation clause", source: root + "expect \"s\" { 1️⃣evaluate Root }", message: "unknown expectation 'evaluate'; did you mean 'evaluates'?"),
    InvalidCase(name: "evaluations without a number", source: root + "expect \"s\" { evaluations <= 1️⃣many }", message: "expected a number after 'evaluations <=', found 'many'"),
    InvalidCase(name: "update without a number", source: root + "expect \"s\" update 1️⃣two { evaluates Root }", message: "expected the update's number after 'update', found 'two'"),
    InvalidCase(name: "update zero", source: root + "expect \"s\" update 1️⃣0 { evaluates Root }", message: "updates are numbered from 1, the step's own update"),
    InvalidCase(name: "updates in the header", source: root + "expect \"s\" 1️⃣updates 2 { evaluates Root }", message: "'updates N' is a clause inside the block; the header takes 'update N', the update its clauses hold against"),
    InvalidCase(name: "update as a clause", source: root + "expect \"s\" { 1️⃣update 2 { evaluates Root } }", message: "'update N' goes in the header, before '{': expect \"step\" update N { … }"),
    InvalidCase(name: "updates without a number", source: root + "expect \"s\" { updates 1️⃣many }", message: "expected a whole number after 'updates', found 'many'"),
    InvalidCase(name: "no updates", source: root + "expect \"s\" { updates 1️⃣0 }", message: "a step makes at least one update, its own"),
    InvalidCase(name: "updates in a block of one update", source: root + "expect \"s\" update 2 { 1️⃣updates 2 }", message: "'updates' counts every update of the step; write it in a block without 'update 2'"),
    InvalidCase(name: "bad instance identity", source: root + "expect \"s\" { evaluates Row[1️⃣x] }", message: "expected a ForEach identity (a number, a string, a generated 'UUID-1' or 'field: value') in '[...]', found 'x'"),
    // Constructs outside the language
    InvalidCase(name: "where clause", source: "scenario \"t\"\nstruct Root: View 1️⃣where T: Equatable { }", message: "the 'where' clause of 'Root' is not simulated"),
    InvalidCase(name: "protocol", source: root + "1️⃣protocol P { }", message: "protocol is not simulated"),
    InvalidCase(name: "for loop", source: "scenario \"t\"\nstruct Root: View { var body: some View { 1️⃣for x in [1] { } } }", message: "a view builder cannot hold a 'for' loop; build the rows with 'ForEach'"),
    InvalidCase(name: "switch case binding a value next to a value to compare", source: "scenario \"t\"\nenum L { case idle, loaded(Int, Int) }\nstruct Root: View {\n    let l: L = .idle\n    var body: some View { switch l { case 1️⃣.loaded(0, let n): Text(\"\\(n)\") default: Text(\"-\") } }\n}", message: "this case pattern is not simulated"),
    InvalidCase(name: "generic type", source: "scenario \"t\"\nstruct Root: 1️⃣View <T> { }", message: "the conformance to 'View <T>' is not simulated"),
    InvalidCase(name: "tuple", source: model + "let t = 1️⃣(1 , 2)", message: "tuple is not simulated"),
    InvalidCase(name: "property observer in a view", source: "scenario \"t\"\nstruct Root: View {\n    @State var x: Int = 0 { 1️⃣didSet { } }\n    var body: some View { Text(\"a\") }\n}", message: "the observers of 'x' in 'Root' are not simulated; Ripple runs those of a class's stored properties"),
    InvalidCase(name: "method called without its argument", source: "scenario \"t\"\n@Observable final class M {\n    var x: Int = 0\n    func bump(_ by: Int) { x += by }\n}\n" + "struct Root: View {\n    @State var m = M()\n    var body: some View { Text(\"\\(m.x)\") }\n}\nstep \"s\" { m.1️⃣bump() }", message: "'bump' needs an unlabelled argument for parameter 'by'"),
    InvalidCase(name: "unsupported property wrapper", source: "scenario \"t\"\nstruct Root: View {\n    1️⃣@SceneStorage(\"k\") var k = 0\n    var body: some View { Text(\"a\") }\n}", message: "property wrapper '@SceneStorage' is not supported in scenarios; did you mean 'AppStorage'?"),
    InvalidCase(name: "extension of another type", source: root + "extension 1️⃣String { }", message: "extension of 'String', which the scenario does not declare, is not simulated"),
    // Names
    InvalidCase(name: "unknown property", source: model + "struct Root: View { var body: some View { Text(\"\\(model.1️⃣usres.count)\") } }", message: "unknown property 'usres' on 'Model'; did you mean 'users'?"),
    InvalidCase(name: "unknown type", source: "scenario \"t\"\nstruct Root: View {\n    let user: 1️⃣Usr\n    var body: some View { Text(\"a\") }\n}\nstruct Usor { var id: Int }", message: "unknown type 'Usr'; did you mean 'Usor'?"),
    InvalidCase(name: "unknown view", source: "scenario \"t\"\nstruct Root: View { var body: some View { 1️⃣UserRw() } }\nstruct UserRow: View { var body: some View { Text(\"a\") } }", message: "unknown view 'UserRw'; did you mean 'UserRow'?"),
    InvalidCase(name: "unknown name", source: "scenario \"t\"\nstruct Root: View {\n    let title: String = \"a\"\n    var body: some View { Text(1️⃣titel) }\n}", message: "unknown name 'titel'; did you mean 'title'?"),
    InvalidCase(name: "empty step", source: root + "1️⃣step \"rename\" { }", message: "step 'rename' writes nothing"),
    InvalidCase(name: "unknown step name", source: model + "struct Root: View { var body: some View { Text(\"a\") } }\nstep \"rename\" { model.count = 1 }\nexpect 1️⃣\"renam\" { evaluates nothing }", message: "unknown step 'renam'; did you mean 'rename'?"),
    InvalidCase(name: "unknown variant in expect", source: model + "struct Root: View { var body: some View { Text(\"a\") } }\nvariant \"broad\" { }\nstep \"s\" { model.count = 1 }\nexpect \"s\" in 1️⃣\"brod\" { evaluates nothing }", message: "unknown variant 'brod'; did you mean 'broad'?"),
    InvalidCase(name: "unknown instance in expect", source: model + "struct Root: View { var body: some View { Row() } }\nstruct Row: View { var body: some View { Text(\"\\(model.count)\") } }\nstep \"s\" { model.count = 1 }\nexpect \"s\" { evaluates 1️⃣Rw }", message: "no instance 'Rw'; did you mean 'Row'?"),
    InvalidCase(name: "wrong argument label", source: "scenario \"t\"\nstruct Root: View { var body: some View { Row(1️⃣nme: \"a\") } }\nstruct Row: View { let name: String; var body: some View { Text(name) } }", message: "extra argument 'nme' in call to 'Row'; did you mean 'name'?"),
    InvalidCase(name: "missing argument", source: "scenario \"t\"\nstruct Root: View { var body: some View { 1️⃣Row() } }\nstruct Row: View { let name: String; var body: some View { Text(name) } }", message: "missing argument for 'name' in call to 'Row'"),
    InvalidCase(name: "arguments out of order", source: "scenario \"t\"\nstruct Root: View { var body: some View { Row(b: 1, 1️⃣a: 2) } }\nstruct Row: View { let a: Int; let b: Int; var body: some View { Text(\"x\") } }", message: "argument 'a' is out of order in call to 'Row'"),
    InvalidCase(name: "wrong literal type for @State", source: "scenario \"t\"\nstruct Root: View {\n    @State private var on = false\n    var body: some View { Text(on ? \"y\" : \"n\") }\n}\nstep \"s\" { Root.on = 1️⃣1 }", message: "cannot assign a value of type 'Int' to 'Root.on' of type 'Bool'"),
    InvalidCase(name: "write to an input", source: "scenario \"t\"\nstruct Root: View { var body: some View { Row(name: \"a\") } }\nstruct Row: View { let name: String; var body: some View { Text(name) } }\nstep \"s\" { Row.1️⃣name = \"b\" }", message: "'name' is an input that 'Root' passes to 'Row'; write its source instead"),
    InvalidCase(name: "write to a computed property", source: model + "struct Root: View { var body: some View { Text(\"\\(model.total)\") } }\nstep \"s\" { model.1️⃣total = 3 }", message: "'total' is a computed property of 'Model' and cannot be written"),
    InvalidCase(name: "binding input given a value", source: "scenario \"t\"\nstruct Root: View { var body: some View { Toggle2(1️⃣isOn: true) } }\nstruct Toggle2: View { @Binding var isOn: Bool; var body: some View { Text(\"x\") } }", message: "'isOn' is a binding; pass '$isOn' or a binding, not true"),
    // Declarations
    InvalidCase(name: "duplicate declaration", source: root + "struct 1️⃣Root: View { var body: some View { Text(\"b\") } }", message: "duplicate declaration of 'Root' (first declared at line 2)"),
    InvalidCase(name: "duplicate property", source: "scenario \"t\"\nstruct Root: View {\n    let a: Int = 1\n    let 1️⃣a: Int = 2\n    var body: some View { Text(\"x\") }\n}", message: "duplicate property 'a' in 'Root'"),
    InvalidCase(name: "duplicate variant", source: root + "variant \"v\" { }\n1️⃣variant \"v\" { }", message: "duplicate variant 'v' (first declared at line 3)"),
    InvalidCase(name: "duplicate step", source: model + "struct Root: View { var body: some View { Text(\"a\") } }\nstep \"s\" { model.count = 1 }\n1️⃣step \"s\" { model.count = 2 }", message: "duplicate step 's' (first declared at line 9)"),
    InvalidCase(name: "computed property cycle", source: "scenario \"t\"\n@Observable final class M {\n    var a: Int { b + 1 }\n    var b: Int { 1️⃣a + 1 }\n}\nstruct Root: View { var body: some View { Text(\"x\") } }", message: "computed properties 'a' → 'b' → 'a' of 'M' form a cycle"),
    InvalidCase(name: "view contains itself", source: "scenario \"t\"\nstruct Root: View { var body: some View { Node() } }\nstruct Node: View { var body: some View { 1️⃣Node() } }", message: "view 'Node' contains itself"),
    InvalidCase(name: "mutually recursive views", source: "scenario \"t\"\nstruct Root: View { var body: some View { A() } }\nstruct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { 1️⃣A() } }", message: "views 'A' → 'B' → 'A' contain each other"),
    InvalidCase(name: "@Published outside ObservableObject", source: "scenario \"t\"\n@Observable final class M {\n    1️⃣@Published var x: Int = 0\n}\nstruct Root: View { var body: some View { Text(\"x\") } }", message: "'@Published' is only meaningful in an 'ObservableObject' class"),
    InvalidCase(name: "observable struct", source: "scenario \"t\"\n@Observable struct 1️⃣M { var x: Int = 0 }\nstruct Root: View { var body: some View { Text(\"x\") } }", message: "'M' must be a class to be '@Observable'"),
    InvalidCase(name: "view without body", source: "scenario \"t\"\nstruct 1️⃣Root: View { let a: Int = 1 }", message: "'Root' has no 'var body: some View'"),
    InvalidCase(name: "missing scenario title", source: "1️⃣struct Root: View { var body: some View { Text(\"a\") } }", message: "missing 'scenario \"title\"' at the top of the file"),
    InvalidCase(name: "force unwrap of nil", source: "scenario \"t\"\nstruct Root: View {\n    let name: String? = nil\n    var body: some View { Text(name1️⃣!) }\n}", message: "'name' is nil; force-unwrapping it would crash"),
    InvalidCase(name: "index out of range", source: model + "struct Root: View { var body: some View { Text(model.users[1️⃣5]) } }", message: "index 5 is out of range (count is 1)"),
    InvalidCase(name: "ForEach without ids", source: "scenario \"t\"\nstruct P { var n: Int }\nstruct Root: View {\n    let ps: [P] = [P(n: 1)]\n    var body: some View { ForEach(1️⃣ps) { p in Text(\"x\") } }\n}", message: "'ForEach' over P values needs 'id:' (the elements are not Identifiable)"),
    InvalidCase(name: "duplicate ForEach ids", source: "scenario \"t\"\nstruct Root: View {\n    let xs: [Int] = [1, 1]\n    var body: some View { ForEach(1️⃣xs, id: \\.self) { x in Row() } }\n}\nstruct Row: View { var body: some View { Text(\"x\") } }", message: "'ForEach' has two elements with the id 1; ids must be unique"),
    // Computed in a built-in view's argument, which is otherwise only read for its paths
    InvalidCase(name: "division by zero in a Text", source: "scenario \"t\"\nlet zero = 0\nstruct Root: View { var body: some View { Text(\"\\(1️⃣1 / zero)\") } }",
                message: "division by zero"),
    InvalidCase(name: "remainder by zero in a modifier", source: "scenario \"t\"\nstruct Root: View {\n    let n: Int = 0\n    var body: some View { Text(\"a\").opacity(Double(1️⃣3 % n)) }\n}",
                message: "division by zero"),
    InvalidCase(name: "division by zero in a Text inside a stack", source: "scenario \"t\"\nstruct Root: View {\n    let a: Int = 1\n    let b: Int = 0\n    var body: some View { VStack { Text(\"\\(1️⃣a / b)\") } }\n}",
                message: "division by zero"),
    InvalidCase(name: "Int of infinity", source: "scenario \"t\"\nlet x = 1️⃣Int(1.0 / 0.0)\nstruct Root: View { var body: some View { Text(\"\\(x)\") } }",
                message: "'Int(…)' of inf cannot be represented as an Int"),
    InvalidCase(name: "Int of NaN", source: "scenario \"t\"\nlet x = 1️⃣Int(0.0 / 0.0)\nstruct Root: View { var body: some View { Text(\"\\(x)\") } }",
                message: "'Int(…)' of nan cannot be represented as an Int"),
    InvalidCase(name: "Int of 1e23 in a Text", source: "scenario \"t\"\nstruct Root: View { var body: some View { Text(\"\\(1️⃣Int(100000000000000000000000.0))\") } }",
                message: "'Int(…)' of 1e+23 cannot be represented as an Int"),
    InvalidCase(name: "brackets too deep", source: "scenario \"t\"\nlet x = " + String(repeating: "[", count: 12) + "1️⃣[1" + String(repeating: "]", count: 13), message: "more than 12 '[' are open at once (limit: bracket depth)"),
]

@Suite struct DiagnosticTests {
    @Test(arguments: invalidCases)
    func diagnostic(_ invalid: InvalidCase) throws {
        let marked = MarkedSource(invalid.source)
        let marker = try #require(marked.markers["1️⃣"], "the case marks its error position")
        let found = diagnostics(marked.text, file: "bad.ripple")
        try #require(!found.isEmpty, "expected an error")
        let first = found[0]
        #expect(first.message == invalid.message)
        #expect(first.location.line == marker.line, "line")
        #expect(first.location.column == marker.column, "column")
        #expect(first.location.file == "bad.ripple")
    }

    /// A built-in view's argument is computed the way Swift would: only the branch taken, and its
    /// reads stay those of its paths (both branches).
    @Test func guardedDivisionInATextLoads() throws {
        let source = "scenario \"t\"\nstruct Root: View {\n    let total: Int = 6\n    let count: Int = 0\n"
            + "    var body: some View { Text(count == 0 ? \"none\" : \"\\(total / count) each\") }\n}\n"
        #expect(diagnostics(source).isEmpty)
        let scenario = try Scenario(source: source, file: "t.ripple")
        let reads = ModelDump.render(try Simulation(scenario: scenario, variant: "main", semantics: .swift62).snapshot(), variant: "main", semantics: .swift62)
        #expect(reads.contains("reads count = 0"))
        // The ternary takes its `"none"` side: `total` is read only on the side it does not take.
        #expect(!reads.contains("reads total"))
    }

    @Test func everyErrorInAFileIsReported() {
        let source = """
        scenario "t"
        struct Root: View {
            var body: some View {
                Row(nme: "a")
                Other()
            }
        }
        struct Row: View { let name: String; var body: some View { Text(name) } }
        """
        let found = diagnostics(source)
        #expect(found.map(\.message) == ["extra argument 'nme' in call to 'Row'; did you mean 'name'?", "unknown view 'Other'"])
        let declarations = diagnostics("""
        scenario "t"
        struct Root: View { var body: some View { Text("a") } }
        struct Bad: View { @Published var y: Int = 0; var body: some View { Text("b") } }
        @Observable struct Model { var x: Int = 0 }
        """)
        #expect(declarations.map(\.message) == ["'@Published' belongs in a model class, not in view 'Bad'", "'Model' must be a class to be '@Observable'"])
    }

    @Test func printerShowsTheLineAndACaret() {
        let source = "scenario \"t\"\nstruct Root: View { var body: some View { Text(\"a\") ~ } }\n"
        let found = diagnostics(source, file: "x.ripple")
        let text = DiagnosticPrinter(source: source).render(found[0])
        #expect(text == """
        x.ripple:2:53: error: expected an expression after '~'
          | struct Root: View { var body: some View { Text("a") ~ } }
          |                                                     ^

        """)
    }

    /// A source line is printed after a bar, never at the start of a line where a CI runner would read
    /// `::` as a command; the `[` of a `##[` is escaped, with the caret still under the character meant.
    @Test func theExcerptIsNeverAWorkflowCommand() {
        let source = "scenario \"t\"\n::error file=a::b ##[x] ~\n"
        let found = diagnostics(source, file: "x.ripple")
        let text = DiagnosticPrinter(source: source).render(found[0])
        #expect(text.hasPrefix("x.ripple:2:1: error: "))
        #expect(text.hasSuffix("""

          | ::error file=a::b ##\\u{5B}x] ~
          | ^

        """), "\(text)")
        let after = "scenario \"t\"\nlet a = \"##[\" ~\n"
        let lines = DiagnosticPrinter(source: after).render(diagnostics(after, file: "x.ripple")[0]).split(separator: "\n")
        #expect(lines.count == 3 && lines[1] == ###"  | let a = "##\u{5B}" ~"###)
        #expect(lines.count == 3 && lines[2].firstIndex(of: "^")?.utf16Offset(in: lines[2]) == lines[1].firstIndex(of: "~")?.utf16Offset(in: lines[1]),
                "the caret is under '~': \(lines)")
    }

    /// What a guard lets through: text, and `::` anywhere but at a line's start; what it escapes: a
    /// line's leading `::`, after any whitespace, and every `##[`, even split over several writes.
    @Test func theWorkflowCommandGuard() {
        var text = WorkflowCommandGuard()
        #expect(text.filter("a::b and #[x] # [y]\n") == "a::b and #[x] # [y]\n")
        #expect(text.filter("::error::x\n  \t\u{A0}::add-mask::y\nz ##[error]w\n") == ":\\u{3A}error::x\n  \t\u{A0}:\\u{3A}add-mask::y\nz ##\\u{5B}error]w\n")
        #expect(text.filter("  :") == "  :")
        #expect(text.filter(":stop-commands::t\n#") == "\\u{3A}stop-commands::t\n#")
        #expect(text.filter("#") == "#")
        #expect(text.filter("[x\n") == "\\u{5B}x\n")
        #expect(text.filter("plain line\n") + text.filter("::x\n") == "plain line\n:\\u{3A}x\n")
        var annotations = WorkflowCommandGuard(allowsCommands: true)
        #expect(annotations.filter("::warning file=a::m ##[error]x\n") == "::warning file=a::m ##\\u{5B}error]x\n")
        var json = WorkflowCommandGuard(escape: .json)
        #expect(json.filter("  \"label\": \"##[error]x\"\n") == "  \"label\": \"##\\u005Berror]x\"\n")
    }

    /// The lexer counts lines and the printer finds them by the same rule: `\n`, `\r\n` and a lone `\r`
    /// each end one line, so every kind of file prints its line and caret at the line reported.
    @Test(arguments: [
        ("LF", "\n", 2), ("CRLF", "\r\n", 2), ("CR", "\r", 2), ("LF then CR", "\n\r", 3), ("CRLF then CR", "\r\n\r", 3), ("CR CR LF", "\r\r\n", 3),
    ])
    func everyLineEndingPrintsTheLineReported(_ name: String, _ lineBreak: String, _ line: Int) {
        let source = "scenario \"t\"" + lineBreak + "struct Root: View { var body: some View { Text(\"a\") ~ } }" + lineBreak
        let found = diagnostics(source, file: "x.ripple")
        #expect(found.first?.location.line == line, "\(name)")
        let text = DiagnosticPrinter(source: source).render(found)
        #expect(text == """
        x.ripple:\(line):53: error: expected an expression after '~'
          | struct Root: View { var body: some View { Text("a") ~ } }
          |                                                     ^

        """, "\(name)")
    }

    @Test(arguments: [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")])
    func invalidUTF8IsReportedOnTheLineTheLexerWouldCount(_ name: String, _ lineBreak: String) {
        let bytes = Array(("scenario \"t\"" + lineBreak + lineBreak + "let a = \"").utf8) + [0xFF]
        do {
            _ = try Scenario(bytes: bytes, file: "u.ripple")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.location.line == 3, "\(name)")
            #expect(error.diagnostics.first?.location.column == 10, "\(name)")
        }
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        var bytes = Array("scenario \"t\"\nlet a = \"é".utf8)
        bytes.append(0xFF)
        do {
            _ = try Scenario(bytes: bytes, file: "u.ripple")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.message == "file is not valid UTF-8")
            #expect(error.diagnostics.first?.location.line == 2)
            #expect(error.diagnostics.first?.location.column == 11)
        }
    }
}
