import Foundation
import Testing
@testable import RippleCLI
@testable import RippleCore
@testable import RippleRender
import RippleSwift

/// Collects what a command writes; a class, so the copies `run` makes all write here.
final class Capture: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
}

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs `ripple` in-process with the repository as the working folder.
func ripple(_ arguments: String...) -> (status: Int32, stdout: String, stderr: String) { ripple(arguments) }

func ripple(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
    let out = Capture()
    let err = Capture()
    let previous = FileManager.default.currentDirectoryPath
    // Commands read paths relative to the repository; a test run elsewhere would read other files.
    precondition(FileManager.default.changeCurrentDirectoryPath(repository.path), "cannot enter \(repository.path)")
    defer { precondition(FileManager.default.changeCurrentDirectoryPath(previous), "cannot return to \(previous)") }
    let status = run(arguments: arguments, stdout: out, stderr: err)
    return (status, out.text, err.text)
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

@Suite(.serialized) struct CLITests {
    @Test func versionAndHelp() {
        #expect(ripple("--version") == (0, "ripple \(CommandLine.version)\n", ""))
        let help = ripple("--help")
        #expect(help.status == 0 && help.stdout.contains("COMMANDS:") && help.stdout.contains("render"))
        for command in ["parse", "run", "check", "render"] {
            let viaHelp = ripple("help", command)
            let viaFlag = ripple(command, "--help")
            #expect(viaHelp.status == 0 && viaHelp.stdout == viaFlag.stdout && viaHelp.stdout.contains("USAGE: ripple \(command)"))
        }
    }

    @Test(arguments: [
        ["frobnicate"], ["--frobnicate"], ["run"], ["run", "a", "b"], ["run", "Scenarios/list-rows.ripple", "--format", "yaml"],
        ["run", "Scenarios/list-rows.ripple", "--semantics", "swift7"], ["check", "--junit"], ["help", "nothing"],
        ["parse", "--no-such-option", "x"], ["run", "no/such/file.ripple"], ["render", "Scenarios", "-o", "Scenarios"],
    ])
    func usageErrorsExit64(_ arguments: [String]) {
        let result = ripple(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("USAGE") || result.stderr.contains("ripple"))
    }

    @Test func parsePrintsTheModelWithKeys() {
        let result = ripple("parse", "Scenarios/list-rows.ripple")
        #expect(result.status == 0)
        #expect(result.stdout.contains("variant \"broad\" (swift6.2)") && result.stdout.contains("variant \"narrow\" (swift6.2)"))
        #expect(result.stdout.contains("key RootView.state.users (Observation, via currentUser)"))
    }

    @Test func runPrintsPrintChangesLinesCausesAndTheTable() {
        let result = ripple("run", "Scenarios/list-rows.ripple")
        #expect(result.status == 0)
        #expect(result.stdout.contains("RootView: @dependencies changed."))
        #expect(result.stdout.contains("UserRow: @self changed."))
        #expect(result.stdout.contains(#"RootView  wasted  RootView.state.users via currentUser "Brian" → "Bea"; nothing it reads changed"#))
        #expect(ripple("run", "--verbose", "Scenarios/list-rows.ripple").stdout.contains("RootView: wasted — depends on RootView.state.users via currentUser"))
        #expect(result.stdout.contains("rename Brian                5       4      0             3       1      0"))
        let older = ripple("run", "Scenarios/list-rows.ripple", "--semantics", "swift5.9", "--variant", "narrow")
        #expect(older.stdout.contains("(swift5.9)") && !older.stdout.contains("broad:"))
    }

    @Test func runJSONIsDeterministicAndDecodes() throws {
        let first = ripple("run", "Scenarios/list-rows.ripple", "--format", "json")
        let second = ripple("run", "Scenarios/list-rows.ripple", "--format", "json")
        #expect(first.status == 0 && first.stdout == second.stdout)
        let trace = try TraceJSON.decode(first.stdout)
        #expect(trace.version == ScenarioTrace.currentVersion)
        #expect(trace.variants.map(\.name) == ["broad", "narrow"])
    }

    @Test func badScenarioPrintsDiagnosticsAndExits1() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.ripple")
        try "scenario \"x\"\nstruct Root: View { var body: some View { Txt(\"a\") } }\n".write(to: file, atomically: true, encoding: .utf8)
        let result = ripple("run", file.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.ripple:2:43: error: unknown view 'Txt'; did you mean 'Text'?"))
        #expect(result.stderr.contains("\n  | struct Root: View { var body: some View { Txt(\"a\") } }\n  |                                           ^\n"))
    }

    /// Files with thousands of errors of one kind, each from another stage: the parser, the declarations,
    /// the resolver, the expectations' names.
    static let floods: [(name: String, errors: Int, text: String)] = {
        let model = "scenario \"t\"\n@Observable final class Model {\n    var n: Int = 0\n}\nlet model = Model()\n"
            + "struct Root: View {\n    var body: some View { Text(\"\\(model.n)\") }\n}\n"
        return [
            ("syntax", 500, "scenario \"t\"\n" + String(repeating: "let = 1\n", count: 500)),
            ("types", 3000, model + "struct Big {\n" + (0..<3000).map { "    var f\($0): Nope\($0)\n" }.joined() + "}\n"),
            ("steps", 3000, model + (0...3000).map { "step \"s\" { model.n = \($0) }\n" }.joined()),
            ("names", 20000, model + "step \"s\" { model.n = 1 }\nexpect \"s\" {\n    evaluates "
                + (0..<20000).map { "Missing\($0)" }.joined(separator: ", ") + "\n}\n"),
        ]
    }()

    /// A file prints its first 100 errors, then how many more it has, then the count: printed whole, the
    /// errors of 2 MB of duplicate steps would flood the terminal, and 20,000 unknown names on one line
    /// would take 42 s.
    @Test(arguments: floods.map(\.name))
    func errorFloodsPrintTheFirstHundred(_ name: String) throws {
        let flood = try #require(Self.floods.first { $0.name == name })
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(name).ripple")
        try flood.text.write(to: file, atomically: true, encoding: .utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let result = ripple("parse", file.path)
        #expect(clock.now - start < .seconds(5))
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: ") }.count == 100)
        #expect(lines.suffix(2) == ["… and \(flood.errors - 100) more errors", "\(flood.errors) errors in \(file.path)"])
    }

    /// Each index once, each on a thread with the 8 MB stack the limits are measured against (the
    /// system's worker threads have 512 KB on macOS).
    @Test func parallelWorkRunsEveryIndexOnALargeStack() {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var indices: [Int] = []
            var smallestStack = Int.max
        }
        let seen = Seen()
        ParallelWork.perform(iterations: 50) { index in
            let stack = Thread.current.stackSize
            seen.lock.lock()
            seen.indices.append(index)
            seen.smallestStack = min(seen.smallestStack, stack)
            seen.lock.unlock()
        }
        #expect(seen.indices.sorted() == Array(0..<50))
        #expect(seen.smallestStack >= 8 << 20)
    }

    @Test func checkPassesTheGalleryAndWritesJUnit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = folder.appendingPathComponent("report.xml")
        let result = ripple("check", "Scenarios", "--junit", junit.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0 failed, 0 unchecked, 0 with errors"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"ripple check\"") && xml.contains("failures=\"0\""))
    }

    @Test func checkReportsAMismatchAsADiffAndUncheckedFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        let widened = source.replacingOccurrences(of: "    evaluates RootView, UserList, UserRow[2]\n    wasted RootView", with: "    evaluates RootView, UserList\n    wasted RootView")
        try widened.write(to: folder.appendingPathComponent("a.ripple"), atomically: true, encoding: .utf8)
        try "scenario \"plain\"\nstruct Root: View { var body: some View { Text(\"a\") } }\n".write(to: folder.appendingPathComponent("b.ripple"), atomically: true, encoding: .utf8)
        // Outside the scenarios folder: a report inside a folder given as input is refused.
        let reports = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: reports) }
        let junit = reports.appendingPathComponent("r.xml")
        let result = ripple("check", folder.path, "--junit", junit.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a.ripple:83:1: error: expectation for step 'rename Brian' failed in variant 'narrow' (swift6.2)"))
        #expect(result.stderr.contains("+ RootView/UserList/UserRow[2]   needed — input 'name' (user.name) changed from RootView/UserList"))
        #expect(result.stdout.contains("unchecked \(folder.path)/b.ripple: no expectations"))
        #expect(result.stdout.contains("0 passed, 1 failed, 1 unchecked, 0 with errors"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<failure"))
    }

    @Test func renderWritesEveryFileAndNeverTouchesTheScenarios() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        let file = scenarios.appendingPathComponent("list-rows.ripple")
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Scenarios/list-rows.ripple"), to: file)
        let before = try Data(contentsOf: file)
        let output = folder.appendingPathComponent("out")
        let result = ripple("render", scenarios.path, "-o", output.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: file) == before)
        let written = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("list-rows").path)
        for name in ["index.html", "broad.svg", "broad.dot", "narrow.svg", "narrow.dot", "broad-rename-brian.svg", "narrow-same-title-again.svg", "trace.txt", "trace.json"] {
            #expect(written.contains(name), "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).allSatisfy { !$0.hasPrefix(".ripple-staging") })
        // Into the scenarios folder itself: refused.
        let refused = ripple("render", scenarios.path, "-o", scenarios.path)
        #expect(refused.status == 64 && refused.stderr.contains("refusing to write into"))
    }

    @Test func renderRefusesToReplaceAFolderItDidNotWrite() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let foreign = folder.appendingPathComponent("list-rows")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try "mine".write(to: foreign.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", folder.path)
        #expect(result.status == 1)
        #expect(try String(contentsOf: foreign.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }

    @Test func runOnAFolderRunsEachScenarioAndSumsThemUp() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["list-rows", "app-storage"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent("Scenarios/\(name).ripple"),
                                             to: folder.appendingPathComponent("\(name).ripple"))
        }
        let text = ripple("run", folder.path)
        #expect(text.status == 0)
        #expect(text.stdout.components(separatedBy: "\nscenario \"").count == 2, "two traces, the second after a blank line")
        // The stale views the app-storage broad variant leaves are in the summary, not hidden by it.
        #expect(text.stdout.contains("\(folder.path)/app-storage.ripple broad: 0 evaluations, 0 wasted, 4 stale\n"))
        #expect(text.stdout.contains("\(folder.path)/list-rows.ripple broad: 7 evaluations, 4 wasted, 0 stale\n"))
        let json = ripple("run", folder.path, "--format", "json")
        #expect(json.status == 0)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.compactMap { $0["title"] as? String }.count == 2)
    }

    @Test(arguments: [
        (["run", "Scenarios/list-rows.ripple", "--varient", "broad"], "error: unknown option '--varient'; did you mean '--variant'?"),
        (["render", "Scenarios/list-rows.ripple", "--engin", "dot"], "error: unknown option '--engin'; did you mean '--engine'?"),
        (["chek", "Scenarios/list-rows.ripple"], "error: unknown command 'chek'; did you mean 'check'?"),
        // Nothing near enough: no guess.
        (["run", "Scenarios/list-rows.ripple", "--zzzzzz"], "error: unknown option '--zzzzzz'\n"),
    ])
    func aMisspelledOptionOrCommandGetsASuggestion(arguments: [String], message: String) {
        let result = ripple(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }

    @Test func aBadLayoutEngineExits1WithAClearError() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("render", "Scenarios/list-rows.ripple", "-o", folder.path, "--engine", "nonsense")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Scenarios/list-rows.ripple:40:1: error: variant 'broad' could not be drawn: graphviz layout 'nonsense' failed"))
        #expect(result.stderr.contains("  | variant \"broad\" {\n  | ^\n"), "with the source line and a caret")
    }
}

