import Foundation
import Testing
@testable import RippleCore
import RippleSwift

// Hostile and malformed input: every file in Tests/Fixtures/Invalid must fail with the exact first
// diagnostic in its sibling `.expected`, within a second; every file in Tests/Fixtures/Hostile must load.
// Inputs over 100 KB are generated here instead of committed. Tests/Fixtures is in no target's folder.

/// A fixture file, named by its file name without `.ripple`.
struct FixtureFile: CustomTestStringConvertible, Sendable {
    var name: String
    var url: URL
    var testDescription: String { name }

    /// The `.ripple` files of `Tests/Fixtures/<folder>`, sorted by name.
    static func all(in folder: String) -> [FixtureFile] {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // RippleCoreTests
            .deletingLastPathComponent()  // Tests
            .appendingPathComponent("Fixtures")
            .appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".ripple") }.sorted().map { file in
            FixtureFile(name: String(file.dropLast(".ripple".count)), url: directory.appendingPathComponent(file))
        }
    }
}

/// A scenario made in the test: too large to commit, or a limit's boundary.
struct GeneratedInput: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: @Sendable () -> [UInt8]
    /// The exact first line: `name.ripple:line:col: error: message`.
    var expected: String
    var testDescription: String { name }

    init(_ name: String, expected: String, _ text: @escaping @Sendable () -> String) {
        self.name = name
        self.expected = expected
        self.bytes = { Array(text().utf8) }
    }

    init(_ name: String, expected: String, bytes: @escaping @Sendable () -> [UInt8]) {
        self.name = name
        self.expected = expected
        self.bytes = bytes
    }
}

/// What loading some bytes gave: the first diagnostic's line (nil when it loaded), all of them, the time.
struct LoadOutcome {
    var first: String?
    var diagnostics: [Diagnostic]
    var elapsed: Duration
}

/// A hang guard, not a benchmark: the suite runs in a debug build beside other tests on two cores. The release
/// build handles every fixture in well under a second (docs/Reliability.md gives the measured times).
private let hangGuard = Duration.seconds(5)
private let rootView = "struct Root: View {\n    var body: some View { Text(\"a\") }\n}\n"

/// Loads bytes as a scenario and renders its diagnostics the way the CLI does.
func loadFixture(_ bytes: [UInt8], file: String) -> LoadOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    do {
        _ = try Scenario(bytes: bytes, file: file)
        return LoadOutcome(first: nil, diagnostics: [], elapsed: clock.now - start)
    } catch {
        let printed = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(error.diagnostics)
        let elapsed = clock.now - start
        return LoadOutcome(first: printed.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init),
                       diagnostics: error.diagnostics, elapsed: elapsed)
    }
}

/// Loads, and on a slow first run loads again: a second on a hostile input is a bound, not a benchmark,
/// and tests running beside this one on two cores can stretch one run's wall-clock time.
func loadFixtureWithinBound(_ bytes: [UInt8], file: String) -> LoadOutcome {
    var outcome = loadFixture(bytes, file: file)
    for _ in 0..<2 where outcome.elapsed >= hangGuard {
        let again = loadFixture(bytes, file: file)
        if again.elapsed < outcome.elapsed { outcome = again }
    }
    return outcome
}

@Suite struct FixtureTests {
    static let invalid = FixtureFile.all(in: "Invalid")
    static let hostile = FixtureFile.all(in: "Hostile")

    @Test func thereAreEnoughFixtures() {
        #expect(Self.invalid.count >= 55)
        #expect(!Self.hostile.isEmpty)
    }

