import RippleAudit
import RippleCore
import RippleRender

/// The page an app with several screens opens on in `ripple audit --format html`: its coverage, the
/// most wasteful actions across its screens, a card per screen that has actions (most wasted first,
/// each linking to the screen's report, the previews' states apart after the app's screens), and what
/// the audit did not reach.
enum AuditAppSummary {
    /// One screen of the app: its root view and what its actions did.
    struct Screen {
        var name: String
        /// The screen's report folder; nil for a screen without actions, which has none.
        var folder: String?
        var rows: [AuditRow]
        /// Whether the screen exists only for previews (`_`-prefixed or a `PreviewProvider`'s).
        var isPreviewOnly: Bool { Coverage.isPreviewOnly(name) }
        /// Whether the screen is a preview's state (`AuditRow.state`), built from the preview's sample values.
        var isPreviewState: Bool { rows.contains { $0.state != nil } }
        var performed: [AuditRow] { rows.filter { $0.kind != "step" } }
        var wasted: Int { rows.reduce(0) { $0 + $1.wasted } }
        var evaluations: Int { rows.reduce(0) { $0 + $1.evaluations } }
        var stale: Int { rows.reduce(0) { $0 + $1.stale } }
    }

    /// Most actions the page ranks across screens.
    static let actionsShown = 15

    /// The page's files, for the gallery to list in place of its screens.
    static func render(title: String, file: String, screens: [Screen], coverage: Coverage, folder: String) -> RenderedScenario {
        // The app's own screens first, then the previews' states, each most wasted first.
        let shown = screens.filter { $0.folder != nil }.sorted {
            ($0.isPreviewState ? 0 : 1, $0.wasted, $0.evaluations, $1.name) > ($1.isPreviewState ? 0 : 1, $1.wasted, $1.evaluations, $0.name)
        }
        let totals = shown.map { RenderedScenario.Totals(variant: $0.name + ($0.isPreviewOnly ? " (preview only)" : ""), evaluations: $0.evaluations,
                                                         wasted: $0.wasted, stale: $0.stale) }
        return RenderedScenario(folder: folder, title: "Audit: " + title, file: file, steps: shown.count, totals: totals,
                                page: page(title: title, file: file, shown: shown, all: screens, coverage: coverage), stepWord: "screen")
    }

    private static func page(title: String, file: String, shown: [Screen], all: [Screen], coverage: Coverage) -> String {
        func e(_ text: String) -> String { XML.escape(text) }
        func link(_ screen: Screen) -> String {
            guard let folder = screen.folder else { return e(screen.name) }
            return "<a href=\"../\(e(folder))/index.html\">\(e(screen.name))</a>" + (screen.isPreviewOnly ? " <span class=\"meta\">(preview only)</span>" : "")
        }
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            \(GalleryPage.generator)
            <title>Audit: \(e(title))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 90rem; color: #1d1d1f; }
            table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: 0.15rem 0.5rem; text-align: left; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; } .meta { color: #555; }
            .screens { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.6rem; }
            .screen { border: 1px solid #ddd; border-radius: 8px; padding: 0.5rem 0.8rem; } .screen h3 { margin: 0 0 0.2rem; font-size: 1rem; }
            </style>
            \(AuditReport.style)</head>
            <body>
            <p><a href="../index.html">Ripple gallery</a></p>
            <h1>Audit: \(e(title))</h1>
            <p class="meta">\(e(file)) · \(all.count) screens, \(shown.count) with actions</p>
            <section class="audit">

            """
        html += AuditReport.coveragePanel(coverage)
        let ranked = AuditRow.ranked(shown.flatMap(\.performed)).prefix(actionsShown)
        let screenOf = Dictionary(shown.flatMap { screen in screen.rows.map { ($0.variant, screen) } }, uniquingKeysWith: { first, _ in first })
        if !ranked.isEmpty {
            html += "<h2>The most wasteful actions</h2>\n<table>\n<thead><tr><th>action</th><th>screen</th><th>evaluations</th><th>wasted</th><th>stale</th><th>confidence</th><th>most wasted, or why</th></tr></thead>\n<tbody>\n"
            for row in ranked {
                html += "<tr><td>\(e(row.action))</td><td>\(screenOf[row.variant].map(link) ?? e(row.variant))</td>"
                html += "<td class=\"number\">\(row.evaluations)</td><td class=\"number\">\(row.wasted)</td><td class=\"number\">\(row.stale)</td>"
                html += "<td><span class=\"confidence confidence-\(row.confidence.rawValue)\">\(e(row.confidence.mark))</span></td><td>\(e(row.why))</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        let sections = [("Screens with actions, most wasted first", shown.filter { !$0.isPreviewState }),
                        ("Previews: the same screens built from their sample data, most wasted first", shown.filter(\.isPreviewState))]
        for (heading, screens) in sections where !screens.isEmpty {
            html += "<h2>\(e(heading))</h2>\n<div class=\"screens\">\n"
            for screen in screens {
                let performed = screen.performed
                let exact = performed.count { $0.confidence == .exact }
                html += "<div class=\"screen\"><h3>\(link(screen))</h3><p>\(performed.count) action\(performed.count == 1 ? "" : "s") (\(exact) exact): "
                    + "\(screen.evaluations) evaluations, \(screen.wasted) wasted, \(screen.stale) stale</p></div>\n"
            }
            html += "</div>\n"
        }
        let without = all.filter { $0.folder == nil }
        if !without.isEmpty || !coverage.unreached.isEmpty {
            html += "<h2>Not reached</h2>\n"
            if !without.isEmpty {
                html += "<p>Screens without an action Ripple could perform (\(without.count)): "
                    + without.map { e($0.name) + ($0.isPreviewOnly ? " (preview only)" : "") }.joined(separator: ", ") + ".</p>\n"
            }
            html += AuditReport.unreachedList(coverage)
        }
        html += "</section>\n</body>\n</html>\n"
        return html
    }
}