@Suite struct ExecutableTests {
    /// The built binary, end to end, once: the thin `main` over `run`.
    @Test func theBinaryRunsEndToEnd() throws {
        let binary = repository.appendingPathComponent(".build/debug/ripple")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("build the ripple product first (swift build); \(binary.path) is missing")
            return
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["check", "Scenarios/list-rows.ripple"]
        process.currentDirectoryURL = repository
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.contains("passed Scenarios/list-rows.ripple"))
    }
}

@Suite struct SameBytesTests {
    /// The gallery rendered by two processes of its own is the same, byte for byte, in every file: SVG
    /// too, although graphviz breaks ties in its layout by where its objects sit in memory (each graph is
    /// read into an arena of its own, in `CGraphviz/shim.h`).
    @Test func twoProcessesRenderTheGalleryToTheSameBytes() throws {
        guard let binary = builtRipple() else { return }
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputs = [folder.appendingPathComponent("a"), folder.appendingPathComponent("b")]
        for output in outputs {
            let process = try startRender(binary, repository.appendingPathComponent("Scenarios"), output)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let files = try relativeFiles(in: outputs[0])
        #expect(files.contains("task-list/narrow.svg"), "the scenario whose clusters graphviz lays out differently from run to run")
        #expect(try relativeFiles(in: outputs[1]) == files)
        for file in files {
            let first = try Data(contentsOf: outputs[0].appendingPathComponent(file))
            let second = try Data(contentsOf: outputs[1].appendingPathComponent(file))
            #expect(first == second, "\(file) differs between the two renders")
        }
    }

    private func relativeFiles(in folder: URL) throws -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
        }
        return files.sorted()
    }
}

