/// A control or handler written in app source that a person operates or that SwiftUI runs for them: a
/// `Button`, a `Toggle`, a `.onTapGesture`, a `.sheet`. The Swift front end finds each one in the code the
/// build configuration compiles, whether or not Ripple then simulates the body around it, so the
/// coverage summary can say how much of what a person can do the audit reached.
public struct ControlSite: Hashable, Sendable {
    /// The control as written: `Button`, `Toggle`, or a modifier with its dot, `.onTapGesture`.
    public var control: String
    /// The type whose code holds it (`TaskListView`), nil at the top level.
    public var viewType: String?
    /// Where the control's name is written.
    public var location: SourceLocation
    /// The last line of the control's call, arguments and closures included: an action found anywhere
    /// from `location` to here is this control's.
    public var endLine: Int
    /// What around the control can keep it off a screen, the innermost: nil when it is written straight
    /// in a body.
    public var placement: Placement?

    /// The modifiers whose content is built only while something presents it (docs/Semantics.md, Rule 15).
    public static let presentations: Set<String> = [".alert", ".confirmationDialog", ".sheet", ".popover", ".fullScreenCover", ".inspector", ".navigationDestination"]

    /// What around a control can keep it off a screen, as the coverage's reason names it.
    public enum Placement: Hashable, Sendable {
        /// The content of a presentation, a menu or a list's actions: `.alert`, `.contextMenu`, `Menu`.
        case content(of: String)
        /// A clause of an `if` or a `switch`, as written: `if isEditing`, `else of if isEditing`, `case .failed`.
        case branch(String)
        /// A view helper other than `body`: `var header: some View`, `func row(_:)`.
        case helper(String)
    }

    package init(control: String, viewType: String?, location: SourceLocation, endLine: Int, placement: Placement? = nil) {
        self.control = control
        self.viewType = viewType
        self.location = location
        self.endLine = endLine
        self.placement = placement
    }

    /// Built-in views a person operates, as `Button(…)` calls.
    public static let views: Set<String> = [
        "Button", "Toggle", "TextField", "SecureField", "TextEditor", "Picker", "Stepper", "Slider", "DatePicker",
        "ColorPicker", "Link", "NavigationLink", "ShareLink", "EditButton", "RenameButton", "PhotosPicker", "MultiDatePicker",
    ]

    /// Modifiers whose closure a person or SwiftUI triggers: gestures, presentations, list edits and
    /// handlers.
    public static let modifiers: Set<String> = [
        "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "onSubmit", "onChange",
        "onReceive", "refreshable", "searchable", "onDelete", "onMove", "onInsert", "sheet", "fullScreenCover",
        "popover", "alert", "confirmationDialog", "inspector", "fileImporter", "fileExporter", "onOpenURL", "onDrop",
        "draggable", "dropDestination", "onKeyPress", "onHover", "onContinuousHover",
    ]

    /// The kind the coverage summary counts it under: the control, or the modifier without its dot.
    public var kind: String { control.hasPrefix(".") ? String(control.dropFirst()) : control }
}
