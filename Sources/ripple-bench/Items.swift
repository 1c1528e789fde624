// One measured item, run in a child process (`ripple-bench --item NAME`) so its peak memory and its
// time limit are its own. Results go to stdout as `R key value` lines, as soon as they are known.

import Foundation

/// An item's name: `narrow-1000`, `broad-100000`, `render-10000`.
struct ItemName: Hashable {
    enum Kind: Hashable {
        case workload(WorkloadKind)
        case render
    }

    var kind: Kind
    var rows: Int

    var text: String {
        switch kind {
        case .workload(let workload): "\(workload.rawValue)-\(rows)"
        case .render: "render-\(rows)"
        }
    }

    init(kind: Kind, rows: Int) {
        self.kind = kind
        self.rows = rows
    }

    init?(_ text: String) {
        guard let dash = text.lastIndex(of: "-"), let rows = Int(text[text.index(after: dash)...]), rows > 0 else { return nil }
        let head = String(text[..<dash])
        if head == "render" {
            kind = .render
        } else if let workload = WorkloadKind(rawValue: head) {
            kind = .workload(workload)
        } else {
            return nil
        }
        self.rows = rows
    }
}

enum ItemRunner {
    /// Items whose first repetition takes less than this are repeated 3× (medians reported).
    static let repeatBelowSeconds = 5.0

    static func run(_ item: ItemName) -> Int32 {
        switch item.kind {
        case .workload(let kind): return runWorkload(kind, rows: item.rows)
        case .render: return runRender(rows: item.rows)
        }
    }

    static func runWorkload(_ kind: WorkloadKind, rows: Int) -> Int32 {
        let workload = Workload(kind: kind, rows: rows)
        let (text, generateSeconds) = timed { workload.text }
        Results.emit("steps", workload.steps.count)
        Results.emit("writes", workload.writeCount)
        Results.emit("text_bytes", text.utf8.count)
        Results.emit("generate_s", generateSeconds)
        var engines: [EngineResult] = []
        var peers: [PeerResult] = []
        var repetitions = 3
        var repetition = 0
        while repetition < repetitions {
            let clock = ContinuousClock()
            let start = clock.now
            let engine: EngineResult
            do {
                engine = try EngineBench.run(workload, text: text, afterLoad: {
                    if repetition == 0 { Results.emit("rss_after_load_kib", Memory.highWaterKiB()) }
                })
            } catch {
                Results.emit("error", "\(error)".replacingOccurrences(of: "\n", with: " ⏎ "))
                return 1
            }
            engines.append(engine)
            if repetition == 0 {
                Results.emit("rss_engine_kib", Memory.highWaterKiB())
                emit(engine)
            }
            let peer = ObservationPeer.run(workload)
            peers.append(peer)
            if repetition == 0 {
                emit(peer)
                let total = (clock.now - start).seconds + generateSeconds
                Results.emit("rep1_total_s", total)
                if total >= repeatBelowSeconds { repetitions = 1 }
            }
            repetition += 1
        }
        // Medians over the repetitions (one repetition: its own values again).
        func m(_ value: (EngineResult) -> Double) -> Double { median(engines.map(value)) }
        func p(_ value: (PeerResult) -> Double) -> Double { median(peers.map(value)) }
        Results.emit("reps", engines.count)
        Results.emit("parse_s", m(\.parseSeconds))
        Results.emit("load_s", m(\.loadSeconds))
        Results.emit("sim_init_s", m(\.simInitSeconds))
        Results.emit("sim_steps_s", m(\.stepsSeconds))
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
    }

    static func emit(_ peer: PeerResult) {
        Results.emit("peer_setup_s", peer.setupSeconds)
        Results.emit("peer_writes_s", peer.writesSeconds)
        Results.emit("peer_views", peer.trackedViews)
        Results.emit("peer_reevaluations", peer.reevaluations)
        Results.emit("peer_firings", peer.firings)
    }

    static func runRender(rows: Int) -> Int32 {
        do {
            let result = try RenderBench.inProcess(rows: rows)
            Results.emit("load_s", result.loadSeconds)
            Results.emit("render_s", result.renderSeconds)
            Results.emit("files", result.files)
            Results.emit("svg_files", result.svgFiles)
            Results.emit("megabytes", result.megabytes)
            Results.emit("rss_end_kib", Memory.highWaterKiB())
            Results.emit("done", "1")
            return 0
        } catch {
            Results.emit("error", "\(error)".replacingOccurrences(of: "\n", with: " ⏎ "))
            return 1
        }
    }
}
