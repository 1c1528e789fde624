// One measured item, run in a child process (`ripple-bench --item NAME`) so its peak memory and its
// time limit are its own. Results go to stdout as `R key value` lines, as soon as they are known.

import Foundation

/// An item's name: `narrow-1000`, `broad-100000`, `render-10000`; `@WRITES` runs fewer writes (a probe): `broad-1000@500`.
struct ItemName: Hashable {
    enum Kind: Hashable {
        case workload(WorkloadKind)
        case render
        /// The Swift front end on a generated app of `rows` view files.
        case `import`
        /// `ripple audit` on a generated app of `rows` view files.
        case audit
    }

    var kind: Kind
    var rows: Int
    /// Writes in the run; the full run has `Workload.writesPerRun`.
    var writes: Int

    var isProbe: Bool { writes != Workload.writesPerRun }

    var text: String {
        let head: String = switch kind {
        case .workload(let workload): workload.rawValue
        case .render: "render"
        case .import: "import"
        case .audit: "audit"
        }
        return "\(head)-\(rows)" + (isProbe ? "@\(writes)" : "")
    }

    init(kind: Kind, rows: Int, writes: Int = Workload.writesPerRun) {
        self.kind = kind
        self.rows = rows
        self.writes = writes
    }

    init?(_ text: String) {
        var body = Substring(text)
        writes = Workload.writesPerRun
        if let at = body.firstIndex(of: "@") {
            guard let count = Int(body[body.index(after: at)...]), count > 0 else { return nil }
            writes = count
            body = body[..<at]
        }
        guard let dash = body.lastIndex(of: "-"), let rows = Int(body[body.index(after: dash)...]), rows > 0 else { return nil }
        let head = String(body[..<dash])
        if head == "render" {
            kind = .render
        } else if head == "import" {
            kind = .import
        } else if head == "audit" {
            kind = .audit
        } else if let workload = WorkloadKind(rawValue: head) {
            kind = .workload(workload)
        } else {
            return nil
        }
        self.rows = rows
    }
}

enum ItemRunner {
    /// Items whose first repetition takes less than this are repeated at least 3× (medians reported).
    static let repeatBelowSeconds = 5.0
    /// A small item is repeated as often as fits in this time, up to `maximumRepetitions`: a run of
    /// 10,000 writes over 1,000 rows takes about 15 ms, where a median of three moves by 20% between runs.
    static let smallItemSeconds = 4.0
    static let maximumRepetitions = 15
    /// Otherwise the second run and the peer are repeated 3× when two more of them take less than this.
    static let repeatSecondRunBelowSeconds = 15.0

    static func run(_ item: ItemName) -> Int32 {
        switch item.kind {
        case .workload(let kind): return runWorkload(kind, rows: item.rows, writes: item.writes)
        case .render: return runRender(rows: item.rows, writes: item.writes)
        case .import: return ImportBench.run(files: item.rows)
        case .audit: return AuditBench.run(files: item.rows)
        }
    }

    /// Loads a workload once and repeats its second run `runs` times, printing each run's time per write:
    /// a process that spends most of its time in the steps, for a profiler.
    static func profile(_ kind: WorkloadKind, rows: Int, writes: Int, runs: Int) -> Int32 {
        let workload = Workload(kind: kind, rows: rows, totalWrites: writes)
        let text = workload.text
        do {
            let (scenario, _, loadSeconds) = try EngineBench.load(workload, text: text)
            Results.emit("load_s", loadSeconds)
            for _ in 0..<runs {
                let engine = try EngineBench.simulate(scenario, workload, parseSeconds: 0, loadSeconds: loadSeconds, textBytes: text.utf8.count)
                guard engine.check == "ok" else { Results.emit("check", engine.check); return 1 }
                Results.emit("us_per_write", engine.stepsSeconds * 1e6 / Double(max(workload.writeCount, 1)))
            }
        } catch {
            Results.emit("error", "\(error)".replacingOccurrences(of: "\n", with: " ⏎ "))
            return 1
        }
        return 0
    }

