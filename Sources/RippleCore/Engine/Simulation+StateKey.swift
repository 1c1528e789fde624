// What tells two states of a screen apart, for the audit's exploration of what actions lead to.

/// A screen's state as the values a person's next action starts from: every `@State`-like slot, every
/// model object's stored properties, `@AppStorage`, and which instances are alive (a sheet presented,
/// a branch taken). Two states with equal keys offer the same actions with the same outcomes, so the
/// audit explores only one of them.
public struct StateKey: Hashable, Sendable {
    fileprivate var slots: [Value]
    fileprivate var objects: [[Value]]
    fileprivate var persisted: [String: Value]
    fileprivate var globals: [String: Value]
    fileprivate var alive: [String]
}

extension Simulation {
    /// The key of the state the screen is in now.
    public func stateKey() -> StateKey {
        let engine = engine
        return StateKey(slots: engine.slots.map(\.value),
                        objects: engine.objects.map(\.fields),
                        persisted: engine.appStorage,
                        globals: engine.globals,
                        alive: engine.instances.compactMap { $0.alive ? $0.path : nil })
    }
}
