import Testing
@testable import RippleCore

/// The coverage judges a control by the states the app shows; a preview's state counts only for a
/// control that no such state offers.
@Suite struct CoveragePreviewTests {
    private func coverage(_ actions: [Coverage.Action]) -> Coverage {
        let sites = [ControlSite(control: "Button", viewType: "List", location: SourceLocation(file: "List.swift", line: 4, column: 9), endLine: 6)]
        return Coverage(sites: sites, viewTypes: ["List"], evaluated: ["List"], actions: actions, notes: [], failures: [])
    }

    private func action(_ confidence: Confidence, evaluations: Int, inPreview: Bool) -> Coverage.Action {
        Coverage.Action(control: "Button", location: SourceLocation(file: "List.swift", line: 4, column: 9), confidence: confidence,
                        evaluations: evaluations, inPreview: inPreview)
    }

    @Test func aControlExactInTheLaunchStateIsExactWhateverAPreviewSays() {
        let found = coverage([action(.exact, evaluations: 0, inPreview: false), action(.partial, evaluations: 2, inPreview: true)])
        #expect(found.controlsExact == 1)
        #expect(found.controlsEvaluatingABody == 0)
        #expect(found.actionsPartial == 1)
    }

    @Test func aControlOnlyAPreviewShowsIsJudgedByItsPreviewRows() {
        let partial = coverage([action(.partial, evaluations: 1, inPreview: true)])
        #expect(partial.controlsExact == 0)
        #expect(partial.controlsEvaluatingABody == 1)
        let exact = coverage([action(.exact, evaluations: 1, inPreview: true)])
        #expect(exact.controlsExact == 1)
    }

    /// Must not: two rows in states the app shows still both count.
    @Test func aControlPartialInOneStateTheAppShowsIsNotExact() {
        let found = coverage([action(.exact, evaluations: 0, inPreview: false), action(.partial, evaluations: 0, inPreview: false)])
        #expect(found.controlsExact == 0)
    }
}
