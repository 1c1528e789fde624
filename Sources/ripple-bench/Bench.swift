// The parent: runs every item in a child process with a time limit, then prints one report.

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
    var sizes = [1_000, 10_000, 100_000]
    var kinds = WorkloadKind.allCases
    /// Per child process, seconds.
    var timeout = 60.0
    var renderRows = 10_000
    var render = true
    /// Writes in a probe: the smaller run made when a full run times out, for an estimate.
    var probeWrites = 500
    /// The fewest writes a probe makes (a probe at more rows than the first timed-out size makes fewer).
    static let smallestProbe = 20
    var renderProbeWrites = 100
    /// View files in the generated app the Swift front end is timed on; 0 skips it.
    var importFiles = 300
    /// Per probe, seconds.
    var probeTimeout = 30.0
    /// Extra narrow 1,000- and 100,000-row runs made back to back, for the 100k/1k ratio: the two sizes'
    /// main items run a minute or more apart, and on a shared machine that alone moves the ratio between
    /// 1.2× and 2.3× from one run of a build to the next.
    var pairs = 4

    static let usage = """
    USAGE: ripple-bench [--sizes 1000,10000,100000] [--workloads narrow,broad,mixed] [--timeout SECONDS] [--probe-writes N] [--pairs N] [--no-render] [--no-import]
           ripple-bench --item narrow-1000|broad-10000|mixed-100000|render-10000[@WRITES]|import-300|audit-300   (one item; prints R lines)
           ripple-bench --corpus DIR   (the Swift front end on a folder of Swift source; prints R lines)
           ripple-bench --emit narrow|broad|mixed ROWS [WRITES]                   (prints a generated scenario)
           ripple-bench --profile narrow-1000 [RUNS]   (loads once, repeats the second run RUNS times: for perf record)
    """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--sizes":
                guard let list = rest.popFirst() else { throw UsageError(message: "--sizes needs a list") }
                sizes = try list.split(separator: ",").map { part in
                    guard let size = Int(part.replacingOccurrences(of: "_", with: "")), size > 0 else { throw UsageError(message: "bad size '\(part)'") }
                    return size
                }
            case "--workloads":
                guard let list = rest.popFirst() else { throw UsageError(message: "--workloads needs a list") }
                kinds = try list.split(separator: ",").map { part in
                    guard let kind = WorkloadKind(rawValue: String(part)) else { throw UsageError(message: "unknown workload '\(part)'") }
                    return kind
                }
            case "--timeout":
                guard let value = rest.popFirst().flatMap(Double.init), value > 0 else { throw UsageError(message: "--timeout needs seconds") }
                timeout = value
            case "--probe-writes":
                guard let value = rest.popFirst().flatMap(Int.init), value > 0 else { throw UsageError(message: "--probe-writes needs a count") }
                probeWrites = value
            case "--pairs":
                guard let value = rest.popFirst().flatMap(Int.init), value >= 0 else { throw UsageError(message: "--pairs needs a count") }
                pairs = value
            case "--no-render":
                render = false
            case "--no-import":
                importFiles = 0
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
    }
}

struct UsageError: Error {
    var message: String
}

/// One item's results as the parent sees them.
struct ItemRecord {
    var name: ItemName
    var values: [String: String] = [:]
    var outcome: ChildOutcome?
    /// Why the item was not run.
    var skipped: String?

    func double(_ key: String) -> Double? { values[key].flatMap(Double.init) }
    func int(_ key: String) -> Int? { values[key].flatMap(Int.init) }
    var finished: Bool { values["done"] == "1" }
    var timedOut: Bool { outcome?.timedOut ?? false }

    /// Why there are no (complete) results: skipped, timed out, crashed or failed.
    var problem: String? {
        if let skipped { return skipped }
        guard let outcome else { return "not run" }
        if outcome.timedOut { return "timed out (> \(Int(outcome.seconds.rounded(.down))) s)" }
        if let error = values["error"] { return "error: \(error)" }
        if outcome.status != 0 || !finished {
            let last = outcome.stderr.split(separator: "\n").suffix(3).joined(separator: " | ")
            return "exit \(outcome.status)\(last.isEmpty ? "" : ": " + last)"
        }
        return nil
    }
}

