import Foundation
import Testing

/// What real apps write that Ripple reaches: each fixture in `Tests/Fixtures/Swift/Reach` (and
/// `Degraded`) is a construct found in open-source apps, with an action whose body must re-run and one
/// whose body must not.
@Suite struct ReachTests {
    private func audit(_ folder: String, _ options: String...) throws -> (object: [String: Any], result: (status: Int32, stdout: String, stderr: String)) {
        try auditJSON("Tests/Fixtures/Swift/" + folder, options)
    }

    @Test func aScreenThatCannotBeSimulatedIsAWarningAndTheOthersAreAudited() throws {
        let (object, result) = try audit("Degraded/OneBrokenScreen")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("FeaturedScreen.swift:11:49: warning: the screen 'FeaturedScreen' is not simulated: index 0 is out of range (count is 0)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("error:"), "\(result.stderr)")
        let found = actionsByName(object)
        #expect(found["tap Button \"Add\" in CounterScreen"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Forget\" in CounterScreen"]?["evaluations"] as? Int == 0)
        #expect(found.keys.allSatisfy { $0.hasSuffix("in CounterScreen") }, "\(found.keys)")
        let coverage = try #require(object["coverage"] as? [String: Any])
        #expect(coverage["controls"] as? Int == 3)
        #expect(coverage["controlsOffered"] as? Int == 2)
        #expect(coverage["viewsNotSimulated"] as? Int == 1)
        let unreached = try #require(coverage["unreached"] as? [[String: Any]])
        #expect(unreached.count == 1)
        #expect((unreached.first?["reason"] as? String)?.hasPrefix("the screen 'FeaturedScreen' is not simulated") == true)
        #expect(ripple("parse", "Tests/Fixtures/Swift/Degraded/OneBrokenScreen").status == 0)
    }

    @Test func wrappersMadeInAnInitializerTakeThePropertysTypeAndASharedCaseNameTheExpectedOne() throws {
        let (object, result) = try audit("Reach/InitialValues")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("error:") && !result.stderr.contains("warning:"), "\(result.stderr)")
        // `_episodes = .init(initialValue: .init(show: show))` built the model: its writes re-run the body, exactly.
        let found = actionsByName(object)
        #expect(found["tap Button \"Play\" in ShowScreen"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Play\" in ShowScreen"]?["confidence"] as? String == "exact")
        #expect(found["tap Button \"Open\" in ShowScreen"]?["evaluations"] as? Int == 0)
        // `StateObject(wrappedValue: .init(show: show))`.
        #expect(found["tap Button \"Queue\" in ShowScreen"]?["evaluations"] as? Int == 1)
        // `state: Loadable = .notRequested` with `Permission.notRequested` declared too.
        #expect(found["tap Button \"Load\" in ShowScreen"]?["evaluations"] as? Int == 1)
        #expect(result.stderr.contains("ShowScreen.swift:15:18: note: assigning 'episodes.filtered' in an initializer is not simulated"), "\(result.stderr)")
    }

    @Test func aPostfixIfAppliesTheModifiersOfTheClauseTheBuildTakes() throws {
        let (iOS, iOSRun) = try audit("Reach/PostfixIf")
        #expect(!iOSRun.stderr.contains("warning:"), "\(iOSRun.stderr)")
        let (macOS, _) = try audit("Reach/PostfixIf", "--os", "macOS")
        // The macOS clause's `.onTapGesture` is there with --os macOS, and not on iOS.
        #expect(actionsByName(macOS)["tap .onTapGesture in PlayerView"]?["evaluations"] as? Int == 1)
        #expect(actionsByName(iOS)["tap .onTapGesture in PlayerView"] == nil)
        for object in [iOS, macOS] {
            let found = actionsByName(object)
            #expect(found["tap Button \"Louder\" in PlayerView"]?["evaluations"] as? Int == 1)
            #expect(found["tap Button \"Mute\" in PlayerView"]?["evaluations"] as? Int == 0)
            let coverage = try #require(object["coverage"] as? [String: Any])
            #expect(coverage["viewsNotSimulated"] as? Int == 0)
            #expect(coverage["controlsOffered"] as? Int == coverage["controls"] as? Int)
        }
    }

    @Test func closuresAnActionHandsToAnimationsTasksAndTheMainQueueRun() throws {
        let (object, result) = try audit("Reach/ActionClosures")
        #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
        let found = actionsByName(object)
        for name in ["Queue", "Expand", "Quietly", "Load"] {
            #expect(found["tap Button \"\(name)\" in QueueView"]?["evaluations"] as? Int == 1, "\(name)")
            #expect(found["tap Button \"\(name)\" in QueueView"]?["confidence"] as? String == "exact", "\(name)")
        }
        // Its write reads nothing a body shows.
        #expect(found["tap Button \"Note\" in QueueView"]?["evaluations"] as? Int == 0)
        // `DispatchQueue.main.async` runs in an update of its own: expanded, then collapsed again.
        #expect(found["tap Button \"Later\" in QueueView"]?["evaluations"] as? Int == 2)
        #expect(found["tap Button \"Later\" in QueueView"]?["wasted"] as? Int == 0)
    }

    @Test func casePatternsBindTheValuesTheyCarryEvenWhereANameShadowsAProperty() throws {
        let (object, result) = try audit("Reach/CasePatterns")
        #expect(!result.stderr.contains("case pattern is not simulated"), "\(result.stderr)")
        let found = actionsByName(object)
        // `guard case let .downloading(current) = state` binds `current`, so the write is made.
        #expect(found["tap Button \"Advance\" in DownloadView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Finish\" in DownloadView"]?["evaluations"] as? Int == 1)
        #expect(found["tap Button \"Retry\" in DownloadView"]?["evaluations"] as? Int == 0)
        // The body's `progress` is the one `case .downloading(let progress)` binds, not the property.
        #expect(found["tap Button \"Reset\" in DownloadView"]?["evaluations"] as? Int == 0)
        #expect(found.values.allSatisfy { $0["confidence"] as? String == "exact" })
    }

    @Test func aScenarioFilesVariantThatFailsIsStillAnError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.ripple")
        try """
            scenario "one variant fails"
            struct Root: View {
                let items: [String] = []
                var body: some View { Inner(first: items[0]) }
            }
            struct Inner: View {
                let first: String
                var body: some View { Text(first) }
            }
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("parse", file.path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("error: index 0 is out of range"), "\(result.stderr)")
    }
}
