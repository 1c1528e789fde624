import Foundation
import Testing
@testable import RippleCLI

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The commands docs/Tutorial.md and docs/CI.md show, run with the built binary in a folder laid out as
/// the page says, in the page's order:
///
/// - a ```swift block after a paragraph that says to save it as `PATH` is written to PATH; a paragraph
///   that says to delete `PATH` deletes it;
/// - in a ```sh block, each line that starts with `ripple ` is run and must exit 0 (`make` lines build
///   Ripple itself and are left to `make test`);
/// - a ```text block whose first line starts with `$ ` is a command and what it prints: the command is
///   run with bash and its standard output compared line for line (standard error too where the
///   command says `2>&1`).
///
/// `RIPPLE_RECORD_DOCS=1` writes what the commands print into the pages instead.
enum DocCommands {
    enum Piece {
        case save(path: String, text: String)
        case delete(path: String)
        case run(command: String, line: Int)
        case shown(command: String, output: [String], lines: ClosedRange<Int>)
    }

    /// The pieces of `document`, in order; `lines` are 0-based line indexes of the text block's output.
    static func pieces(of document: String) throws -> [Piece] {
        let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var pieces: [Piece] = []
        var index = 0
        var paragraph = "", previous = ""
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else {
                if line.isEmpty {
                    if !paragraph.isEmpty { previous = paragraph }
                    paragraph = ""
                } else {
                    paragraph += " " + line
                }
                if let path = quoted(after: "Delete `", in: line) { pieces.append(.delete(path: path)) }
                index += 1
                continue
            }
            let kind = String(line.dropFirst(3))
            let start = index + 1
            var end = start
            while end < lines.count, lines[end] != "```" { end += 1 }
            let body = Array(lines[start..<end])
            switch kind {
            case "swift":
                if let path = quoted(after: " as `", in: paragraph.isEmpty ? previous : paragraph) { pieces.append(.save(path: path, text: body.joined(separator: "\n") + "\n")) }
            case "sh":
                for (offset, command) in body.enumerated() where command.hasPrefix("ripple ") {
                    pieces.append(.run(command: command.components(separatedBy: "  #").first!.trimmingCharacters(in: .whitespaces), line: start + offset + 1))
                }
            case "text" where body.first?.hasPrefix("$ ") == true:
                pieces.append(.shown(command: String(body[0].dropFirst(2)), output: Array(body.dropFirst()), lines: (start + 1)...max(start + 1, end - 1)))
            default:
                break
            }
            paragraph = ""
            previous = ""
            index = end + 1
        }
        return pieces
    }

    /// The last backticked path after `marker` in `text`.
    static func quoted(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker, options: .backwards) else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.firstIndex(of: "`") else { return nil }
        return String(rest[..<end])
    }

    /// Runs `command` with bash in `folder`, the built `ripple` first on the PATH.
    static func run(_ command: String, in folder: URL, environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", command]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = repository.appendingPathComponent(".build/debug").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Follows `document` in `folder`; returns the differences, and records the outputs when asked.
    static func follow(_ document: String, in folder: URL) throws -> [String] {
        var problems: [String] = []
        var recorded: [(lines: ClosedRange<Int>, output: [String])] = []
        for piece in try pieces(of: document) {
            switch piece {
            case .save(let path, let text):
                let file = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            case .delete(let path):
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(path))
            case .run(let command, let line):
                let result = try run(command, in: folder)
                if result.status != 0 { problems.append("\(document):\(line): '\(command)' exited \(result.status)") }
            case .shown(let command, let output, let lines):
                let result = try run(command, in: folder)
                var actual = result.output.components(separatedBy: "\n")
                if actual.last == "" { actual.removeLast() }
                if actual != output {
                    let first = zip(actual, output).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(actual.count, output.count)
                    problems.append("\(document):\(lines.lowerBound + 1 + first): '\(command)' printed\n\(actual.dropFirst(first).prefix(3).joined(separator: "\n"))\n"
                                    + "where the page shows\n\(output.dropFirst(first).prefix(3).joined(separator: "\n"))")
                }
                recorded.append((lines, actual))
            }
        }
        if ProcessInfo.processInfo.environment["RIPPLE_RECORD_DOCS"] != nil {
            let url = repository.appendingPathComponent(document)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (range, output) in recorded.reversed() {
                // An empty output block is a `$` line alone: the range starts at the closing fence.
                if lines[range.lowerBound] == "```" { lines.insert(contentsOf: output, at: range.lowerBound) } else { lines.replaceSubrange(range, with: output) }
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        return problems
    }

    /// A copy of the repository's `path` at `destination` inside `folder`.
    static func copy(_ path: String, to destination: String, in folder: URL) throws {
        let target = folder.appendingPathComponent(destination)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent(path), to: target)
    }

    static var binaryIsBuilt: Bool { FileManager.default.isExecutableFile(atPath: repository.appendingPathComponent(".build/debug/ripple").path) }
}

