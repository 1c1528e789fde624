/// The Observation behaviour a scenario is simulated under: a setting the scenario file names
/// (`semantics swift6.2`) and every stage after the parser reads.
public enum Semantics: String, Hashable, Sendable, CaseIterable, Codable {
    /// Every `@Observable` write notifies.
    case swift59 = "swift5.9"
    /// Equal-value assignments of Equatable or identical class values do not notify.
    case swift62 = "swift6.2"
}
