/// Rules 16 and 17 of `docs/Semantics.md`: what a view's lifetime runs outside its body.
///
/// A view appears when it is built with a new identity and goes when that identity is destroyed; a view a
/// body builds without an instance of its own (a `Text` in an `if` branch) is known by where the body
/// applies its modifier (`ModifierSite`), and appears when the body applies it there anew. After the
/// update that built it, its `.onAppear` actions and its `.onChange(of:initial: true)` actions run and its
/// `.task` closures start, each up to its first `await`, all in an update of their own; the first state of
/// a screen is the one after it. A `.task(id:)` whose id an evaluation finds changed is cancelled and
/// started again after that update. After the update that destroyed a view, its `.onDisappear` actions run
/// in an update of their own, and its tasks waiting at an `await` are cancelled: what follows the `await`
/// does not run.
enum ViewLifetime {
    /// What an update did to a view whose lifetime may run actions after it.
    enum Event: Sendable, Equatable {
        /// Built with a new identity.
        case appeared
        /// Evaluated again with the identity it had.
        case updated
        /// Destroyed with its identity.
        case destroyed
    }

    /// Whether an action of `kind` runs after the update in which `event` happened to its view: `.onAppear`
    /// once the view appears, `.onChange(of:initial: true)` then too ("whether the action should be run when
    /// this view initially appears"), `.onDisappear` once it goes. An `.onChange` action run because its
    /// value changed is Rule 11's.
    static func runsAction(_ kind: UserAction.Kind, initial: Bool, after event: Event) -> Bool {
        switch (kind, event) {
        case (.appear, .appeared), (.disappear, .destroyed): true
        case (.change, .appeared): initial
        default: false
        }
    }

    /// Whether a `.task` starts, up to its first `await`, after the update in which `event` happened to its
    /// view: when the view appears; after a later evaluation, only a `.task(id:)` whose id differs (`==`, the
    /// id is `Equatable`) from the one its previous evaluation gave.
    static func startsTask(after event: Event, previousID: Value?, id: Value?) -> Bool {
        switch event {
        case .appeared: true
        case .updated:
            if let previousID, let id { previousID != id } else { false }
        case .destroyed: false
        }
    }

    /// Whether a task waiting at an `await` is cancelled, so that what follows it never runs: when its view
    /// is destroyed, or when the same `.task` starts again.
    static func cancelsWaitingTask(after event: Event, restarting: Bool) -> Bool {
        event == .destroyed || restarting
    }

    /// Whether a step may start a view's action: a `.refreshable` is a person's pull to refresh; a `.task`
    /// starts only when its view appears, and a step that says `task X` is an error that says so.
    static func stepStarts(_ kind: ViewActionKind) -> Bool {
        kind != .task
    }

    // MARK: - Messages

    /// Why a step that starts a `.task` (`task X`, `start .task in X`) starts nothing.
    static let taskStartsOnAppearance = "a '.task' starts when its view appears (docs/Semantics.md, Rule 17)"
}
