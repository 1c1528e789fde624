import Testing
@testable import RippleCore

/// Rule 3: `ObservableObject` and `@Published`.
@Suite struct PublishedWriteTests {
    @Test(arguments: [
        // Must send: every write to a @Published property, equal or not.
        (true, true, PublishedWrite.Decision.sendsObjectWillChange, true),
        // Must not: a property without @Published, a plain class's property.
        (true, false, .notPublished, false),
        (false, true, .plainClass, false),
        (false, false, .plainClass, false),
    ])
    func decision(isObservableObject: Bool, isPublished: Bool, decision: PublishedWrite.Decision, notifies: Bool) {
        let decided = PublishedWrite.decide(isObservableObject: isObservableObject, isPublished: isPublished)
        #expect(decided == decision)
        #expect(decided.notifies == notifies)
    }

    @Test func notes() {
        #expect(PublishedWrite.Decision.notPublished.note(name: "v", type: "M") == "'v' is not '@Published': nobody is told")
        #expect(PublishedWrite.Decision.plainClass.note(name: "v", type: "M") == "'M' is a plain class: nobody is told")
    }
}
