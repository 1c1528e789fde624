import RippleCore
import RippleSwift

/// How app source is read: the root view (`--root`), the build configuration `#if` sees (`--os`,
/// `--define`), and how many stand-in rows a collection that starts empty gets (`--rows`). A scenario
/// file without `source` ignores the first three.
struct SourceOptions {
    var root: String?
    var build = BuildSettings()
    var rows: Int?
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
    }

    static let specs: [OptionSpec] = [
        OptionSpec(name: "root", value: "VIEW", help: "The root view of Swift source (default: the #Preview's or WindowGroup's view)."),
        OptionSpec(name: "os", value: "NAME", help: "The system '#if os(...)' sees in Swift source (default: iOS)."),
        OptionSpec(name: "define", value: "A,B", help: "The conditions '#if NAME' sees in Swift source (default: DEBUG)."),
        OptionSpec(name: "rows", value: "N", help: "Give each stored collection that starts empty N stand-in elements."),
        OptionSpec(name: "notes", value: nil, help: "Print every note and warning, not one of each kind."),
    ]
}