    static func runWorkload(_ kind: WorkloadKind, rows: Int, writes: Int) -> Int32 {
        let workload = Workload(kind: kind, rows: rows, totalWrites: writes)
        let (text, generateSeconds) = timed { workload.text }
        Results.emit("steps", workload.steps.count)
        Results.emit("writes", workload.writeCount)
        Results.emit("text_bytes", text.utf8.count)
        Results.emit("generate_s", generateSeconds)
        // Parse and resolve exactly, on their own: the same text plus an expectation naming an unknown variant, which
        // the resolver rejects before anything is simulated. (The load parses and resolves the same text, so this
        // does not raise the load's peak memory.)
        let (parseResolveSeconds, stopped) = EngineBench.parseAndResolve(workload, text: text)
        Results.emit("parse_resolve_s", parseResolveSeconds)
        if !stopped { Results.emit("parse_resolve_note", "the resolver did not stop the load: includes simulation") }
        var engines: [EngineResult] = []
        var peers: [PeerResult] = []
        // Small items repeat everything, 3× or more; bigger ones load once and repeat the second run and
        // the peer while that stays cheap, so the per-write numbers are medians too.
        var loads = 3
        var simulations = 1
        var repetition = 0
        do {
            while repetition < loads {
                let clock = ContinuousClock()
                let start = clock.now
                let (scenario, parseSeconds, loadSeconds) = try EngineBench.load(workload, text: text)
                if repetition == 0 { Results.emit("rss_after_load_kib", Memory.highWaterKiB()) }
                var simulation = 0
                while simulation < simulations {
                    let engineStart = clock.now
                    let engine = try EngineBench.simulate(scenario, workload, parseSeconds: parseSeconds, loadSeconds: loadSeconds,
                                                          textBytes: text.utf8.count)
                    engines.append(engine)
                    if repetition == 0 && simulation == 0 {
                        Results.emit("rss_engine_kib", Memory.highWaterKiB())
                        emit(engine)
                    }
                    let peer = ObservationPeer.run(workload)
                    peers.append(peer)
                    if repetition == 0 && simulation == 0 {
                        emit(peer)
                        let total = (clock.now - start).seconds + generateSeconds
                        Results.emit("rep1_total_s", total)
                        if total < repeatBelowSeconds {
                            loads = max(3, min(maximumRepetitions, Int(smallItemSeconds / total)))
                        } else {
                            loads = 1
                            let again = (clock.now - engineStart).seconds
                            simulations = again * 2 < repeatSecondRunBelowSeconds ? 3 : 1
                        }
                    }
                    simulation += 1
                }
                repetition += 1
            }
        } catch {
            Results.emit("error", "\(error)".replacingOccurrences(of: "\n", with: " ⏎ "))
            return 1
        }
        // Medians over the repetitions (one repetition: its own values again).
        func m(_ value: (EngineResult) -> Double) -> Double { median(engines.map(value)) }
        func p(_ value: (PeerResult) -> Double) -> Double { median(peers.map(value)) }
        Results.emit("reps", engines.count)
        Results.emit("loads", loads)
        Results.emit("parse_s", m(\.parseSeconds))
        Results.emit("load_s", m(\.loadSeconds))
        Results.emit("sim_init_s", m(\.simInitSeconds))
        Results.emit("sim_steps_s", m(\.stepsSeconds))
        Results.emit("warmup_s", m(\.warmupSeconds))
        Results.emit("steady_steps_s", m { $0.stepsSeconds - $0.warmupSeconds })
        Results.emit("warmup_writes", engines[0].warmupWrites)
        Results.emit("peer_setup_s", p(\.setupSeconds))
        Results.emit("peer_writes_s", p(\.writesSeconds))
        // Both sides must agree on what the writes re-evaluate, where they model the same views.
        let engine = engines[0], peer = peers[0]
        switch kind {
        case .narrow, .broad:
            Results.emit("cross_check", engine.evaluations == peer.reevaluations
                         ? "ok" : "Ripple evaluated \(engine.evaluations) bodies, the runtime re-ran \(peer.reevaluations)")
        case .mixed:
            Results.emit("cross_check", "n/a")
        }
        Results.emit("rss_end_kib", Memory.highWaterKiB())
        Results.emit("done", "1")
        return 0
    }

    static func emit(_ engine: EngineResult) {
        Results.emit("parse_s", engine.parseSeconds)
        Results.emit("load_s", engine.loadSeconds)
        Results.emit("sim_init_s", engine.simInitSeconds)
        Results.emit("sim_steps_s", engine.stepsSeconds)
        Results.emit("instances", engine.instances)
        Results.emit("evaluations", engine.evaluations)
        Results.emit("wasted", engine.wasted)
        Results.emit("check", engine.check)
        if let allocations = engine.allocationsPerWrite { Results.emit("allocations_per_write", allocations) }
    }

    static func emit(_ peer: PeerResult) {
        Results.emit("peer_setup_s", peer.setupSeconds)
        Results.emit("peer_writes_s", peer.writesSeconds)
        Results.emit("peer_views", peer.trackedViews)
        Results.emit("peer_reevaluations", peer.reevaluations)
        Results.emit("peer_firings", peer.firings)
    }

    /// The full item renders end to end; a probe (fewer writes) reports the stages one by one.
    static func runRender(rows: Int, writes: Int) -> Int32 {
        do {
            if writes == Workload.writesPerRun {
                try RenderBench.render(rows: rows, writes: writes)
            } else {
                try RenderBench.breakdown(rows: rows, writes: writes)
            }
            Results.emit("rss_end_kib", Memory.highWaterKiB())
            Results.emit("done", "1")
            return 0
        } catch {
            Results.emit("error", "\(error)".replacingOccurrences(of: "\n", with: " ⏎ "))
            return 1
        }
    }
}