@Suite struct TutorialTests {
    /// The tutorial, followed in a folder that stands for the user's repository: the task manager as its
    /// `Sources/`.
    @Test func everyCommandOfTheTutorialPrintsWhatItShows() throws {
        try #require(DocCommands.binaryIsBuilt, "build the ripple product first (swift build)")
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DocCommands.copy("Scenarios/apps/task-manager", to: "Sources", in: folder)
        let pieces = try DocCommands.pieces(of: "docs/Tutorial.md")
        #expect(pieces.count { if case .shown = $0 { true } else { false } } >= 4, "the tutorial shows what its commands print")
        #expect(pieces.contains { if case .save("Ripple/tasks.ripple", _) = $0 { true } else { false } })
        #expect(try DocCommands.follow("docs/Tutorial.md", in: folder) == [])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Ripple/strict.ripple").path), "the page deletes it again")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ripple-check.xml").path))
    }

    /// The tutorial names the toolchain, audits `Sources` first, keeps scenarios in a folder of their
    /// own, takes its workflow from CI.md, and shows no `--verbose` trace under a plain `ripple run`.
    @Test func theTutorialSaysWhatANewcomerNeeds() throws {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/Tutorial.md"), encoding: .utf8)
        #expect(text.contains("Swift 6 toolchain"))
        #expect(text.contains("ripple audit Sources"))
        #expect(text.contains("Keep scenarios in a folder of their own in your\nrepository, here `Ripple/`"))
        #expect(text.contains("[CI.md](CI.md)"))
        #expect(!text.contains("```yaml"), "the workflow is CI.md's, not a copy")
        // A `--verbose` trace (`: wasted — `) is never shown under a plain `ripple run`.
        for case .shown(let command, let output, _) in try DocCommands.pieces(of: "docs/Tutorial.md") where !command.contains("--verbose") && command.hasPrefix("ripple run") {
            #expect(!output.contains { $0.contains(": wasted — ") || $0.contains(": needed — ") })
        }
    }

    /// The harness finds a difference: a page whose output is wrong fails.
    @Test func aWrongOutputIsFound() throws {
        try #require(DocCommands.binaryIsBuilt)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try DocCommands.run("ripple --version", in: folder)
        #expect(result.status == 0 && result.output == "ripple \(CommandLine.version)\n")
        #expect(try DocCommands.run("ripple audit no/such/folder", in: folder).status == 64)
    }
}

@Suite struct CIDocTests {
    /// The YAML blocks of docs/CI.md, as JSON objects, read by PyYAML.
    static func workflows() throws -> [[String: Any]] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        let blocks = text.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("blocks.json")
        try JSONSerialization.data(withJSONObject: Array(blocks)).write(to: input)
        // YAML 1.1 reads the key `on` as true: it is named back.
        let script = "import json, sys, yaml\nblocks = json.load(open(sys.argv[1]))\n"
            + "docs = [yaml.safe_load(b) for b in blocks]\n"
            + "print(json.dumps([{('on' if k is True else k): v for k, v in d.items()} for d in docs]))"
        let result = try DocCommands.run("python3 -c \"$SCRIPT\" \"$INPUT\"", in: folder, environment: ["SCRIPT": script, "INPUT": input.path])
        try #require(result.status == 0, "python3 with PyYAML (make test installs it) could not read the blocks")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    }

    /// The steps of the workflow's job `job`.
    static func steps(_ workflow: [String: Any], job: String = "audit") -> [[String: Any]] {
        Self.job(workflow, job)["steps"] as? [[String: Any]] ?? []
    }

