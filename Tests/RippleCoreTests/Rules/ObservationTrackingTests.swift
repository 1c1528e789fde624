import Testing
@testable import RippleCore

/// Rule 1: what a body's read of a model's stored property registers.
@Suite struct ObservationTrackingTests {
    @Test(arguments: [
        // Must register: a tracked @Observable property.
        (ModelKind.observable, false, false, false, StoredReadKind.observed, true),
        // Must not: ignored, any ObservableObject property, a plain class's, an @AppStorage in a model.
        (.observable, true, false, false, .ignored, false),
        (.observableObject, false, true, false, .published, false),
        (.observableObject, false, false, false, .unpublished, false),
        (.plain, false, false, false, .plain, false),
        (.observable, true, false, true, .appStorage, false),
    ])
    func readKind(model: ModelKind, ignored: Bool, published: Bool, appStorage: Bool, kind: StoredReadKind, registers: Bool) {
        let found = ObservationTracking.readKind(modelKind: model, isIgnored: ignored, isPublished: published, isAppStorage: appStorage)
        #expect("\(found)" == "\(kind)")
        #expect(ObservationTracking.registersKey(found) == registers)
    }

    @Test func untrackedReadsSayWhy() {
        #expect(ObservationTracking.untrackedReason(.observed, name: "v", model: "M") == nil)
        #expect(ObservationTracking.untrackedReason(.ignored, name: "v", model: "M") == "'v' is '@ObservationIgnored'")
        #expect(ObservationTracking.untrackedReason(.unpublished, name: "v", model: "M") == "'v' is not '@Published'")
        #expect(ObservationTracking.untrackedReason(.plain, name: "v", model: "M") == "'M' is a plain class: nobody is told of its changes")
        #expect(ObservationTracking.notHeldReason(label: "model").hasPrefix("the view does not observe 'model'"))
    }
}
