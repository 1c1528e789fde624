import Foundation
import Testing
@testable import RippleAudit
@testable import RippleCLI
@testable import RippleCore
import RippleRender

/// `ripple audit --format html`: a report per screen in the gallery's form, with the fixed code beside
/// the code as written, and the committed reports in Output/ up to date.
@Suite(.serialized) struct AuditReportTests {
    @Test func theReportShowsTheRankingTheFixesAndBothPictures() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "html", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("report: \(folder.path)/audit-task-manager/index.html"))
        let page = try String(contentsOf: folder.appendingPathComponent("audit-task-manager/index.html"), encoding: .utf8)
        #expect(page.contains("<h2>Actions, most wasted first</h2>"))
        #expect(page.contains("<td>tap Button in TaskRowView[UUID-1]</td><td><code>TaskRowView.swift:10</code></td><td class=\"number\">3</td><td class=\"number\">1</td>"))
        #expect(page.contains("<li>store <code>TaskStore.total</code> and update it when <code>tasks</code> changes, writing it only when its value changes: wasted 2 → 0"))
        // Adding a typed task re-runs the badge for a count that changes: 3 evaluations, 2 of them wasted.
        #expect(page.contains("<tr><td>TaskCountBadge</td><td class=\"number\">3</td><td class=\"number\">2</td><td class=\"number\">0</td><td>tap Button in TaskRowView[UUID-1], tap Button in TaskRowView[UUID-3]</td></tr>"))
        #expect(page.contains("<figcaption>as written") && page.contains("<figcaption>with fixes"))
        // One picture per variant per action, and the gallery page lists the audit first.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("audit-task-manager").path)
        #expect(files.filter { $0.hasPrefix("with-fixes-") && $0.hasSuffix(".svg") }.count == 6)
        let gallery = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(gallery.contains("<h2 class=\"group\">Audits</h2>"))
        #expect(gallery.contains("<a href=\"audit-task-manager/index.html\">Audit: task-manager</a>"))
        #expect(gallery.contains("· 6 actions"))
        // The same input writes the same files.
        let again = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(ripple("audit", "Scenarios/apps/task-manager", "--rows", "3", "--format", "html", "-o", again.path).status == 0)
        for file in files {
            #expect(FileManager.default.contents(atPath: folder.appendingPathComponent("audit-task-manager/\(file)").path)
                    == FileManager.default.contents(atPath: again.appendingPathComponent("audit-task-manager/\(file)").path), "\(file)")
        }
    }

    /// Output/ holds the audits of the bundled apps that `make demo` writes: their DOT, traces and pages
    /// must match what `ripple audit` writes for each app now, screen by screen.
    @Test(arguments: ["reading-list", "settings", "task-manager"])
    func committedAuditIsUpToDate(_ app: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = ripple("audit", "Scenarios/apps/" + app, "--rows", "3", "--format", "html", "-o", folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        let reports = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("audit-") }
        #expect(!reports.isEmpty)
        for report in reports {
            let written = folder.appendingPathComponent(report)
            for name in try FileManager.default.contentsOfDirectory(atPath: written.path)
            where name.hasSuffix(".dot") || name.hasPrefix("trace.") || name == "index.html" {
                let contents = FileManager.default.contents(atPath: written.appendingPathComponent(name).path).map { String(decoding: $0, as: UTF8.self) }
                let committed = FileManager.default.contents(atPath: "Output/\(report)/\(name)").map { String(decoding: $0, as: UTF8.self) }
                #expect(committed == contents, "Output/\(report)/\(name) is stale: run `make demo` and commit Output/")
            }
        }
    }

    /// Report folders never collide: names that slug alike are numbered, as `ripple render` numbers its
    /// scenario folders.
    @Test func reportFoldersAreDistinct() {
        #expect(AuditReport.folders(for: [("a/Sources", "main", 1), ("b/Sources", "main", 1), ("c/sources", "main", 1)])
                == ["audit-sources", "audit-sources-2", "audit-sources-3"])
        #expect(AuditReport.folders(for: ["Root A", "Root-A", "Root.A", "Screen", "screen"].map { ("App", $0, 5) })
                == ["audit-app-root-a", "audit-app-root-a-2", "audit-app-root-a-3", "audit-app-screen", "audit-app-screen-2"])
    }

    /// Two apps in folders both named `Sources` get a report each, and the gallery links each once.
    @Test func twoAppsOfOneFolderNameGetAReportEach() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var apps: [String] = []
        for (index, label) in ["First", "Second"].enumerated() {
            let app = folder.appendingPathComponent("app\(index)/Sources").path
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
            try """
            import SwiftUI
            struct RootView: View {
                @State private var count = 0
                var body: some View { VStack { Button("\(label)") { count += 1 }; Text("\\(count)") } }
            }
            """.write(toFile: app + "/RootView.swift", atomically: true, encoding: .utf8)
            apps.append(app)
        }
        let output = folder.appendingPathComponent("out").path
        let result = ripple(["audit"] + apps + ["--root", "RootView", "--format", "html", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("report: \(output)/audit-sources/index.html\n"))
        #expect(result.stdout.contains("report: \(output)/audit-sources-2/index.html\n"))
        let first = try String(contentsOfFile: output + "/audit-sources/index.html", encoding: .utf8)
        let second = try String(contentsOfFile: output + "/audit-sources-2/index.html", encoding: .utf8)
        #expect(first.contains("First") && !first.contains("Second"))
        #expect(second.contains("Second") && !second.contains("First"))
        let gallery = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        // Each report is one card of the gallery, with its links (title and picture) to its own folder.
        let links = gallery.components(separatedBy: "href=\"audit-sources/").count - 1
        #expect(links > 0)
        #expect(gallery.components(separatedBy: "href=\"audit-sources-2/").count - 1 == links)
        #expect(gallery.components(separatedBy: "<a href=").count - 1 == 2 * links)
    }

    @Test func viewTypesAreSummedOverTheActions() {
        func row(_ action: String, _ views: [AuditRow.ViewCounts]) -> AuditRow {
            var row = AuditRow(file: "f", variant: "main", action: action, kind: "tap", control: "Button", location: TraceLocation(SourceLocation(file: "f", line: 1, column: 1)))
            row.views = views
            return row
        }
        let summaries = ViewTypeSummary.summaries([
            row("a", [AuditRow.ViewCounts(view: "List", evaluations: 1), AuditRow.ViewCounts(view: "Row", evaluations: 3, wasted: 2)]),
            row("b", [AuditRow.ViewCounts(view: "Row", evaluations: 1, wasted: 1), AuditRow.ViewCounts(view: "Badge", stale: 1)]),
            row("c", [AuditRow.ViewCounts(view: "List", evaluations: 2)]),
        ])
        #expect(summaries == [
            ViewTypeSummary(viewType: "Row", evaluations: 4, wasted: 3, stale: 0, wastedIn: ["a", "b"]),
            ViewTypeSummary(viewType: "List", evaluations: 3, wasted: 0, stale: 0, wastedIn: []),
            ViewTypeSummary(viewType: "Badge", evaluations: 0, wasted: 0, stale: 1, wastedIn: []),
        ])
    }
}