    @Test(arguments: invalid)
    func invalidFixture(_ fixture: FixtureFile) throws {
        let bytes = try [UInt8](Data(contentsOf: fixture.url))
        let expectedURL = fixture.url.deletingPathExtension().appendingPathExtension("expected")
        let expected = try #require(try String(contentsOf: expectedURL, encoding: .utf8).split(separator: "\n").first.map(String.init),
                                    "\(fixture.name).expected holds the first diagnostic line")
        let outcome = loadFixtureWithinBound(bytes, file: fixture.name + ".ripple")
        #expect(outcome.first == expected)
        #expect(outcome.elapsed < hangGuard, "took \(outcome.elapsed)")
        // The printer shows each diagnostic in three bounded lines, whatever the source line holds.
        let printed = DiagnosticPrinter(source: String(decoding: bytes, as: UTF8.self)).render(outcome.diagnostics)
        #expect(printed.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { $0.count < 600 })
        #expect(outcome.diagnostics.count <= Limits.maximumErrors + 1)
    }

    @Test(arguments: hostile)
    func hostileFixtureLoadsAndRuns(_ fixture: FixtureFile) throws {
        let bytes = try [UInt8](Data(contentsOf: fixture.url))
        let clock = ContinuousClock()
        let start = clock.now
        let scenario = try Scenario(bytes: bytes, file: fixture.name + ".ripple")
        let (trace, graphs) = try scenario.simulateWithGraphs()
        #expect(!TraceText.render(trace).isEmpty)
        #expect(graphs.count == scenario.variants.count)
        #expect(clock.now - start < hangGuard)
    }

    // MARK: - Generated inputs

    static let generated: [GeneratedInput] = [
        GeneratedInput("one-megabyte-line", expected: "one-megabyte-line.ripple:5:1000016: error: expected an expression after '~'") {
            "scenario \"t\"\n" + rootView + "let title = \"" + String(repeating: "a", count: 1_000_000) + "\" ~\n"
        },
        GeneratedInput("over-the-size-limit",
                       expected: "over-the-size-limit.ripple:1:1: error: file is 4194305 bytes; scenarios are limited to 4194304 bytes (limit: file size)") {
            let padding: Int = Scenario.maximumFileSize + 1 - 13 - rootView.utf8.count - 2
            return "scenario \"t\"\n" + rootView + "//" + String(repeating: "x", count: padding)
        },
        GeneratedInput("steps-over-the-limit",
                       expected: "steps-over-the-limit.ripple:10009:1: error: the scenario has 10001 steps; at most 10000 are allowed (limit: steps)") {
            "scenario \"t\"\n@Observable final class Model {\n    var n: Int = 0\n}\nlet model = Model()\n" + rootView
                + (0...Scenario.maximumSteps).map { "step \"s\($0)\" { model.n = \($0) }\n" }.joined()
        },
        GeneratedInput("nul-padding-one-megabyte", expected: "nul-padding-one-megabyte.ripple:2:1: error: unexpected character 'U+0'", bytes: {
            Array("scenario \"t\"\n".utf8) + [UInt8](repeating: 0, count: 1 << 20)
        }),
        GeneratedInput("value-nested-by-3000-steps", expected: "value-nested-by-3000-steps.ripple:41:35: error: value is nested more than 64 levels deep (limit: nesting depth)") {
            // Each step wraps the last value once more; unbounded, 3,000 of them would overflow the stack.
            "scenario \"t\"\nstruct Node { var next: [Node] }\n@Observable final class Model {\n    var n: Node = Node(next: [])\n}\n"
                + "let model = Model()\nstruct Root: View {\n    var body: some View { Text(\"\\(model.n)\") }\n}\n"
                + (0..<3_000).map { "step \"s\($0)\" { model.n = Node(next: [model.n]) }\n" }.joined()
        },
        GeneratedInput("else-if-30000", expected: "else-if-30000.ripple:4:13035: error: the file has more than 1000 'else if' (limit: else-if links)") {
            "scenario \"t\"\nstruct Root: View {\n    let a: Bool = true\n    var body: some View { if a {}"
                + String(repeating: " else if a {}", count: 30_000) + " }\n}\n"
        },
    ]

    @Test(arguments: generated)
    func generatedInput(_ input: GeneratedInput) {
        let bytes = input.bytes()
        let outcome = loadFixtureWithinBound(bytes, file: input.name + ".ripple")
        #expect(outcome.first == input.expected)
        #expect(outcome.elapsed < hangGuard, "took \(outcome.elapsed)")
    }
}

// MARK: - Documented limits

/// Each documented limit, crossed by one: the error names the limit and its value.
@Suite struct LimitTests {
    private func firstDiagnostic(_ text: String) -> Diagnostic? {
        do {
            _ = try Scenario(source: text, file: "limit.ripple")
            return nil
        } catch {
            return error.diagnostics.first
        }
    }

    private func loads(_ text: String) -> Bool { firstDiagnostic(text) == nil }

