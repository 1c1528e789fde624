// The window of rows a lazy container builds (Rule 20, `LazyWindow`): which rows a body's descriptions
// keep, and what a step that scrolls builds and destroys.

/// A row a lazy container's `ForEach` made: the container's call site and the row's position among the
/// container's rows, from 0.
struct LazyRow: Hashable, Sendable {
    var site: Int
    var position: Int
}

/// Where the views being built are rows of a lazy container: its call site, and which of the engine's
/// row counts (`LazyRowState.cursors`) counts its rows.
struct LazyRowPlace: Hashable, Sendable {
    var site: Int
    var cursor: Int
}

/// One lazy container of one instance's body.
struct LazyWindowKey: Hashable, Sendable {
    /// The instance whose body builds the container.
    var holder: Int
    var site: Int
}

/// What the engine keeps of lazy containers' rows.
struct LazyRowState {
    /// The rows counted so far in each lazy container the body being built holds, by cursor.
    var cursors: [Int] = []
    /// The lazy containers the body being built holds, each with its rows and how many share a line, once
    /// built.
    var built: [(site: Int, container: String, rows: Int, perLine: Int)] = []
    /// The row each window starts at: 0 until a step scrolls.
    var firstRows: [LazyWindowKey: Int] = [:]
    /// The views each holder's last evaluation built, rows outside the window among them: a scroll places
    /// the rows that come into the window from these, without running the holder's body again.
    var builtByHolder: [Int: [ChildDescription]] = [:]
    /// Each lazy container's name, rows and rows a line, from its holder's last evaluation.
    var windows: [LazyWindowKey: (container: String, rows: Int, perLine: Int)] = [:]

    /// Forgets the containers of the body built before: a body starts counting its rows from none.
    mutating func startBody() {
        cursors.removeAll(keepingCapacity: true)
        built.removeAll(keepingCapacity: true)
    }
}

extension Engine {
    /// Builds a built-in view inside a lazy container's rows, or a lazy container: a lazy container counts
    /// the rows its content makes; any other view except a `Group` or a `Section` is one row, and rows
    /// inside it are its own.
    @inline(never)
    mutating func buildWindowed(_ view: BuiltinView, in scope: Scope, context: BuildContext, into output: inout [ChildDescription]) throws(EvaluationError) {
        var inner = context
        guard let (container, location, perLine) = view.lazyContainer else {
            inner.lazyRows = nil
            try build(view, in: scope, context: inner, into: &output, windowed: true)
            return
        }
        if perLine == nil, let label = LazyWindow.tracksLabel(container) { assume(LazyWindow.tracksUnknown(container, label: label), at: location) }
        let place = startLazyContainer(at: location)
        inner.lazyRows = place
        try build(view, in: scope, context: inner, into: &output, windowed: true)
        lazyRows.built.append((place.site, container, lazyRows.cursors[place.cursor], perLine ?? 1))
    }

    /// `List(items) { item in … }`: a lazy container whose rows its own closure makes, as a `ForEach`'s.
    @inline(never)
    mutating func buildListRows(_ arguments: [ArgumentSyntax], _ trailing: [ArgumentSyntax], in scope: Scope, context: BuildContext,
                                into output: inout [ChildDescription], at location: SourceLocation) throws(EvaluationError) {
        var inner = context
        let place = startLazyContainer(at: location)
        inner.lazyRows = place
        try buildForEach(arguments, trailing, in: scope, context: inner, into: &output, at: location)
        lazyRows.built.append((place.site, "List", lazyRows.cursors[place.cursor], 1))
    }

    private mutating func startLazyContainer(at location: SourceLocation) -> LazyRowPlace {
        lazyRows.cursors.append(0)
        return LazyRowPlace(site: siteNumber(location), cursor: lazyRows.cursors.count - 1)
    }

