import Testing
import RippleAudit
@testable import RippleCore

/// Swift that compiles is never rejected: a class both `@Observable` and `ObservableObject`, held by
/// Combine's wrappers, is tracked by Observation; a range of doubles is a value a `Slider` takes.
@Suite struct CompiledSwiftTests {
    static let app = """
        import SwiftUI

        @Observable final class Service: ObservableObject {
            var count = 0
            var other = 0
        }

        struct ServiceView: View {
            @StateObject private var service = Service()
            @State private var distance = 500.0
            var body: some View {
                Text("\\(service.count)")
                Button("Count") { service.count += 1 }
                Button("Other") { service.other += 1 }
                Slider(value: $distance, in: 300...1000.0)
                Badge(service: service)
            }
        }

        struct Badge: View {
            @ObservedObject var service: Service
            var body: some View {
                Text("badge")
            }
        }

        """

    /// Must: a read of the class's property is tracked, whichever wrapper holds it.
    @Test func aClassBothObservableAndObservableObjectIsTrackedByObservation() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("cannot be both") }, "\(notes)")
        #expect(notes.contains { $0.contains("'Service' is both '@Observable' and 'ObservableObject'") }, "\(notes)")
        let count = try row(result, "tap Button \"Count\"")
        #expect(count.evaluations == 1)
        #expect(count.views.map(\.view) == ["ServiceView"])
        #expect(count.confidence == .exact)
    }

    /// Must not: a property no body reads re-runs nothing, and the `@ObservedObject` that reads nothing
    /// of it is not told: its `objectWillChange` sends nothing.
    @Test func aPropertyNoBodyReadsReRunsNothing() throws {
        let other = try row(try auditSwift(Self.app), "tap Button \"Other\"")
        #expect(other.evaluations == 0)
        #expect(other.confidence == .exact)
    }

    /// A range of doubles builds: the slider is offered and the screen is not dropped.
    @Test func aRangeOfDoublesIsAValue() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("cannot be applied") }, "\(notes)")
        let slide = try row(result, "increment Slider")
        #expect(slide.error == nil)
        // The body hands `$distance` over and reads nothing of it: the slider updates itself (Rule 5).
        #expect(slide.evaluations == 0)
    }
}

/// Of two methods with one name, a call selects the one whose parameters take its labels, as Swift's
/// overload resolution does: `shoes(forCategory:)` beside `shoes(forRunType:)`.
@Suite struct MethodOverloadTests {
    static let app = """
        import SwiftUI

        @Observable final class Closet {
            var active = ["Runner"]
            var retired = ["Old"]
            var trail = 0
            func shoes(forRunType type: Int) -> [String] { trail += 0; return retired }
            func shoes(forCategory category: Int) -> [String] { category == 0 ? active : retired }
        }

        struct ClosetView: View {
            @State private var closet = Closet()
            var body: some View {
                Text("\\(closet.shoes(forCategory: 0).count)")
                Button("Buy") { closet.active.append("New") }
                Button("Retire") { closet.retired.append("Gone") }
            }
        }

        """

    /// Must: the body calls `shoes(forCategory:)`, which reads `active`: buying re-runs it.
    @Test func aCallSelectsTheOverloadItsLabelsName() throws {
        let (result, notes) = try auditSwiftWithNotes(Self.app)
        #expect(!notes.contains { $0.contains("needs 'forRunType:'") }, "\(notes)")
        let buy = try row(result, "tap Button \"Buy\"")
        #expect(buy.evaluations == 1)
        #expect(buy.confidence == .exact)
    }

    /// Must not: `retired` is read only by the other overload, which the body does not call.
    @Test func theOtherOverloadsReadsAreNotTheBodys() throws {
        let retire = try row(try auditSwift(Self.app), "tap Button \"Retire\"")
        #expect(retire.evaluations == 0)
        #expect(retire.confidence == .exact)
    }
}

/// A function of the view called in a built-in view's argument (`Text(caption(for: 2))`) runs in the
/// body: what it reads, the body reads.
@Suite struct ArgumentFunctionTests {
    static let app = """
        import SwiftUI

        @Observable final class Model {
            var count = 0
            var unused = 0
        }

        struct Counter: View {
            @State private var model = Model()
            var body: some View {
                Text(caption(times: 2))
                Button("Add") { model.count += 1 }
                Button("Other") { model.unused += 1 }
            }
            func caption(times: Int) -> String { "\\(model.count * times)" }
        }

        """

    /// Must: the function reads `count`, so the body depends on it.
    @Test func aFunctionInAnArgumentReadsForTheBody() throws {
        let add = try row(try auditSwift(Self.app), "tap Button \"Add\"")
        #expect(add.evaluations == 1)
        #expect(add.confidence == .exact)
    }

    /// Must not: what the function does not read is not the body's.
    @Test func whatTheFunctionDoesNotReadIsNotTheBodys() throws {
        let other = try row(try auditSwift(Self.app), "tap Button \"Other\"")
        #expect(other.evaluations == 0)
        #expect(other.confidence == .exact)
    }

    /// Must not: a function whose result does not change shows nothing new, whatever it read, so the body
    /// that re-runs for what it read re-runs in vain.
    @Test func aFunctionWhoseResultIsTheSameShowsNothingNew() throws {
        let source = """
            import SwiftUI

            @Observable final class Model {
                var count = 0
            }

            struct Gauge: View {
                @State private var model = Model()
                var body: some View {
                    Text(verdict())
                    Button("Add") { model.count += 1 }
                }
                func verdict() -> String { model.count > 100 ? "many" : "few" }
            }

            """
        let add = try row(try auditSwift(source), "tap Button \"Add\"")
        #expect(add.evaluations == 1)
        #expect(add.wasted == 1)
        #expect(add.confidence == .exact)
    }
}

/// A modifier the source declares in an `extension View` is not simulated: it may add views of its own,
/// whose bodies run, so a row that runs a body applying one is not `exact` and names it.
@Suite struct ViewExtensionModifierTests {
    static let app = """
        import SwiftUI

        struct Tracked: ViewModifier {
            let name: String
            func body(content: Content) -> some View { content.onAppear { } }
        }

        extension View {
            func tracked(_ name: String) -> some View { modifier(Tracked(name: name)) }
        }

        struct Form: View {
            @State private var title = ""
            @State private var count = 0
            var body: some View {
                TextField("Title", text: $title)
                Text(title).tracked("form")
                Counter(count: count)
                Button("Add") { count += 1 }
            }
        }

        struct Counter: View {
            let count: Int
            var body: some View { Text("\\\\(count)") }
        }

        """

    /// Must: the body that applies `.tracked` re-runs, and what the modifier adds is not counted.
    @Test func aBodyApplyingAnExtensionModifierIsNotExact() throws {
        let type = try row(try auditSwift(Self.app), "type in TextField \"Title\"")
        #expect(type.evaluations == 1)
        #expect(type.confidence == .partial)
        #expect(type.uncertainty.contains { $0.contains("what '.tracked', declared in an 'extension View' Ripple does not simulate, adds") },
                "\(type.uncertainty)")
    }

    /// Must not: a row whose re-run bodies apply no such modifier stays `exact`.
    @Test func aRowWhoseBodiesApplyNoneStaysExact() throws {
        let source = Self.app.replacingOccurrences(of: "Text(title).tracked(\"form\")", with: "Text(title)")
        #expect(source != Self.app)
        let type = try row(try auditSwift(source), "type in TextField \"Title\"")
        #expect(type.evaluations == 1)
        #expect(type.confidence == .exact)
    }
}
