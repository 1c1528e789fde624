// `ripple audit` on a generated app: every action of every screen performed, on one thread and on every
// core, through the audit's library (`RippleAudit`), the app loaded from memory by the front end each
// time and the result encoded as `--format json` prints it, with the share of actions simulated
// without an error.

import Foundation
import RippleAudit
import RippleCore
import RippleRender
import RippleSwift

enum AuditBench {
    /// Audits the generated app of `count` view files (`ImportBench.file`).
    static func run(files count: Int) -> Int32 {
        let files = (0..<count).map { (path: "app/File\($0).swift", source: ImportBench.file($0)) }.sorted { $0.path < $1.path }
        let clock = ContinuousClock()
        func audit(threads: Int?) -> (seconds: Double, output: String, failed: Bool) {
            var output = ""
            var failed = false
            let elapsed = clock.measure {
                var module = SwiftModule()
                module.add(files: files)
                do throws(DiagnosticError) {
                    let scenario = try Scenario(syntax: module.scenario(title: "app", file: "app", root: nil), file: "app", notes: module.notes)
                    let result = Audit(threads: threads).run(scenario, file: "app")
                    failed = !result.failures.isEmpty
                    output = TraceJSON.encode(value: AuditJSON([result]))
                } catch {
                    failed = true
                    output = error.description
                }
            }
            return (elapsed.seconds, output, failed)
        }
        // Alternated and run twice each, the faster of each kept: the first run also pays for what the
        // process has not loaded yet.
        let runs = [audit(threads: 1), audit(threads: nil), audit(threads: 1), audit(threads: nil)]
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
        if all.failed || rows.isEmpty { Results.emit("error", "the audit failed with \(rows.count) actions") }
        Results.emit("rss_end_kib", Memory.highWaterKiB())
        Results.emit("done", "1")
        return 0
    }
}
