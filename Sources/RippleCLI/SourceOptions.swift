import RippleSwift

/// How app source is read: the root view (`--root`), and the build configuration `#if` sees (`--os`,
/// `--define`). A scenario file without `source` ignores them.
struct SourceOptions {
    var root: String?
    var build = BuildSettings()

    init(root: String? = nil, build: BuildSettings = BuildSettings()) {
        self.root = root
        self.build = build
    }

    /// The options a command line gave: `--define A,B` replaces the default conditions (`DEBUG`).
    init(_ parsed: ParsedArguments) {
        root = parsed.values["root"]
        if let os = parsed.values["os"] { build.os = os }
        if let defined = parsed.values["define"] {
            build.conditions = Set(defined.split(separator: ",").map { String($0) }.filter { !$0.isEmpty })
        }
    }

    static let specs: [OptionSpec] = [
        OptionSpec(name: "root", value: "VIEW", help: "The root view of Swift source (default: the #Preview's or WindowGroup's view)."),
        OptionSpec(name: "os", value: "NAME", help: "The system '#if os(...)' sees in Swift source (default: iOS)."),
        OptionSpec(name: "define", value: "A,B", help: "The conditions '#if NAME' sees in Swift source (default: DEBUG)."),
    ]
}
