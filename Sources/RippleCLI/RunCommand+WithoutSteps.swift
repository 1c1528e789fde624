import RippleCore

extension RunCommand {
    /// Most columns a line of `ripple run` takes.
    static let width = 120

    /// What `ripple run` prints for a scenario without steps, an app's source read as it is: there is
    /// nothing to replay, so it says what the first evaluation built and points to `ripple audit`, which
    /// performs the actions, rather than printing a table with no rows.
    static func withoutSteps(_ trace: ScenarioTrace, scenario: Scenario, file: String) -> String {
        var text = "scenario \"\(trace.title)\" (\(trace.semantics.rawValue)): no steps to replay, so this is the first evaluation only\n"
        for variant in trace.variants {
            let built = variant.initialInstances
            text += AuditCommand.cut("  \(variant.name): \(built) view\(built == 1 ? "" : "s") built", to: width) + "\n"
        }
        let shown = TerminalText.oneLine(file)
        if let coverage = AuditCommand.offeredCoverage(of: scenario, file: file) {
            text += coverage
        } else {
            text += AuditCommand.wrapped("add a 'step' to replay a write (docs/Language.md); 'ripple audit \(shown)' performs every action on the screen", to: width) + "\n"
        }
        return text
    }
}
