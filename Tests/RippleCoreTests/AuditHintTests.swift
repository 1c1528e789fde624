import Foundation
import Testing
@testable import RippleCore
import RippleSwift

/// Each hint is given where its guidance applies (the broad design of its gallery scenario) and not
/// where it does not (the narrow design, which already follows it).
@Suite struct AuditHintTests {
    static func trace(_ name: String) throws -> ScenarioTrace {
        let url = repositoryURL.appendingPathComponent("Scenarios/\(name).ripple")
        return try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).ripple").trace
    }

    @Test(arguments: [
        ("list-rows", 0, AuditHint.Kind.passTheField, "UserRow"),
        ("computed-vs-cached", 0, .computedProperty, "UnreadBadge"),
        ("observable-vs-observableobject", 0, .observableObject, "NameLabel"),
        ("equatable-view", 0, .closureInput, "SalesChart"),
        ("whole-struct-vs-fields", 0, .passTheFieldsItShows, "AvatarBadge"),
        ("environment-keys", 0, .environmentKey, "MessageRow"),
        ("state-from-parent-input", 0, .seededState, "NameBadge"),
        ("inline-rows", 1, .inlineRows, "ForEach"),
    ])
    func theBroadDesignGetsItsHintAndTheNarrowOneDoesNot(scenario: String, step: Int, kind: AuditHint.Kind, view: String) throws {
        let trace = try Self.trace(scenario)
        let broad = try #require(trace.variants.first { $0.name == "broad" })
        let narrow = try #require(trace.variants.first { $0.name == "narrow" })
        let given = AuditHints.hints(for: broad.steps[step])
        #expect(given.contains { $0.kind == kind && $0.view == view }, "\(scenario): \(given.map(\.text))")
        #expect(given.allSatisfy { !$0.guidance.isEmpty })
        let notGiven = AuditHints.hints(for: narrow.steps[step])
        #expect(!notGiven.contains { $0.kind == kind && $0.view == view }, "\(scenario) narrow: \(notGiven.map(\.text))")
    }

    /// The hints the code's shape gives, read with the variant's declarations: given for the broad
    /// design of the gallery scenario that shows the waste, not for the narrow one.
    @Test(arguments: [
        ("task-list", 0, AuditHint.Kind.wholeElementBinding, "TaskRow"),
        ("large-state-struct", 0, .largeStateStruct, "NameSection"),
        ("struct-property-vs-flattened", 0, .structObservableProperty, "NameHeader"),
        ("equatable-property-types", 0, .equatablePropertyType, "ForecastCard"),
    ])
    func theBroadDesignGetsTheHintItsCodeShowsAndTheNarrowOneDoesNot(scenario name: String, step: Int, kind: AuditHint.Kind, view: String) throws {
        let url = repositoryURL.appendingPathComponent("Scenarios/\(name).ripple")
        let scenario = try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(name).ripple")
        func hints(_ variant: String) throws -> [AuditHint] {
            let trace = try #require(scenario.trace.variants.first { $0.name == variant })
            return AuditHints.hints(for: trace.steps[step], declarations: ProvenFixes.declarations(of: scenario.syntax, variant: variant))
        }
        let given = try hints("broad")
        #expect(given.contains { $0.kind == kind && $0.view == view && $0.guidance == name }, "\(name): \(given.map(\.text))")
        #expect(!(try hints("narrow")).contains { $0.kind == kind }, "\(name) narrow")
        // The trace alone does not show the shape.
        let broad = try #require(scenario.trace.variants.first { $0.name == "broad" })
        #expect(!AuditHints.hints(for: broad.steps[step]).contains { $0.kind == kind })
    }

    /// The `Equatable` hint is for an equal value assigned again; a new value that differs in a field the
    /// view does not read is the struct-property hint's, which making the type `Equatable` would not help.
    @Test(arguments: [
        ("Forecast(high: 21, summary: \"Sunny\")", AuditHint.Kind.equatablePropertyType),
        ("Forecast(high: 21, summary: \"Cloudy\")", .structObservableProperty),
    ])
    func anEqualValueGetsTheEquatableHintAndAChangedOneDoesNot(assigned: String, kind: AuditHint.Kind) throws {
        let source = """
        scenario "weather"
        semantics swift6.2
        struct Forecast { var high: Int; var summary: String }
        @Observable final class Weather { var forecast: Forecast = Forecast(high: 21, summary: "Sunny") }
        struct Screen: View {
            @State private var weather = Weather()
            var body: some View { Card(weather: weather) }
        }
        struct Card: View {
            let weather: Weather
            var body: some View { Text("\\(weather.forecast.high)°") }
        }
        step "poll" { weather.forecast = \(assigned) }
        """
        let scenario = try Scenario(source: source, file: "weather.ripple")
        let step = try #require(scenario.trace.variants.first?.steps.first)
        let given = AuditHints.hints(for: step, declarations: ProvenFixes.declarations(of: scenario.syntax, variant: "main"))
        #expect(given.map(\.kind) == [kind], "\(given.map(\.text))")
    }

    /// The large-`@State` hint names the struct a view is bound to, and is not given for a view whose
    /// struct binding is to another slot than the one that changed.
    @Test(arguments: [(true, true), (false, false)])
    func aViewBoundToTheChangedStructGetsTheLargeStateHint(boundToForm: Bool, given: Bool) throws {
        let source = """
        scenario "form"
        semantics swift6.2
        struct Details { var name = ""; var email = "" }
        struct Screen: View {
            @State private var form = Details()
            @State private var other = Details()
            @State private var count = 0
            var body: some View { Section(details: \(boundToForm ? "$form" : "$other"), count: $count) }
        }
        struct Section: View {
            @Binding var details: Details
            @Binding var count: Int
            var body: some View { Text(details.name); Text("\\(count > 100)") }
        }
        step "count" { Screen.count = 1 }
        step "email" { Screen.form.email = "a@b" }
        """
        let scenario = try Scenario(source: source, file: "form.ripple")
        let declarations = ProvenFixes.declarations(of: scenario.syntax, variant: "main")
        let steps = try #require(scenario.trace.variants.first?.steps)
        // The count changed but shows the same: no struct of it, so no large-state hint.
        #expect(!AuditHints.hints(for: steps[0], declarations: declarations).contains { $0.kind == .largeStateStruct })
        #expect(AuditHints.hints(for: steps[1], declarations: declarations).contains { $0.kind == .largeStateStruct } == given)
    }

    @Test func aStructPropertyHintNamesThePropertyAndTheFix() throws {
        let url = repositoryURL.appendingPathComponent("Scenarios/struct-property-vs-flattened.ripple")
        let scenario = try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "struct-property-vs-flattened.ripple")
        let broad = try #require(scenario.trace.variants.first { $0.name == "broad" })
        let hint = try #require(AuditHints.hints(for: broad.steps[0], declarations: ProvenFixes.declarations(of: scenario.syntax, variant: "broad")).first)
        #expect(hint.subject == "Account.profile")
        #expect(hint.text == "`NameHeader` reads `account.profile.name`, but `Account.profile` holds a `Profile` struct, which Observation tracks as one value: a change to any of its fields re-runs every view that reads the property; flatten its fields into `Account`, or make `Profile` an `@Observable` class")
    }

    @Test func aRowGivenTheModelAndAnIndexIsToldWhatToPass() throws {
        let hint = try #require(AuditHints.hints(for: try Self.trace("list-rows").variants[0].steps[0]).first { $0.kind == .passTheField })
        #expect(hint.text == "`UserRow` receives `state` and an index but reads only `state.users[index].name`: pass it that value instead")
    }

    /// An environment key a view uses only in an action is not called unused: the hint for it says so and
    /// tells how to keep the value equal; a key the view names nowhere is told to go.
    @Test func anEnvironmentKeyUsedOnlyInAnActionIsNotCalledUnused() throws {
        let url = repositoryURL.appendingPathComponent("Scenarios/environment-keys.ripple")
        let scenario = try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "Scenarios/environment-keys.ripple")
        let broad = try #require(scenario.trace.variants.first { $0.name == "broad" })
        let declarations = ProvenFixes.declarations(of: scenario.syntax, variant: "broad")
        // Step 0 changes `\.colorScheme`, which `MessageRow` declares and names nowhere.
        let unused = try #require(AuditHints.hints(for: broad.steps[0], declarations: declarations).first { $0.kind == .environmentKey })
        #expect(unused.subject == "\\.colorScheme")
        #expect(unused.text == "`MessageRow` declares `\\.colorScheme`, which changed, but does not show it: declare the key only in the views that read it")
        // Step 1 changes `\.onOpen`, which its button's action calls.
        let used = try #require(AuditHints.hints(for: broad.steps[1], declarations: declarations).first { $0.kind == .environmentKey })
        #expect(used.subject == "\\.onOpen")
        #expect(!used.text.contains("does not show it: declare the key only"))
        #expect(used.text.hasPrefix("`MessageRow` uses `\\.onOpen` only in an action, not in what it shows"))
        // And no fix removes it.
        #expect(UnreadEnvironmentKey.fix(view: "MessageRow", key: "\\.onOpen", in: declarations) == nil)
        #expect(UnreadEnvironmentKey.fix(view: "MessageRow", key: "\\.colorScheme", in: declarations) != nil)
    }

    /// A body that re-ran only for its `.onChange(of:)` is told to move it into a modifier; the modifier
    /// that holds it already, and a body that shows the value as well, are not.
    @Test func aBodyThatRanOnlyForItsOnChangeIsToldToMoveIt() throws {
        let url = repositoryURL.appendingPathComponent("Scenarios/onchange-in-modifier.ripple")
        let scenario = try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "Scenarios/onchange-in-modifier.ripple")
        func hints(_ variant: String, step: Int) throws -> [AuditHint] {
            let trace = try #require(scenario.trace.variants.first { $0.name == variant })
            return AuditHints.hints(for: trace.steps[step], declarations: ProvenFixes.declarations(of: scenario.syntax, variant: variant))
        }
        let given = try hints("broad", step: 0)
        #expect(given.map(\.kind) == [.onChangeInParentBody])
        #expect(given.first?.view == "Dashboard")
        #expect(given.first?.guidance == "onchange-in-modifier")
        #expect(try hints("narrow", step: 0).isEmpty)
        // The greeting is shown by the header the dashboard builds: its re-run is no `.onChange`'s, but
        // the dashboard reads the greeting only to pass it to the header.
        #expect(try hints("broad", step: 2).map(\.kind) == [.readOnlyToPassOn])
        // Without the code, the trace alone gives no such hint.
        #expect(AuditHints.hints(for: try #require(scenario.trace.variants.first { $0.name == "broad" }).steps[0]).isEmpty)
    }

    /// The hints read from the view's code for a needed evaluation: given in the broad design of the
    /// scenario that shows the guidance, not in the narrow one.
    @Test(arguments: [
        ("read-where-shown", 0, AuditHint.Kind.readOnlyToPassOn, "Inbox", "mailbox.unreadCount"),
        ("inline-rows", 1, .readInChild, "Shelf", "library.heading"),
    ])
    func aBodyThatReRanForAReadItCouldLeaveToAChildIsTold(scenario: String, step: Int, kind: AuditHint.Kind, view: String, subject: String) throws {
        let url = repositoryURL.appendingPathComponent("Scenarios/\(scenario).ripple")
        let loaded = try Scenario(source: String(contentsOf: url, encoding: .utf8), file: "Scenarios/\(scenario).ripple")
        func hints(_ variant: String) throws -> [AuditHint] {
            let trace = try #require(loaded.trace.variants.first { $0.name == variant })
            return AuditHints.hints(for: trace.steps[step], declarations: ProvenFixes.declarations(of: loaded.syntax, variant: variant))
        }
        let given = try hints("broad").filter { $0.kind == kind }
        #expect(given.map(\.view) == [view])
        #expect(given.first?.subject == subject)
        #expect(try hints("narrow").allSatisfy { $0.kind != kind })
    }

    static let mailbox = """
    @Observable final class Mailbox {
        var unreadCount = 2
        var messages: [Message] = [Message(id: 1), Message(id: 2)]
    }
    @Observable final class Message: Identifiable {
        let id: Int
        var isRead = false
        init(id: Int) { self.id = id }
    }

    """

    /// A child view the scenarios may build, declared after the root so that it is not the root.
    static let badge = """

    struct Badge: View {
        let count: Int
        var body: some View { Text("\\(count)") }
    }
    """

    /// The hints of the first step of a small scenario whose root is `Inbox`, read from its code.
    static func hintsOfFirstStep(_ source: String, step: String = "Inbox.mailbox.unreadCount = 3") throws -> [AuditHint] {
        let loaded = try Scenario(source: "scenario \"hints\"\nsemantics swift6.2\n" + mailbox + source + badge + "\nstep \"write\" { \(step) }\n", file: "hints.ripple")
        let trace = try #require(loaded.trace.variants.first)
        return AuditHints.hints(for: trace.steps[0], declarations: ProvenFixes.declarations(of: loaded.syntax, variant: trace.name))
    }

    /// Must: the value goes only to a child view. Must not: the body also shows it, passes it to a
    /// built-in view, or reads it from a value that is no `@Observable` object.
    @Test(arguments: [
        ("VStack { Badge(count: mailbox.unreadCount) }", true),
        ("VStack { Badge(count: mailbox.unreadCount); Text(\"\\(mailbox.unreadCount)\") }", false),
        ("VStack { Text(\"\\(mailbox.unreadCount)\") }", false),
        ("VStack { Badge(count: mailbox.unreadCount + 1) }", false),
    ])
    func aReadOnlyPassedOnIsToldWhereItBelongs(body: String, given: Bool) throws {
        let hints = try Self.hintsOfFirstStep("""
        struct Inbox: View {
            @State private var mailbox = Mailbox()
            var body: some View { \(body) }
        }
        """)
        #expect(hints.contains { $0.kind == .readOnlyToPassOn && $0.view == "Inbox" } == given, "\(hints.map(\.text))")
    }

    @Test func aStructPassedOnIsNotToldToPassTheObject() throws {
        let hints = try Self.hintsOfFirstStep("""
        struct Counts: Equatable { var unread = 2 }
        struct Inbox: View {
            @State private var counts = Counts()
            var body: some View { Badge(count: counts.unread) }
        }
        """, step: "Inbox.counts.unread = 3")
        #expect(!hints.contains { $0.kind == .readOnlyToPassOn }, "\(hints.map(\.text))")
    }

    /// Must: the read is one built-in view's, and the body's re-run ran its inline rows for nothing.
    /// Must not: nothing else re-ran; the read is made in more than one view, or inside a row.
    @Test(arguments: [
        ("VStack { Text(\"\\(mailbox.unreadCount)\").bold(); ForEach(mailbox.messages) { m in Text(\"row\").bold(m.isRead) } }", true),
        ("VStack { Text(\"\\(mailbox.unreadCount)\"); Badge(count: 1) }", false),
        ("VStack { Text(\"\\(mailbox.unreadCount)\"); Text(\"\\(mailbox.unreadCount)\"); ForEach(mailbox.messages) { m in Text(\"row\").bold(m.isRead) } }", false),
        ("VStack { ForEach(mailbox.messages) { m in Text(\"\\(mailbox.unreadCount)\").bold(m.isRead) } }", false),
    ])
    func aReadThatCouldMoveIntoAChildIsTold(body: String, given: Bool) throws {
        let hints = try Self.hintsOfFirstStep("""
        struct Inbox: View {
            @State private var mailbox = Mailbox()
            var body: some View { \(body) }
        }
        """)
        #expect(hints.contains { $0.kind == .readInChild && $0.view == "Inbox" } == given, "\(hints.map(\.text))")
    }

    @Test func inlineRowsAreToldWhatMadeThemRunAgain() throws {
        let hint = try #require(AuditHints.hints(for: try Self.trace("inline-rows").variants[0].steps[1]).first { $0.kind == .inlineRows })
        #expect(hint.text.hasPrefix("`ForEach`'s rows in `Shelf` run their content again whenever `Shelf`'s body runs"))
    }

    @Test(arguments: [
        ("state.users[index].name", "state", "index"),
        ("model.items[row].title", "model", "row"),
    ])
    func modelPlusIndexReadsAreFound(read: String, root: String, index: String) {
        let found = AuditHints.modelPlusIndex(read)
        #expect(found?.root == root && found?.index == index)
    }

    @Test(arguments: ["state.users[0].name", "state.users", "items[i + 1]", "title"])
    func otherReadsAreNot(read: String) {
        #expect(AuditHints.modelPlusIndex(read) == nil)
    }

    /// Every guidance a hint names is a scenario in the gallery.
    @Test func everyGuidanceIsAGalleryScenario() throws {
        for name in ["list-rows", "computed-vs-cached", "observable-vs-observableobject", "equatable-view", "whole-struct-vs-fields",
                     "environment-keys", "state-from-parent-input", "inline-rows", "onchange-in-modifier", "read-where-shown",
                     "task-list", "large-state-struct", "struct-property-vs-flattened", "equatable-property-types"] {
            #expect(FileManager.default.fileExists(atPath: repositoryURL.appendingPathComponent("Scenarios/\(name).ripple").path))
        }
    }
}
