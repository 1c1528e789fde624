// The argument handling of `swift package ripple-audit`, kept free of PackagePlugin and Foundation so
// that the tests compile this same file (Tests/RippleCLITests/AuditPluginArguments.swift links to it).

/// What `swift package ripple-audit ARGUMENTS` runs: one `ripple audit` per target, each writing its
/// report into the plugin's work folder.
///
/// The plugin takes `--target NAME` (again for more; every source target that is not a test when none
/// is given) and `--format text|json|html` (default text); every other argument (`--max-wasted N`,
/// `--max-stale N`, `--min-coverage P`, `--all-rows`, `--root VIEW`, …) goes to `ripple audit` as
/// it is, which checks it. The plugin chooses where reports go, so `-o`/`--output`, `--emit-variant` and
/// `--emit-patch` are refused (and `--stamp`, the build-tool plugin's), and so is a folder or file: the targets name the sources.
/// `--junit FILE` is the one file written outside the work folder: a relative FILE is in the package's
/// folder, which the plugin has the permission to write to.
struct AuditPluginArguments: Equatable {
    /// One `ripple audit` run.
    struct Invocation: Equatable {
        /// The target audited.
        var target: String
        /// The arguments after `ripple`.
        var arguments: [String]
        /// The file the run's standard output is written to, in the work folder.
        var reportFile: String
    }

    var invocations: [Invocation]

    /// A command line the plugin refuses, with the reason.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// A source target of the package: its name, its sources' folder, and whether it holds tests.
    struct Target: Equatable {
        var name: String
        var directory: String
        var isTest: Bool
    }

    static let formats = ["text", "json", "html", "sarif", "github", "warnings"]

    /// The runs for `arguments`, over `targets` (the package's source targets), reporting into
    /// `workDirectory`; a relative `--junit FILE` is taken in `packageDirectory` when it is given.
    init(arguments: [String], targets: [Target], workDirectory: String, packageDirectory: String? = nil) throws(UsageError) {
        var names: [String] = []
        var format = "text"
        var forwarded: [String] = []
        var index = 0
        // The value written after `=`, or else the next argument.
        func value(of option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard index < arguments.count else { throw UsageError(description: "option '\(option)' needs a value") }
            index += 1
            return arguments[index - 1]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            let (name, inline) = Self.split(argument)
            switch name {
            case "--target":
                names.append(try value(of: name, inline: inline))
            case "--format":
                format = try value(of: name, inline: inline)
                guard Self.formats.contains(format) else {
                    throw UsageError(description: "unknown format '\(format)'; use text, json, html, sarif, github or warnings")
                }
            case "--junit":
                let file = try value(of: name, inline: inline)
                let folder = packageDirectory.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
                forwarded += ["--junit", file.hasPrefix("/") || folder == nil ? file : folder! + "/" + file]
            case "-o", "--output", "--emit-variant", "--emit-patch", "--stamp":
                throw UsageError(description: "'\(name)' is the plugin's to choose: reports go into its work folder")
            default:
                guard argument.hasPrefix("-") else {
                    throw UsageError(description: "unexpected argument '\(argument)'; name the sources with --target")
                }
                forwarded.append(argument)
                // An option's value goes along with it (ripple audit says which options take one).
                if inline == nil, Self.optionsWithValues.contains(name), index < arguments.count {
                    forwarded.append(arguments[index])
                    index += 1
                }
            }
        }
        let chosen: [Target]
        if names.isEmpty {
            chosen = targets.filter { !$0.isTest }
            guard !chosen.isEmpty else { throw UsageError(description: "the package has no source target to audit") }
        } else {
            chosen = try names.map { (name: String) throws(UsageError) -> Target in
                guard let target = targets.first(where: { $0.name == name }) else {
                    let known = targets.map { "'\($0.name)'" }.sorted().joined(separator: ", ")
                    throw UsageError(description: "no source target '\(name)' in the package (it has \(known.isEmpty ? "none" : known))")
                }
                return target
            }
        }
        let folder = workDirectory.hasSuffix("/") ? String(workDirectory.dropLast()) : workDirectory
        invocations = chosen.map { target in
            var arguments = ["audit", target.directory, "--format", format] + forwarded
            if format == "html" { arguments += ["--output", folder + "/" + target.name] }
            let file = folder + "/" + target.name + (format == "json" ? ".json" : format == "sarif" ? ".sarif" : ".txt")
            return Invocation(target: target.name, arguments: arguments, reportFile: file)
        }
    }

    /// `--name=value` as its name and value; any other argument as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The options of `ripple audit` that take a value, which the plugin forwards with it.
    static let optionsWithValues: Set<String> = [
        "--jobs", "-j", "--depth", "--max-wasted", "--max-stale", "--min-coverage", "--junit", "--root", "--os", "--define", "--rows", "--visible-rows", "--baseline", "--settings", "--max-memory", "--source-root",
    ]
}
