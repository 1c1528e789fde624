import RippleCore

/// How the audit names a file: relative to the folder it was given when the file is inside it
/// (`ripple audit /work/App` names `/work/App/Views/ContentView.swift` as `Views/ContentView.swift`),
/// as loaded otherwise. With several folders, the innermost that holds the file decides.
///
/// A path is inside a folder when it starts with the folder as given and a `/`: the paths the audit
/// holds are the folder's own path with the walk's names after it, so no path is resolved on disk.
public struct AuditPaths: Sendable, Hashable {
    /// The folders, without a trailing `/` or a leading `./`, the longest first.
    public let folders: [String]

    /// Paths named relative to `folders`, the folders an audit was given; files among them are left out
    /// by the caller.
    public init(folders: [String]) {
        self.folders = Set(folders.map(Self.trimmed)).sorted { ($0.count, $1) > ($1.count, $0) }
    }

    /// The path as the audit shows it: relative to the innermost folder that holds it, without a leading
    /// `./`; as it is otherwise.
    public func shown(_ path: String) -> String {
        let path = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        for folder in folders {
            if folder == "." { return path }
            let base = folder == "/" ? "/" : folder + "/"
            if path.hasPrefix(base), path.count > base.count { return String(path.dropFirst(base.count)) }
        }
        return path
    }

    /// A location with its file shown (`shown(_:)`).
    public func shown(_ location: TraceLocation) -> TraceLocation {
        var location = location
        location.file = shown(location.file)
        return location
    }

    /// The folder without what names it twice: a trailing `/` (not the root's) and a leading `./`.
    private static func trimmed(_ folder: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        while folder.hasPrefix("./"), folder.count > 2 { folder.removeFirst(2) }
        return folder
    }
}

extension AuditRow {
    /// The row with the places it names shown by `paths`; `file`, the input as the caller named it, stays.
    public func shown(_ paths: AuditPaths) -> AuditRow {
        var row = self
        row.location = paths.shown(location)
        row.notes = notes.map { $0.shown(paths) }
        for index in row.reasons.indices { row.reasons[index].location = row.reasons[index].location.map(paths.shown) }
        return row
    }
}

extension AuditNote {
    /// The note at its place shown by `paths`.
    public func shown(_ paths: AuditPaths) -> AuditNote {
        AuditNote(location: paths.shown(location), message: message, severity: severity)
    }
}

extension Coverage {
    /// The coverage with the places of its controls and reasons shown by `paths`.
    public func shown(_ paths: AuditPaths) -> Coverage {
        var coverage = self
        coverage.unreached = unreached.map { control in
            var control = control
            control.location = paths.shown(control.location)
            return control
        }
        coverage.reasons = reasons.map { reason in
            var reason = reason
            reason.example = paths.shown(reason.example)
            return reason
        }
        return coverage
    }
}

extension AuditJSON {
    /// The document with every place it names shown by `paths`.
    public func shown(_ paths: AuditPaths) -> AuditJSON {
        AuditJSON(coverage: coverage.shown(paths), actions: actions.map { $0.shown(paths) }, notes: notes.map { $0.shown(paths) }, fixes: fixes)
    }
}
