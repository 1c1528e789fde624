import RippleCore

/// `ripple completion bash|zsh|fish`: the shell's completion script, made from the command table.
enum CompletionCommand {
    static func run(_ parsed: ParsedArguments, stdout: inout some TextOutputStream) throws(UsageError) -> Int32 {
        let name = parsed.positionals[0]
        guard let shell = Completions.Shell(rawValue: name) else {
            let shells = Completions.Shell.allCases.map(\.rawValue)
            let suggestion = Suggestion.didYouMean(name, in: shells)
            throw UsageError(message: "unknown shell '\(name)'" + (suggestion.isEmpty ? "; use bash, zsh or fish" : suggestion))
        }
        stdout.write(Completions.script(for: shell, commands: CommandLine.commands))
        return CommandLine.Status.success
    }
}
