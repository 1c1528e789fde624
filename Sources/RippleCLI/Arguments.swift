import RippleCore
/// A command-line option a command accepts.
struct OptionSpec {
    var name: String
    var short: String?
    /// Name of the value (`NAME`), or nil for a flag.
    var value: String?
    var help: String
}

/// A subcommand: its name, what it does, its options and positional arguments.
struct CommandSpec {
    var name: String
    var summary: String
    var positionals: String
    var minimumPositionals: Int
    var maximumPositionals: Int?
    var options: [OptionSpec]
    var discussion: String

    var usage: String {
        let options = self.options.map { option in
            "[\(option.short.map { "-\($0)|" } ?? "")--\(option.name)\(option.value.map { " \($0)" } ?? "")]"
        }.joined(separator: " ")
        return "ripple \(name)\(positionals.isEmpty ? "" : " " + positionals)\(options.isEmpty ? "" : " " + options)"
    }

    var help: String {
        var text = "OVERVIEW: \(summary)\n\nUSAGE: \(usage)\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            let rows = options.map { option in
                ("  " + (option.short.map { "-\($0), " } ?? "") + "--\(option.name)" + (option.value.map { " <\($0)>" } ?? ""), option.help)
            }
            let width = (rows.map { $0.0.count }.max() ?? 0) + 2
            for (left, right) in rows { text += left + String(repeating: " ", count: width - left.count) + right + "\n" }
            text += "  -h, --help" + String(repeating: " ", count: max(1, width - 12)) + "Show help for this command.\n"
        }
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text
    }
}

/// Options and positional arguments after parsing.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false
}

/// A command line the user got wrong; answered with the usage and exit status 64.
struct UsageError: Error {
    var message: String
    /// The error as printed when it has a place in a file: `file:line:col: error: …`, the line and a caret.
    var printed: String? = nil
}

extension CommandSpec {
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { parsed.wantsHelp = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { "--" + $0.name == name || $0.short.map { "-" + $0 } == name }) else {
                let known = options.map { "--" + $0.name } + ["--help"]
                throw UsageError(message: "unknown option '\(name)'\(Suggestion.didYouMean(name, in: known))")
            }
            if option.value != nil {
                if let inlineValue {
                    parsed.values[option.name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "option '--\(option.name)' needs a value") }
                    parsed.values[option.name] = arguments[index]
                    index += 1
                }
            } else {
                if inlineValue != nil { throw UsageError(message: "option '--\(option.name)' takes no value") }
                parsed.flags.insert(option.name)
            }
        }
        if !parsed.wantsHelp {
            if parsed.positionals.count < minimumPositionals {
                throw UsageError(message: "missing \(positionals.isEmpty ? "argument" : positionals)")
            }
            if let maximum = maximumPositionals, parsed.positionals.count > maximum {
                throw UsageError(message: "unexpected argument '\(parsed.positionals[maximum])'")
            }
        }
        return parsed
    }
}