    /// Marks the views a `ForEach` built for one element, from `start` on, as a row of the lazy container
    /// it is in, and counts the row.
    @inline(never)
    mutating func markLazyRow(_ output: inout [ChildDescription], from start: Int, in place: LazyRowPlace) {
        let position = lazyRows.cursors[place.cursor]
        lazyRows.cursors[place.cursor] += 1
        for index in start..<output.count { output[index].lazyRow = LazyRow(site: place.site, position: position) }
    }

    /// The window of a lazy container of `holder`: the first row it shows and how many it shows, which
    /// for a grid are items, a line of them for each visible row.
    func window(_ key: LazyWindowKey) -> (first: Int, visible: Int) {
        (lazyRows.firstRows[key] ?? 0, LazyWindow.visibleItems(lines: table.visibleRows, perLine: lazyRows.windows[key]?.perLine ?? 1))
    }

    /// Whether a row a body built is in its container's window.
    private func isInWindow(_ row: LazyRow, of holder: Int) -> Bool {
        let (first, visible) = window(LazyWindowKey(holder: holder, site: row.site))
        return LazyWindow.builds(position: row.position, first: first, visible: visible)
    }

    /// Keeps what `holder`'s body built, and leaves out of `descriptions` the rows outside their
    /// container's window: they get no instance. A window scrolled past the rows the container has now
    /// comes back to its last rows; the containers the body no longer builds are forgotten.
    @inline(never)
    mutating func windowRows(of holder: Int, _ descriptions: inout [ChildDescription]) {
        for key in lazyRows.windows.keys where key.holder == holder && !lazyRows.built.contains(where: { $0.site == key.site }) {
            lazyRows.windows[key] = nil
        }
        guard !lazyRows.built.isEmpty else {
            lazyRows.builtByHolder[holder] = nil
            return
        }
        for built in lazyRows.built {
            let key = LazyWindowKey(holder: holder, site: built.site)
            lazyRows.windows[key] = (built.container, built.rows, built.perLine)
            if let first = lazyRows.firstRows[key] {
                lazyRows.firstRows[key] = LazyWindow.firstItem(scrollingTo: first / built.perLine, items: built.rows, lines: table.visibleRows,
                                                               perLine: built.perLine)
            }
        }
        lazyRows.builtByHolder[holder] = descriptions
        dropRowsOutsideWindows(&descriptions, of: holder)
    }

    /// Leaves out of what `holder`'s body built the rows outside their container's window.
    private func dropRowsOutsideWindows(_ descriptions: inout [ChildDescription], of holder: Int) {
        descriptions.removeAll { description in
            guard let row = description.lazyRow else { return false }
            return !isInWindow(row, of: holder)
        }
    }

    /// The windows of the lazy containers alive whose rows are not all built, or that a step scrolled, as
    /// a trace says them: `List in Root: rows 1–14 of 40`; nil when there are none.
    func tracedWindows() -> [String]? {
        guard !lazyRows.windows.isEmpty else { return nil }
        let texts = windowTexts()
        return texts.isEmpty ? nil : texts
    }

    private func windowTexts() -> [String] {
        lazyRows.windows.keys.filter { alive($0.holder) }.sorted { ($0.holder, $0.site) < ($1.holder, $1.site) }.compactMap { key in
            guard let (container, rows, _) = lazyRows.windows[key] else { return nil }
            let (first, visible) = window(key)
            guard first > 0 || rows > visible else { return nil }
            let shown = LazyWindow.describe(first: first, visible: visible, total: rows, grid: LazyWindow.tracksLabel(container) != nil)
            return "\(container) in \(instances[key.holder].path): \(shown)"
        }
    }

    // MARK: - Scrolling

