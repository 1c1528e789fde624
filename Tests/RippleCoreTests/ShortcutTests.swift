import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// The engine's shortcuts (docs/Performance.md, "How the engine keeps a write cheap") must give what the
/// general path gives. Each case here is one a shortcut can get wrong: values that are equal but print
/// differently, and a write whose value names the object written.
@Suite struct ShortcutTests {
    /// `0.0 == -0.0`, but `Row[0.0]` and `Row[-0.0]` are different names: the identity is new, so the
    /// row is replaced in the step that changes it, not kept (the same-order shortcut of `reconcile`).
    @Test func identitiesThatAreEqualButPrintDifferentlyAreReplaced() throws {
        let source = """
        scenario "equal identities printed differently"
        semantics swift6.2
        @Observable final class Model { var values: [Double] = [0.0, 1.0] }
        let model = Model()
        struct Root: View {
            var body: some View { ForEach(model.values, id: \\.self) { value in Row(value: value) } }
        }
        struct Row: View { let value: Double; var body: some View { Text("\\(value)") } }
        step "negate" { model.values[0] = -0.0 }
        step "again" { model.values[1] = 2.0 }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[0].created == ["Root/Row[-0.0]"])
        #expect(steps[0].destroyed == ["Root/Row[0.0]"])
        #expect(steps[1].created == ["Root/Row[2.0]"])
        #expect(steps[1].destroyed == ["Root/Row[1.0]"])
    }

    /// A re-evaluation keeps the reads it made, even where they equal the last ones: the snapshot shows
    /// `-0.0`, the value the body saw, not the `0.0` it saw before.
    @Test func readsKeepWhatTheLastEvaluationSaw() throws {
        let source = """
        scenario "reads equal but printed differently"
        semantics swift5.9
        @Observable final class Model { var x: Double = 0.0 }
        let model = Model()
        struct Root: View { var body: some View { Text("\\(model.x)") } }
        step "negate" { model.x = -0.0 }
        """
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift59)
        _ = try simulation.run(scenario.steps[0])
        let reads = try #require(simulation.snapshot().instances.first { $0.name == "Root" }?.reads)
        #expect(reads.map(\.path) == ["model.x"])
        #expect(reads.map(\.value) == ["-0.0"])
    }

    /// A scenario whose `Node` goes into the environment without a name (`Node#0`) until a step links it
    /// to itself, which names it `Node#0.next`; `Reader` shows `readerShows`.
    static func unnamedNode(_ title: String, readerShows text: String, steps: String) -> String {
        """
        scenario "\(title)"
        @Observable final class Node { var next: Node? = nil; var n: Int = 0 }
        struct Root: View { var body: some View { Reader().environment(Node()) } }
        struct Reader: View {
            @Environment(Node.self) private var node
            var body: some View { Text(\(text)) }
        }
        \(steps)
        """
    }

    /// Writing an unnamed object into its own property names it there first; the write is then described
    /// by that name, as the trace always did.
    @Test func aWriteNamingItsOwnObjectIsDescribedByTheNewName() throws {
        let source = Self.unnamedNode("a node linked to itself", readerShows: #"node.next == nil ? "end" : "more""#,
                                      steps: #"step "link" { Reader.node.next = Reader.node }"#)
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[0].writes.map(\.target) == ["Node#0.next.next"])
        let reader = try #require(steps[0].instances.first { $0.name == "Reader" })
        #expect(reader.causes.first?.detail.hasPrefix("depends on Node#0.next.next") == true)
    }

    /// Views reached the same way share one list of causes; "the same way" is byte for byte. `café` and
    /// `cafe\u{301}` are `==` and name the same property, but each view's cause quotes its own spelling.
    @Test func sharedCausesQuoteEachViewsOwnSpelling() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let source = """
        scenario "spellings"
        @Observable final class Model { var \(composed): String = "x" }
        let model = Model()
        struct Root: View {
            var body: some View {
                VStack {
                    A()
                    B()
                }
            }
        }
        struct A: View { var body: some View { Text(model.\(composed)) } }
        struct B: View { var body: some View { Text(model.\(decomposed)) } }
        step "write" { model.\(composed) = "y" }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        let details = Dictionary(uniqueKeysWithValues: steps[0].instances.map { ($0.name, $0.causes.map(\.detail)) })
        #expect(details["A"]?.first?.utf8.elementsEqual("depends on model.\(composed) (reads model.\(composed)) (assignment \(composed))".utf8) == true)
        #expect(details["B"]?.first?.utf8.elementsEqual("depends on model.\(composed) (reads model.\(decomposed)) (assignment \(composed))".utf8) == true)
        // The lists of one changed read belong to each read's site (`ReadSite.alone`): each keeps its spelling.
        let changed = Dictionary(uniqueKeysWithValues: steps[0].instances.map { ($0.name, $0.changedReads) })
        #expect(changed["A"]?.first?.utf8.elementsEqual("model.\(composed)".utf8) == true)
        #expect(changed["B"]?.first?.utf8.elementsEqual("model.\(decomposed)".utf8) == true)
    }

