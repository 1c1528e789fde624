/// Rule 3 of `docs/Semantics.md`: what a write to a stored property of a class that is not `@Observable`
/// tells.
///
/// In an `ObservableObject`, a `@Published` property sends `objectWillChange` in its `willSet`, before
/// storing and without comparing, so an equal write tells every holder too; any other property sends
/// nothing. A class that is neither `@Observable` nor an `ObservableObject` tells nobody of anything.
enum PublishedWrite {
    /// What the write sends, and why.
    enum Decision: Hashable, Sendable {
        /// `@Published`: `objectWillChange` goes to every view holding the object.
        case sendsObjectWillChange
        /// An `ObservableObject`'s property without `@Published`.
        case notPublished
        /// A plain class.
        case plainClass

        /// Whether the object's holders are told.
        var notifies: Bool { self == .sendsObjectWillChange }

        /// The trace's note for the write.
        func note(name: String, type: String) -> String {
            switch self {
            case .sendsObjectWillChange: "'@Published' sends objectWillChange on every write"
            case .notPublished: "'\(name)' is not '@Published': nobody is told"
            case .plainClass: "'\(type)' is a plain class: nobody is told"
            }
        }
    }

    /// Decides a write to a property of an `ObservableObject` (`isObservableObject`) or a plain class.
    static func decide(isObservableObject: Bool, isPublished: Bool) -> Decision {
        guard isObservableObject else { return .plainClass }
        return isPublished ? .sendsObjectWillChange : .notPublished
    }
}
