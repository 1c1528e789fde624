import Testing
@testable import RippleCore

/// One rule of the engine exercised by a small scenario: after `step`, exactly `evaluates` re-evaluate.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var source: String
    var step: String
    var variant: String = "main"
    var semantics: Semantics? = nil
    var evaluates: [String]
    var wasted: [String]? = nil
    var stale: [String]? = nil

    var testDescription: String { "\(rule): '\(step)'\(variant == "main" ? "" : " in \(variant)")\(semantics.map { " under \($0.rawValue)" } ?? "")" }
}

private let observableModel = """
scenario "t"
@Observable final class Model {
    var count: Int = 0
    var name: String = "a"
    var items: [Int] = [1, 2, 3]
    var a: Int = 1
    var b: Int = 2
    var total: Int { a + b }
    var doubled: Int { total * 2 }
    @ObservationIgnored var cache: Int = 0
    var settings: Settings = Settings()
}
@Observable final class Settings {
    var theme: String = "light"
    var size: Int = 12
}
struct Point: Equatable { var x: Int; var y: Int }
struct Loose { var x: Int }
@Observable final class Shapes {
    var point: Point = Point(x: 1, y: 2)
    var loose: Loose = Loose(x: 1)
    var settings: Settings = Settings()
}
let shapes = Shapes()
"""

private func observable(_ body: String, _ steps: String) -> String {
    observableModel + """

    struct Root: View {
        @State private var model = Model()
        var body: some View {
            Probe(model: model)
        }
    }
    struct Probe: View {
        let model: Model
        var body: some View {
            \(body)
        }
    }
    \(steps)
    """
}