    // MARK: - A member read remembers which stored property it is (`MemberCache`)

    /// One read site meets objects of two classes, whose `name` is at different positions: each read
    /// must find its own class's property, and keep depending on the object it read last.
    @Test func aReadSiteMeetingAnotherClassFindsThatClasssProperty() throws {
        let source = """
        scenario "one site, two classes"
        @Observable final class A { var flag: Bool = false; var name: String = "a" }
        @Observable final class B { var name: String = "b" }
        @Observable final class Model { var first: A = A(); var second: B = B(); var useSecond: Bool = false }
        let model = Model()
        struct Root: View { var body: some View { Shows(thing: model.useSecond ? model.second : model.first) } }
        struct Shows: View { let thing: A; var body: some View { Text(thing.name) } }
        step "switch" { model.useSecond = true }
        step "rename b" { model.second.name = "bee" }
        step "rename a" { model.first.name = "ay" }
        step "flag a" { model.first.flag = true }
        step "back" { model.useSecond = false }
        step "flag a again" { model.first.flag = false }
        step "rename a again" { model.first.name = "a2" }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        let shows = steps.map { step in step.instances.first { $0.name == "Shows" } }
        #expect(shows.map { $0?.changedReads ?? [] } == [["thing.name"], ["thing.name"], [], [], ["thing.name"], [], ["thing.name"]])
        #expect(shows.map { $0?.outcome } == [.needed, .needed, nil, nil, .needed, nil, .needed])
        let renamed = steps[1].instances.first { $0.name == "Shows" }?.causes.first
        #expect(renamed?.old == #""b""# && renamed?.new == #""bee""#)
    }

    // MARK: - Step writes of the usual shape

    static let writePreamble = """
        scenario "step writes"
        semantics swift6.2
        @Observable final class Item { let id: Int; var done: Bool = false; var title: String = "" }
        struct Line: Equatable { var title: String; let code: String }
        @Observable final class Child { var flag: Bool = false }
        @Observable final class Model {
            var items: [Item] = [Item(id: 0), Item(id: 1)]
            var lines: [Line] = [Line(title: "a", code: "x")]
            var count: Int = 0
            var name: String = "n"
            let child: Child = Child()
            var total: Int { count + 1 }
        }
        struct Root: View {
            @State private var model = Model()
            @State private var on = false
            var body: some View {
                ForEach(model.items) { item in Row(item: item) }
                Text(model.lines[0].title + model.name)
            }
        }
        struct Row: View {
            let item: Item
            @State private var flag = false
            var body: some View { Text(item.title).strikethrough(item.done) }
        }

        """

    /// A write of the usual shape (`root.a[2].b = literal`) and its near misses: each gives a trace with
    /// its write, or an error, and the same on a second fresh engine.
    @Test(arguments: [
        "model.items[1].done = true",
        "model.items[1].title = \"t\"",
        "model.lines[0].title = \"b\"",
        "model.name = \"n\"",
        "model.items[5].done = true",
        "model.count = \"x\"",
        "model.child.flag = true",
        "model.child = true",
        "model.items[0].id = true",
        "model.lines[0].code = \"y\"",
        "model.total = true",
        "model.items[0].missing = true",
        "model.items = true",
        "model.count[0] = true",
        "Row[1].flag = true",
        "nobody.flag = true",
    ])
    func aWriteOfTheUsualShapeGivesItsTraceOrAnError(statement: String) throws {
        let reading = ScenarioFile.read(source: Self.writePreamble + "step \"s\" { \(statement) }\n", file: "t.ripple")
        #expect(reading.errors.isEmpty)
        var resolver = Resolver()
        let resolved = resolver.resolve(reading.syntax)
        let variant = try #require(resolved.variants.first)
        let step = try #require(resolved.steps.first)
        func run() throws -> (trace: StepTrace?, errors: [Diagnostic]) {
            var engine = Engine(table: variant.table, semantics: .swift62)
            try engine.start()
            let trace = try? engine.run(step: step)
            return (trace, engine.errors)
        }
        let first = try run()
        let second = try run()
        #expect(first.trace == second.trace)
        #expect(first.errors == second.errors)
        #expect(first.trace?.writes.count == 1 || !first.errors.isEmpty)
    }

    // MARK: - How a place's built-in view and styling modifier read their arguments, remembered

    /// Every gallery scenario gives the same traces and errors with the engine's remembered view arguments
    /// (`builtinViews`, `stylingSteps`) as with them worked out again from the syntax before every step.
    @Test func rememberedViewArgumentsGiveWhatTheSyntaxGives() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ripple") }.sorted()
        #expect(names.count > 10)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let reading = ScenarioFile.read(source: text, file: name)
            var resolver = Resolver()
            let resolved = resolver.resolve(reading.syntax)
            for variant in resolved.variants {
                func run(forgetting: Bool) -> (traces: [StepTrace?], errors: [Diagnostic]) {
                    var engine = Engine(table: variant.table, semantics: .swift62)
                    guard (try? engine.start()) != nil else { return ([], engine.errors) }
                    var traces: [StepTrace?] = []
                    for step in resolved.steps {
                        if forgetting {
                            engine.builtinViews = [:]
                            engine.stylingSteps = [:]
                        }
                        traces.append(try? engine.run(step: step))
                    }
                    return (traces, engine.errors)
                }
                let remembered = run(forgetting: false)
                let worked = run(forgetting: true)
                #expect(remembered.traces == worked.traces, "\(name), \(variant.name)")
                #expect(remembered.errors == worked.errors, "\(name), \(variant.name)")
            }
        }
    }

    // MARK: - Scalars described without building the text piece by piece

    /// `describe` answers scalars directly when they cannot be cut; the text must be the one the general
    /// path builds, at every limit, for values on either side of each boundary.
    @Test func scalarsAreDescribedAsTheGeneralPathDescribesThem() throws {
        let engine = Engine(table: DeclarationTable(), semantics: .swift62)
        let longest = String(repeating: "x", count: 78)
        let values: [Value] = [
            .bool(true), .bool(false), .none,
            .int(0), .int(-5), .int(Int.max), .int(Int.min),
            .double(0.0), .double(-0.0), .double(1e300), .double(-2.2250738585072014e-308), .double(.nan), .double(-.infinity),
            .string(""), .string("row 505"), .string("say \"hi\""), .string("back\\slash"), .string("tab\t"), .string("café"),
            .string(" ~"), .string("\u{7F}"), .string("\u{1F}"), .string("x\0y"),
            .string(longest), .string(longest + "x"), .string(longest + "xx"),
        ]
        for value in values {
            for limit in [1, 3, 4, 5, 19, 20, 23, 24, 40, 80, 81] {
                #expect(engine.describe(value, limit: limit) == engine.describeInFull(value, limit: limit), "\(value) at limit \(limit)")
            }
        }
    }

    // MARK: - A key's dependents kept in order between writes

    /// The order of an object property's dependents is kept between writes and dropped when they change:
    /// a row added or removed between two writes to the list must be told, or not told, of the second.
    @Test func keptOrderOfDependentsFollowsRowsAddedAndRemoved() throws {
        let source = """
        scenario "rows come and go"
        semantics swift6.2
        struct Item: Equatable { var title: String }
        @Observable final class Model { var items: [Item] = [Item(title: "a"), Item(title: "b")] }
        let model = Model()
        struct Root: View {
            var body: some View { ForEach(model.items.indices, id: \\.self) { index in Row(index: index) } }
        }
        struct Row: View { let index: Int; var body: some View { Text(model.items[index].title) } }
        step "write" { model.items[0].title = "x" }
        step "add" { model.items.append(Item(title: "c")) }
        step "write again" { model.items[1].title = "y" }
        step "remove" { model.items.removeLast() }
        step "write once more" { model.items[0].title = "z" }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        func evaluated(_ step: Int) -> [String] { steps[step].instances.filter { $0.outcome != .stale }.map(\.name) }
        #expect(evaluated(0) == ["Root", "Row[0]", "Row[1]"])
        #expect(evaluated(2) == ["Root", "Row[0]", "Row[1]", "Row[2]"])
        #expect(evaluated(4) == ["Root", "Row[0]", "Row[1]"])
    }

