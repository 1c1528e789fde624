import Foundation
import RippleCore

/// The `ripple` command: dispatches to subcommands and maps failures to exit statuses.
enum CommandLine {
    static let version = "0.1.0"

    /// Exit statuses: 0 success, 1 a scenario or a check failed, 64 bad usage.
    enum Status {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 64
    }

    static let commands: [CommandSpec] = [
        CommandSpec(name: "parse", summary: "Print the resolved model: each variant's instances, inputs, reads and dependency keys.",
                    positionals: "FILE...", minimumPositionals: 1, maximumPositionals: nil,
                    options: [OptionSpec(name: "variant", value: "NAME", help: "Print only this variant."),
                              OptionSpec(name: "format", value: "text|json", help: "Output format (default: text). JSON is described in docs/Trace.md, \"The model\".")]
                        + SourceOptions.specs,
                    discussion: "FILE is a .ripple scenario, a .swift file or a folder of Swift source read as one module. Every error is reported as file:line:column with the source line and a caret."),
        CommandSpec(name: "run", summary: "Replay a scenario's steps and explain every evaluation, wasted evaluation and stale view.",
                    positionals: "FILE|DIR...", minimumPositionals: 1, maximumPositionals: nil,
                    options: [OptionSpec(name: "variant", value: "NAME", help: "Simulate only this variant."),
                              OptionSpec(name: "semantics", value: "swift5.9|swift6.2", help: "Override the file's 'semantics' directive."),
                              OptionSpec(name: "format", value: "text|json", help: "Output format (default: text). JSON follows docs/Trace.md."),
                              OptionSpec(name: "verbose", value: nil, help: "Print every cause in full, one instance per two lines, as trace.txt has it.")]
                        + SourceOptions.specs,
                    discussion: "Each instance gets a line that fits 120 columns: its outcome, what reached it with its values cut to the part that changed, and the read that changed; each view type's _printChanges line once above its instances. Outcomes are coloured on a terminal unless NO_COLOR is set. A folder runs each of its '.ripple' files (or, with none, its Swift source as one app); several scenarios end with a summary, or print a JSON array."),
        CommandSpec(name: "check", summary: "Run every 'expect' block; fail when a step evaluates more or other views than expected.",
                    positionals: "FILE|DIR...", minimumPositionals: 1, maximumPositionals: nil,
                    options: [OptionSpec(name: "junit", value: "FILE", help: "Also write a JUnit XML report for CI.")],
                    discussion: "Scenarios without expectations are reported as unchecked. Exit status 1 on any mismatch or error."),
        CommandSpec(name: "audit", summary: "Perform every action a person can take on each screen and rank them by wasted evaluations.",
                    positionals: "FILE|DIR...", minimumPositionals: 1, maximumPositionals: nil,
                    options: [OptionSpec(name: "format", value: "text|json|html|sarif|github|warnings|markdown|patch", help: "Output format (default: text); patch prints every kept fix as a unified diff git apply takes; html also writes a report per screen into the output folder; sarif is SARIF 2.1.0 for code scanning, github prints workflow commands that annotate a pull request (docs/CI.md); markdown prints a short summary for a pull request's comment or job summary; warnings prints compiler-style 'file:line:col: warning:' lines and one note for what was not simulated, and exits 1 only over a budget or the baseline (docs/Plugin.md)."),
                              OptionSpec(name: "all-rows", value: nil, help: "Perform a row's actions in every row, not only the first and the last."),
                              OptionSpec(name: "jobs", short: "j", value: "N", help: "Perform actions on N threads at once (default: one per core)."),
                              OptionSpec(name: "depth", value: "N", help: "Perform up to N actions in a row: after each, the actions of the state it leaves (default: 2; 1 performs the first state's actions only)."),
                              OptionSpec(name: "max-wasted", value: "N", help: "Exit 1 when all actions together waste more than N evaluations."),
                              OptionSpec(name: "max-stale", value: "N", help: "Exit 1 when all actions together leave more than N views stale."),
                              OptionSpec(name: "min-coverage", value: "P", help: "Exit 1 when less than P percent of the controls in the source are simulated exactly."),
                              OptionSpec(name: "wide", value: nil, help: "Print the table's long columns whole, however wide, and every control not simulated."),
                              OptionSpec(name: "junit", value: "FILE", help: "Also write a JUnit XML report for CI."),
                              OptionSpec(name: "baseline", value: "FILE", help: "Exit 1 when an action re-runs, wastes or leaves stale more than in FILE, a saved '--format json' audit, or when coverage drops; sarif and github then report only what got worse."),
                              OptionSpec(name: "update-baseline", value: nil, help: "With --baseline FILE: after comparing, write this run's JSON audit to FILE (atomically; FILE may not exist yet), the new baseline to commit with the change."),
                              OptionSpec(name: "source-root", value: "DIR", help: "With --format sarif: name files relative to DIR (default: the repository holding the first folder audited, found by its .git, else that folder)."),
                              OptionSpec(name: "emit-patch", value: "FILE", help: "Write every kept fix as one unified diff against the audited source, FILE, which 'git apply' applies in this folder (docs/Audit.md)."),
                              OptionSpec(name: "emit-variant", value: "NAME", help: "Write the code with every proven fix as the variant NAME of a scenario, NAME.ripple."),
                              OptionSpec(name: "output", short: "o", value: "DIR", help: "Folder for the HTML report (default: Output) and the emitted variant (default: the current folder)."),
                              OptionSpec(name: "stamp", value: "FILE", help: "With --format warnings: also write the lines as comments into FILE, a Swift file a build takes as the audit's output, when the run passes (the build-tool plugin's)."),
                              OptionSpec(name: "settings", value: "FILE", help: "With --format warnings: take the budgets and source options from FILE, one 'name value' a line, if it exists (a target's .ripple-lint, docs/Plugin.md).")]
                        + SourceOptions.specs,
                    discussion: "Each Button, gesture, control, list delete and move, link, presentation, change handler and task the first evaluation builds is performed from that first state, on a screen of its own: a closure runs as a step does, a control gets a new value (toggled, a typed character, one more, the next option). The table is sorted by wasted evaluations, then by evaluations. Where a hint is a rewrite Ripple can make (pass the fields a view shows, store a computed property, make a closure-holding view Equatable on its data, drop an environment key nothing reads), it makes it, performs the same actions again and prints what the fix saved."),
        CommandSpec(name: "compare", summary: "Hold a recorded SwiftUI change log against the scenario's prediction, step by step and view type by view type.",
                    positionals: "LOG SCENARIO", minimumPositionals: 2, maximumPositionals: 2,
                    options: [OptionSpec(name: "variant", value: "NAME", help: "Compare with this variant (default: the first)."),
                              OptionSpec(name: "semantics", value: "swift5.9|swift6.2", help: "Override the file's 'semantics' directive."),
                              OptionSpec(name: "format", value: "text|json|html", help: "Output format (default: text). JSON is described in docs/RealityCheck.md; html writes a page into the output folder."),
                              OptionSpec(name: "output", short: "o", value: "DIR", help: "Folder for the HTML page (default: Output)."),
                              OptionSpec(name: "gap", value: "SECONDS", help: "In a log without 'ripple-step:' markers, the shortest pause between two steps (default: 1).")]
                        + SourceOptions.specs,
                    discussion: "LOG is the text of 'log stream' or 'log show' for the subsystem com.apple.SwiftUI, category \"Changed Body Properties\" (default style, ndjson or json), or the Xcode console's Self._printChanges() lines. A line 'ripple-step: NAME' marks where the step NAME begins; without markers, pauses in the timestamps split the steps. SCENARIO is a .ripple file, one that names the app with 'source \"…\"' and adds the steps performed, or the app's Swift source. Per step and view type it prints the evaluations logged and predicted and a grade: confirmed, extra in the app, extra in Ripple, not recorded (the type is in no line of the log), not in the scenario. Exit status 1 when any row disagrees or the log has an error at LOG:line:column (docs/RealityCheck.md)."),
        CommandSpec(name: "render", summary: "Render dependency graphs and reports (SVG, DOT, HTML, JSON) for scenarios.",
                    positionals: "FILE|DIR...", minimumPositionals: 1, maximumPositionals: nil,
                    options: [OptionSpec(name: "output", short: "o", value: "DIR", help: "Output folder (default: Output)."),
                              OptionSpec(name: "format", value: "svg,dot,html,json", help: "Formats to write (default: all)."),
                              OptionSpec(name: "engine", value: "NAME", help: "graphviz layout engine (default: dot).")],
                    discussion: "Writes DIR/<scenario>/ per scenario and DIR/index.html, the gallery. Files are written atomically."),
        CommandSpec(name: "completion", summary: "Print a shell completion script for bash, zsh or fish.",
                    positionals: "bash|zsh|fish", minimumPositionals: 1, maximumPositionals: 1, options: [],
                    discussion: "bash: 'source <(ripple completion bash)' in ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/ripple. zsh: save it as _ripple in a folder on $fpath. fish: save it as ~/.config/fish/completions/ripple.fish. 'make install' installs all three under PREFIX/share (docs/Install.md)."),
    ]

