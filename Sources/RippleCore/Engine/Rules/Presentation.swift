/// Rule 15 of `docs/Semantics.md`: presentations are built when presented, not before.
///
/// The content of `.sheet`, `.fullScreenCover`, `.popover`, `.alert`, `.confirmationDialog`, `.inspector`
/// and `.navigationDestination` is a closure the modifier keeps. Its body is not evaluated until the
/// presenting state says so; then it is built with a new identity, and dismissing it destroys it with its
/// `@State`. The modifier reads the presenting state itself, so the presenter's body does not re-run when
/// it changes, and the closure it runs is the one the presenter's body made last: a `@State` value the
/// closure reads is the value of that time.
enum Presentation {
    /// What says whether, and what, a presentation presents: the binding it was given, and the
    /// expression that made it (`$showSettings`), by which its read is recorded.
    struct Trigger: Sendable {
        enum Kind: Sendable, Equatable {
            /// `isPresented: $flag`: presented while the flag is true.
            case flag
            /// `item: $selection`: presented while the item is not nil, for that item.
            case item
            /// `.navigationDestination(for: T.self)`: one destination for each `T` on the stack's path.
            case path(type: String)
        }
        var kind: Kind
        var binding: BindingTarget
        var expression: ExprSyntax
    }

    /// An alert or confirmation dialog whose buttons dismiss it: its modifier (`alert`) and what presents it.
    struct Dismissal: Sendable {
        var modifier: String
        var trigger: Trigger
    }

    /// The path of the `NavigationStack(path:)` a destination is declared in.
    struct StackPath: Sendable {
        var binding: BindingTarget
        var expression: ExprSyntax
    }

    /// Whether a button in the presentation's content dismisses it once its action has run: the actions
    /// of `.alert` and `.confirmationDialog` do ("All actions in an alert dismiss the alert after the
    /// action runs", the documentation of `alert(_:isPresented:actions:)`); a sheet's buttons do not.
    static func buttonsDismiss(_ modifier: String) -> Bool {
        modifier == "alert" || modifier == "confirmationDialog"
    }

    /// The kind of trigger an argument label gives (`isPresented:`, `item:`); nil for any other.
    static func triggerKind(label: String?) -> Trigger.Kind? {
        switch label {
        case "isPresented": .flag
        case "item": .item
        default: nil
        }
    }

    /// Whether a flag presents.
    static func presents(flag: Value) -> Bool {
        flag == .bool(true)
    }

    /// The item presented, or nil when there is none.
    static func presentedItem(_ value: Value) -> Value? {
        value.isNone ? nil : value
    }

    /// Whether the presentation is shown as an instance of its own (`sheet`): only while it presents,
    /// and only when its content builds no custom view (which then stands for it, as a row's does).
    static func isShown(presented: Bool, buildsCustomView: Bool) -> Bool {
        presented && !buildsCustomView
    }

    /// What a reader is told when the content shows a `@State` value it captured that is no longer the
    /// value: the presenter's body does not read it, so it did not run to make a new closure.
    static func staleCaptureReason(name: String, presenter: String, captured: String, current: String) -> String {
        "shows '\(name)' as \(captured), captured when \(presenter)'s body last ran; it is \(current) now, and that body does not read it, so no new closure was made"
    }

    /// Whether the content sees a property's value as of the presenter's last body run rather than its
    /// value now: a `@State` value (not an object, whose properties the content reads through Observation).
    static func capturesValue(of role: ViewPropertyRole, holdsObject: Bool) -> Bool {
        role.kind.capturesValue(holdsObject: holdsObject)
    }
}