    @Test func nestingDepth() {
        // `let x = (…)`: each parenthesis nests the syntax tree deeper; the limit is on that tree's depth,
        // as swift-syntax builds it, so the boundary is found by measuring it.
        func text(_ parentheses: Int) -> String {
            "scenario \"t\"\n" + rootView + "let x = " + String(repeating: "(", count: parentheses) + "1" + String(repeating: ")", count: parentheses) + "\n"
        }
        let within = (1...SwiftModule.maximumDepth).last { SwiftModule.nestingDepth(of: text($0)) <= SwiftModule.maximumDepth } ?? 0
        #expect(within > 100)
        #expect(loads(text(within)))
        let depth = SwiftModule.nestingDepth(of: text(within + 1))
        #expect(depth > SwiftModule.maximumDepth)
        #expect(firstDiagnostic(text(within + 1))?.message == "the code nests more than 500 levels deep (\(depth) here) (limit: Swift nesting depth)")
    }

    @Test func viewsBuiltInsideViews() {
        // A chain of 10,000 view types, each building the next: a recursive cycle check would overflow
        // the stack from about 6,000. Loading 500 KB of declarations takes about a second in a debug build,
        // so this case is here rather than among the fixtures bound to a second.
        let text = "scenario \"t\"\n" + (0..<10_000).map { "struct V\($0): View { var body: some View { V\($0 + 1)() } }\n" }.joined()
            + "struct V10000: View { var body: some View { Text(\"end\") } }\n"
        let diagnostic = firstDiagnostic(text)
        #expect(diagnostic?.message == "views are nested more than 64 levels deep, down to 'V64' (limit: nesting depth)")
        #expect(diagnostic?.location.line == 65)
    }

    @Test func chainLength() {
        let model = "scenario \"t\"\n" + rootView
        let within = model + "let x = 1" + String(repeating: " + 1", count: Limits.maximumChainLength - 1) + "\n"
        let beyond = model + "let x = 1" + String(repeating: " + 1", count: Limits.maximumChainLength + 1) + "\n"
        #expect(loads(within))
        #expect(firstDiagnostic(beyond)?.message == "expression has more than 256 operators (limit: expression length)")
        // A chain of member accesses nests one level per access: the nesting limit bounds it.
        let members = model + "let x = y" + String(repeating: ".a", count: SwiftModule.maximumDepth) + "\n"
        #expect(firstDiagnostic(members)?.message.hasPrefix("the code nests more than 500 levels deep") == true)
    }

    @Test func chainsStackedOnChainsAreBoundedByTheirDepth() {
        // `((1 + 1 …) + 1 …)`: each chain is short; folded, the tree they make is one level per operator,
        // and past the nesting limit it is refused before anything walks it.
        func text(_ levels: Int) -> String {
            var expression = "1"
            for _ in 0..<levels { expression = "(" + expression + ")" + String(repeating: " + 1", count: 100) }
            return "scenario \"t\"\n" + rootView + "let x = " + expression + "\n"
        }
        #expect(loads(text(3)))
        #expect(firstDiagnostic(text(6))?.message.hasPrefix("the code nests more than 500 levels deep") == true)
    }

    @Test func instances() {
        let text = "scenario \"t\"\nstruct Root: View {\n    var body: some View { ForEach(0..<\(Engine.maximumInstances + 1), id: \\.self) { i in Row() } }\n}\n"
            + "struct Row: View {\n    var body: some View { Text(\"r\") }\n}\n"
        #expect(firstDiagnostic(text)?.message == "'ForEach' has 250001 elements; a scenario may have at most 250000 view instances (limit: instances)")
    }

    @Test func rangeSize() {
        let text = "scenario \"t\"\n" + rootView + "let xs = 0..<\(Engine.maximumInstances * 4 + 1)\n"
        #expect(firstDiagnostic(text)?.message == "range has more than 1000000 elements (limit: instances)")
    }

    /// A computed property that doubles a 2 KB string `levels` times: little evaluation, much work.
    private func doubling(levels: Int, body: String, steps: String = "") -> String {
        "scenario \"t\"\n@Observable final class Model {\n    var n: Int = 0\n    var p0: String { \"" + String(repeating: "ab", count: 1024) + "\" }\n"
            + (1...levels).map { "    var p\($0): String { p\($0 - 1) + p\($0 - 1) }\n" }.joined()
            + "}\nlet model = Model()\nstruct Root: View {\n    var body: some View { \(body) }\n}\n" + steps
    }

    @Test func workPerStep() {
        let text = doubling(levels: 12, body: "Text(model.p12)")
        #expect(firstDiagnostic(text)?.message == "the scenario needs more than 5000000 evaluation steps (limit: work per step)")
    }

