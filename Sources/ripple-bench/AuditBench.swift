// `ripple audit` on a generated app: every action of every screen performed, on one thread and on every
// core, as the command runs it (`RippleCLI.run`, loading the app included), with the share of actions
// simulated without an error.

import Foundation
import RippleCLI

enum AuditBench {
    /// Audits the generated app of `count` view files (`ImportBench.file`), written to a temporary folder.
    static func run(files count: Int) -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-bench-audit-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<count {
                try ImportBench.file(index).write(to: folder.appendingPathComponent("File\(index).swift"), atomically: true, encoding: .utf8)
            }
        } catch {
            Results.emit("error", "cannot write the generated app: \(error)")
            return 1
        }
        let clock = ContinuousClock()
        func audit(_ extra: [String]) -> (seconds: Double, output: String, status: Int32) {
            let out = Capture()
            var status: Int32 = 0
            let elapsed = clock.measure {
                status = RippleCLI.run(arguments: ["audit", folder.path, "--format", "json"] + extra, stdout: out, stderr: Capture())
            }
            return (elapsed.seconds, out.text, status)
        }
        // Alternated and run twice each, the faster of each kept: the first run also pays for what the
        // process has not loaded yet.
        let runs = [audit(["--jobs", "1"]), audit([]), audit(["--jobs", "1"]), audit([])]
        let one = runs[0].seconds < runs[2].seconds ? runs[0] : runs[2]
        let all = runs[1].seconds < runs[3].seconds ? runs[1] : runs[3]
        // The audit's JSON object (schema version 2) holds its rows under `actions`.
        let object = (try? JSONSerialization.jsonObject(with: Data(all.output.utf8))) as? [String: Any]
        let rows = object?["actions"] as? [[String: Any]] ?? []
        let coverage = object?["coverage"] as? [String: Any] ?? [:]
        Results.emit("audit_controls", coverage["controls"] as? Int ?? 0)
        Results.emit("audit_controls_exact", coverage["controlsExact"] as? Int ?? 0)
        let simulated = rows.filter { $0["error"] == nil }.count
        Results.emit("audit_files", count)
        Results.emit("audit_actions", rows.count)
        Results.emit("audit_simulated", simulated)
        Results.emit("audit_one_thread_s", one.seconds)
        Results.emit("audit_s", all.seconds)
        Results.emit("audit_cores", ProcessInfo.processInfo.activeProcessorCount)
        Results.emit("audit_same_output", one.output == all.output ? 1 : 0)
        if all.status != 0 || rows.isEmpty { Results.emit("error", "the audit exited \(all.status) with \(rows.count) actions") }
        Results.emit("rss_end_kib", Memory.highWaterKiB())
        Results.emit("done", "1")
        return 0
    }

    /// What the command prints, kept.
    private final class Capture: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
    }
}
