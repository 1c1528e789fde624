import RippleCore

/// A scenario's headline numbers, kept beside its files so the gallery can list every rendered scenario.
public struct GallerySummary: Codable, Hashable, Sendable {
    public var folder: String
    public var title: String
    public var file: String
    public var steps: Int
    public var variants: [RenderedScenario.Totals]
    /// Per variant, its picture's file name without `.svg` (nil when it has none), for the thumbnails.
    public var variantFiles: [String?]
    /// `action` for an audit's report, `screen` for an app's audit summary; nil for a scenario, whose
    /// steps are steps.
    public var stepWord: String?
    /// The folder of the page that lists this one; the gallery leaves such pages out.
    public var partOf: String?

    public init(_ rendered: RenderedScenario) {
        folder = rendered.folder
        title = rendered.title
        file = rendered.file
        steps = rendered.steps
        variants = rendered.totals
        variantFiles = rendered.variantFiles
        stepWord = rendered.stepWord == "step" ? nil : rendered.stepWord
        partOf = rendered.partOf
    }

    /// The summary as JSON.
    public var json: String { TraceJSON.encode(value: self) + "\n" }

    /// Reads a summary written by `json`.
    public static func decode(_ text: String) -> GallerySummary? {
        try? JSONDecoderBox.decode(GallerySummary.self, text)
    }
}

/// The gallery: every rendered scenario with its variants side by side and their totals.
public enum GalleryPage {
    /// The line in the page's head that says Ripple wrote it, so a render replaces only its own page.
    public static let generator = #"<meta name="generator" content="Ripple">"#

    /// How the page began before it carried `generator`: output folders rendered by earlier versions of
    /// Ripple hold such pages, and they are Ripple's too.
    static let unmarkedHead = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Ripple gallery</title>

        """

    /// Whether `head`, the first few kilobytes of a file, is a gallery page Ripple wrote.
    public static func isGalleryPage(_ head: String) -> Bool {
        let headElement = head.range(of: "</head>").map { head[..<$0.lowerBound] } ?? Substring(head)
        return headElement.contains(generator) || head.hasPrefix(unmarkedHead)
    }

    /// The page for `summaries`, in the order given.
    public static func page(_ all: [GallerySummary]) -> String {
        // A screen of an app's audit is listed on the app's summary page.
        let summaries = all.filter { $0.partOf == nil }
        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        \(generator)
        <title>Ripple gallery</title>
        <style>
        body { font: 14px/1.45 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 90rem; color: #1d1d1f; }
        h1 { font-size: 1.5rem; }
        .scenario { border: 1px solid #ddd; border-radius: 8px; padding: 0.8rem 1rem; margin: 0 0 1rem; }
        .scenario h2 { font-size: 1.1rem; margin: 0 0 0.3rem; }
        .thumbs { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 0.8rem; align-items: start; }
        .thumbs figure { margin: 0; }
        .thumbs img { max-width: 100%; max-height: 22rem; border: 1px solid #eee; }
        table { border-collapse: collapse; }
        th, td { border: 1px solid #ccc; padding: 0.15rem 0.5rem; text-align: left; }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        .meta { color: #555; }
        h2.group { font-size: 1.2rem; margin: 1.4rem 0 0.4rem; }
        </style>
        </head>
        <body>
        <h1>Ripple gallery</h1>
        <p>Each scenario is one piece of SwiftUI state-management guidance, drawn once for each of its variants
        (usually the broad way and the narrow way), side by side. Open one to step through its writes.</p>

        """
        // Audits first: what every action on an app's screen does, with the fixes Ripple proved.
        let audits = summaries.filter { $0.stepWord != nil }
        if !audits.isEmpty {
            html += "<h2 class=\"group\">Audits</h2>\n<p>Every action on an app's screen performed from its first state, most wasted first, beside the same code with the fixes Ripple made and proved.</p>\n"
        }
        for (index, summary) in (audits + summaries.filter { $0.stepWord == nil }).enumerated() {
            if !audits.isEmpty && index == audits.count { html += "<h2 class=\"group\">Scenarios</h2>\n" }
            let word = summary.stepWord ?? "step"
            html += "<section class=\"scenario\">\n<h2><a href=\"\(XML.escape(summary.folder))/index.html\">\(XML.escape(summary.title))</a></h2>\n"
            html += "<p class=\"meta\">\(XML.escape(summary.file)) · \(summary.steps) \(XML.escape(word))\(summary.steps == 1 ? "" : "s")</p>\n"
            let showsRows = summary.variants.contains { $0.rows != nil }
            html += "<table><thead><tr><th>\(summary.stepWord == "screen" ? "screen" : "variant")</th><th>evaluations</th><th>wasted</th><th>stale</th>"
                + (showsRows ? "<th>row closures</th><th>wasted</th>" : "") + "</tr></thead><tbody>\n"
            for totals in summary.variants {
                html += "<tr><td>\(XML.escape(totals.variant))</td><td class=\"number\">\(totals.evaluations)</td><td class=\"number\">\(totals.wasted)</td><td class=\"number\">\(totals.stale)</td>"
                if showsRows { html += "<td class=\"number\">\(totals.rows ?? 0)</td><td class=\"number\">\(totals.wastedRows ?? 0)</td>" }
                html += "</tr>\n"
            }
            html += "</tbody></table>\n<div class=\"thumbs\">\n"
            for (index, file) in summary.variantFiles.enumerated() where index < summary.variants.count {
                guard let file else { continue }
                html += "<figure><figcaption>\(XML.escape(summary.variants[index].variant))</figcaption><a href=\"\(XML.escape(summary.folder))/index.html\"><img src=\"\(XML.escape(summary.folder))/\(XML.escape(file)).svg\" alt=\"\(XML.escape(summary.variants[index].variant)) dependency graph\" loading=\"lazy\"></a></figure>\n"
            }
            html += "</div>\n</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }
}
