/// Rule 20 of `docs/Semantics.md`: a lazy container builds only the rows on screen.
///
/// `LazyVStack`, `LazyHStack`, `LazyVGrid`, `LazyHGrid` and `List` create a row when it is about to be
/// shown, not when the body holding the container runs. Ripple shows a window of rows: `visible` rows from
/// the one scrolled to, counted over the rows the container's `ForEach`es make, in order. A row outside
/// the window has no instance: its body, or its content closure, does not run, and no write re-runs it,
/// until a step scrolls it into the window; one scrolled out of the window is destroyed. A grid's window
/// holds a line of items for each visible row, as many as its tracks. A `VStack` or a plain `ForEach`
/// builds every row.
package enum LazyWindow {
    /// Whether a built-in view builds only the rows on screen.
    static func isLazy(_ container: String) -> Bool {
        lazyContainers.contains(container)
    }

    /// Whether rows written inside `view`, inside a lazy container, stay rows of that container: a `Group`
    /// or a `Section` passes its rows on; any other view (an `HStack` of rows) is one row.
    static func passesRowsOn(_ view: String) -> Bool {
        view == "Group" || view == "Section"
    }

    /// Whether the row at `position` (from 0, in the container's order) is built in a window that starts
    /// at row `first` and shows `visible` rows.
    static func builds(position: Int, first: Int, visible: Int) -> Bool {
        position >= first && position < first + visible
    }

    /// The first row shown after scrolling to row `row` of `total`: a container scrolls no further than
    /// its last rows filling the window, nor above its top.
    static func firstRow(scrollingTo row: Int, total: Int, visible: Int) -> Int {
        max(0, min(row, total - visible))
    }

    /// The label of a grid's tracks, whose count is how many items share a line of the grid: a
    /// `LazyVGrid`'s `columns:`, a `LazyHGrid`'s `rows:`; nil for a container with one item a line.
    static func tracksLabel(_ container: String) -> String? {
        switch container {
        case "LazyVGrid": "columns"
        case "LazyHGrid": "rows"
        default: nil
        }
    }

    /// The first item shown after scrolling to line `line` of a container of `items` items, `perLine` to a
    /// line, whose window shows `visible` lines: the window starts at a line, and stops where the last
    /// lines fill it.
    static func firstItem(scrollingTo line: Int, items: Int, lines visible: Int, perLine: Int) -> Int {
        let lines = (items + perLine - 1) / perLine
        return firstRow(scrollingTo: line, total: lines, visible: visible) * perLine
    }

    /// How many items a window of `visible` lines shows, `perLine` items a line.
    static func visibleItems(lines visible: Int, perLine: Int) -> Int {
        visible * perLine
    }

    /// The items a window shows, as a person counts them (from 1): `rows 1–14 of 40`, and for a grid
    /// `items 1–42 of 100`.
    static func describe(first: Int, visible: Int, total: Int, grid: Bool = false) -> String {
        let unit = grid ? "items" : "rows"
        let last = min(first + visible, total)
        guard last > first else { return "no \(unit) of \(total)" }
        return "\(unit) \(first + 1)–\(last) of \(total)"
    }

    /// What a scroll did, as a trace says it.
    static func scrollNote(_ target: String, window: String, moved: Bool) -> String {
        moved ? "\(target) shows \(window): the rows that came on screen are built, those that left it destroyed"
              : "\(target) already shows \(window); nothing is built"
    }

    /// Why a row was built by a scroll rather than by the body holding its container.
    static func scrolledInReason(container: String, window: String) -> String {
        "scrolled into \(container)'s window (\(window)): a lazy container builds a row when it comes on screen"
    }

    /// How many rows a window shows unless the scenario (`visible rows N`) or the command line
    /// (`--visible-rows N`) says otherwise: an iPhone's screen (852 points tall) less the status bar, a
    /// large navigation title and the home indicator leaves about 614 points, and a list row is at least
    /// 44 points tall, so 14 rows are on screen, the last in part (docs/Semantics.md, Rule 20).
    package static let defaultVisibleRows = 14

    /// The most rows a window may show: as many as a scenario may have view instances.
    package static let maximumVisibleRows = 100_000

    static let lazyContainers: Set<String> = ["LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "List"]

    // MARK: - Messages

    /// The note at a grid whose tracks are not written as an array literal: its window counts one item a
    /// line.
    static func tracksUnknown(_ container: String, label: String) -> String {
        "the number of '\(label)' of '\(container)' is not written as an array of them; its window counts one item a line"
    }

    /// The note at a scroll that destroyed a row holding storage of its own.
    static func stateLeft(_ row: String, storage: [String]) -> String {
        "'\(row)' left the window and was destroyed with its \(storage.map { "'\($0)'" }.joined(separator: ", ")); "
            + "SwiftUI may keep a row's state while it is off screen (docs/Semantics.md, Rule 20)"
    }
}