final class Bench {
    let options: Options
    let executable: String
    var records: [ItemName: ItemRecord] = [:]
    /// Probes, by the full item they stand in for.
    var probes: [ItemName: ItemRecord] = [:]
    var cliRender: (outcome: ChildOutcome?, binary: String?, note: String, writes: Int)?
    let started = Date()
    /// /proc/loadavg when the run started: other work on the machine skews every timing.
    let loadAverage = ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "").split(separator: " ").prefix(3).joined(separator: ", ")
    let clock = ContinuousClock()
    var totalSeconds = 0.0
    /// Back-to-back narrow runs: each pair's 1,000-row and 100,000-row records, in the order run.
    var pairRecords: [(small: ItemRecord, large: ItemRecord)] = []

    init(options: Options) {
        self.options = options
        executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    func progress(_ text: String) {
        FileHandle.standardError.write(Data("ripple-bench: \(text)\n".utf8))
    }

    func run() {
        let start = clock.now
        for size in options.sizes.sorted() {
            for kind in options.kinds {
                let name = ItemName(kind: .workload(kind), rows: size)
                if let reason = skipReason(kind, size) {
                    records[name] = ItemRecord(name: name, skipped: reason)
                    progress("\(name.text): \(reason)")
                    // A size skipped because a smaller one timed out still gets a probe, with as many fewer
                    // writes as it has more rows, so that a goal set at every size has an estimate at each.
                    if kind != .mixed, let first = firstTimedOut(kind) {
                        let writes = max(Options.smallestProbe, options.probeWrites * first / size)
                        probes[name] = runChild(ItemName(kind: .workload(kind), rows: size, writes: writes), timeout: options.probeTimeout)
                    }
                    continue
                }
                let record = runChild(name)
                records[name] = record
                // The smallest size of a workload that times out gets a probe with fewer writes, for an estimate.
                if record.timedOut && firstTimedOut(kind) == size {
                    let probe = ItemName(kind: .workload(kind), rows: size, writes: options.probeWrites)
                    probes[name] = runChild(probe, timeout: options.probeTimeout)
                }
            }
        }
        runPairs()
        if options.render {
            let name = ItemName(kind: .render, rows: options.renderRows)
            let record = runChild(name)
            records[name] = record
            if record.problem != nil {
                // Where the time goes, stage by stage, on the same rows with fewer writes.
                let probe = ItemName(kind: .render, rows: options.renderRows, writes: options.renderProbeWrites)
                probes[name] = runChild(probe, timeout: options.probeTimeout)
            }
            if record.timedOut {
                cliRender = (nil, RenderBench.findCLI(), "not run: ScenarioRenderer.render timed out in process on the same file, and the command renders it the same way", Workload.writesPerRun)
                progress("ripple render: skipped (the in-process render timed out)")
            } else {
                runCLIRender(writes: Workload.writesPerRun)
            }
        }
        if options.importFiles > 0 {
            let name = ItemName(kind: .import, rows: options.importFiles)
            records[name] = runChild(name)
            let audit = ItemName(kind: .audit, rows: options.importFiles)
            records[audit] = runChild(audit)
        }
        totalSeconds = (clock.now - start).seconds
    }

    /// Narrow at 1,000 and 100,000 rows, one right after the other, `options.pairs` times; every other pair
    /// starts with the larger size, so that neither size always runs first.
    func runPairs() {
        guard options.pairs > 0, options.kinds.contains(.narrow), options.sizes.contains(1_000), options.sizes.contains(100_000) else { return }
        let small = ItemName(kind: .workload(.narrow), rows: 1_000)
        let large = ItemName(kind: .workload(.narrow), rows: 100_000)
        for pair in 0..<options.pairs {
            progress("pair \(pair + 1) of \(options.pairs)")
            if pair.isMultiple(of: 2) {
                let first = runChild(small)
                pairRecords.append((first, runChild(large)))
            } else {
                let first = runChild(large)
                pairRecords.append((runChild(small), first))
            }
        }
    }

    /// Each back-to-back pair's 100k/1k per-write ratio over every step, with the median of them.
    var pairedScaling: (median: Double, ratios: [Double])? {
        let ratios = pairRecords.compactMap { pair -> Double? in
            guard let small = rippleWriteSeconds(pair.small), let large = rippleWriteSeconds(pair.large), small > 0 else { return nil }
            return large / small
        }
        guard !ratios.isEmpty else { return nil }
        let sorted = ratios.sorted()
        let middle = sorted.count / 2
        let median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        return (median, ratios)
    }

    func runChild(_ name: ItemName, timeout: Double? = nil) -> ItemRecord {
        progress("\(name.text)…")
        let outcome = Child.run([executable, "--item", name.text], timeout: timeout ?? options.timeout)
        let record = ItemRecord(name: name, values: Results.parse(outcome.stdout), outcome: outcome)
        progress("\(name.text): \(record.problem ?? "done") in \(Format.seconds(outcome.seconds)), max RSS \(Format.megabytes(kib: outcome.maxRSSKiB))")
        return record
    }

    /// The smallest size at which a workload's full run timed out.
    func firstTimedOut(_ kind: WorkloadKind) -> Int? {
        options.sizes.sorted().first { records[ItemName(kind: .workload(kind), rows: $0)]?.timedOut == true }
    }

    /// broad and mixed cost O(rows) per step on both sides by design: when the previous size of the same
    /// workload projects past twice the limit (linear in rows), the bigger size is not started.
    func skipReason(_ kind: WorkloadKind, _ size: Int) -> String? {
        guard kind != .narrow else { return nil }
        let smaller = options.sizes.filter { $0 < size }.sorted()
        guard let previousSize = smaller.last, let previous = records[ItemName(kind: .workload(kind), rows: previousSize)] else { return nil }
        if previous.timedOut || previous.skipped != nil {
            return "skipped: \(Format.integer(previousSize)) rows already \(previous.timedOut ? "timed out" : "skipped")"
        }
        guard let seconds = previous.double("rep1_total_s") else { return nil }
        let projected = seconds * Double(size) / Double(previousSize)
        if projected > 2 * options.timeout {
            return "skipped: projected ≈ \(Format.seconds(projected)) (\(Format.seconds(seconds)) at \(Format.integer(previousSize)) rows, linear in rows) > 2 × \(Int(options.timeout)) s limit"
        }
        return nil
    }

    func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    func runCLIRender(writes: Int) {
        guard let binary = RenderBench.findCLI() else {
            cliRender = (nil, nil, "skipped: no built 'ripple' executable next to ripple-bench or in .build/{release,debug}", writes)
            progress("ripple render: not found, skipped")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-cli-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bench-render-\(options.renderRows).ripple")
        do {
            try RenderBench.workload(rows: options.renderRows, writes: writes).text.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            cliRender = (nil, binary, "skipped: cannot write the scenario file: \(error)", writes)
            return
        }
        progress("ripple render (\(binary))…")
        let output = folder.appendingPathComponent("Output").path
        let outcome = Child.run([binary, "render", file.path, "-o", output], timeout: options.timeout)
        let files = (FileManager.default.enumerator(atPath: output)?.allObjects.count) ?? 0
        var note = "\(files) files and folders written"
        if outcome.timedOut { note = "timed out" }
        else if outcome.status != 0 { note = "exit \(outcome.status): \(outcome.stderr.split(separator: "\n").prefix(2).joined(separator: " | "))" }
        if binary.contains("/debug/") { note += "; debug build of ripple" }
        if let built = modified(binary), let mine = modified(executable), built < mine.addingTimeInterval(-60) {
            note += "; this ripple was built before ripple-bench: rebuild it with --product ripple for current numbers"
        }
        cliRender = (outcome, binary, note, writes)
        progress("ripple render: \(note) in \(Format.seconds(outcome.seconds))")
    }

    // MARK: - Report

    func workloadRecords() -> [ItemRecord] {
        options.sizes.sorted().flatMap { size in
            options.kinds.compactMap { records[ItemName(kind: .workload($0), rows: size)] }
        }
    }

    func record(_ kind: WorkloadKind, _ rows: Int) -> ItemRecord? { records[ItemName(kind: .workload(kind), rows: rows)] }

    /// Seconds per write in the second simulation run.
    func rippleWriteSeconds(_ record: ItemRecord) -> Double? {
        guard let steps = record.double("sim_steps_s"), let writes = record.int("writes"), writes > 0 else { return nil }
        return steps / Double(writes)
    }

    /// Seconds per write in the second run after its first `EngineBench.warmupSteps` steps, printed beside
    /// the figure over every step to show that the first steps cost what the others do (`EngineBench.warmupSteps`).
    func steadyWriteSeconds(_ record: ItemRecord) -> Double? {
        guard let steady = record.double("steady_steps_s"), let writes = record.int("writes"),
              let warmup = record.int("warmup_writes"), writes > warmup else { return nil }
        return steady / Double(writes - warmup)
    }

    func runtimeWriteSeconds(_ record: ItemRecord) -> Double? {
        guard let seconds = record.double("peer_writes_s"), let writes = record.int("writes"), writes > 0 else { return nil }
        return seconds / Double(writes)
    }

    /// Ripple's writes/s ÷ the runtime's writes/s.
    func ratio(_ record: ItemRecord) -> Double? {
        guard let ripple = rippleWriteSeconds(record), let runtime = runtimeWriteSeconds(record), ripple > 0 else { return nil }
        return runtime / ripple
    }

    /// The full run's ratio, or its probe's, marked as an estimate.
    func ratioOrEstimate(_ record: ItemRecord) -> (value: Double, estimate: Bool)? {
        if let value = ratio(record) { return (value, false) }
        if let probe = probes[record.name], let value = ratio(probe) { return (value, true) }
        return nil
    }

    func parseResolve(_ record: ItemRecord) -> Double? { record.double("parse_resolve_s") }

    func report() -> String {
        var text = header()
        text += "\n" + userTable().text
        text += "\n" + engineTable().text
        text += "\n" + peerTable().text
        text += "\n" + otherTable().text
        text += "\n" + goals()
        text += "\nNotes\n"
        text += """
        - load = Scenario(source:file:): parse + resolve + first evaluation of the tree + every step simulated once; the steps
          are parsed on the other core while the tree is built. parse+resolve = ScenarioFile.read, then the resolver, on the
          same text plus an expectation naming an unknown variant, which the resolver rejects before anything is simulated;
          parse alone is ScenarioFile.read.
        - Ripple writes/s and µs/write come from the second run: Simulation(...).run(step) over every step (sim init excluded).
        - The runtime peer runs Swift's Observation (withObservationTracking per body, re-registered at the end of each step,
          reads as in the scenario's bodies) in the same child process, after Ripple. It measures Observation's bookkeeping
          only, not SwiftUI's diffing; mixed uses a hand-driven ObservationRegistrar for objectWillChange, @State and \\.colorScheme.
        - Ripple/runtime = Ripple's writes/s ÷ the runtime's writes/s (≥ 1 means Ripple simulates faster than Observation runs).
        - RSS after load = the child's VmHWM right after Scenario(source:) (before the second run and the peer); max RSS = the
          child's whole-life ru_maxrss from wait4.
        - check: narrow steps must evaluate exactly the rows they wrote (needed = rows whose values changed); broad steps the list
          and every row; no step may leave a stale view. cross-check: Ripple's evaluations = the runtime's re-run bodies.
        - A probe (item@WRITES) is the same workload with fewer writes (its first WRITES of the 10,000), run only when the full item
          timed out, or was skipped because a smaller size timed out (limit \(Int(options.probeTimeout)) s): an estimate. A larger size's probe
          makes as many fewer writes as it has more rows (at least \(Options.smallestProbe)). [PASS*] marks a goal that holds, but on such
          estimates at some size. The render probe times simulateWithGraphs, the DOT text and graphviz one by one, then the whole render.
        - Timings share 2 cores with whatever else runs on the machine (builds, tests); repeated items report medians.
        - The 100k/1k goal is judged on the back-to-back pairs (--pairs, default 4; every other pair runs 100,000 rows first):
          the main items run minutes apart, and the machine's load between them moves their ratio. It compares time per write
          over every step, like every other µs/write figure. The ratio after each run's first \(EngineBench.warmupSteps) steps (about 110 writes)
          is printed beside it: the two agree when the first steps cost what the others do (docs/Performance.md, "Reading the report").

        """
        return text
    }

    func header() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss zzz"
        var system = utsname()
        uname(&system)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
        }
        var cpu = ""
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            cpu = ", " + line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1e9
        #if DEBUG
        let build = "debug (numbers are not representative: build with -c release)"
        #else
        let build = "release"
        #endif
        let command = CommandLine.arguments.joined(separator: " ")
        return """
        Ripple benchmark: the engine against Swift's Observation runtime
        date:     \(formatter.string(from: started))
        machine:  \(field(system.sysname)) \(field(system.release)) \(field(system.machine)), \(ProcessInfo.processInfo.activeProcessorCount) cores\(cpu), \(String(format: "%.1f", memory)) GB RAM
        load:     \(loadAverage.isEmpty ? "unknown" : loadAverage) (1, 5, 15 min load average at start, on \(ProcessInfo.processInfo.activeProcessorCount) cores)
        command:  \(command)
        build:    \(build)
        runs:     \(Format.integer(Workload.writesPerRun)) writes per workload in steps of 1–10 writes (SplitMix64, seed 0x\(String(Workload.seed, radix: 16, uppercase: true)));
                  each item in its own child process, limit \(Int(options.timeout)) s; items whose first run takes < \(Int(ItemRunner.repeatBelowSeconds)) s run as often as fits in \(Int(ItemRunner.smallItemSeconds)) s, 3× to \(ItemRunner.maximumRepetitions)× (medians);
                  larger ones load once and repeat the second run and the peer 3× when that costs < \(Int(ItemRunner.repeatSecondRunBelowSeconds)) s
        total:    \(Format.seconds(totalSeconds))

        """
    }

    /// Workload rows, each followed by its probe when there is one.
    func workloadRows() -> [(label: String, record: ItemRecord)] {
        workloadRecords().flatMap { record -> [(String, ItemRecord)] in
            guard case .workload(let kind) = record.name.kind else { return [] }
            var rows = [(kind.rawValue, record)]
            if let probe = probes[record.name] { rows.append(("  probe @\(Format.integer(probe.name.writes))", probe)) }
            return rows
        }
    }

    func engineTable() -> Table {
        var table = Table(title: "Ripple engine", header: ["workload", "rows", "steps", "text", "parse", "parse+resolve", "load", "sim init",
                                                          "writes", "µs/write", "writes/s", "evaluations", "wasted", "check", "loads/runs",
                                                          "RSS after load", "max RSS", "note"],
                          leftColumns: [0, 13, 17])
        for (label, record) in workloadRows() {
            let perWrite = rippleWriteSeconds(record)
            table.add([label, Format.integer(record.name.rows), Format.integer(record.int("steps")), Format.kilobytes(record.int("text_bytes")),
                       Format.seconds(record.double("parse_s")), Format.seconds(parseResolve(record)), Format.seconds(record.double("load_s")),
                       Format.seconds(record.double("sim_init_s")), Format.seconds(record.double("sim_steps_s")),
                       Format.micros(perWrite.map { $0 * 1e6 }), Format.rate(perWrite.map { 1 / $0 }),
                       Format.integer(record.int("evaluations")), Format.integer(record.int("wasted")), record.values["check"] ?? "–",
                       record.values["reps"].map { "\(record.values["loads"] ?? "?")/\($0)" } ?? "–", Format.megabytes(kib: record.int("rss_after_load_kib")),
                       Format.megabytes(kib: record.outcome?.maxRSSKiB), record.problem ?? ""])
        }
        return table
    }

    func peerTable() -> Table {
        var table = Table(title: "Observation runtime peer (same child process, same writes)",
                          header: ["workload", "rows", "tracked bodies", "setup", "writes", "µs/write", "writes/s", "re-runs",
                                   "Ripple writes/s", "Ripple/runtime", "cross-check"],
                          leftColumns: [0, 10])
        for (label, record) in workloadRows() {
            let perWrite = runtimeWriteSeconds(record)
            table.add([label, Format.integer(record.name.rows), Format.integer(record.int("peer_views")),
                       Format.seconds(record.double("peer_setup_s")), Format.seconds(record.double("peer_writes_s")),
                       Format.micros(perWrite.map { $0 * 1e6 }), Format.rate(perWrite.map { 1 / $0 }),
                       Format.integer(record.int("peer_reevaluations")), Format.rate(rippleWriteSeconds(record).map { 1 / $0 }),
                       Format.ratio(ratio(record)), record.values["cross_check"] ?? (record.problem ?? "–")])
        }
        return table
    }

    /// The main items' 100k/1k per-write ratio, by a per-write measure (steady, or over every step).
    func narrowScaling(_ perWrite: (ItemRecord) -> Double?) -> (ratio: Double, small: Double, large: Double)? {
        guard let small = record(.narrow, 1_000).flatMap(perWrite),
              let large = record(.narrow, 100_000).flatMap(perWrite) else { return nil }
        return (large / small, small, large)
    }

    func renderDetail(_ render: ItemRecord) -> String {
        var parts = ["\(render.values["steps"] ?? "?") steps", "\(render.values["files"] ?? "?") files (\(render.values["svg_files"] ?? "?") SVG, \(String(format: "%.1f", render.double("megabytes") ?? 0)) MB)",
                     "scenario load \(Format.seconds(render.double("load_s")))"]
        if let simulate = render.double("simulate_graphs_s") { parts.append("simulateWithGraphs alone \(Format.seconds(simulate))") }
        parts.append("max RSS \(Format.megabytes(kib: render.outcome?.maxRSSKiB))")
        return parts.joined(separator: "; ")
    }

    /// A render probe's stages, as far as it got.
    func renderStages(_ probe: ItemRecord) -> String {
        var parts: [String] = []
        if let steps = probe.values["steps"] { parts.append("\(steps) steps") }
        if let load = probe.double("load_s") { parts.append("load \(Format.seconds(load))") }
        if let simulate = probe.double("simulate_graphs_s") { parts.append("simulateWithGraphs \(Format.seconds(simulate))") }
        if let bytes = probe.int("dot_bytes") {
            parts.append("DOT \(Format.kilobytes(bytes)): \(Format.integer(probe.int("dot_nodes"))) nodes, \(Format.integer(probe.int("dot_clusters"))) clusters, \(Format.integer(probe.int("dot_edges"))) edges (DependencyDiagram \(Format.seconds(probe.double("diagram_s"))); \(Format.integer(probe.int("graph_groups"))) storage groups)")
        }
        if let graphviz = probe.double("graphviz_s") {
            parts.append("graphviz layout+SVG \(Format.seconds(graphviz))")
        } else if probe.int("dot_bytes") != nil, probe.timedOut {
            parts.append("graphviz layout+SVG did not finish within the \(Int(options.probeTimeout)) s limit")
        }
        if let problem = probe.problem, !(probe.timedOut && probe.int("dot_bytes") != nil) { parts.append(problem) }
        return parts.joined(separator: "; ")
    }

    /// What a user waits for, ahead of the engine's own figures: the audit of a generated app and the
    /// import of its files, beside swift-syntax's parse of the same files in the same run.
    func userTable() -> Table {
        var table = Table(title: "User-level work", header: ["item", "value", "detail"], leftColumns: [0, 1, 2])
        if let audit = records[ItemName(kind: .audit, rows: options.importFiles)] {
            let one = audit.double("audit_one_thread_s"), all = audit.double("audit_s")
            let speedUp = one.flatMap { one in all.map { one / $0 } }
            table.add(["ripple audit, generated app of \(Format.integer(options.importFiles)) view files", Format.seconds(all),
                       audit.problem ?? "\(Format.integer(audit.int("audit_actions"))) actions, \(Format.integer(audit.int("audit_simulated"))) simulated; one thread \(Format.seconds(one)), \(Format.integer(audit.int("audit_cores"))) cores \(speedUp.map(Format.ratio) ?? "–") faster; same output: \(audit.int("audit_same_output") == 1 ? "yes" : "no"); max RSS \(Format.megabytes(kib: audit.outcome?.maxRSSKiB))"])
        }
        if let record = records[ItemName(kind: .import, rows: options.importFiles)] {
            table.add(["import of a generated app of \(Format.integer(options.importFiles)) view files", Format.seconds(importSeconds(record)),
                       record.problem ?? "\(Format.integer(record.int("import_lines"))) lines, \(Format.rate(record.double("import_lines_per_s"))) lines/s (parse and lower \(Format.seconds(record.double("parse_lower_s"))), resolve \(Format.seconds(record.double("resolve_s")))); swift-syntax's parse alone \(Format.seconds(record.double("swift_syntax_parse_s"))), so \(Format.ratio(record.double("import_over_parse"))) of it"])
        }
        return table
    }

    /// Parse, lower and resolve: the import a user waits for.
    func importSeconds(_ record: ItemRecord) -> Double? {
        guard let lowered = record.double("parse_lower_s"), let resolved = record.double("resolve_s") else { return nil }
        return lowered + resolved
    }

    func otherTable() -> Table {
        var table = Table(title: "Other measurements", header: ["item", "value", "detail"], leftColumns: [0, 1, 2])
        if let scaling = narrowScaling(rippleWriteSeconds) {
            table.add(["narrow time per write, 100,000 ÷ 1,000 rows (main items)", Format.ratio(scaling.ratio),
                       "\(Format.micros(scaling.large * 1e6)) µs ÷ \(Format.micros(scaling.small * 1e6)) µs (every step of the second run)"])
        } else {
            table.add(["narrow time per write, 100,000 ÷ 1,000 rows (main items)", "–", "needs narrow-1000 and narrow-100000"])
        }
        if let scaling = narrowScaling(steadyWriteSeconds), let small = record(.narrow, 1_000), let large = record(.narrow, 100_000) {
            table.add(["  after the first \(EngineBench.warmupSteps) steps", Format.ratio(scaling.ratio),
                       "\(Format.micros(scaling.large * 1e6)) µs ÷ \(Format.micros(scaling.small * 1e6)) µs; the first \(EngineBench.warmupSteps) steps took \(Format.seconds(large.double("warmup_s"))) at 100,000 rows and \(Format.seconds(small.double("warmup_s"))) at 1,000"])
        }
        if let paired = pairedScaling {
            let pairs = pairRecords.map { pair in
                "\(Format.micros((rippleWriteSeconds(pair.large) ?? 0) * 1e6)) ÷ \(Format.micros((rippleWriteSeconds(pair.small) ?? 0) * 1e6))"
            }
            table.add(["  back to back, median of \(paired.ratios.count) pairs", Format.ratio(paired.median),
                       "pairs: " + zip(paired.ratios, pairs).map { "\(Format.ratio($0)) (\($1) µs)" }.joined(separator: ", ")])
        }
        if let big = record(.narrow, 100_000) {
            table.add(["parse+resolve, 100,000-row narrow scenario", Format.seconds(parseResolve(big)),
                       "ScenarioFile.read alone \(Format.seconds(big.double("parse_s"))); text \(Format.kilobytes(big.int("text_bytes"))), \(Format.integer(big.int("steps"))) steps\(big.problem.map { "; " + $0 } ?? "")"])
            table.add(["load (parse+resolve+simulate 10k writes), 100,000 rows", Format.seconds(big.double("load_s")),
                       "RSS after load \(Format.megabytes(kib: big.int("rss_after_load_kib"))), child max RSS \(Format.megabytes(kib: big.outcome?.maxRSSKiB))"])
        }
        let renderName = ItemName(kind: .render, rows: options.renderRows)
        if let render = records[renderName] {
            let label = "ScenarioRenderer.render, \(Format.integer(options.renderRows))-row narrow scenario"
            table.add([label, render.problem == nil ? Format.seconds(render.double("render_s")) : "–", render.problem ?? renderDetail(render)])
            if render.problem == nil, let load = render.double("load_s"), let seconds = render.double("render_s") {
                table.add(["  load + render (text in memory → files in memory)", Format.seconds(load + seconds), ""])
            }
            if let probe = probes[renderName] {
                table.add(["  probe: \(Format.integer(options.renderRows)) rows, \(Format.integer(probe.name.writes)) writes, stage by stage",
                           Format.seconds(probe.double("render_s")), renderStages(probe)])
            }
        }
        if let cli = cliRender {
            let seconds = cli.outcome.map { Format.seconds($0.seconds) } ?? "–"
            var detail = cli.note
            if let outcome = cli.outcome { detail += "; max RSS \(Format.megabytes(kib: outcome.maxRSSKiB))" }
            if let binary = cli.binary {
                // Shown from the package's folder, so that a table says which build it ran and not where.
                let current = FileManager.default.currentDirectoryPath + "/"
                detail += "; " + (binary.hasPrefix(current) ? String(binary.dropFirst(current.count)) : binary)
            }
            table.add(["ripple render FILE -o DIR (\(Format.integer(options.renderRows)) rows, \(Format.integer(cli.writes)) writes, all formats)", seconds, detail])
        }
        return table
    }

    /// The user-level goals, which lead the list: the audit of a generated app, then its import.
    func userGoals(_ line: (Bool?, String, Bool) -> Void) {
        if let audit = records[ItemName(kind: .audit, rows: options.importFiles)] {
            let seconds = audit.double("audit_s")
            let actions = audit.int("audit_actions") ?? 0, simulated = audit.int("audit_simulated") ?? 0
            let share = actions > 0 ? Double(simulated) / Double(actions) : 0
            let pass: Bool? = seconds.map { $0 < 10 && share >= 0.9 && audit.int("audit_same_output") == 1 }
            let detail = seconds.map { "\(Format.seconds($0)) for \(Format.integer(actions)) actions, \(Int((share * 100).rounded()))% simulated, the same output on one thread (\(Format.seconds(audit.double("audit_one_thread_s"))))" }
            line(pass, "audit: every action of a generated app of \(Format.integer(options.importFiles)) view files in < 10 s on every core, ≥ 90% simulated — \(detail ?? audit.problem ?? "not measured")", false)
        }
        let importName = ItemName(kind: .import, rows: options.importFiles)
        if let record = records[importName] {
            let overParse = record.double("import_over_parse")
            let detail = overParse.map { "\(Format.ratio($0)): \(Format.seconds(importSeconds(record))) for parse, lowering and resolution against swift-syntax's parse alone in \(Format.seconds(record.double("swift_syntax_parse_s"))) (\(Format.rate(record.double("import_lines_per_s"))) lines/s; the first evaluation of every root \(Format.seconds(record.double("first_evaluation_s"))) more)" }
            line(overParse.map { $0 <= 1.25 }, "import: parse, lowering and resolution of a generated app of \(Format.integer(options.importFiles)) view files within 1.25× swift-syntax's own parse of the same files — \(detail ?? record.problem ?? "not measured")", false)
        }
    }

    func goals() -> String {
        var lines: [String] = []
        /// `estimated`: the goal holds only on probes' estimates at some size (marked `[PASS*]`).
        func line(_ pass: Bool?, _ text: String, estimated: Bool = false) {
            let mark = pass.map { $0 ? (estimated ? "[PASS*]" : "[PASS]") : "[FAIL]" } ?? "[ ?? ]"
            lines.append("\(mark) \(text)")
        }
        /// Ratios at every size: measured, or a probe's estimate, or why there is none. The verdict passes
        /// on estimates (and says so) only when every size has a measurement or an estimate.
        /// Sizes outside `judged` are shown but do not decide the verdict.
        func ratios(_ kind: WorkloadKind, atLeast threshold: Double, judged: Set<Int>? = nil) -> (Bool?, String, estimated: Bool) {
            var verdict: Bool? = true
            var estimated = false
            var parts: [String] = []
            for size in options.sizes.sorted() {
                if let judged, !judged.contains(size) {
                    if let record = record(kind, size), let (value, _) = ratioOrEstimate(record) {
                        parts.append(Format.integer(size) + ": " + Format.ratio(value) + " (shown, not a goal)")
                    }
                    continue
                }
                let label = Format.integer(size) + ": "
                guard let record = record(kind, size) else { verdict = verdict == false ? false : nil; continue }
                if let (value, estimate) = ratioOrEstimate(record) {
                    parts.append(label + Format.ratio(value) + (estimate ? " (estimate from a \(Format.integer(probes[record.name]?.name.writes ?? 0))-write probe; full run \(record.problem ?? "")" + ")" : ""))
                    if value < threshold { verdict = false } else if estimate { estimated = true }
                } else {
                    parts.append(label + "not measured (\(record.problem ?? "?"))")
                    if record.timedOut && kind != .mixed {
                        // Ripple alone took more than the limit; the runtime's whole run is far below it.
                        verdict = false
                    } else if verdict == true {
                        verdict = nil
                    }
                }
            }
            return (verdict, parts.joined(separator: "; "), estimated)
        }
        userGoals(line)
        let narrow = ratios(.narrow, atLeast: 0.5, judged: [1_000, 10_000])
        line(narrow.0, "narrow: Ripple ≥ 0.5× the runtime's writes/s at 1,000 and 10,000 rows — \(narrow.1)", estimated: narrow.estimated)
        let broad = ratios(.broad, atLeast: 0.5)
        line(broad.0, "broad: Ripple within 2× of the runtime (ratio ≥ 0.5) at every size — \(broad.1)", estimated: broad.estimated)
        if let paired = pairedScaling {
            line(paired.median <= 2.0, "narrow time per write at 100,000 rows ≤ 2.0× that at 1,000 rows — \(Format.ratio(paired.median)), the median of \(paired.ratios.count) back-to-back pairs (\(paired.ratios.map { Format.ratio($0) }.joined(separator: ", "))), over every step; the main items gave \(narrowScaling(rippleWriteSeconds).map { Format.ratio($0.ratio) } ?? "–"), and \(narrowScaling(steadyWriteSeconds).map { Format.ratio($0.ratio) } ?? "–") after each run's first \(EngineBench.warmupSteps) steps")
        } else if let scaling = narrowScaling(rippleWriteSeconds) {
            line(scaling.ratio <= 2.0, "narrow time per write at 100,000 rows ≤ 2.0× that at 1,000 rows — \(Format.ratio(scaling.ratio)) (\(Format.micros(scaling.large * 1e6)) µs vs \(Format.micros(scaling.small * 1e6)) µs)")
        } else {
            line(nil, "narrow time per write at 100,000 rows ≤ 2.0× that at 1,000 rows — not measured")
        }
        if let big = record(.narrow, 100_000) {
            let load = big.double("load_s")
            let rss = big.int("rss_after_load_kib").map { Double($0) * 1024 / 1e6 }
            let timeOK: Bool? = load.map { $0 < 1 } ?? (big.timedOut ? false : nil)
            let memoryOK: Bool? = rss.map { $0 < 300 }
            let both: Bool? = (timeOK == false || memoryOK == false) ? false : (timeOK == true && memoryOK == true ? true : nil)
            line(both, "100,000-row scenario parse+resolve+10,000 writes (load) < 1 s and < 300 MB — \(Format.seconds(load)) (\(timeOK.map { $0 ? "ok" : "over" } ?? "?")), \(Format.megabytes(kib: big.int("rss_after_load_kib"))) (\(memoryOK.map { $0 ? "ok" : "over" } ?? "?"))\(big.problem.map { "; " + $0 } ?? "")")
        } else {
            line(nil, "100,000-row scenario < 1 s and < 300 MB — not run")
        }
        let renderName = ItemName(kind: .render, rows: options.renderRows)
        if let render = records[renderName] {
            let seconds = render.double("render_s")
            let pass: Bool? = seconds.map { $0 < 3 } ?? (render.timedOut ? false : nil)
            var detail = render.problem.map { "\($0)" } ?? Format.seconds(seconds)
            if let probe = probes[renderName] {
                detail += "; probe with \(Format.integer(probe.name.writes)) writes: " + (probe.double("render_s").map { "render \(Format.seconds($0))" } ?? renderStages(probe))
            }
            line(pass, "render of the \(Format.integer(options.renderRows))-row scenario (ScenarioRenderer.render, \(Format.integer(Workload.writesPerRun)) writes) < 3 s — \(detail)")
        }
        return "Goals\n" + lines.joined(separator: "\n") + "\n"
    }
}