/// The built `ripple` executable, or nil, with the reason recorded, when it has not been built.
private func builtRipple() -> URL? {
    let binary = repository.appendingPathComponent(".build/debug/ripple")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        Issue.record("build the ripple product first (swift build)")
        return nil
    }
    return binary
}

/// Starts `ripple render INPUT -o OUTPUT` as a process of its own, its output discarded.
private func startRender(_ binary: URL, _ input: URL, _ output: URL) throws -> Process {
    let process = Process()
    process.executableURL = binary
    process.arguments = ["render", input.path, "-o", output.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// In a new temporary folder, an empty `in` folder and where `out` goes.
private func renderFolders() throws -> (input: URL, output: URL) {
    let folder = try temporaryFolder()
    let input = folder.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    return (input, folder.appendingPathComponent("out"))
}

@Suite struct InterruptedRenderTests {
    /// A render killed midway leaves every scenario folder whole: the previous one or the new one, never a mix.
    @Test func aKilledRenderLeavesThePreviousOutputIntact() throws {
        guard let binary = builtRipple() else { return }
        let (input, output) = try renderFolders()
        defer { try? FileManager.default.removeItem(at: input.deletingLastPathComponent()) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        func writeInputs(_ version: String) throws {
            for index in 0..<24 {
                let text = source.replacingOccurrences(of: "scenario \"List rows", with: "scenario \"\(version) \(index) List rows")
                try text.write(to: input.appendingPathComponent("s\(index).ripple"), atomically: true, encoding: .utf8)
            }
        }
        func render() throws -> Process { try startRender(binary, input, output) }
        try writeInputs("old")
        let first = try render()
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        try writeInputs("new")
        for delay in [0.05, 0.15, 0.3] {
            let second = try render()
            Thread.sleep(forTimeInterval: delay)
            kill(second.processIdentifier, SIGKILL)
            second.waitUntilExit()
            for index in 0..<24 {
                let scenario = output.appendingPathComponent("s\(index)")
                let trace = try String(contentsOf: scenario.appendingPathComponent("trace.txt"), encoding: .utf8)
                let summary = try String(contentsOf: scenario.appendingPathComponent("summary.json"), encoding: .utf8)
                let page = try String(contentsOf: scenario.appendingPathComponent("index.html"), encoding: .utf8)
                let version = trace.hasPrefix("scenario \"old") ? "old" : "new"
                #expect(trace.hasPrefix("scenario \"\(version) \(index) "), "s\(index)/trace.txt")
                #expect(summary.contains("\"\(version) \(index) List rows"), "s\(index): summary and trace come from one render")
                #expect(page.contains("\(version) \(index) List rows"), "s\(index): page and trace come from one render")
                #expect(page.hasSuffix("</html>\n"), "s\(index)/index.html is whole")
            }
        }
        // The next whole render removes whatever staging folders and temporary files the killed ones left.
        let last = try render()
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix(".ripple-staging-") || $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// SIGTERM or SIGHUP while a scenario's files are being written: the process removes its staging
    /// folder, then ends by the signal; the previous output stays whole. (Not SIGINT: a test run started in
    /// the background of a shell inherits SIGINT ignored, and Ripple keeps an ignored signal ignored.)
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalledRenderRemovesItsStagingFolder(_ signalNumber: Int32) throws {
        guard let binary = builtRipple() else { return }
        let (input, output) = try renderFolders()
        defer { try? FileManager.default.removeItem(at: input.deletingLastPathComponent()) }
        let source = try String(contentsOf: repository.appendingPathComponent("Scenarios/list-rows.ripple"), encoding: .utf8)
        let head = try #require(source.components(separatedBy: "step \"rename Brian\"").first)
        // 600 steps: about 1,200 files, so writing them takes long enough to be interrupted.
        let steps = (0..<600).map { "step \"rename \($0)\" { state.users[\($0 % 3)].name = \"N\($0)\" }\n" }.joined()
        try (head + steps).write(to: input.appendingPathComponent("many.ripple"), atomically: true, encoding: .utf8)
        func render() throws -> Process { try startRender(binary, input, output) }
        let first = try render()
        first.waitUntilExit()
        try #require(first.terminationStatus == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("many").path).count
        let second = try render()
        let deadline = Date(timeIntervalSinceNow: 60)
        var sawStaging = false
        while second.isRunning && Date() < deadline {
            if try FileManager.default.contentsOfDirectory(atPath: output.path).contains(where: { $0.hasPrefix(".ripple-staging-") }) {
                sawStaging = true
                kill(second.processIdentifier, signalNumber)
                break
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        second.waitUntilExit()
        #expect(sawStaging)
        #expect(second.terminationReason == .uncaughtSignal && second.terminationStatus == signalNumber, "ended by the signal")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(!names.contains(where: { $0.hasPrefix(".ripple-staging-") }), "\(names)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("many").path).count == before)
    }
}