    static var overview: String {
        var text = """
        OVERVIEW: Ripple simulates SwiftUI view invalidation: which bodies re-evaluate after a write, which of
        those were wasted, which views were left stale, and why.

        USAGE: ripple [<command>] [<options>]

        With no command, renders the bundled Scenarios/ into Output/.

        COMMANDS:

        """
        let width = commands.map(\.name.count).max()! + 4
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary + "\n"
        }
        text += "  help" + String(repeating: " ", count: width - 4) + "Show help for a command.\n"
        text += "\nOPTIONS:\n  --version" + String(repeating: " ", count: width - 7) + "Show the version.\n  -h, --help" + String(repeating: " ", count: width - 8) + "Show this help.\n"
        text += "\n  See 'ripple help <command>' for details.\n"
        return text
    }

    /// The guard against workflow commands that standard output needs for `arguments`, read by the same
    /// parser as the run: `ripple audit --format github` writes commands; JSON and SARIF are escaped as
    /// JSON; everything else as text.
    static func workflowCommandGuard(forStandardOutputOf arguments: [String]) -> WorkflowCommandGuard {
        guard let command = commands.first(where: { $0.name == arguments.first }),
              let parsed = try? command.parse(Array(arguments.dropFirst())) else { return WorkflowCommandGuard() }
        return switch parsed.values["format"] {
        case "github" where command.name == "audit": WorkflowCommandGuard(allowsCommands: true)
        case "json", "sarif": WorkflowCommandGuard(escape: .json)
        default: WorkflowCommandGuard()
        }
    }

    static func run(_ arguments: [String], stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        guard let first = arguments.first else {
            return Gallery.renderBundled(stdout: &stdout, stderr: &stderr)
        }
        switch first {
        case "--version":
            stdout.write("ripple \(version)\n")
            return Status.success
        case "-h", "--help":
            stdout.write(overview)
            return Status.success
        case "help":
            guard arguments.count > 1 else { stdout.write(overview); return Status.success }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                stderr.write("error: unknown command '\(arguments[1])'\n\n" + overview)
                return Status.usage
            }
            stdout.write(command.help)
            return Status.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let message = first.hasPrefix("-") ? "unknown option '\(first)'"
                : "unknown command '\(first)'\(Suggestion.didYouMean(first, in: commands.map(\.name)))"
            stderr.write("error: \(message)\n\n" + overview)
            return Status.usage
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try command.parse(Array(arguments.dropFirst()))
        } catch {
            stderr.write("error: \(TerminalText.oneLine(error.message))\nUSAGE: \(command.usage)\n  See 'ripple help \(command.name)'.\n")
            return Status.usage
        }
        if parsed.wantsHelp {
            stdout.write(command.help)
            return Status.success
        }
        do throws(UsageError) {
            switch command.name {
            case "parse": return try ParseCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            case "run": return try RunCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            case "check": return try CheckCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            case "audit": return try AuditCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            case "compare": return try CompareCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            case "completion": return try CompletionCommand.run(parsed, stdout: &stdout)
            default: return try RenderCommand.run(parsed, stdout: &stdout, stderr: &stderr)
            }
        } catch {
            stderr.write((error.printed ?? "error: \(TerminalText.oneLine(error.message))\n") + "USAGE: \(command.usage)\n")
            return Status.usage
        }
    }
}
