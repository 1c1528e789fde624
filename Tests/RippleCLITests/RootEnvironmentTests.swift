import Foundation
import Testing

/// What an app or a preview puts in the environment at its root: each fixture in
/// `Tests/Fixtures/Swift/RootEnvironment` is an app written as Xcode's templates write them, with an
/// action whose body must re-run and one whose body must not.
@Suite struct RootEnvironmentTests {
    private func audit(_ folder: String) throws -> (object: [String: Any], result: (status: Int32, stdout: String, stderr: String)) {
        try auditJSON("Tests/Fixtures/Swift/RootEnvironment/" + folder)
    }

    @Test func theStoreAnAppPutsInItsWindowGroupIsTheEnvironmentObjectOfEveryScreen() throws {
        let (object, result) = try audit("TodoApp")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("environment object above"), "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        let found = actionsByName(object)
        // `store.add()` writes `items`, which ContentView's list shows.
        #expect(found["tap Button \"Add\" in ContentView"]?["evaluations"] as? Int == 2)
        #expect(found["tap Button \"Add\" in ContentView"]?["confidence"] as? String == "exact")
        // `syncCount` is not published: nothing re-runs.
        #expect(found["tap Button \"Sync\" in ContentView"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Sync\" in ContentView"]?["confidence"] as? String == "exact")
        // SettingsSheet, shown only in a sheet, is a screen of its own, inside the app: the store is there too.
        #expect(found["tap Button \"Reset\" in SettingsSheet"]?["variant"] as? String == "SettingsSheet")
        #expect(found["tap Button \"Reset\" in SettingsSheet"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Reset\" in SettingsSheet"]?["confidence"] as? String == "exact")
        #expect(found["tap Button \"Sync now\" in SettingsSheet"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Sync now\" in SettingsSheet"]?["confidence"] as? String == "exact")
    }

