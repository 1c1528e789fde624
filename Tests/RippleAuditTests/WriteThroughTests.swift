import Testing
import RippleAudit
import RippleCore

/// Writes made through what Swift runs in between: a `Binding(get:set:)`'s setter closure and a computed
/// property's `set`. Each writes what its statements write, so the views that read those places re-run,
/// and the views that do not stay as they are.
@Suite struct WriteThroughTests {
    static let app = """
        import SwiftUI

        @Observable final class Profile {
            var first = "Ada"
            var last = "Lovelace"
            var visits = 1
            var fullName: String {
                get { first + " " + last }
                set { first = newValue }
            }
            var doubled: Int {
                get { visits * 2 }
                set(half) { visits = half / 2 }
            }
        }

        struct ProfileScreen: View {
            @State private var profile = Profile()
            @State private var nickname = "Ada"
            var body: some View {
                @Bindable var profile = profile
                Form {
                    TextField("Nickname", text: Binding(get: { nickname }, set: { nickname = $0 }))
                    TextField("Nickname again", text: Binding(get: { nickname }, set: { value in nickname = value.lowercased() }))
                    TextField("Full name", text: $profile.fullName)
                    Button("Rename") { profile.fullName = "Grace" }
                    Button("Visit") { profile.doubled += 2 }
                    Button("Reset visits") { profile.doubled = 0 }
                    FirstName(profile: profile)
                    LastName(profile: profile)
                    Text("\\(profile.visits) visits")
                }
            }
        }

        struct FirstName: View {
            let profile: Profile
            var body: some View { Text(profile.first) }
        }

        struct LastName: View {
            let profile: Profile
            var body: some View { Text(profile.last) }
        }
        """

    @Test func aBindingsSetterClosureWritesWithItsParameter() throws {
        let result = try auditSwift(Self.app)
        for name in ["type in TextField \"Nickname\"", "type in TextField \"Nickname again\""] {
            let typed = try row(result, name)
            #expect(typed.error == nil)
            #expect(typed.confidence == .exact, "\(typed.uncertainty) \(typed.notes.map(\.message))")
            // The screen reads `nickname` through the getter it hands the field: it re-runs, needed.
            #expect(typed.evaluations == 1 && typed.wasted == 0, "\(typed.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        }
    }

    @Test func aComputedSetterWritesWhatItWrites() throws {
        let result = try auditSwift(Self.app)
        // `first` changes: `FirstName` shows it and re-runs; `LastName` does not read it.
        for name in ["type in TextField \"Full name\"", "tap Button \"Rename\""] {
            let written = try row(result, name)
            #expect(written.error == nil)
            #expect(written.views.map(\.view) == ["FirstName"], "\(name): \(written.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
            #expect(written.evaluations == 1 && written.wasted == 0)
        }
    }

    /// `doubled += 2` reads through the getter (2), adds, and hands the setter 4: `visits` becomes 2,
    /// which the screen shows. `doubled = 0` sets it to 0.
    @Test func aCompoundAssignmentReadsTheGetterAndRunsTheSetter() throws {
        let result = try auditSwift(Self.app)
        for name in ["tap Button \"Visit\"", "tap Button \"Reset visits\""] {
            let visit = try row(result, name)
            #expect(visit.error == nil)
            #expect(visit.views.map(\.view) == ["ProfileScreen"], "\(name): \(visit.views.map(\.view))")
            #expect(visit.evaluations == 1 && visit.wasted == 0, "\(name): read through the local, the change is what it shows")
        }
    }
}

/// A local that holds an object is read through: what the body reads of it is a read with its value, so
/// a change to it makes the body's evaluation needed, and a change to what it does not read does not.
@Suite struct LocalObjectReadTests {
    static func screen(_ local: String, _ shown: String) -> String {
        """
        import SwiftUI

        @Observable final class Counter {
            var count = 1
            var label = "Taps"
        }

        struct CounterScreen: View {
            @State private var counter = Counter()
            @State private var other = Counter()
            var body: some View {
                \(local)
                VStack {
                    Text("\\(\(shown).count)")
                    Button("Tap") { counter.count += 1 }
                    Button("Relabel") { other.label = "Clicks" }
                }
            }
        }
        """
    }

    @Test(arguments: [("let shown = counter", "shown"), ("@Bindable var counter = counter", "counter")])
    func aReadThroughALocalObjectIsNeeded(local: String, shown: String) throws {
        let result = try auditSwift(Self.screen(local, shown))
        let tap = try row(result, "tap Button \"Tap\"")
        #expect(tap.evaluations == 1 && tap.wasted == 0, "\(local): \(tap.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        #expect(tap.confidence == .exact)
        // Nothing the screen reads of `other`: no evaluation.
        let relabel = try row(result, "tap Button \"Relabel\"")
        #expect(relabel.evaluations == 0)
    }
}

/// A body that reads through a type's static property (`Store.shared.count`) reads the object it holds:
/// a change to what it reads makes its evaluation needed.
@Suite struct StaticReadTests {
    static let app = """
        import SwiftUI

        @Observable final class Store {
            static let shared = Store()
            var count = 0
            var title = "Store"
        }

        struct StoreScreen: View {
            @State private var store = Store.shared
            var body: some View {
                VStack {
                    Text("\\(Store.shared.count)")
                    Button("Add") { store.count += 1 }
                    Button("Rename") { store.title = "Shop" }
                }
            }
        }
        """