    static func job(_ workflow: [String: Any], _ name: String) -> [String: Any] {
        (workflow["jobs"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    @Test func eachWorkflowParsesWithATriggerAndACheckout() throws {
        let workflows = try Self.workflows()
        #expect(workflows.count == 2)
        for workflow in workflows {
            let on = try #require(workflow["on"] as? [String: Any], "\(workflow["name"] ?? "")")
            #expect(on.keys.contains("pull_request") && on.keys.contains("push"))
            let steps = Self.steps(workflow)
            #expect(steps.contains { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true })
            #expect(steps.contains { ($0["run"] as? String)?.contains("ripple audit") == true })
        }
        let linux = workflows[0], mac = workflows[1]
        #expect(Self.job(linux, "audit")["container"] as? String == "swift:6.2")
        #expect(Self.steps(linux).contains { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        #expect(Self.steps(linux).contains { ($0["run"] as? String)?.contains("--baseline") == true || ($0["run"] as? String)?.contains("BASELINE=") == true })
        #expect(Self.steps(linux).contains { ($0["run"] as? String)?.contains("make -C .ripple install") == true })
        #expect(Self.steps(mac).contains { ($0["run"] as? String)?.contains("brew install graphviz") == true })
    }

    /// Each workflow grants `contents: read` and nothing more, but to the one job that uploads SARIF,
    /// which alone may write security events; nothing may comment on a pull request unless a step does.
    @Test func eachWorkflowGrantsOnlyThePermissionsItNeeds() throws {
        let workflows = try Self.workflows()
        for workflow in workflows {
            let name = workflow["name"] as? String ?? ""
            #expect(workflow["permissions"] as? [String: String] == ["contents": "read"], "\(name)")
            for (jobName, value) in workflow["jobs"] as? [String: Any] ?? [:] {
                let job = value as? [String: Any] ?? [:]
                let steps = job["steps"] as? [[String: Any]] ?? []
                let uploads = steps.contains { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true }
                let permissions = job["permissions"] as? [String: String]
                if uploads {
                    #expect(permissions == ["contents": "read", "actions": "read", "security-events": "write"], "\(name) \(jobName)")
                    // It runs none of the app's code and builds nothing.
                    #expect(!steps.contains { $0["run"] as? String != nil && !($0["run"] as! String).hasPrefix("echo ") }, "\(name) \(jobName)")
                } else {
                    #expect(permissions == nil || permissions == ["contents": "read"], "\(name) \(jobName)")
                }
                let comments = steps.contains { step in [step["run"], step["uses"]].contains { ($0 as? String)?.contains("comment") == true } }
                if !comments { #expect(permissions?["pull-requests"] == nil, "\(name) \(jobName)") }
            }
        }
        // The upload job gets the SARIF from the audit job.
        let linux = workflows[0]
        let upload = Self.job(linux, "code-scanning")
        #expect(upload["needs"] as? String == "audit")
        #expect(Self.steps(linux).contains { step in
            (step["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true && (step["with"] as? [String: Any])?["path"] as? String == "ripple.sarif"
        })
    }

    /// A fork's read-only token cannot upload SARIF: each step of the upload is skipped there, and a step
    /// says so in the log.
    @Test func theSARIFUploadIsSkippedOnForksWithALine() throws {
        let linux = try Self.workflows()[0]
        let steps = Self.steps(linux, job: "code-scanning")
        let sameRepository = "github.event.pull_request.head.repo.full_name == github.repository"
        let upload = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        #expect((upload["if"] as? String)?.contains(sameRepository) == true)
        for step in steps where step["uses"] != nil { #expect((step["if"] as? String)?.contains(sameRepository) == true, "\(step)") }
        let said = try #require(steps.first { ($0["if"] as? String)?.contains("head.repo.full_name != github.repository") == true })
        #expect((said["run"] as? String)?.hasPrefix("echo \"ripple - a pull request from a fork gets a read-only token, so the SARIF is not uploaded") == true)
        #expect(steps.first.map { $0["run"] != nil } == true, "the line comes first")
    }

    /// Ripple is installed once per version: the installed tree is restored under a key that holds the
    /// commit of Ripple checked out, built only when it was not, and saved at once under the same key.
    @Test func ripplesInstallIsCachedByItsVersion() throws {
        for workflow in try Self.workflows() {
            let name = workflow["name"] as? String ?? ""
            let steps = Self.steps(workflow)
            let checkout = try #require(steps.first { ($0["with"] as? [String: Any])?["repository"] as? String == "${{ env.RIPPLE_REPOSITORY }}" }, "\(name)")
            let id = try #require(checkout["id"] as? String)
            #expect((checkout["with"] as? [String: Any])?["ref"] as? String == "${{ env.RIPPLE_REF }}")
            let restore = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache/restore@") == true }, "\(name)")
            let restored = try #require(restore["with"] as? [String: Any])
            #expect((restored["key"] as? String)?.contains("${{ steps.\(id).outputs.commit }}") == true, "\(name)")
            #expect(restored["path"] as? String == "~/.ripple-install")
            let state = try #require(restore["id"] as? String)
            let miss = "steps.\(state).outputs.cache-hit != 'true'"
            let build = try #require(steps.first { ($0["run"] as? String)?.contains("make -C .ripple install") == true })
            #expect(build["if"] as? String == miss && (build["run"] as? String)?.contains("PREFIX=\"$HOME/.ripple-install\"") == true, "\(name)")
            let save = try #require(steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache/save@") == true }, "\(name)")
            #expect(save["if"] as? String == miss)
            #expect((save["with"] as? [String: Any])?["key"] as? String == "${{ steps.\(state).outputs.cache-primary-key }}")
            #expect((save["with"] as? [String: Any])?["path"] as? String == "~/.ripple-install")
            // In order: checkout, restore, build, save, and the audit after them.
            let order = [checkout, restore, build, save].map { step in steps.firstIndex { NSDictionary(dictionary: $0).isEqual(to: step) } ?? -1 }
            #expect(order == order.sorted() && !order.contains(-1), "\(name)")
            let audit = steps.firstIndex { ($0["run"] as? String)?.contains("ripple audit") == true } ?? -1
            #expect(audit > order.last ?? .max, "\(name)")
            #expect(steps.contains { ($0["run"] as? String) == "echo \"$HOME/.ripple-install/bin\" >> \"$GITHUB_PATH\"" }, "\(name)")
        }
    }

    /// The workflows' audit steps, run as a pull request would run them, on the task manager as `APP`
    /// (its base the same code); the steps that install (`make`, `apt-get`, `brew`) are `make test`'s.
    @Test func theWorkflowsAuditStepsRun() throws {
        try #require(DocCommands.binaryIsBuilt)
        for (number, workflow) in try Self.workflows().enumerated() {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            try DocCommands.copy("Scenarios/apps/task-manager", to: "Sources", in: folder)
            try DocCommands.copy("Scenarios/apps/task-manager", to: "base/Sources", in: folder)
            let githubEnv = folder.appendingPathComponent("github-env"), githubPath = folder.appendingPathComponent("github-path")
            try "".write(to: githubEnv, atomically: true, encoding: .utf8)
            var environment = ["HOME": folder.path, "GITHUB_ENV": githubEnv.path, "GITHUB_PATH": githubPath.path]
            for (key, value) in workflow["env"] as? [String: String] ?? [:] { environment[key] = value }
            var ran = 0
            for step in Self.steps(workflow) {
                guard let run = step["run"] as? String, !["make ", "apt-get", "brew "].contains(where: run.contains) else { continue }
                if let condition = step["if"] as? String, condition.contains("hashFiles('Ripple/*.ripple')"),
                   !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Ripple").path) { continue }
                let result = try DocCommands.run(run, in: folder, environment: environment)
                #expect(result.status == 0, "workflow \(number + 1), step '\(step["name"] ?? run)' exited \(result.status)")
                for line in try String(contentsOf: githubEnv, encoding: .utf8).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { environment[String(parts[0])] = String(parts[1]) }
                }
                ran += 1
            }
            #expect(ran >= 3)
            // `ripple` is the built one on the PATH; the workflow puts its install there.
            #expect(try String(contentsOf: githubPath, encoding: .utf8) == folder.path + "/.ripple-install/bin\n")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ripple-report/index.html").path))
            if number == 0 {
                #expect(environment["BASELINE"] == "--baseline baseline.json")
                let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("ripple.sarif"))) as? [String: Any]
                #expect(sarif?["version"] as? String == "2.1.0")
                #expect((try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("ripple-audit.json"))) as? [String: Any])?["schemaVersion"] as? Int == 2)
            }
        }
    }

    @Test func everyCommandOfTheCIPagePrintsWhatItShows() throws {
        try #require(DocCommands.binaryIsBuilt)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try DocCommands.copy("Scenarios/apps/task-manager", to: "Scenarios/apps/task-manager", in: folder)
        try DocCommands.copy("Tests/Fixtures/Swift/Baseline", to: "Tests/Fixtures/Swift/Baseline", in: folder)
        #expect(try DocCommands.pieces(of: "docs/CI.md").count >= 4)
        #expect(try DocCommands.follow("docs/CI.md", in: folder) == [])
    }
}
