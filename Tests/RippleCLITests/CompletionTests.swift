import Foundation
import Testing
@testable import RippleCLI

/// `ripple completion bash|zsh|fish`: every command and option in each script, each script valid for its
/// shell, and what bash and fish offer at a few points of a command line.
@Suite struct CompletionTests {
    /// How each shell's script spells an option: bash and zsh the flag itself, fish `-l name` / `-s x`.
    static func spellings(of option: OptionSpec, in shell: Completions.Shell) -> [String] {
        switch shell {
        case .bash, .zsh: ["--" + option.name] + (option.short.map { ["-" + $0] } ?? [])
        case .fish: ["-l " + option.name] + (option.short.map { ["-s " + $0] } ?? [])
        }
    }

    /// Whether `word` stands in `text` as a whole word: not as the start of a longer name (`--max` in `--max-wasted`).
    static func names(_ text: String, _ word: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
            let partOfName = { (character: Character) in character.isLetter || character.isNumber || character == "-" || character == "_" }
            if !partOfName(after) && (word.hasPrefix("-") || !partOfName(before)) { return true }
            rest = text[range.upperBound...]
        }
        return false
    }

    @Test(arguments: Completions.Shell.allCases)
    func namesEveryCommandAndOption(_ shell: Completions.Shell) {
        let result = ripple("completion", shell.rawValue)
        #expect(result.status == 0 && result.stderr.isEmpty)
        for command in CommandLine.commands {
            #expect(Self.names(result.stdout, command.name), "\(shell) completion lacks the command '\(command.name)'")
            for option in command.options {
                for spelling in Self.spellings(of: option, in: shell) {
                    #expect(Self.names(result.stdout, spelling), "\(shell) completion lacks '\(spelling)' of '\(command.name)'")
                }
            }
        }
        #expect(Self.names(result.stdout, "help") && Self.names(result.stdout, shell == .fish ? "-l version" : "--version"))
    }

    @Test func unknownShellIsAUsageError() {
        let result = ripple("completion", "bsh")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: unknown shell 'bsh'; did you mean 'bash'?"))
        #expect(ripple("completion").status == 64)
        #expect(ripple("completion", "bash", "zsh").status == 64)
    }

    @Test(arguments: [
        ("FILE...", Completions.Value.file), ("FILE|DIR...", .file), ("DIR", .directory), ("FILE", .file),
        ("text|json|html", .choices(["text", "json", "html"])), ("swift5.9|swift6.2", .choices(["swift5.9", "swift6.2"])),
        ("svg,dot,html,json", .list(["svg", "dot", "html", "json"])), ("bash|zsh|fish", .choices(["bash", "zsh", "fish"])),
        ("A,B", .text), ("NAME", .text), ("N", .text), ("VIEW", .text), ("LOG SCENARIO", .file), ("SECONDS", .text),
    ])
    func placeholdersSayWhatAValueIs(_ placeholder: String, _ value: Completions.Value) {
        #expect(Completions.Value(placeholder: placeholder) == value)
    }

    // MARK: - The shells themselves

    static let shellFolders = ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]

    static func shellInstalled(_ shell: String) -> Bool {
        shellFolders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + shell) }
    }

    /// Runs `shell arguments…` in `folder`, away from the user's own shell set-up; nil when the shell is not installed.
    static func runShell(_ shell: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String)? {
        guard let path = shellFolders.map({ $0 + "/" + shell }).first(where: FileManager.default.isExecutableFile(atPath:)) else { return nil }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path]
        let result = try runProgram(URL(fileURLWithPath: path), arguments, in: folder, environment: environment)
        return (result.status, result.stdout + result.stderr)
    }

    /// A folder with the completion script for `shell` in it, and a scenario and a subfolder to complete.
    static func folder(with shell: Completions.Shell) throws -> (folder: URL, script: URL) {
        let folder = try temporaryFolder()
        let script = folder.appendingPathComponent("ripple.\(shell.rawValue)")
        try ripple("completion", shell.rawValue).stdout.write(to: script, atomically: true, encoding: .utf8)
        try "".write(to: folder.appendingPathComponent("rows.ripple"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: false)
        return (folder, script)
    }

    /// `shell -n` on the script: it parses. `make test` installs zsh and fish where apt-get can.
    static func checkSyntax(_ shell: Completions.Shell) throws {
        let (folder, script) = try folder(with: shell)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try #require(try runShell(shell.rawValue, ["-n", script.path], in: folder), "\(shell) is not installed")
        #expect(result.status == 0, "\(shell) -n: \(result.output)")
    }

    @Test func bashScriptParses() throws { try Self.checkSyntax(.bash) }
    @Test(.enabled(if: shellInstalled("zsh"), "zsh is not installed")) func zshScriptParses() throws { try Self.checkSyntax(.zsh) }
    @Test(.enabled(if: shellInstalled("fish"), "fish is not installed")) func fishScriptParses() throws { try Self.checkSyntax(.fish) }

    /// What bash's completion function offers for each command line (the last word is being completed).
    @Test(arguments: [
        ("ripple au", "audit"), ("ripple audit x --max-", "--max-wasted --max-stale --max-memory"), ("ripple run x --format ''", "text json"),
        ("ripple render x --format svg,d", "svg,dot"), ("ripple completion ''", "bash zsh fish"), ("ripple help re", "render"),
        ("ripple audit -o ''", "reports"), ("ripple check ro", "rows.ripple"), ("ripple audit -j ''", ""), ("ripple run x --verbose --s", "--semantics"),
    ])
    func bashOffers(_ line: String, _ expected: String) throws {
        let (folder, script) = try Self.folder(with: .bash)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = """
            source \(script.path)
            COMP_WORDS=(\(line)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _ripple; echo "${COMPREPLY[*]}"
            """
        let result = try #require(try Self.runShell("bash", ["-c", program], in: folder))
        #expect(result.status == 0)
        #expect(result.output == expected + "\n")
    }

    /// What fish offers (`complete -C`), by name, for each command line.
    @Test(.enabled(if: shellInstalled("fish"), "fish is not installed"), arguments: [
        ("ripple au", ["audit"]), ("ripple audit x --max-", ["--max-memory", "--max-stale", "--max-wasted"]), ("ripple run x --format ", ["json", "text"]),
        ("ripple completion ", ["bash", "fish", "zsh"]), ("ripple help re", ["render"]), ("ripple check ro", ["rows.ripple"]),
        ("ripple audit -j ", []),
    ])
    func fishOffers(_ line: String, _ expected: [String]) throws {
        let (folder, script) = try Self.folder(with: .fish)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try #require(try Self.runShell("fish", ["--no-config", "-c", "source \(script.path); complete -C '\(line)'"], in: folder))
        #expect(result.status == 0)
        let offered = result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(offered.sorted() == expected.sorted())
    }
}