    @Test func withoutAnythingThatProvidesTheCartTheScreensSaySo() throws {
        let (object, result) = try audit("NoProvider")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("ShopApp.swift:24:17: warning: not simulated: no 'Cart' environment object above 'CartView'"), "\(result.stderr)")
        let found = actionsByName(object)
        #expect(found["tap Button \"Add coffee\" in CartView"]?["confidence"] as? String == "partial")
        // The sheet-only screen is inside the same app, which puts no cart there either.
        #expect(found["tap Button \"Empty\" in CheckoutSheet"]?["variant"] as? String == "CheckoutSheet")
        #expect(found["tap Button \"Empty\" in CheckoutSheet"]?["confidence"] as? String == "partial")
    }

    @Test func anObservableModelOnTheSceneIsInTheEnvironmentAndTheModelContainerIsNoted() throws {
        let (object, result) = try audit("ObservableApp")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("in the environment of"), "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        #expect(result.stderr.contains("NotesApp.swift:15:10: note: '.modelContainer(for: Note.self)' gives the root a SwiftData model context, which Ripple does not model"),
                "\(result.stderr)")
        let found = actionsByName(object)
        #expect(found["tap Button \"Add shelf\" in LibraryView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Add shelf\" in LibraryView"]?["confidence"] as? String == "exact")
        // `lastOpened` is not read by any body: `@Observable` tells no one.
        #expect(found["tap Button \"Remember\" in LibraryView"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Remember\" in LibraryView"]?["confidence"] as? String == "exact")
        #expect(found["tap Button \"Poetry\" in SearchView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Open\" in SearchView"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Open\" in SearchView"]?["confidence"] as? String == "exact")
    }

    @Test func aPreviewsEnvironmentObjectGivesItsScreenTheSampleStore() throws {
        let (object, result) = try audit("PreviewStore")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("environment object above"), "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        let found = actionsByName(object)
        #expect(found["tap Button \"Add\" in RecipeList"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Add\" in RecipeList"]?["confidence"] as? String == "exact")
        #expect(found["tap Button \"Refresh\" in RecipeList"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Refresh\" in RecipeList"]?["confidence"] as? String == "exact")
        // The preview's sample recipes are the list's rows: the first is there to be changed.
        #expect(found["tap Button \"Favorite first\" in RecipeList"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Favorite first\" in RecipeList"]?["confidence"] as? String == "exact")
    }

    /// An app whose models are made by a runtime object its `init()` stores (`_runtime = StateObject(wrappedValue:)`),
    /// with part of the root's environment under a postfix `#if`, and models whose `init` keeps nothing of
    /// what it is given: every screen has the models.
    @Test func theModelsARuntimeObjectMakesInTheAppsInitAreTheEnvironmentOfTheWindow() throws {
        let (object, result) = try audit("RuntimeApp")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("environment object above"), "\(result.stderr)")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        #expect(result.stderr.contains("ChatApp.swift:11:9: note: this statement of the app's initializer is not simulated"), "\(result.stderr)")
        let found = actionsByName(object)
        // `send` appends a message, which ChatView counts; PeerList, handed nothing new, does not re-run.
        #expect(found["tap Button \"Send\" in ChatView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Send\" in ChatView"]?["confidence"] as? String == "exact")
        // The counter is a plain class that a `let` holds: writing through it tells no view.
        #expect(found["tap Button \"Draft\" in ChatView"]?["evaluations"] as? Int == 0)
        #expect(found["tap Button \"Draft\" in ChatView"]?["confidence"] as? String == "exact")
        // The peers model (from the `#if os(iOS)` clause) is observed by both views that declare it.
        #expect(found["tap Button \"Add peer\" in PeerList"]?["evaluations"] as? Int == 2)
        #expect(found["tap Button \"Add peer\" in PeerList"]?["wasted"] as? Int == 1)
        #expect(found["tap Button \"Ping\" in PeerList"]?["wasted"] as? Int == 2)
        #expect(found["tap Button \"Ping\" in PeerList"]?["confidence"] as? String == "exact")
    }

    /// The same app whose runtime, while it starts, loops over files on disk: the loop runs no times, the
    /// models are still made, and no row that reads them is `exact`, each saying which loop it rests on.
    @Test func aLoopOverWhatRippleDoesNotKnowInTheRuntimesInitLeavesEveryRowThatReadsItsModelsPartial() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = URL(fileURLWithPath: "Tests/Fixtures/Swift/RootEnvironment/RuntimeApp")
        for name in ["ChatApp.swift", "ChatView.swift", "AppRuntime.swift"] {
            var text = try String(contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
            if name == "AppRuntime.swift" {
                let made = "        self.peersModel = PeersModel(counter: counter)\n"
                #expect(text.contains(made))
                text = text.replacingOccurrences(of: made, with: made + """
                            for file in FileManager.default.contentsOfDirectory(atPath: "/tmp") {
                                chatModel.messages.append(file)
                            }

                    """)
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let (object, result) = try auditJSON(folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("environment object above"), "\(result.stderr)")
        #expect(result.stderr.contains("AppRuntime.swift:17:41: note: a 'for' loop over 'FileManager.default.contentsOfDirectory…', a value Ripple does not model, is run no times"),
                "\(result.stderr)")
        let found = actionsByName(object)
        #expect(found["tap Button \"Send\" in ChatView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Draft\" in ChatView"]?["evaluations"] as? Int == 0)
        for action in ["tap Button \"Send\" in ChatView", "tap Button \"Draft\" in ChatView", "tap Button \"Ping\" in PeerList"] {
            #expect(found[action]?["confidence"] as? String == "partial", "\(action)")
            let uncertainty = found[action]?["uncertainty"] as? [String] ?? []
            #expect(uncertainty.contains { $0.contains("the 'for' loop over 'FileManager.default.contentsOfDirectory…' run no times at AppRuntime.swift:17") },
                    "\(action): \(uncertainty)")
        }
    }
}

