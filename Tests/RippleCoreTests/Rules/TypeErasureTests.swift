import Testing
@testable import RippleCore
import RippleSwift

/// Rule 10.6: a view inside an `AnyView` keeps its identity, and its `@State`, while the wrapped type stays the
/// same, whichever line built it; a changed wrapped type destroys it and makes a new one.
@Suite struct TypeErasureTests {
    /// A helper declared `AnyView` that wraps `big` and `small` in its two branches.
    static func scenario(big: String, small: String, helperType: String = "AnyView") -> String {
        """
        scenario "AnyView identity"
        @Observable final class Shelf {
            var big: Bool = false
            var name: String = "Rex"
        }
        let shelf = Shelf()
        struct Root: View {
            var body: some View {
                VStack {
                    card
                }
            }
            var card: \(helperType) {
                if shelf.big {
                    return \(big)
                } else {
                    return \(small)
                }
            }
        }
        struct DogCard: View {
            let name: String
            @State var taps: Int = 0
            var body: some View { Text("\\(name) \\(taps)") }
        }
        struct CatCard: View {
            let name: String
            var body: some View { Text(name) }
        }
        step "tap" { Root.DogCard.taps = 3 }
        step "big" { shelf.big = true }
        step "tap again" { Root.DogCard.taps = 4 }

        """
    }

    static func steps(_ source: String) throws -> [StepTrace] {
        try simulateChecked(source).variants[0].steps
    }

    /// Must re-evaluate, as the same view: the same wrapped type from the other branch keeps the card and its taps.
    @Test func theSameWrappedTypeKeepsTheView() throws {
        let steps = try Self.steps(Self.scenario(big: #"AnyView(DogCard(name: "Big " + shelf.name))"#, small: "AnyView(DogCard(name: shelf.name))"))
        #expect(steps[1].destroyed.isEmpty && steps[1].created.isEmpty)
        let card = try #require(steps[1].instances.first { $0.viewType == "DogCard" })
        #expect(card.outcome == .needed)
        #expect(card.causes.allSatisfy { !$0.detail.contains("new instance") })
        #expect(steps[2].writes.first?.old == "3")
    }

    /// Must not keep it: a modifier changes the wrapped type, so the card is destroyed and made again, its taps afresh.
    @Test func anotherWrappedTypeMakesANewView() throws {
        let steps = try Self.steps(Self.scenario(big: "AnyView(DogCard(name: shelf.name).padding())", small: "AnyView(DogCard(name: shelf.name))"))
        #expect(steps[1].destroyed == ["Root/DogCard"])
        #expect(steps[1].created.count == 1)
        #expect(steps[2].writes.first?.old == "0")
    }

    /// Must not keep it: another view type in the other branch.
    @Test func anotherViewMakesANewView() throws {
        let source = Self.scenario(big: "AnyView(CatCard(name: shelf.name))", small: "AnyView(DogCard(name: shelf.name))")
            .replacingOccurrences(of: #"step "tap again" { Root.DogCard.taps = 4 }"#, with: "")
        let steps = try Self.steps(source)
        #expect(steps[1].destroyed == ["Root/DogCard"])
    }

    /// Without `AnyView`, a `@ViewBuilder` helper's branches are two places: the card is made again.
    @Test func withoutAnyViewTheBranchesAreTwoPlaces() throws {
        let source = Self.scenario(big: #"DogCard(name: "Big " + shelf.name)"#, small: "DogCard(name: shelf.name)", helperType: "some View")
            .replacingOccurrences(of: "    var card: some View {", with: "    @ViewBuilder var card: some View {")
            .replacingOccurrences(of: "return ", with: "")
        let steps = try Self.steps(source)
        #expect(steps[1].destroyed == ["Root/DogCard"])
    }

    /// Must keep it: a conditional between two `AnyView`s of the same type in a body is one `AnyView`.
    @Test func aConditionalBetweenTwoAnyViewsIsOnePlace() throws {
        let source = Self.scenario(big: "AnyView(DogCard(name: shelf.name))", small: "AnyView(DogCard(name: shelf.name))")
            .replacingOccurrences(of: "                    card\n", with: #"                    shelf.big ? AnyView(DogCard(name: "Big")) : AnyView(DogCard(name: shelf.name))"# + "\n")
        let steps = try Self.steps(source)
        #expect(steps[1].destroyed.isEmpty && steps[1].created.isEmpty)
        #expect(steps[2].writes.first?.old == "3")
    }

    /// What the syntax shows of the wrapped type: the view and its modifiers; nothing for a container.
    @Test func theWrappedTypeIsReadFromTheSyntax() throws {
        let isView = { (name: String) in name == "DogCard" }
        func type(_ text: String) throws -> String? {
            let reading = ScenarioFile.read(source: "let e = \(text)", file: "e.ripple")
            #expect(reading.errors.isEmpty, "\(reading.errors)")
            guard case .global(let global)? = reading.syntax.declarations.first else { return "?" }
            return TypeErasure.wrappedType(of: global.value, isView: isView)
        }
        #expect(try type(#"DogCard(name: "a")"#) == "DogCard")
        #expect(try type("DogCard(name: n).padding(8).opacity(0.5)") == "DogCard.padding.opacity")
        #expect(try type("(DogCard(name: n))") == "DogCard")
        #expect(try type("VStack { DogCard(name: n) }") == nil)
        #expect(try type(#"Text("a")"#) == nil)
        #expect(try type("flag ? DogCard(name: a) : DogCard(name: b)") == nil)
    }
}
