/// Rule 14 of `docs/Semantics.md`: a `ForEach` or `List` row runs its own content closure.
///
/// The content closure of `ForEach(data) { item in … }` is escaping: SwiftUI keeps it and each row runs
/// it when the row is updated, lazily, not while the body that holds the `ForEach` runs. What the closure
/// reads is the row's dependency, so a write to one element's property re-runs that row's closure and
/// not the body around it. When that body re-runs it hands the `ForEach` a new closure, which is never
/// equal to the last, so every row built again runs its closure again.
enum RowContent {
    /// Whether the row, rather than the body holding the `ForEach`, runs the closure, from what the
    /// closure reads and whether a read through the element can be tracked (the elements are objects,
    /// hold objects or are bindings). A closure whose reads no one is told of gives the same answer
    /// either way (`{ item in Row(item: item) }`, or `{ entry in Text(entry.title) }` over plain
    /// structs), and is run in the body, as a view's arguments are.
    static func runsInRow(reads: ClosureReads, elementsMayBeTracked: Bool) -> Bool {
        switch reads {
        case .nothing: false
        case .parameterMembers: elementsMayBeTracked
        case .more: true
        }
    }

    /// Whether the row is shown as an instance of its own. A row whose closure builds a custom view is
    /// that view, named as before (`UserRow[2]`); one that builds only built-in views is `ForEach[2]`,
    /// so that its re-runs are reported.
    static func isShown(buildsCustomView: Bool) -> Bool {
        !buildsCustomView
    }

    /// Why a row runs its closure again when the body holding the `ForEach` rebuilt it; nil when it
    /// would not. It always does: a closure is a new value every time the body runs.
    static func rerunReason(holder: String) -> String? {
        "\(holder) re-evaluated and handed its ForEach a new content closure, which never equals the last"
    }

    /// The view type a shown row is named by.
    static let viewType = "ForEach"
}