    /// `scroll List to 40`, `scroll LazyVStack in Feed to 0`: moves the window of each such container on
    /// screen so that it starts at that row (from 0), builds the rows that come into it and destroys those
    /// that leave it, without running the body that holds the container.
    @inline(never)
    mutating func scroll(_ text: String, at location: SourceLocation, pass: inout Pass) throws(EvaluationError) -> [WriteTrace] {
        let words = text.split(separator: " ").map(String.init)
        let form = "expected 'scroll CONTAINER to ROW' or 'scroll CONTAINER in VIEW to ROW'"
        guard words.count == 4 || (words.count == 6 && words[2] == "in"), words[words.count - 2] == "to" else {
            throw EvaluationError("\(form), found '\(text)'", at: location)
        }
        guard let row = Int(words[words.count - 1]), row >= 0 else {
            throw EvaluationError("\(form); the row is a whole number from 0, not '\(words[words.count - 1])'", at: location)
        }
        let container = words[1]
        guard LazyWindow.isLazy(container) else {
            throw EvaluationError("'\(container)' builds every row and does not scroll rows in; "
                                  + "expected one of \(LazyWindow.lazyContainers.sorted().map { "'\($0)'" }.joined(separator: ", "))", at: location)
        }
        let view = words.count == 6 ? words[3] : nil
        let keys = lazyRows.windows.keys.filter { key in
            alive(key.holder) && lazyRows.windows[key]?.container == container
                && (view == nil || instances[key.holder].viewType == view || instances[key.holder].name == view)
        }.sorted { ($0.holder, $0.site) < ($1.holder, $1.site) }
        guard !keys.isEmpty else {
            throw EvaluationError("no '\(container)' is on screen\(view.map { " in '\($0)'" } ?? "")", at: location)
        }
        var traces: [WriteTrace] = []
        for key in keys {
            let rows = lazyRows.windows[key]?.rows ?? 0
            let perLine = lazyRows.windows[key]?.perLine ?? 1
            let grid = LazyWindow.tracksLabel(container) != nil
            let (old, visible) = window(key)
            let new = LazyWindow.firstItem(scrollingTo: row, items: rows, lines: table.visibleRows, perLine: perLine)
            lazyRows.firstRows[key] = new
            let shown = LazyWindow.describe(first: new, visible: visible, total: rows, grid: grid)
            let target = "\(container) in \(instances[key.holder].path)"
            if new != old {
                let holding = rowsHoldingState(of: key.holder)
                try placeWindow(of: key.holder, reason: LazyWindow.scrolledInReason(container: container, window: shown), pass: &pass)
                for (id, name, storage) in holding where !alive(id) { assume(LazyWindow.stateLeft(name, storage: storage), at: location) }
            }
            traces.append(WriteTrace(statement: text, target: target, kind: "scroll",
                                     old: LazyWindow.describe(first: old, visible: visible, total: rows, grid: grid), new: shown, notified: new != old,
                                     note: LazyWindow.scrollNote(target, window: shown, moved: new != old), location: TraceLocation(location)))
        }
        return traces
    }

    /// The views below `holder` that hold storage of their own, each with the instance a row's instance
    /// (a child of `holder`) that holds it: a scroll that destroys one says so, as SwiftUI may keep a
    /// row's state while it is off screen (Rule 20's disagreements).
    private func rowsHoldingState(of holder: Int) -> [(id: Int, name: String, storage: [String])] {
        var found: [(id: Int, name: String, storage: [String])] = []
        for child in instances[holder].children {
            var below = [child]
            while let id = below.popLast() {
                if let storage = instances[id].info?.ownedStorageNames, !storage.isEmpty { found.append((child, instances[id].name, storage)) }
                below += instances[id].children
            }
        }
        return found
    }

    /// Gives `holder` the children its last evaluation built that its containers' windows now show: rows
    /// still in a window are kept as they are, rows that came into one are built, rows that left are
    /// destroyed.
    private mutating func placeWindow(of holder: Int, reason: String, pass: inout Pass) throws(EvaluationError) {
        guard var descriptions = lazyRows.builtByHolder[holder] else { return }
        dropRowsOutsideWindows(&descriptions, of: holder)
        try reconcile(holder, &descriptions, newRowReason: reason, pass: &pass)
    }
}