    /// A property's name for people is kept once its object has its final label: a write before the
    /// object was named must not keep `Node#0.n` for the writes after it, which call it by the name.
    @Test func aPropertysSubjectIsKeptOnlyOnceItsObjectIsNamed() throws {
        let source = Self.unnamedNode("named between writes", readerShows: #"node.next == nil ? "end \(node.n)" : "more \(node.n)""#, steps: """
            step "before" { Reader.node.n = 1 }
            step "link" { Reader.node.next = Reader.node }
            step "after" { Reader.node.n = 2 }
            step "again" { Reader.node.n = 3 }
            """)
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps.map { $0.writes.map(\.target) } == [["Node#0.n"], ["Node#0.next.next"], ["Node#0.next.n"], ["Node#0.next.n"]])
        #expect(steps[3].instances.first { $0.name == "Reader" }?.causes.first?.subject == "Node#0.next.n")
    }

    /// An evaluation's reads become the instance's without a copy, but a row does not keep the room of a
    /// list that read every row before it: each instance's storage stays near what it read.
    @Test func aRowDoesNotKeepTheRoomOfAListsReads() throws {
        let source = """
        scenario "a list reads every row, each row one field"
        semantics swift6.2
        @Observable final class Item: Identifiable { let id: Int; var title: String }
        @Observable final class Model { var items: [Item] = (0..<300).map { Item(id: $0, title: "t\\($0)") } }
        let model = Model()
        struct Root: View {
            var body: some View {
                VStack {
        \((0..<300).map { "            Text(model.items[\($0)].title)" }.joined(separator: "\n"))
                }
                ForEach(model.items) { item in Row(item: item) }
            }
        }
        struct Row: View { let item: Item; var body: some View { Text(item.title) } }
        step "one row" { model.items[3].title = "x" }
        step "every row" { model.items[4].title = "y" }
        """
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        for step in scenario.steps { _ = try simulation.run(step) }
        let instances = simulation.engine.instances.filter { $0.alive }
        #expect(instances.count == 301)
        #expect(instances.contains { $0.reads.count > 300 })
        for instance in instances where instance.reads.count < 10 {
            #expect(instance.reads.capacity <= 2 * instance.reads.count + 8, "\(instance.path) keeps room for \(instance.reads.capacity) reads")
        }
    }

    /// A step's entries are in tree order, which is not the order of evaluation: the pass goes level by
    /// level, so a shallow view after a deep one in the tree is evaluated first.
    @Test func entriesAreInTreeOrderNotEvaluationOrder() throws {
        let source = """
        scenario "deep before shallow"
        @Observable final class Model { var a: Int = 0; var b: Int = 0 }
        let model = Model()
        struct Root: View { var body: some View { VStack { Outer(); Shallow() } } }
        struct Outer: View { var body: some View { Deep() } }
        struct Deep: View { var body: some View { Text("\\(model.a)") } }
        struct Shallow: View { var body: some View { Text("\\(model.b)") } }
        step "both" {
            model.a = 1
            model.b = 1
        }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[0].instances.map(\.path) == ["Root/Outer/Deep", "Root/Shallow"])
    }

