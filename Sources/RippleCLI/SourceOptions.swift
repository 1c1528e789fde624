import RippleCore
import RippleSwift

/// Sets the process's memory ceiling to the command's default, until `--max-memory` sets another
/// (docs/Reliability.md, "memory"). The `ripple` executable calls it first; a process that runs commands
/// in-process with others, as the tests do, has none unless `--max-memory` is given.
public func setDefaultMemoryCeiling() {
    MemoryCeiling.megabytes = MemoryCeiling.defaultMegabytes
}

/// How app source is read: the root view (`--root`), the build configuration `#if` sees (`--os`,
/// `--define`), and how many stand-in rows a collection that starts empty gets (`--rows`). A scenario
/// file without `source` ignores the first three.
struct SourceOptions {
    var root: String?
    var build = BuildSettings()
    var rows: Int?
    /// `--visible-rows N`: how many rows a lazy container's window shows where a scenario does not say
    /// (Rule 20).
    var visibleRows: Int?
    /// `--notes`: every note and warning is printed, not one of each kind.
    var allNotes = false

    /// Most stand-in rows `--rows` gives a collection.
    static let maximumRows = 1_000

    init(root: String? = nil, build: BuildSettings = BuildSettings(), rows: Int? = nil) {
        self.root = root
        self.build = build
        self.rows = rows
    }

    /// The options a command line gave: `--define A,B` replaces the default conditions (`DEBUG`).
    init(_ parsed: ParsedArguments) throws(UsageError) {
        root = parsed.values["root"]
        allNotes = parsed.flags.contains("notes")
        if let text = parsed.values["rows"] {
            guard let rows = Int(text), (1...Self.maximumRows).contains(rows) else {
                throw UsageError(message: "'--rows' takes a number of rows from 1 to \(Self.maximumRows), not '\(text)'")
            }
            self.rows = rows
        }
        if let text = parsed.values["visible-rows"] {
            guard let rows = Int(text), (1...LazyWindow.maximumVisibleRows).contains(rows) else {
                throw UsageError(message: "'--visible-rows' takes a number of rows from 1 to \(LazyWindow.maximumVisibleRows), not '\(text)'")
            }
            visibleRows = rows
        }
        if let os = parsed.values["os"] {
            guard BuildSettings.systems.contains(os) else {
                throw UsageError(message: "unknown system '\(os)' for '--os'; expected one of \(BuildSettings.systems.map { "'\($0)'" }.joined(separator: ", "))"
                                 + Suggestion.didYouMean(os, in: BuildSettings.systems))
            }
            build.os = os
        }
        if let defined = parsed.values["define"] {
            build.conditions = Set(defined.split(separator: ",").map { String($0) }.filter { !$0.isEmpty })
        }
        // The ceiling is the process's: the run holds no more, whichever file or screen is loading.
        if let text = parsed.values["max-memory"] {
            guard let megabytes = Int(text), (Self.minimumMemory...Self.maximumMemory).contains(megabytes) else {
                throw UsageError(message: "'--max-memory' takes megabytes from \(Self.minimumMemory) to \(Self.maximumMemory), not '\(text)'")
            }
            MemoryCeiling.megabytes = megabytes
        }
    }

    /// The range `--max-memory` takes, in megabytes: from what Ripple holds before it reads anything to
    /// what any machine it runs on has.
    static let minimumMemory = 1
    static let maximumMemory = 1 << 30

    static let specs: [OptionSpec] = [
        OptionSpec(name: "root", value: "VIEW", help: "The root view of Swift source (default: the #Preview's or WindowGroup's view)."),
        OptionSpec(name: "os", value: "NAME", help: "The system '#if os(...)' sees in Swift source (default: iOS)."),
        OptionSpec(name: "define", value: "A,B", help: "The conditions '#if NAME' sees in Swift source (default: DEBUG)."),
        OptionSpec(name: "rows", value: "N", help: "Give each stored collection that starts empty N stand-in elements."),
        OptionSpec(name: "visible-rows", value: "N", help: "Show N rows in a lazy container's window where a scenario does not say (default: 14)."),
        OptionSpec(name: "notes", value: nil, help: "Print every note and warning, not one of each kind."),
        OptionSpec(name: "max-memory", value: "MB", help: "The most memory the run may hold, in megabytes (default: 1024); past it the screen loading stops."),
    ]
}
