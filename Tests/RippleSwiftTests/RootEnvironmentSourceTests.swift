import Testing
@testable import RippleCore
import RippleSwift

/// What a preview, a `PreviewProvider` or an app puts in the environment at its root, read from Swift
/// source: the root and the views below it find it, and a value Ripple cannot build is said at its place.
@Suite struct RootEnvironmentSourceTests {
    static let store = """
        import SwiftUI

        final class Store: ObservableObject {
            @Published var count = 0
        }

        struct Counter: View {
            @EnvironmentObject var store: Store
            @Environment(\\.colorScheme) private var scheme
            var body: some View {
                Text("\\(store.count)")
                if scheme == .dark { Badge() }
            }
        }

        struct Badge: View {
            var body: some View { Text("dark") }
        }

        """

    @Test func aPreviewProvidersEnvironmentIsTheRootsWhereNothingElseNamesARoot() throws {
        let (scenario, _, error) = loadSwift(Self.store + """
            struct Counter_Previews: PreviewProvider {
                static var previews: some View {
                    Counter()
                        .environmentObject(Store())
                        .environment(\\.colorScheme, .dark)
                }
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(!loaded.notes.contains { $0.message.contains("environment object above") }, "\(loaded.notes)")
        #expect(instancePaths(loaded).contains("Counter/Badge"), "\(instancePaths(loaded))")
    }

    @Test func theViewNearestTheRootsViewGivesTheValueOfAKey() throws {
        let (scenario, _, error) = loadSwift(Self.store + """
            #Preview {
                Group {
                    Counter()
                        .environment(\\.colorScheme, .light)
                }
                .environment(\\.colorScheme, .dark)
                .environmentObject(Store())
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(!instancePaths(loaded).contains("Counter/Badge"), "\(instancePaths(loaded))")
        #expect(instancePaths(loaded).contains("Counter"), "\(instancePaths(loaded))")
    }

    @Test func anAppsObjectRippleCannotBuildIsSaidAtItsPlaceAndTheViewSaysNothingProvidesIt() throws {
        let (scenario, _, error) = loadSwift(Self.store + """
            @main
            struct CounterApp: App {
                @StateObject private var store = StoreFactory.make()
                var body: some Scene {
                    WindowGroup {
                        Counter().environmentObject(store)
                    }
                }
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(loaded.notes.contains { $0.message.hasPrefix("'.environmentObject(store)' at the root puts in 'store', which Ripple does not build as an 'ObservableObject'") },
                "\(loaded.notes)")
        #expect(loaded.notes.contains { $0.message.contains("no 'Store' environment object above 'Counter'") }, "\(loaded.notes)")
    }

    @Test func aWindowGroupThatBuildsItsViewThroughAnAppsPropertyGivesItsEnvironment() throws {
        let (scenario, _, error) = loadSwift(Self.store + """
            @main
            struct CounterApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    WindowGroup { contentView }
                }
                private var contentView: some View {
                    Counter()
                        .environmentObject(store)
                        .environment(\\.colorScheme, .dark)
                }
            }
            """)
        let loaded = try #require(scenario, "\(String(describing: error))")
        #expect(!loaded.notes.contains { $0.message.contains("environment object above") }, "\(loaded.notes)")
        #expect(instancePaths(loaded).contains("Counter/Badge"), "\(instancePaths(loaded))")
    }
}