    /// Entries whose neighbours show their order (a child after its parent, a row after an earlier row of
    /// the same list) skip the sort; rows moved in their list are evaluated in the order they were made,
    /// which is no longer the list's, and must still come out in the list's order.
    @Test func movedRowsAreInTheirListsOrder() throws {
        let source = """
        scenario "moved rows"
        @Observable final class Item: Identifiable { let id: Int; var title: String = "" }
        @Observable final class Model { var items: [Item] = [Item(id: 0), Item(id: 1), Item(id: 2)] }
        let model = Model()
        struct Root: View { var body: some View { VStack { ForEach(model.items) { item in Row(item: item) } } } }
        struct Row: View { let item: Item; var body: some View { Text(item.title) } }
        step "move" { model.items.swapAt(0, 2) }
        step "all three" {
            model.items[0].title = "a"
            model.items[1].title = "b"
            model.items[2].title = "c"
        }
        step "the list and a row" {
            model.items.swapAt(0, 1)
            model.items[1].title = "d"
        }
        """
        let steps = try #require(try simulateChecked(source).variants.first?.steps)
        #expect(steps[1].instances.map(\.name) == ["Row[2]", "Row[1]", "Row[0]"])
        #expect(steps[2].instances.map(\.name) == ["Root", "Row[2]"])
    }