private let observationCases: [RuleCase] = [
    RuleCase(rule: "1 observable read", source: observable("Text(\"\\(model.count)\")", "step \"s\" { model.count = 5 }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "1 observable unread property", source: observable("Text(model.name)", "step \"s\" { model.count = 5 }"), step: "s", evaluates: []),
    RuleCase(rule: "1 computed transitive", source: observable("Text(\"\\(model.doubled)\")", "step \"s\" { model.b = 7 }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "1 computed not reading the write", source: observable("Text(\"\\(model.doubled)\")", "step \"s\" { model.count = 7 }"), step: "s", evaluates: []),
    RuleCase(rule: "1 deferred read in an action", source: observable("Button(\"go\") { model.count += 1 }", "step \"s\" { model.count = 5 }"), step: "s", evaluates: []),
    RuleCase(rule: "1 deferred read in .task", source: observable("Text(\"x\").task { print(model.count) }", "step \"s\" { model.count = 5 }"), step: "s", evaluates: []),
    RuleCase(rule: "1 element read depends on the whole array", source: observable("Text(\"\\(model.items[0])\")", "step \"s\" { model.items[2] = 9 }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "1 nested observable read", source: observable("Text(model.settings.theme)", "step \"s\" { model.settings.theme = \"dark\" }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "1 nested observable other property", source: observable("Text(model.settings.theme)", "step \"s\" { model.settings.size = 14 }"), step: "s", evaluates: []),
    RuleCase(rule: "1 read in the index of a literal", source: observable("Text(\"\\([\"a\", \"b\", \"c\"][model.count])\")", "step \"s\" { model.count = 2 }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "1 read in the index of a literal, another property written", source: observable("Text(\"\\([\"a\", \"b\", \"c\"][model.count])\")", "step \"s\" { model.name = \"b\" }"), step: "s", evaluates: []),
    RuleCase(rule: "1 read below the member of an expression", source: observable("Text(\"\\((model.count + 1).description)\")", "step \"s\" { model.count = 2 }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "2 equal assignment of an Equatable value", source: observable("Text(\"\\(model.count)\")", "step \"s\" { model.count = 0 }"), step: "s", evaluates: []),
    RuleCase(rule: "2 equal assignment under swift5.9", source: observable("Text(\"\\(model.count)\")", "step \"s\" { model.count = 0 }"), step: "s", semantics: .swift59, evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "2 in-place mutation with the same value", source: observable("Text(\"\\(model.items.count)\")", "step \"s\" { model.items[0] = 1 }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "2 append always notifies", source: observable("Text(\"\\(model.items.count)\")", "step \"s\" { model.items.append(4) }"), step: "s", evaluates: ["Probe"], wasted: []),
    RuleCase(rule: "2 compound assignment always notifies", source: observable("Text(\"\\(model.count)\")", "step \"s\" { model.count += 0 }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "2 ignored property never notifies", source: observable("Text(\"\\(model.cache)\")", "step \"s\" { model.cache = 3 }"), step: "s", evaluates: [], stale: ["Probe"]),
]

private func globalProbe(_ body: String, _ steps: String) -> String {
    observableModel + """

    struct Root: View {
        var body: some View { Probe() }
    }
    struct Probe: View {
        var body: some View { \(body) }
    }
    \(steps)
    """
}

private let equalityCases: [RuleCase] = [
    RuleCase(rule: "2 equal Equatable struct", source: globalProbe("Text(\"\\(shapes.point.x)\")", "step \"s\" { shapes.point = Point(x: 1, y: 2) }"), step: "s", evaluates: []),
    RuleCase(rule: "2 different Equatable struct", source: globalProbe("Text(\"\\(shapes.point.x)\")", "step \"s\" { shapes.point = Point(x: 1, y: 3) }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "2 equal non-Equatable struct notifies", source: globalProbe("Text(\"\\(shapes.loose.x)\")", "step \"s\" { shapes.loose = Loose(x: 1) }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
    RuleCase(rule: "2 same instance does not notify", source: globalProbe("Text(shapes.settings.theme)", "step \"s\" { shapes.settings = shapes.settings }"), step: "s", evaluates: []),
    RuleCase(rule: "2 new instance notifies", source: globalProbe("Text(shapes.settings.theme)", "step \"s\" { shapes.settings = Settings() }"), step: "s", evaluates: ["Probe"], wasted: ["Probe"]),
]

private let objectSource = """
scenario "t"
final class Inner: ObservableObject { @Published var value: Int = 0 }
final class Store: ObservableObject {
    @Published var count: Int = 0
    @Published var other: Int = 0
    var plain: Int = 0
    @Published var inner: Inner = Inner()
}
let store = Store()
struct Root: View {
    var body: some View {
        Holder(store: store)
        Unwrapped(store: store)
    }
}
struct Holder: View {
    @ObservedObject var store: Store
    var body: some View { Text("\\(store.count) \\(store.plain) \\(store.inner.value)") }
}
struct Unwrapped: View {
    let store: Store
    var body: some View { Text("\\(store.count)") }
}
step "other" { store.other = 1 }
step "equal" { store.count = 0 }
step "plain" { store.plain = 5 }
step "send" { store.objectWillChange.send() }
step "nested" { store.inner.value = 3 }
"""

private let objectCases: [RuleCase] = [
    RuleCase(rule: "3 any @Published write dirties holders", source: objectSource, step: "other", evaluates: ["Holder"], wasted: ["Holder"], stale: []),
    RuleCase(rule: "3 equal @Published write still dirties", source: objectSource, step: "equal", evaluates: ["Holder"], wasted: ["Holder"]),
    RuleCase(rule: "3 non-@Published write notifies nobody", source: objectSource, step: "plain", evaluates: [], stale: ["Holder"]),
    // The previous step left Holder stale (it shows plain = 0); this evaluation catches up, so it is needed.
    RuleCase(rule: "3 objectWillChange.send()", source: objectSource, step: "send", evaluates: ["Holder"], wasted: []),
    RuleCase(rule: "3 nested ObservableObject does not reach the outer's holders", source: objectSource, step: "nested", evaluates: [], stale: ["Holder"]),
]

private let stateSource = """
scenario "t"
struct Root: View {
    @State private var count = 0
    @State private var flag = false
    @State private var name = "a"
    var body: some View {
        Text("\\(count)")
        Switch(isOn: $flag)
        Plain(isOn: $flag)
        Seeded(title: name)
    }
}
struct Switch: View {
    @Binding var isOn: Bool
    var body: some View { Text(isOn ? "on" : "off") }
}
struct Plain: View {
    let isOn: Binding<Bool>
    var body: some View { Text(isOn.wrappedValue ? "on" : "off") }
}
struct Seeded: View {
    @State var title: String
    var body: some View { Text(title) }
}
step "same count" { Root.count = 0 }
step "count" { Root.count = 1 }
step "flag" { Root.flag = true }
step "rename" { Root.name = "b" }
"""

private let stateCases: [RuleCase] = [
    RuleCase(rule: "4 equal @State write is a no-op", source: stateSource, step: "same count", evaluates: []),
    RuleCase(rule: "4 owner reads the state", source: stateSource, step: "count", evaluates: ["Root"], wasted: []),
    RuleCase(rule: "4 passing only $flag does not dirty the owner; 5 @Binding is tracked, a plain Binding is not", source: stateSource, step: "flag", evaluates: ["Switch"], wasted: [], stale: ["Plain"]),
    // Plain was left stale by "flag"; its Binding still carries false, so Root's re-run finds the input changed and it catches up.
    RuleCase(rule: "4 seeded @State keeps its first value; 5 a plain Binding compares by the value it carries", source: stateSource, step: "rename", evaluates: ["Root", "Plain"], wasted: [], stale: ["Seeded"]),
]

private let environmentSource = """
scenario "t"
extension EnvironmentValues { @Entry var onTap: () -> Void = {} }
@Observable final class Model { var title: String = "a"; var count: Int = 0 }
struct Root: View {
    @State private var model = Model()
    @State private var tick = 0
    var body: some View {
        VStack {
            Declares()
            Ignores()
            Reads()
            Text("\\(tick)")
        }
        .environment(\\.onTap, { print("tap") })
        .environment(model)
    }
}
struct Declares: View {
    @Environment(\\.colorScheme) var scheme
    var body: some View { Text("fixed") }
}
struct Ignores: View {
    var body: some View { Text("fixed") }
}
struct Reads: View {
    @Environment(Model.self) var model
    @Environment(\\.onTap) var onTap
    var body: some View { Text(model.title) }
}
step "dark" { environment \\.colorScheme = .dark }
step "dark again" { environment \\.colorScheme = .dark }
step "tick" { Root.tick = 1 }
step "count" { Root.model.count = 1 }
step "title" { Root.model.title = "b" }
"""

private let environmentCases: [RuleCase] = [
    RuleCase(rule: "6 a declared key dirties the view even unused", source: environmentSource, step: "dark", evaluates: ["Declares"], wasted: ["Declares"]),
    RuleCase(rule: "6 an equal value changes nothing", source: environmentSource, step: "dark again", evaluates: []),
    RuleCase(rule: "6 a closure value never compares equal", source: environmentSource, step: "tick", evaluates: ["Root", "Reads"], wasted: ["Reads"]),
    RuleCase(rule: "6 @Environment(Model.self) depends only through reads", source: environmentSource, step: "count", evaluates: []),
    RuleCase(rule: "6 @Environment(Model.self) read", source: environmentSource, step: "title", evaluates: ["Reads"], wasted: []),
]

private let storageSource = """
scenario "t"
struct Root: View {
    var body: some View {
        Name()
        Other()
    }
}
struct Name: View {
    @AppStorage("name") var name = "a"
    var body: some View { Text(name) }
}
struct Other: View {
    @AppStorage("other") var other = 0
    var body: some View { Text("\\(other)") }
}
step "write name" { Name.name = "b" }
"""

private let propagationSource = """
scenario "t"
struct Row: Equatable, Identifiable { var id: Int; var title: String }
final class Ref {}
@Observable final class Model {
    var a: Int = 0
    var b: Int = 0
    var rows: [Row] = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    var flag: Bool = false
    var version: Int = 0
}
struct Root: View {
    @State private var model = Model()
    @State private var text = "x"
    var body: some View {
        Text("\\(model.a) \\(model.b)")
        Leaf(value: 1)
        Action(run: { print("go") })
        Bound(text: $text)
        Closure(text: Binding(get: { text }, set: { text = $0 }))
        Same(value: model.a, extra: model.b).equatable()
        if model.flag { Yes() } else { No() }
        Badge(version: 0).id(model.version)
        ForEach(model.rows) { row in
            RowView(title: row.title)
        }
    }
}
struct Leaf: View { let value: Int; var body: some View { Text("\\(value)") } }
struct Action: View { let run: () -> Void; var body: some View { Button("go", action: run) } }
struct Bound: View { @Binding var text: String; var body: some View { Text("bound") } }
struct Closure: View { @Binding var text: String; var body: some View { Text("closure") } }
struct Same: View, Equatable {
    let value: Int
    let extra: Int
    static func == (lhs: Same, rhs: Same) -> Bool { lhs.value == rhs.value }
    var body: some View { Text("\\(value) \\(extra)") }
}
struct Yes: View { var body: some View { Text("yes") } }
struct No: View { var body: some View { Text("no") } }
struct Badge: View { let version: Int; @State private var seen = 0; var body: some View { Text("badge") } }
struct RowView: View { let title: String; var body: some View { Text(title) } }
step "two writes" {
    model.a = 1
    model.b = 1
}
step "b only" { model.b = 2 }
step "flip" { model.flag = true }
step "new id" { model.version = 1 }
step "insert" { model.rows.append(Row(id: 3, title: "three")) }
"""

/// "Equatable unless POD": a view that declares `==` is compared with it when it is not plain data, or
/// when it is marked `.equatable()`; a plain-data view's `==` is not asked unless it is marked.
private let equalitySource = """
scenario "t"
@Observable final class Model { var n: Int = 0; var note: Int = 0 }
struct Root: View {
    @State var model = Model()
    var body: some View {
        Text("\\(model.n)")
        Tapper(id: 1, onTap: { model.n += 1 })
        Plain(id: 1, note: model.note)
        Plain2(id: 1, note: model.note).equatable()
    }
}
struct Tapper: View, Equatable {
    let id: Int
    let onTap: () -> Void
    static func == (lhs: Tapper, rhs: Tapper) -> Bool { lhs.id == rhs.id }
    var body: some View { Text("\\(id)") }
}
struct Plain: View, Equatable {
    let id: Int
    let note: Int
    static func == (lhs: Plain, rhs: Plain) -> Bool { lhs.id == rhs.id }
    var body: some View { Text("\\(id)") }
}
struct Plain2: View, Equatable {
    let id: Int
    let note: Int
    static func == (lhs: Plain2, rhs: Plain2) -> Bool { lhs.id == rhs.id }
    var body: some View { Text("\\(id)") }
}
step "count" { model.n = 1 }
step "note" { model.note = 1 }
"""

private let propagationCases: [RuleCase] = [
    // Must not: a new closure alone does not re-run a non-POD view whose `==` holds, unmarked.
    RuleCase(rule: "9 a non-POD view's own == decides without .equatable()", source: equalitySource, step: "count", evaluates: ["Root"], wasted: []),
    // Must: a POD view's `==` is ignored unless marked; the marked one is kept by its `==`.
    RuleCase(rule: "9 a POD view is compared field by field unless marked .equatable()", source: equalitySource, step: "note",
             evaluates: ["Root", "Plain"], wasted: ["Plain"]),
    RuleCase(rule: "7 a written @AppStorage key dirties its readers only", source: storageSource, step: "write name", evaluates: ["Name"], wasted: []),
    RuleCase(rule: "8 one transaction: each body once; 9 equal inputs skip, closures and Binding(get:set:) never equal, .equatable() uses ==",
             source: propagationSource, step: "two writes", evaluates: ["Root", "Action", "Closure", "Same"], wasted: ["Action", "Closure"]),
    RuleCase(rule: "9 .equatable() keeps a child whose == holds", source: propagationSource, step: "b only", evaluates: ["Root", "Action", "Closure"], wasted: ["Action", "Closure"]),
    RuleCase(rule: "10 a flipped branch creates a new instance", source: propagationSource, step: "flip", evaluates: ["Root", "Action", "Closure", "Yes"], wasted: ["Action", "Closure"]),
    RuleCase(rule: "10 a changed .id creates a new instance", source: propagationSource, step: "new id", evaluates: ["Root", "Action", "Closure", "Badge"], wasted: ["Action", "Closure"]),
    RuleCase(rule: "10 a ForEach insertion creates one instance", source: propagationSource, step: "insert", evaluates: ["Root", "Action", "Closure", "RowView[3]"], wasted: ["Action", "Closure"]),
]

private let scopeSource = """
scenario "t"
@Observable final class Model { var query: String = ""; var other: Int = 0 }
struct Root: View {
    @State private var model = Model()
    var body: some View {
        Parent(model: model)
        Scoped(model: model)
    }
}
struct Parent: View {
    let model: Model
    var body: some View {
        Child(label: "a")
            .onChange(of: model.query) { print("changed") }
    }
}
struct Scoped: View {
    let model: Model
    var body: some View {
        Child(label: "b")
            .modifier(Watch(model: model))
    }
}
struct Watch: ViewModifier {
    let model: Model
    func body(content: Content) -> some View {
        content.onChange(of: model.query) { print("changed") }
    }
}
struct Child: View { let label: String; var body: some View { Text(label) } }
step "query" { model.query = "x" }
step "other" { model.other = 1 }
"""

/// Containers: one that stores its content as views (built by the caller) and one that stores the
/// closure and calls it in its body.
private let containerSource = """
scenario "t"
struct Card<Content: View>: View {
    let content: Content
    init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }
    var body: some View {
        VStack { content }
    }
}
struct LazyCard<Content: View>: View {
    let content: () -> Content
    init(@ViewBuilder content: @escaping () -> Content) {
        self.content = content
    }
    var body: some View {
        VStack { content() }
    }
}
struct Root: View {
    @State var count = 0
    @State var other = 0
    @State var unread = 0
    var body: some View {
        Text("\\(unread)")
        Card { Text("count \\(count)") }
        LazyCard { Text("other \\(other)") }
    }
}
step "count" { Root.count = 1 }
step "other" { Root.other = 1 }
step "unread" { Root.unread = 1 }
"""

private let containerCases: [RuleCase] = [
    // Must: the content the caller built changed; the container re-runs to place it, needed.
    RuleCase(rule: "9.6 a container whose content changed re-runs", source: containerSource, step: "count", evaluates: ["Root", "Card", "LazyCard"],
             wasted: ["LazyCard"]),
    // Must: what a stored closure reads is its container's dependency, not the caller's.
    RuleCase(rule: "9.6 a stored closure's reads are its container's", source: containerSource, step: "other", evaluates: ["LazyCard"], wasted: []),
    // Must not: content whose reads did not change leaves the container alone; a stored closure never compares equal.
    RuleCase(rule: "9.6 a container whose content did not change is not re-run", source: containerSource, step: "unread",
             evaluates: ["Root", "LazyCard"], wasted: ["LazyCard"]),
]

private let scopeCases: [RuleCase] = [
    RuleCase(rule: "11 .onChange(of:) reads in the body; a ViewModifier is its own scope", source: scopeSource, step: "query", evaluates: ["Parent", "Watch"], wasted: []),
    RuleCase(rule: "11 .onChange(of:) of another property", source: scopeSource, step: "other", evaluates: []),
]

@Suite struct RuleTests {
    @Test(arguments: observationCases + equalityCases + objectCases + stateCases + environmentCases + propagationCases + containerCases + scopeCases)
    func rule(_ rule: RuleCase) throws {
        let trace = try simulateChecked(rule.source, semantics: rule.semantics)
        let variant = try #require(trace.variants.first { $0.name == rule.variant })
        let step = try #require(variant.steps.first { $0.name == rule.step })
        #expect(step.evaluated == rule.evaluates, "evaluated")
        if let wasted = rule.wasted { #expect(step.names(.wasted) == wasted, "wasted") }
        if let stale = rule.stale { #expect(step.names(.stale) == stale, "stale") }
        for instance in step.instances {
            #expect(!instance.causes.isEmpty, "\(instance.name) has a cause")
        }
    }

    /// A changed read is located where the body reads it, not where an action's closure earlier in the
    /// body names the same path (that read is deferred, and has no place in the evaluation).
    @Test(arguments: [true, false])
    func aChangedReadIsLocatedWhereTheBodyReadsIt(actionFirst: Bool) throws {
        let action = "Button(\"x\") { model.name = (model.count + 1).description }"
        let text = "Text(\"\\(model.count)\")"
        let body = (actionFirst ? [action, text] : [text, action]).joined(separator: "\n            ")
        let source = observable("VStack {\n            \(body)\n            }", "step \"s\" { model.count = 5 }")
        let step = try #require(try simulateChecked(source).variants.first?.steps.first)
        let probe = try #require(step.instances.first { $0.name == "Probe" })
        #expect(probe.changedReads == ["model.count"])
        let textLine = try #require(source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Text(") }) + 1
        #expect(probe.readLocations["model.count"]?.line == textLine)
    }

    /// A view left stale says why nothing told it, for each way a model's property can go untold: the
    /// reason depends on the class's kind and the property's attributes.
    @Test(arguments: [
        ("@Observable final class M { @ObservationIgnored var v: Int = 0 }", "let m: M", "'v' is '@ObservationIgnored'"),
        ("final class M: ObservableObject { var v: Int = 0 }", "@ObservedObject var m: M", "'v' is not '@Published'"),
        ("final class M: ObservableObject { @Published var v: Int = 0 }", "let m: M", "the view does not observe 'model' (no '@ObservedObject', '@StateObject' or '@EnvironmentObject' holds it)"),
        ("final class M { var v: Int = 0 }", "let m: M", "'M' is a plain class: nobody is told of its changes"),
        ("@Observable final class M { @ObservationIgnored @AppStorage(\"k\") var v: Int = 0 }", "let m: M",
         "'v' is '@AppStorage(\"k\")' inside the model 'M': user defaults changes reach only views that declare '@AppStorage'"),
    ])
    func aStaleViewSaysWhyNothingToldIt(model: String, property: String, reason: String) throws {
        let source = """
        scenario "t"
        \(model)
        let model = M()
        struct Root: View { var body: some View { Reader(m: model) } }
        struct Reader: View {
            \(property)
            var body: some View { Text("\\(m.v)") }
        }
        step "write" { model.v = 1 }
        """
        let step = try simulateChecked(source).variants[0].steps[0]
        #expect(step.names(.stale) == ["Reader"])
        let detail = try #require(step.instances.first { $0.name == "Reader" }?.causes.first?.detail)
        #expect(detail.hasSuffix(reason), "\(detail)")
    }

    @Test func inlineObservedObjectIsRecreatedAndReported() throws {
        let source = """
        scenario "t"
        final class Store: ObservableObject { @Published var count: Int = 0 }
        struct Root: View {
            @State private var tick = 0
            var body: some View {
                Text("\\(tick)")
                Counter()
                Owner()
            }
        }
        struct Counter: View {
            @ObservedObject var store = Store()
            var body: some View { Text("\\(store.count)") }
        }
        struct Owner: View {
            @StateObject private var store = Store()
            var body: some View { Text("\\(store.count)") }
        }
        step "tick" { Root.tick = 1 }
        """
        let trace = try simulateChecked(source)
        let step = trace.variants[0].steps[0]
        #expect(step.evaluated == ["Root", "Counter"])
        let counter = try #require(step.instances.first { $0.name == "Counter" })
        #expect(counter.causes.contains { $0.kind == .objectRecreated })
    }

    @Test func topDownOrderAndOneEvaluationPerStep() throws {
        let trace = try simulateChecked(propagationSource)
        for step in trace.variants[0].steps {
            #expect(Set(step.instances.map(\.path)).count == step.instances.count, "each instance once in '\(step.name)'")
        }
        let first = trace.variants[0].steps[0]
        #expect(first.instances.first?.name == "Root")
    }
}
