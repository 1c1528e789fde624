import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// The rewrites behind proven fixes: each made where the code has the shape it needs, printed as a
/// person would write it, and not made where the code does something the rewrite would change.
@Suite struct ProvenFixTests {
    static func declarations(_ source: String, variant: String = "main") throws -> [DeclarationSyntax] {
        let scenario = try Scenario(source: "scenario \"fix\"\nsemantics swift6.2\n" + source, file: "fix.ripple")
        return ProvenFixes.declarations(of: scenario.syntax, variant: variant)
    }

    static func hint(_ kind: AuditHint.Kind, _ view: String, subject: String? = nil) -> AuditHint {
        AuditHint(kind: kind, view: view, text: "", guidance: "", subject: subject)
    }

    static func printed(_ fix: ProvenFix?, _ name: String) -> String? {
        guard let declaration = fix?.after.first(where: { $0.name == name }) else { return nil }
        return SwiftPrinter().declarations([declaration])
    }

    static let model = """
    struct User: Equatable, Identifiable {
        var id: Int
        var name: String
    }
    @Observable final class AppState {
        var users: [User] = [User(id: 1, name: "Ada"), User(id: 2, name: "Brian")]
        var title = "People"
        var count: Int { users.count }
        func rename() { users[0].name = "Bea" }
    }
    struct Root: View {
        @State private var state = AppState()
        var body: some View {
            ForEach(state.users.indices, id: \\.self) { index in
                Row(state: state, index: index)
            }
        }
    }

    """