    /// A write below a property changes the stored array in place: the thousand-row array is neither
    /// copied nor replaced when nothing else holds it, and the written element, and only it, changes.
    @Test func aWriteBelowAPropertyChangesItsArrayInPlace() throws {
        let source = """
        scenario "in place"
        semantics swift6.2
        struct Line: Equatable { var title: String; var done: Bool }
        @Observable final class Model { var lines: [Line] = (0..<50).map { Line(title: "l\\($0)", done: false) } }
        let model = Model()
        struct Root: View {
            var body: some View { ForEach(model.lines.indices, id: \\.self) { index in Row(index: index) } }
        }
        struct Row: View { let index: Int; var body: some View { Text(model.lines[index].title) } }
        step "write" { model.lines[7].title = "x" }
        step "again" { model.lines[8].done = true }
        """
        let scenario = try loadScenario(source)
        let simulation = try Simulation(scenario: scenario, variant: scenario.variants[0].name, semantics: .swift62)
        // The engine is a value: it is read where the simulation holds it, since a copy would share the array.
        let model = try #require(simulation.engine.objects.firstIndex { $0.type == "Model" })
        func lines() -> [Value] {
            guard case .array(let elements) = simulation.engine.objects[model].fields[0] else { return [] }
            return elements
        }
        func address() -> UnsafeRawPointer? {
            guard case .array(let elements) = simulation.engine.objects[model].fields[0] else { return nil }
            return elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        let storage = try #require(address())
        // Every row reads `model.lines`, so every row and the list are evaluated.
        let first = try simulation.run(scenario.steps[0])
        #expect(first.counts.evaluations == 51)
        // After each step: a copy freed the old storage, which the next copy could be given again.
        #expect(address() == storage)
        _ = try simulation.run(scenario.steps[1])
        #expect(address() == storage)
        let after = lines()
        #expect(after.count == 50)
        for index in after.indices {
            switch index {
            case 7: #expect(after[index] == .record(type: "Line", fields: [.string("x"), .bool(false)]))
            case 8: #expect(after[index] == .record(type: "Line", fields: [.string("l8"), .bool(true)]))
            default: #expect(after[index] == .record(type: "Line", fields: [.string("l\(index)"), .bool(false)]))
            }
        }
    }

    /// Erasing closures changes only values that hold one, at any depth; any other value comes back as
    /// it was, sharing its storage rather than copied.
    @Test(arguments: [
        (Value.closure(id: 7), Value.closure(id: 0)),
        (.array([.int(1), .closure(id: 3)]), .array([.int(1), .closure(id: 0)])),
        (.record(type: "R", fields: [.array([.closure(id: 2)])]), .record(type: "R", fields: [.array([.closure(id: 0)])])),
        (.enumCase(type: "E", name: "c", payload: [.binding(.closures(id: 4, set: 5))]),
         .enumCase(type: "E", name: "c", payload: [.binding(.closures(id: 0, set: nil))])),
        (.array([.int(1), .string("a"), .record(type: "R", fields: [.bool(true)])]), .array([.int(1), .string("a"), .record(type: "R", fields: [.bool(true)])])),
    ])
    func closuresAreErasedAtAnyDepthAndNothingElseIsCopied(value: Value, erased: Value) {
        #expect(value.withClosuresErased == erased)
        #expect(value.holdsClosure == (value != erased))
        if !value.holdsClosure, case .array(let before) = value, case .array(let after) = value.withClosuresErased {
            #expect(before.withUnsafeBufferPointer { $0.baseAddress } == after.withUnsafeBufferPointer { $0.baseAddress })
        }
    }

    /// Texts with the same bytes, small or on the heap, shared or not; `==` would also equate the two
    /// spellings of `café`.
    @Test(arguments: [
        ("", "", true), ("a", "a", true), ("abc", "abd", false), ("abc", "abcd", false),
        ("caf\u{E9}", "cafe\u{301}", false), ("caf\u{E9}", "caf\u{E9}", true),
        (String(repeating: "row ", count: 20) + "x", String(repeating: "row ", count: 20) + "x", true),
        (String(repeating: "row ", count: 20) + "x", String(repeating: "row ", count: 20) + "y", false),
        ("x" + String(repeating: "row ", count: 20), "y" + String(repeating: "row ", count: 20), false),
    ])
    func textsHaveTheSameBytesOnlyWhenEveryByteIsEqual(a: String, b: String, same: Bool) {
        #expect(a.hasSameBytes(as: b) == same)
        #expect(b.hasSameBytes(as: a) == same)
        #expect(a.hasSameBytes(as: a))
    }

    /// A scenario for the targets a step finds before its first write (`resolveTargets`): `Model.current`
    /// has a type the resolver cannot pin down, so a text can be written over the item it holds.
    static func stepTargets(_ steps: String) -> String {
        """
        scenario "targets found ahead"
        semantics swift6.2
        @Observable final class Item: Identifiable { let id: Int; var title: String }
        @Observable final class Model {
            var items: [Item] = [Item(id: 0, title: "a"), Item(id: 1, title: "a")]
            var current = [Item(id: 2, title: "a")][0]
        }
        struct Root: View {
            @State private var model = Model()
            var body: some View { ForEach(model.items) { item in Row(item: item) } }
        }
        struct Row: View { let item: Item; var body: some View { Text(item.title) } }
        \(steps)
        """
    }

    /// A target found ahead is not used once an earlier write in the step has replaced a value the way to
    /// it went through: the second write sees the text, as it would resolved on its own.
    @Test func aTargetFoundAheadIsNotUsedAfterAWriteReplacesTheWayThere() throws {
        let marked = MarkedSource(Self.stepTargets("""
        step "replace, then write through" {
            model.current = "oops"
            model.current.1️⃣title = "x"
        }
        """))
        let found = diagnostics(marked.text)
        let marker = try #require(marked.markers["1️⃣"])
        #expect(found.map(\.message) == ["value of type 'String' has no stored property 'title'"])
        #expect(found.first.map { [$0.location.line, $0.location.column] } == [marker.line, marker.column])
    }

    /// Nor after a mutating call, which runs from its syntax: the list is empty when the write resolves
    /// its target.
    @Test func aTargetFoundAheadIsNotUsedAfterAMutatingCallEmptiesTheWayThere() throws {
        let marked = MarkedSource(Self.stepTargets("""
        step "empty, then write" {
            model.items.removeAll()
            model.items[1️⃣0].title = "x"
        }
        """))
        let found = diagnostics(marked.text)
        let marker = try #require(marked.markers["1️⃣"])
        #expect(found.map(\.message) == ["index 0 is out of range (count is 0)"])
        #expect(found.first.map { [$0.location.line, $0.location.column] } == [marker.line, marker.column])
    }

    /// Writes whose targets were found ahead land where each names, the same row twice included.
    @Test func writesWithTargetsFoundAheadLandWhereTheyName() throws {
        let steps = try #require(try simulateChecked(Self.stepTargets("""
        step "three writes" {
            model.items[1].title = "b"
            model.items[0].title = "c"
            model.items[1].title = "d"
        }
        """)).variants.first?.steps)
        #expect(steps[0].writes.map(\.target) == ["Root.model.items[1].title", "Root.model.items[0].title", "Root.model.items[1].title"])
        #expect(steps[0].writes.map(\.old) == ["\"a\"", "\"a\"", "\"b\""])
        #expect(steps[0].names(.needed) == ["Row[0]", "Row[1]"])
    }
}
