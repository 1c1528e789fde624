/// Rules 19 and 21 of `docs/Semantics.md`: a `GeometryReader`'s or a `TimelineView`'s content runs apart
/// from the body that holds it, as a node of its own.
///
/// `GeometryReader(content:)` takes an escaping closure that SwiftUI calls when it lays the reader out,
/// with the proxy of the size it was given, not while the body that holds the reader runs; a
/// `TimelineView` calls its content closure at each date of its schedule, with a context that carries the
/// date. What the closure reads is the content's dependency: a change to it re-runs the content and not
/// the body around the view. When that body re-runs it hands the view a new closure, which never equals
/// the last (Rule 14.2), so the content runs again too. A `TimelineView`'s content also runs again at
/// each tick of its schedule, and nothing else does.
enum LayoutContent {
    /// Whether a built-in view's content closure runs apart from the body that builds the view:
    /// `GeometryReader`'s and `TimelineView`'s do; a stack's or a `ScrollView`'s runs in the body.
    static func runsAtLayout(_ view: String) -> Bool {
        view == geometryReader || view == timelineView
    }

    /// Whether a tick of a schedule (`tick TimelineView`) re-runs the view's content: a `TimelineView`'s.
    static func runsOnTick(_ view: String) -> Bool {
        view == timelineView
    }

    /// Why the content runs again when the body holding the view rebuilt it: the closure is a new value
    /// every time that body runs.
    static func rerunReason(holder: String, view: String) -> String {
        "\(holder) re-evaluated and handed its \(view) a new content closure, which never equals the last"
    }

    /// Why a `TimelineView`'s content runs again at a tick: the context it is given holds the next date.
    static func tickReason(tick: Int) -> String {
        "its schedule ticked (tick \(tick)): the content runs again with the context of the next date"
    }

    /// How the context a `TimelineView` gives its content at `tick` is written: its date is a value Ripple
    /// does not know, which differs at each tick (`context@2.date`).
    static func context(_ parameter: String, tick: Int) -> String {
        tick == 0 ? parameter : "\(parameter)@\(tick)"
    }

    /// The views whose content runs apart from the body.
    static let geometryReader = "GeometryReader"
    static let timelineView = "TimelineView"
}