    @Test func totalWork() {
        // About 4,700,000 each time the body runs (mostly string building), under the per-step limit;
        // 430 steps that each run it again exceed the total.
        let steps = (1...430).map { "step \"s\($0)\" { model.n = \($0) }\n" }.joined()
        let text = doubling(levels: 8, body: "VStack { Text(\"\\(model.n)\"); Text(model.p8) }", steps: steps)
        let diagnostic = firstDiagnostic(text)
        #expect(diagnostic?.message == "the scenario needs more than 200000000 evaluation steps in all (limit: total work)")
    }

    @Test func rowsThatEvaluateNothingCountAsWork() {
        // 8,000,000 rows of a `Text` with a literal: no expression in them, but each row and each view
        // built costs one evaluation. Uncounted, 400 × 400 × 400 rows would take 18 s to build.
        let text = "scenario \"t\"\nstruct Root: View {\n    var body: some View {\n"
            + "        ForEach(0..<200, id: \\.self) { i in ForEach(0..<200, id: \\.self) { j in ForEach(0..<200, id: \\.self) { k in Text(\"row\") } } }\n"
            + "    }\n}\n"
        #expect(firstDiagnostic(text)?.message == "the scenario needs more than 5000000 evaluation steps (limit: work per step)")
    }

    @Test func valuesDoubledInEveryStepStopAtTheWorkLimit() {
        // Each step doubles the string: memory would grow without bound; the work it costs does not let it.
        let steps = (0..<40).map { "step \"double \($0)\" { model.s = model.s + model.s }\n" }.joined()
        let text = "scenario \"t\"\n@Observable final class Model {\n    var s: String = \"" + String(repeating: "ab", count: 600) + "\"\n}\n"
            + "let model = Model()\nstruct Root: View {\n    var body: some View { Text(\"\\(model.s.isEmpty)\") }\n}\n" + steps
        #expect(firstDiagnostic(text)?.message == "the scenario needs more than 5000000 evaluation steps (limit: work per step)")
    }

    /// A type whose `==` is `body`, compared once by a global.
    private func equality(_ body: String) -> String {
        "scenario \"t\"\nstruct P: Equatable {\n    var x: Int\n    static func == (lhs: P, rhs: P) -> Bool { \(body) }\n}\n"
            + "let same = P(x: 1) == P(x: 1)\n" + rootView
    }

    @Test func callDepth() {
        // The longest chain of computed properties the resolver accepts, each reading the next: 63 calls,
        // 189 levels with the two expressions in each body.
        let chain = "scenario \"t\"\n@Observable final class Model {\n    var p0: Int = 0\n"
            + (1...63).map { "    var p\($0): Int { p\($0 - 1) + 1 }\n" }.joined()
            + "}\nlet model = Model()\nstruct Root: View {\n    var body: some View { Text(model.p63 == 63 ? \"a\" : \"b\") }\n}\n"
        #expect(loads(chain))
        // A `==` that compares its fields with their own `==`, 30 values down (60 levels of nesting).
        let nested = "scenario \"t\"\nstruct N: Equatable {\n    var next: [N]\n    static func == (lhs: N, rhs: N) -> Bool { lhs.next == rhs.next }\n}\n"
            + "let n0 = N(next: [])\n" + (1...30).map { "let n\($0) = N(next: [n\($0 - 1)])\n" }.joined()
            + "let same = n30 == n30\n" + rootView
        #expect(loads(nested))
        let message = "calls nest too deeply in '==' of 'P': recursion deeper than 256 (limit: call depth)"
        #expect(firstDiagnostic(equality("lhs == rhs"))?.message == message)
        #expect(firstDiagnostic(equality("[lhs].contains { $0 == rhs }"))?.message == message)
    }

    /// The recursions that go deepest on the stack per level, stopped at the call-depth limit on a thread
    /// with 8 MB of stack, the main thread's size (the tests' own threads have 512 KB on macOS): about
    /// 7.8 MB for the deepest (`[lhs].contains { $0 == rhs }`) in a debug build on Linux, little margin,
    /// and much less in a release build. Overflowing the stack here crashes the test run.
    @Test func callDepthFitsTheStack() {
        let recursions = [
            equality("lhs == rhs"),
            equality("[lhs].contains { $0 == rhs }"),
            equality("(lhs == rhs ? 1 : 0)" + String(repeating: " + 1", count: 250) + " == 3"),
            equality(String(repeating: "(", count: 60) + "lhs == rhs" + String(repeating: ")", count: 60)),
        ]
        let messages = onThread(stackSize: 8 << 20) {
            recursions.map { text -> String? in
                do throws(DiagnosticError) {
                    _ = try Scenario(source: text, file: "limit.ripple")
                    return nil
                } catch {
                    return error.diagnostics.first?.message
                }
            }
        }
        let message = "calls nest too deeply in '==' of 'P': recursion deeper than 256 (limit: call depth)"
        #expect(messages == Array(repeating: message, count: recursions.count))
    }