    @Test func aReadThroughAStaticPropertyIsNeededWhenItChanges() throws {
        let result = try auditSwift(Self.app)
        let add = try row(result, "tap Button \"Add\"")
        #expect(add.evaluations == 1 && add.wasted == 0, "\(add.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" }) \(add.notes.map(\.message))")
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.evaluations == 0)
    }
}

/// A condition Ripple cannot decide hides nothing: the screen is built again with it taken as false, and
/// the controls only that side shows are offered and performed there, each row partial and naming the
/// choice; the controls only the first side shows rest on the choice that made them, and say so.
@Suite struct OtherSideTests {
    static let app = """
        import SwiftUI
        import Foundation

        final class Brew {
            static let shared = Brew()
            var isInstalled: Bool { FileManager.default.fileExists(atPath: "/opt/homebrew/bin/brew") }
        }

        struct HomebrewView: View {
            @State private var showConsole = false
            @State private var query = ""
            @State private var count = 0
            var body: some View {
                VStack {
                    if !Brew.shared.isInstalled {
                        Text("Homebrew is not installed")
                        Button("Console") { showConsole.toggle() }
                    } else {
                        TextField("Search", text: $query)
                        Text(query)
                    }
                    Button("Count") { count += 1 }
                    Text("\\(count)")
                }
            }
        }
        """

    @Test func theControlsOfTheOtherSideAreOfferedAndPartial() throws {
        let result = try auditSwift(Self.app)
        let search = try row(result, "type in TextField \"Search\" in HomebrewView (if '!Brew.shared.isInstalled' is false)")
        #expect(search.error == nil)
        #expect(search.confidence == .partial)
        #expect(search.uncertainty.contains { $0.hasSuffix(": the condition '!Brew.shared.isInstalled' taken as false at App.swift:15: its value is unknown") })
        // Typing re-runs the screen, which shows the query: needed.
        #expect(search.evaluations == 1 && search.wasted == 0)
        // Every control is offered, the console's on one side and the field on the other.
        #expect(result.coverage.unreached.isEmpty, "\(result.coverage.unreached.map(\.control))")
    }

    @Test func theControlsOfTheFirstSideRestOnTheChoice() throws {
        let result = try auditSwift(Self.app)
        let console = try row(result, "tap Button \"Console\"")
        #expect(console.confidence == .partial)
        #expect(console.uncertainty.first == "action: the condition '!Brew.shared.isInstalled' taken as true at App.swift:15: its value is unknown")
    }

    /// A control both sides show is offered once, from the first side; its row is partial only because the
    /// body it re-runs decides the condition again.
    @Test func aControlOnBothSidesIsOfferedOnce() throws {
        let result = try auditSwift(Self.app)
        let count = try row(result, "tap Button \"Count\" in HomebrewView")
        #expect(count.action == "tap Button \"Count\" in HomebrewView")
        #expect(result.rows.count { $0.action.hasPrefix("tap Button \"Count\"") } == 1)
        #expect(count.evaluations == 1 && count.confidence == .partial)
        #expect(count.uncertainty == ["HomebrewView: the condition '!Brew.shared.isInstalled' taken as true at App.swift:15: its value is unknown"])
    }
}

/// `ForEach` ids Ripple does not know: two that print alike are taken as distinct rows, by position,
/// never as a duplicate the code does not have, and every row whose update rests on them is partial.
@Suite struct UnknownIdentityTests {
    static func app(ids: String) -> String {
        """
        import SwiftUI
        import Foundation

        struct Entry: Identifiable {
            let id: String
            var title: String
        }

        @Observable final class Feed {
            var entries: [Entry] = [Entry(id: \(ids.split(separator: "|")[0]), title: "A"), Entry(id: \(ids.split(separator: "|")[1]), title: "B")]
            var heading = "Feed"
        }

        struct FeedView: View {
            @State private var feed = Feed()
            var body: some View {
                VStack {
                    Text(feed.heading)
                    ForEach(feed.entries) { entry in EntryRow(title: entry.title) }
                    Button("Rename") { feed.entries[0].title = "Z" }
                }
            }
        }

        struct EntryRow: View {
            let title: String
            var body: some View { Text(title) }
        }
        """
    }

    @Test func unknownIdsAreDistinctRowsAndThePartRestingOnThemIsPartial() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app(ids: #"UserDefaults.standard.string(forKey: "a") ?? ""|UserDefaults.standard.string(forKey: "b") ?? """#))
        #expect(!notes.contains { $0.contains("ids must be unique") }, "\(notes)")
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.error == nil)
        #expect(rename.evaluations == 2 && rename.wasted == 0, "\(rename.views.map { "\($0.view) \($0.evaluations)/\($0.wasted)" })")
        #expect(rename.confidence == .partial)
        #expect(rename.uncertainty.contains { $0.contains("the ids of 'ForEach' over 'feed.entries' taken as distinct at App.swift:") })
    }

    @Test func knownIdsDecideNothingUnknown() throws {
        let result = try auditSwift(Self.app(ids: #""a"|"b""#))
        let rename = try row(result, "tap Button \"Rename\"")
        #expect(rename.evaluations == 2 && rename.confidence == .exact, "\(rename.uncertainty)")
    }

    /// Known ids that repeat are the code's own error, and still said so.
    @Test func knownDuplicateIdsAreStillAnError() throws {
        let (_, notes) = try auditSwiftWithNotes(Self.app(ids: #""a"|"a""#))
        #expect(notes.contains { $0.contains("'ForEach' has two elements with the id \"a\"; ids must be unique") }, "\(notes)")
    }
}
