import RippleRealityCheck
import RippleRender

/// `ripple compare --format html`: the comparison as a page of the report folder — what was compared
/// and how, the verdict and the count of each grade, then a table per step with both counts, the grade
/// (disagreements marked) and both sides' lines. It says what the text says, in the gallery's look.
enum CompareReport {
    /// A whole HTML page for `check`, a comparison with the scenario at `scenario`.
    static func html(_ check: RealityCheck, scenario: String) -> String {
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<title>Reality check: \(XML.escape(scenario))</title>\n" + Self.style + "</head>\n<body>\n"
        page += "<p><a href=\"../index.html\">Ripple gallery</a></p>\n"
        page += "<h1>Reality check</h1>\n"
        page += "<p class=\"meta\">log <code>\(XML.escape(check.log))</code> (\(XML.escape(check.format.rawValue))) against "
            + "<code>\(XML.escape(scenario))</code>, variant <code>\(XML.escape(check.variant))</code> (\(XML.escape(check.semantics.rawValue)))</p>\n"
        page += "<ul class=\"meta\">\n" + check.header.map { "<li>\(XML.escape($0))</li>\n" }.joined() + "</ul>\n"
        let counts = check.gradeCounts
        let rows = counts.values.reduce(0, +)
        let disagreements = check.disagreements.count
        page += "<p class=\"\(disagreements == 0 ? "agree" : "disagree")\"><b>"
            + (disagreements == 0 ? "The app and Ripple agree on every view type the log records."
                : "\(disagreements) disagreement\(disagreements == 1 ? "" : "s"); if Ripple is wrong, docs/RealityCheck.md says what to send.")
            + "</b> \(rows) row\(rows == 1 ? "" : "s"): " + RealityCheck.Grade.allCases.map { "\(counts[$0] ?? 0) \($0.words)" }.joined(separator: ", ") + ".</p>\n"
        for step in check.steps {
            let title = step.name == "initial" ? "initial" : "step \u{201C}\(step.name)\u{201D}"
            guard step.logStep != nil else {
                page += "<h2>\(XML.escape(title))</h2>\n<p class=\"meta\">"
                    + (step.name == "initial" ? "the log begins after it" : "not in the log") + "</p>\n"
                continue
            }
            let logPart = step.logStep == step.name || step.logStep == "initial" ? "" : " = log step \u{2018}\(step.logStep!)\u{2019}"
            page += "<h2>\(XML.escape(title + logPart))</h2>\n"
            if let line = step.logLine { page += "<p class=\"meta\">from log line \(line)</p>\n" }
            guard !step.rows.isEmpty else {
                page += "<p class=\"meta\">no body ran in the app, and Ripple predicts none</p>\n"
                continue
            }
            page += "<table>\n<tr><th>view type</th><th>logged</th><th>predicted</th><th>grade</th><th>the app\u{2019}s lines</th><th>Ripple\u{2019}s</th></tr>\n"
            for row in step.rows {
                let (app, ripple) = RealityCheck.sides(of: row)
                page += "<tr class=\"\(row.grade.rawValue)\"><td>\(XML.escape(row.viewType))</td><td class=\"n\">\(row.logged)</td>"
                    + "<td class=\"n\">\(row.predicted)</td><td><span class=\"grade grade-\(row.grade.rawValue)\">\(XML.escape(row.grade.words))</span></td>"
                    + "<td>\(XML.escape(app))</td><td>\(XML.escape(ripple))</td></tr>\n"
            }
            page += "</table>\n"
        }
        return page + "</body>\n</html>\n"
    }

    private static let style = "<style>body { font-family: -apple-system, system-ui, sans-serif; margin: 1.5rem; color: #222; }"
        + " h2 { font-size: 1.1rem; margin: 1.2rem 0 0.3rem; } .meta { color: #555; } code { font-family: ui-monospace, Menlo, monospace; }"
        + " table { border-collapse: collapse; margin: 0.4rem 0; } th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }"
        + " td.n { text-align: right; } .grade { padding: 0 0.3em; border-radius: 3px; } .grade-confirmed { background: #d8f0d8; }"
        + " .grade-extraInApp, .grade-extraInRipple { background: #f4d0d0; font-weight: bold; } .grade-notRecorded, .grade-notInScenario { background: #eee; }"
        + " .agree { color: #1b5e20; } .disagree { color: #8b0000; }</style>\n"
}