    /// A model whose array holds 600,000 numbers and whose string 600,000 bytes, with one step of `writes`.
    private func growing(_ writes: String) -> String {
        "scenario \"t\"\n@Observable final class Model {\n    var xs: [Int] = Array(0..<600000)\n    var s: String = \""
            + String(repeating: "a", count: 600_000) + "\"\n    var n: Int = 0\n}\nlet model = Model()\n"
            + "struct Root: View {\n    var body: some View { Text(\"\\(model.n)\") }\n}\nstep \"grow\" { \(writes) }\n"
    }

    /// Operations that make a new array or string, each written nine times in one step: each copies
    /// 600,000 elements or bytes, 5,400,000 in all, past the work limit: each is charged what it makes.
    @Test(arguments: ["model.xs.append(1)", "model.xs.append(contentsOf: [1])", "model.xs.insert(1, at: 0)",
                      "model.xs.remove(at: 0)", "model.n = model.xs.indices.count", "model.n = model.xs.reversed().count",
                      "model.n = model.xs.sorted().count", "model.s = model.s.uppercased()"])
    func growthCostsWork(_ write: String) {
        #expect(loads(growing(write)))
        let text = growing(Array(repeating: write, count: 9).joined(separator: "; "))
        #expect(firstDiagnostic(text)?.message == "the scenario needs more than 5000000 evaluation steps (limit: work per step)")
    }

    /// Doubling an array in every step, whichever way, stops at the value-size limit; appending an array
    /// to itself makes a value that holds the last one twice without copying it.
    @Test(arguments: ["model.xs.append(contentsOf: model.xs)", "model.xs = model.xs + model.xs", "model.ys.append(model.ys)"])
    func valuesDoubledInEveryStepStopAtTheValueSizeLimit(_ write: String) {
        let steps = (0..<21).map { "step \"double \($0)\" { \(write) }\n" }.joined()
        let text = "scenario \"t\"\nstruct Box { var items: [Box] }\n@Observable final class Model {\n    var xs: [Int] = [1]\n    var ys: [Box] = [Box(items: [])]\n}\n"
            + "let model = Model()\nstruct Root: View {\n    var body: some View { Text(\"\\(model.xs.count + model.ys.count)\") }\n}\n" + steps
        #expect(firstDiagnostic(text)?.message == "value holds more than 1000000 elements (limit: value size)")
    }

    @Test func valueWrittenInsideItselfStopsAtTheNestingLimit() {
        let steps = (0..<80).map { "step \"nest \($0)\" { model.xs.append([]); model.xs[0] = model.xs }\n" }.joined()
        let text = "scenario \"t\"\n@Observable final class Model {\n    var xs: [[Int]] = []\n}\n"
            + "let model = Model()\nstruct Root: View {\n    var body: some View { Text(\"\\(model.xs.count)\") }\n}\n" + steps
        #expect(firstDiagnostic(text)?.message == "value is nested more than 64 levels deep (limit: nesting depth)")
    }

    @Test func steps() {
        let text = "scenario \"t\"\n@Observable final class Model {\n    var n: Int = 0\n}\nlet model = Model()\n" + rootView
            + (0...Scenario.maximumSteps).map { "step \"s\($0)\" { model.n = \($0) }\n" }.joined()
        #expect(firstDiagnostic(text)?.message == "the scenario has 10001 steps; at most 10000 are allowed (limit: steps)")
    }

    @Test func fileSize() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: Scenario.maximumFileSize + 1)
        do {
            _ = try Scenario(bytes: bytes, file: "big.ripple")
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["file is 4194305 bytes; scenarios are limited to 4194304 bytes (limit: file size)"])
        }
    }

    @Test func syntaxErrors() {
        let text = "scenario \"t\"\n" + String(repeating: "let = 1\n", count: 500)
        do {
            _ = try Scenario(source: text, file: "many.ripple")
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.count == Limits.maximumErrors)
            #expect(error.omittedCount == 400)
        }
    }
}

/// Runs `body` on a thread of its own with `stackSize` bytes of stack, and waits for its result.
func onThread<T: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = body()
        done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
}

/// A result handed from one thread to another, which waits on a semaphore before reading it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
