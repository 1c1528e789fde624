import Testing
@testable import RippleCore

/// Rules 16 and 17: what a view's lifetime runs outside its body, decided alone. `AppearTests` shows each
/// decision end to end.
@Suite struct ViewLifetimeTests {
    @Test(arguments: [
        (UserAction.Kind.appear, false, ViewLifetime.Event.appeared, true),
        (.appear, false, .updated, false),
        (.appear, false, .destroyed, false),
        (.change, true, .appeared, true),
        (.change, false, .appeared, false),
        (.change, true, .updated, false),
        (.disappear, false, .destroyed, true),
        (.disappear, false, .appeared, false),
        (.tap, false, .appeared, false),
    ])
    func anActionRunsAfterItsEvent(kind: UserAction.Kind, initial: Bool, event: ViewLifetime.Event, runs: Bool) {
        #expect(ViewLifetime.runsAction(kind, initial: initial, after: event) == runs)
    }

    /// A task starts when its view appears, id or not; after that only when its id changed.
    @Test(arguments: [
        (ViewLifetime.Event.appeared, Value?.none, Value?.none, true),
        (.appeared, nil, Value.int(1), true),
        (.updated, nil, nil, false),
        (.updated, Value.int(1), Value.int(1), false),
        (.updated, Value.int(1), Value.int(2), true),
        (.updated, Value.string("a"), Value.string("b"), true),
        (.destroyed, Value.int(1), Value.int(2), false),
    ])
    func aTaskStartsWhenItsViewAppearsOrItsIdChanges(event: ViewLifetime.Event, previous: Value?, id: Value?, starts: Bool) {
        #expect(ViewLifetime.startsTask(after: event, previousID: previous, id: id) == starts)
    }

    @Test func aWaitingTaskIsCancelledWhenItsViewGoesOrItStartsAgain() {
        #expect(ViewLifetime.cancelsWaitingTask(after: .destroyed, restarting: false))
        #expect(ViewLifetime.cancelsWaitingTask(after: .updated, restarting: true))
        #expect(!ViewLifetime.cancelsWaitingTask(after: .updated, restarting: false))
    }

    @Test func aStepStartsARefreshNotATask() {
        #expect(ViewLifetime.stepStarts(.refresh))
        #expect(!ViewLifetime.stepStarts(.task))
    }
}