    @Test func aRowGivenTheModelAndAnIndexIsGivenTheFieldItShows() throws {
        let declarations = try Self.declarations(Self.model + """
        struct Row: View {
            let state: AppState
            let index: Int
            var body: some View { Text(state.users[index].name.uppercased()) }
        }
        """)
        let fix = PassTheFields.fix(view: "Row", kind: .passTheField, in: declarations)
        #expect(fix?.summary == "pass `Row` `name` instead of `state` and `index`")
        #expect(Self.printed(fix, "Row") == """
            struct Row: View {
                let name: String
                var body: some View {
                    Text(name.uppercased())
                }
            }

            """)
        // The place that builds the row reads the field there.
        #expect(Self.printed(fix, "Root")?.contains("Row(name: state.users[index].name)") == true)
    }

    /// Must not: each of these uses the model in a way that reading fields would change.
    @Test(arguments: [
        // The model is handed on whole.
        ("Text(state.title); Child(state: state)", "struct Child: View { let state: AppState; var body: some View { Text(state.title) } }"),
        // A method is called on it.
        ("Button(\"Rename\") { state.rename() }", ""),
        // The index is read through something that is not an input.
        ("ForEach(0..<1) { i in Text(state.users[i].name) }", ""),
        // A name bound inside a closure or an `if` hides the input.
        ("VStack { let index = 0; Text(state.users[index].name) }", ""),
        ("if true { let index = 0; Text(state.users[index].name) }", ""),
    ])
    func aRowThatUsesTheModelOtherwiseIsLeftAlone(body: String, extra: String) throws {
        let declarations = try Self.declarations(Self.model + """
        struct Row: View {
            let state: AppState
            let index: Int
            var body: some View { \(body) }
        }
        \(extra)
        """)
        #expect(PassTheFields.fix(view: "Row", kind: .passTheField, in: declarations) == nil)
    }

    @Test func aViewWithItsOwnInitIsLeftAlone() throws {
        let declarations = try Self.declarations(Self.model + """
        struct Row: View {
            let state: AppState
            let index: Int
            init(state: AppState, index: Int) {
                self.state = state
                self.index = index
            }
            var body: some View { Text(state.users[index].name) }
        }
        """)
        #expect(PassTheFields.fix(view: "Row", kind: .passTheField, in: declarations) == nil)
    }

    @Test func aComputedPropertyIsStoredAndWrittenWhenItChanges() throws {
        let declarations = try Self.declarations(Self.model + """
        struct Row: View {
            let state: AppState
            let index: Int
            var body: some View { Text(state.users[index].name) }
        }
        """)
        let fix = StoreComputedProperty.fix(property: "count", in: declarations)
        #expect(Self.printed(fix, "AppState") == """
            @Observable
            final class AppState {
                var users: [User] = [User(id: 1, name: "Ada"), User(id: 2, name: "Brian")] {
                    didSet {
                        let updatedCount = users.count
                        if updatedCount != count {
                            count = updatedCount
                        }
                    }
                }
                var title = "People"
                var count: Int = 0
                func rename() {
                    users[0].name = "Bea"
                }
                init() {
                    count = users.count
                }
            }

            """)
    }

    /// Must not: a getter of several statements, or one that reads an object whose changes no `didSet`
    /// of the class sees.
    @Test(arguments: [
        "var count: Int { let all = users; return all.count }",
        "var other = Other()\n    var count: Int { other.value }",
    ])
    func aComputedPropertyTheRewriteCannotKeepCorrectIsLeftAlone(member: String) throws {
        let declarations = try Self.declarations("""
        @Observable final class Other { var value = 1 }
        struct User: Equatable { var id: Int }
        @Observable final class Store {
            var users: [User] = []
            \(member)
        }
        struct Root: View {
            @State private var store = Store()
            var body: some View { Text("\\(store.count)") }
        }
        """)
        #expect(StoreComputedProperty.fix(property: "count", in: declarations) == nil)
    }

    /// A chart that shows its samples and holds a closure.
    static let chart = """
    struct Chart: View {
        let samples: [Int]
        let onTap: () -> Void
        var body: some View { Text("\\(samples.count)") }
    }

    """

    @Test func aClosureHoldingViewIsMadeEquatableOnItsData() throws {
        let declarations = try Self.declarations(Self.chart + """
        struct Root: View {
            @State private var taps = 0
            var body: some View { Chart(samples: [1, 2], onTap: { taps += 1 }) }
        }
        """)
        let fix = EquatableOnData.fix(view: "Chart", in: declarations)
        #expect(Self.printed(fix, "Chart")?.contains("struct Chart: View, Equatable {") == true)
        #expect(Self.printed(fix, "Chart")?.contains("static func == (_ lhs: Chart, _ rhs: Chart) -> Bool {\n        lhs.samples == rhs.samples\n    }") == true)
        // Must not: a view holding an object, which `==` does not compare.
        let object = try Self.declarations("""
        final class Box { var value = 1 }
        struct Chart: View {
            let box: Box
            let onTap: () -> Void
            var body: some View { Text("chart") }
        }
        struct Root: View {
            @State private var taps = 0
            var body: some View { Chart(box: Box(), onTap: { taps += 1 }) }
        }
        """)
        #expect(EquatableOnData.fix(view: "Chart", in: object) == nil)
    }

    /// `==` may leave out a closure only when the closure reads what it captures as it is when it runs:
    /// a chart kept from re-running keeps the closure it was given first.
    @Test(arguments: [
        // Offered: state, a binding, app storage, a constant, a method over state, a function it calls.
        ("{ taps += 1 }", "", nil),
        ("{ choice = 2 }", "", nil),
        ("{ stored += 1 }", "", nil),
        ("{ print(title) }", "", nil),
        ("{ count() }", "", nil),
        ("{ withAnimation { taps += 1 } }", "", nil),
        ("{ dismiss() }", "", nil),
        // Declined: a value the closure copies, which a chart kept from re-running would keep old.
        ("{ print(name) }", "", "`name` (a value `Panel` is given), given to `onTap` where `Panel` builds `Chart`"),
        ("{ print(scheme) }", "", "`scheme` (an environment value), given to `onTap` where `Panel` builds `Chart`"),
        ("{ greet() }", "", "`greet` (a method of `Panel` that reads `name`, a value `Panel` is given), given to `onTap` where `Panel` builds `Chart`"),
        ("{ print(local) }", "let local = taps + 1", "`local` (a parameter or a local of the code around it), given to `onTap` where `Panel` builds `Chart`"),
    ] as [(String, String, String?)])
    func aClosureLeftOutOfEqualityCapturesNothingThatCanChange(closure: String, before: String, declined: String?) throws {
        let declarations = try Self.declarations(Self.chart + """
        struct Root: View {
            @State private var choice = 1
            var body: some View { Panel(name: "Ada", choice: $choice) }
        }
        struct Panel: View {
            let name: String
            let title = "Sales"
            @State private var taps = 0
            @Binding var choice: Int
            @AppStorage("stored") private var stored = 0
            @Environment(\\.colorScheme) private var scheme
            @Environment(\\.dismiss) private var dismiss
            func count() { taps += 1 }
            func greet() { print(name) }
            var body: some View {
                \(before)
                Chart(samples: [1, 2], onTap: \(closure))
            }
        }
        """)
        let fix = try #require(EquatableOnData.fix(view: "Chart", in: declarations))
        if let declined {
            #expect(fix.declined == "the closure `==` would leave out captures \(declined); kept from re-running, the view would keep the old closure and act on the old value")
            // A declined fix changes nothing.
            #expect(fix.after == fix.before)
        } else {
            #expect(fix.declined == nil, "\(fix.declined ?? "")")
            #expect(Self.printed(fix, "Chart")?.contains("Equatable") == true)
        }
    }

    /// A row's element is copied into the closure the row hands on: a closure built in a `ForEach` that
    /// reads more of it than the row's identity is not left out of `==`; one that reads only the identity
    /// (`item.id`, or the element of rows identified by `\.self`) is.
    @Test(arguments: [
        ("ForEach(items) { item in Card(name: item.name, onTap: { picked = item.id }) }", false),
        ("ForEach(items, id: \\.id) { item in Card(name: item.name, onTap: { picked = item.id }) }", false),
        ("ForEach(items.indices, id: \\.self) { index in Card(name: \"row\", onTap: { picked = index }) }", false),
        ("ForEach(items) { item in Card(name: item.name, onTap: { print(item.name) }) }", true),
        ("ForEach(items) { item in Card(name: item.name, onTap: { picked = item.id + item.name.count }) }", true),
        ("ForEach(items, id: \\.name) { item in Card(name: item.name, onTap: { picked = item.id }) }", true),
    ])
    func aClosureThatCapturesMoreOfARowsElementThanItsIdentityIsNotLeftOut(rows: String, declined: Bool) throws {
        let declarations = try Self.declarations("""
        struct Item: Identifiable, Equatable { var id: Int; var name: String }
        struct Card: View {
            let name: String
            let onTap: () -> Void
            var body: some View { Text(name) }
        }
        struct Board: View {
            @State private var items = [Item(id: 1, name: "A")]
            @State private var picked = 0
            var body: some View {
                \(rows)
            }
        }
        """)
        let fix = try #require(EquatableOnData.fix(view: "Card", in: declarations))
        if declined {
            #expect(fix.declined?.contains("given to `onTap` where `Board` builds `Card`") == true, "\(fix.declined ?? "offered")")
        } else {
            #expect(fix.declined == nil, "\(fix.declined ?? "")")
        }
    }

    @Test func anEnvironmentKeyIsRemovedOnlyWhenNothingReadsIt() throws {
        let source = """
        struct Row: View {
            @Environment(\\.colorScheme) private var scheme
            var body: some View { BODY }
        }
        struct Root: View {
            var body: some View { Row() }
        }
        """
        let unread = try Self.declarations(source.replacingOccurrences(of: "BODY", with: "Text(\"row\")"))
        let fix = UnreadEnvironmentKey.fix(view: "Row", key: "\\.colorScheme", in: unread)
        #expect(Self.printed(fix, "Row")?.contains("scheme") == false)
        let read = try Self.declarations(source.replacingOccurrences(of: "BODY", with: "Button(\"row\") { print(scheme) }"))
        #expect(UnreadEnvironmentKey.fix(view: "Row", key: "\\.colorScheme", in: read) == nil)
    }

    static let inbox = """
    @Observable final class Mailbox {
        var unreadCount = 2
        var title = "Inbox"
    }
    struct Inbox: View {
        @State private var mailbox = Mailbox()
        var body: some View {
            VStack {
                BUILD
            }
        }
    }

    """

    /// The child is given the object and reads the value where it used its input; the parent passes the
    /// object.
    @Test func aValuePassedOnIsReadByTheChildFromTheObject() throws {
        let declarations = try Self.declarations(Self.inbox.replacingOccurrences(of: "BUILD", with: "Badge(count: mailbox.unreadCount, tint: 1)") + """
        struct Badge: View {
            let count: Int
            let tint: Int
            var body: some View { Text("\\(count) unread").opacity(self.count > 0 ? 1 : 0) }
        }
        """)
        let fix = ReadOnlyToPassOn.fix(view: "Inbox", read: "mailbox.unreadCount", in: declarations)
        #expect(fix?.summary == "pass `Badge` `mailbox` instead of `count`, and read `mailbox.unreadCount` in its body")
        #expect(Self.printed(fix, "Badge") == """
            struct Badge: View {
                let mailbox: Mailbox
                let tint: Int
                var body: some View {
                    Text("\\(mailbox.unreadCount) unread").opacity(self.mailbox.unreadCount > 0 ? 1 : 0)
                }
            }

            """)
        #expect(Self.printed(fix, "Inbox")?.contains("Badge(mailbox: mailbox, tint: 1)") == true)
    }

    /// Must not: the child has an `init` of its own, is built elsewhere too, or already uses the
    /// object's name (as a property, or as a `let` inside an `if` of a method).
    @Test(arguments: [
        ("let count: Int\n    init(count: Int) { self.count = count }", ""),
        ("let count: Int", "struct Other: View {\n    var body: some View { Badge(count: 1) }\n}"),
        ("let count: Int\n    let mailbox = 0", ""),
        ("let count: Int\n    func label() -> String {\n        if count > 0 {\n            let mailbox = \"m\"\n            return mailbox + \"\\(count)\"\n        }\n        return \"\"\n    }", ""),
    ])
    func aValuePassedOnIsLeftAloneWhereTheRewriteWouldChangeTheCode(inputs: String, extra: String) throws {
        let declarations = try Self.declarations(Self.inbox.replacingOccurrences(of: "BUILD", with: "Badge(count: mailbox.unreadCount)") + """
        struct Badge: View {
            \(inputs)
            var body: some View { Text("\\(count)") }
        }
        \(extra)
        """)
        #expect(ReadOnlyToPassOn.fix(view: "Inbox", read: "mailbox.unreadCount", in: declarations) == nil)
    }

    /// The view that makes the read moves into a new view given what it uses, built where it was.
    @Test func aReadMovesIntoAViewOfItsOwn() throws {
        let declarations = try Self.declarations(Self.inbox.replacingOccurrences(of: "BUILD", with: "Text(\"\\(mailbox.unreadCount) in \\(mailbox.title)\").bold()\n            Text(\"footer\")"))
        let fix = MoveReadIntoChild.fix(view: "Inbox", in: declarations, reads: ["mailbox.unreadCount", "mailbox.title"])
        #expect(fix?.summary == "move `Text(\"\\(mailbox.unreadCount) in \\(mailbox.title)\").bold()` into a view of its own, `InboxUnreadCount`, given `mailbox`")
        #expect(Self.printed(fix, "InboxUnreadCount") == """
            struct InboxUnreadCount: View {
                let mailbox: Mailbox
                var body: some View {
                    Text("\\(mailbox.unreadCount) in \\(mailbox.title)").bold()
                }
            }

            """)
        #expect(Self.printed(fix, "Inbox")?.contains("InboxUnreadCount(mailbox: mailbox)\n") == true)
        // The new view is put after the one it came from.
        let applied = try #require(fix).applied(to: declarations).map(\.name)
        #expect(applied.firstIndex(of: "InboxUnreadCount") == applied.firstIndex(of: "Inbox").map { $0 + 1 })
    }

    /// Must not: the view uses a name a new view cannot be given (a closure's parameter, a `@State`
    /// value the new view would copy), or the read is made in two views.
    @Test(arguments: [
        "ForEach([1, 2], id: \\.self) { n in Text(\"\\(mailbox.unreadCount) \\(n)\") }",
        "Text(\"\\(mailbox.unreadCount) \\(taps)\")",
        "Text(\"\\(mailbox.unreadCount)\")\n            Text(\"\\(mailbox.unreadCount)\")",
    ])
    func aReadIsLeftWhereItIsWhenMovingItWouldChangeTheCode(build: String) throws {
        let source = Self.inbox.replacingOccurrences(of: "BUILD", with: build)
            .replacingOccurrences(of: "@State private var mailbox = Mailbox()", with: "@State private var mailbox = Mailbox()\n    @State private var taps = 0")
        let declarations = try Self.declarations(source)
        #expect(MoveReadIntoChild.fix(view: "Inbox", in: declarations, reads: ["mailbox.unreadCount"]) == nil)
    }

    /// Every gallery scenario printed back and read again simulates as the file does: same instances, same
    /// outcomes, step by step.
    @Test func aStructAssignedToAnObservablePropertyIsMadeEquatable() throws {
        let declarations = try Self.declarations("""
        struct Forecast {
            var high: Int
            var summary: String
            var tags: [String] = []
        }
        struct Root: View { var body: some View { Text("") } }
        """)
        let fix = try #require(EquatablePropertyType.fix(type: "Forecast", in: declarations))
        #expect(Self.printed(fix, "Forecast")?.hasPrefix("struct Forecast: Equatable {") == true)
        // Must not: a field `==` cannot compare, one `Equatable` already, or a `==` of its own.
        let notComparable = try Self.declarations("""
        struct Reading { var value: Int }
        struct Forecast {
            var high: Int
            var reading: Reading
        }
        struct Root: View { var body: some View { Text("") } }
        """)
        #expect(EquatablePropertyType.fix(type: "Forecast", in: notComparable) == nil)
        let already = try Self.declarations("struct Forecast: Hashable { var high: Int }\nstruct Root: View { var body: some View { Text(\"\") } }")
        #expect(EquatablePropertyType.fix(type: "Forecast", in: already) == nil)
    }

    static let profile = """
    struct Profile {
        var name: String
        var bio = ""
    }
    @Observable final class Account {
        var profile = Profile(name: "Ada")
        var copies = 0
        func rename() { profile.name = "Ada Lovelace" }
        func copy(from other: Profile) { copies += other.bio.count }
    }
    struct Header: View {
        let account: Account
        var body: some View { Text(account.profile.name) }
    }

    """

    @Test func aStructPropertyIsFlattenedIntoItsClass() throws {
        let declarations = try Self.declarations(Self.profile + """
        struct Root: View {
            @State private var account = Account()
            var body: some View { Header(account: account); Text(account.profile.bio) }
        }
        """)
        let fix = try #require(StructObservableProperty.fix(property: "Account.profile", in: declarations, steps: []))
        let account = try #require(Self.printed(fix, "Account"))
        #expect(account.contains("var name: String = \"Ada\""), "\(account)")
        #expect(account.contains("var bio: String = \"\""), "\(account)")
        #expect(account.contains("name = \"Ada Lovelace\""), "\(account)")
        #expect(Self.printed(fix, "Header")?.contains("Text(account.name)") == true)
        #expect(Self.printed(fix, "Root")?.contains("Text(account.bio)") == true)
    }

    /// Must not: the property used whole (handed on, assigned), or its name taken by another type.
    @Test(arguments: [
        ("Text(account.profile.bio); Card(profile: account.profile)", true),
        ("Button(\"Reset\") { account.profile = Profile(name: \"Ada\") }", false),
        ("Text(account.profile.bio); Card(profile: Profile(name: \"Bea\"))", true),
    ])
    func aStructPropertyUsedWholeIsNotFlattened(body: String, card: Bool) throws {
        let declarations = try Self.declarations(Self.profile + (card ? """
        struct Card: View {
            let profile: Profile
            var body: some View { Text(profile.name) }
        }

        """ : "") + """
        struct Root: View {
            @State private var account = Account()
            var body: some View { Header(account: account); \(body) }
        }
        """)
        #expect(StructObservableProperty.fix(property: "Account.profile", in: declarations, steps: []) == nil)
    }

    /// Must not: a parameter of the class's own function named like the property, whose `profile.name`
    /// reads the parameter, not the property.
    @Test func aStructPropertyHiddenByAParameterIsNotFlattened() throws {
        let declarations = try Self.declarations(Self.profile.replacingOccurrences(of: "var copies = 0", with: "var copies = 0\n    func count(_ profile: Profile) { copies += profile.name.count }") + """
        struct Root: View {
            @State private var account = Account()
            var body: some View { Header(account: account) }
        }
        """)
        #expect(StructObservableProperty.fix(property: "Account.profile", in: declarations, steps: []) == nil)
    }

    static let signup = """
    struct Details {
        var email = ""
        var agrees = false
    }
    struct EmailSection: View {
        @Binding var details: Details
        var body: some View { TextField("Email", text: $details.email) }
    }

    """

    @Test func aStateStructIsSplitAndEachChildBoundToItsFields() throws {
        let declarations = try Self.declarations(Self.signup + """
        struct Signup: View {
            @State private var details = Details()
            var body: some View {
                EmailSection(details: $details)
                Toggle("Agree", isOn: $details.agrees)
                Text(details.agrees ? "Thanks" : "")
            }
        }
        """)
        let fix = try #require(LargeStateStruct.fix(slot: "Signup.details", in: declarations))
        let signup = try #require(Self.printed(fix, "Signup"))
        #expect(signup.contains("@State private var email: String = \"\""), "\(signup)")
        #expect(signup.contains("@State private var agrees: Bool = false"), "\(signup)")
        #expect(signup.contains("EmailSection(email: $email)"), "\(signup)")
        #expect(signup.contains("Toggle(\"Agree\", isOn: $agrees)"), "\(signup)")
        #expect(signup.contains("Text(agrees ? \"Thanks\" : \"\")"), "\(signup)")
        let section = try #require(Self.printed(fix, "EmailSection"))
        #expect(section.contains("@Binding var email: String"), "\(section)")
        #expect(section.contains("TextField(\"Email\", text: $email)"), "\(section)")
        // A step's read through the slot reads the field.
        let step = try #require(try Scenario(source: "scenario \"s\"\n" + Self.signup + "struct Signup: View {\n    @State private var details = Details()\n    var body: some View { EmailSection(details: $details) }\n}\nstep \"type\" { Signup.details.email = \"a@b\" }\n", file: "s.ripple").syntax.steps.first)
        #expect(ProvenFixes.steps([step], applying: [fix]).first?.statements.first.map { SwiftPrinter().statement($0, level: 0) }?.contains("Signup.email = ") == true)
    }

    /// Must not: the struct handed on whole (to a function, to a child that holds it as a value, or
    /// printed whole).
    @Test(arguments: [
        ("Text(summary(details))", false),
        ("Summary(details: details)", true),
        ("Text(\"\\(details)\")", false),
    ])
    func aStateStructUsedWholeIsNotSplit(use: String, summary: Bool) throws {
        let declarations = try Self.declarations(Self.signup + (summary ? """
        struct Summary: View {
            let details: Details
            var body: some View { Text(details.email) }
        }

        """ : "") + """
        struct Signup: View {
            @State private var details = Details()
            func summary(_ d: Details) -> String { d.email }
            var body: some View {
                EmailSection(details: $details)
                \(use)
            }
        }
        """)
        #expect(LargeStateStruct.fix(slot: "Signup.details", in: declarations) == nil)
    }

    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: repositoryURL.appendingPathComponent("Scenarios").path)
        .filter { $0.hasSuffix(".ripple") }.sorted())
    func aPrintedScenarioSimulatesAsTheFileDoes(name: String) throws {
        let text = try String(contentsOf: repositoryURL.appendingPathComponent("Scenarios/\(name)"), encoding: .utf8)
        // A scenario over app source is read with the app, which the command line loads.
        guard !text.contains("\nsource \"") else { return }
        let original = try Scenario(source: text, file: name)
        let printed = SwiftPrinter().scenario(original.syntax)
        let again = try Scenario(source: printed, file: name)
        #expect(SwiftPrinter().scenario(again.syntax) == printed, "printing is not stable for \(name)")
        for (a, b) in zip(original.trace.variants, again.trace.variants) {
            #expect(a.steps.map { $0.instances.map { "\($0.name) \($0.outcome)" } } == b.steps.map { $0.instances.map { "\($0.name) \($0.outcome)" } },
                    "\(name), variant \(a.name)")
        }
        #expect(original.trace.variants.count == again.trace.variants.count)
    }
}
