import RippleAudit
import RippleCore
import RippleRender

/// `ripple audit --format html`: one report page per audited variant, in the gallery's form. Its steps
/// are the actions, most wasted first, each highlighted on one graph of everything the actions touched;
/// with a proven fix, the fixed code is the second picture, side by side. Above them: the ranked table,
/// the hints, the fixes and what each saved, and a summary per view type.
enum AuditReport {
    /// The report folders' names, one per audited variant, in order: `audit-task-manager`, with the
    /// variant when its file has several. They are made distinct (`audit-sources-2`) the way `ripple
    /// render` names its scenario folders, so two apps in folders of one name, or variants `Root A` and
    /// `Root-A`, each get a folder, and the report lines and gallery links come from the same names.
    static func folders(for entries: [(file: String, variant: String, variants: Int)]) -> [String] {
        FileName.distinctSlugs(entries.map { "audit-" + Renderer.name(of: $0.file) + ($0.variants > 1 ? "-" + $0.variant : "") })
    }

    static func render(_ scenario: Scenario, variant: String, file: String, rows: [AuditRow], fixes: AuditFixes,
                       allRows: Bool, depth: Int = Audit.defaultDepth, folder: String, coverage: Coverage? = nil,
                       title: String? = nil) throws -> RenderedScenario {
        let listed = AuditRow.ranked(rows)
        let ranked = listed.filter { $0.error == nil }
        let names = ranked.map(\.action)
        var variants: [(label: String, drawing: AuditDrawing, initial: Int)] = []
        var drawing: AuditDrawing? = AuditDrawing()
        _ = try Audit(allRows: allRows, depth: depth).rows(of: scenario, variant: variant, file: file, drawing: &drawing)
        let written = variant == "main" ? "as written" : variant
        variants.append((written, drawing!, try Simulation(scenario: scenario, variant: variant, semantics: scenario.semantics).initialInstances))
        if !fixes.kept.isEmpty {
            let fixed = try ProvenFixes.scenario(scenario, variant: variant, applying: fixes.kept)
            var fixedDrawing: AuditDrawing? = AuditDrawing()
            _ = try Audit(allRows: allRows, depth: depth).rows(of: fixed, variant: variant, file: file, drawing: &fixedDrawing)
            variants.append((variant == "main" ? "with fixes" : variant + " with fixes", fixedDrawing!,
                             try Simulation(scenario: fixed, variant: variant, semantics: scenario.semantics).initialInstances))
        }
        var trace = ScenarioTrace(file: file, title: title ?? "Audit: " + scenario.title, semantics: scenario.semantics, variants: [])
        var graphs: [VariantGraph] = []
        var starting: [[Set<String>]] = []
        for entry in variants {
            let steps = names.map { name in
                entry.drawing.traces[name] ?? StepTrace(name: name, writes: [], instances: [], created: [], destroyed: [],
                                                       counts: StepCounts(evaluations: 0, needed: 0, wasted: 0, stale: 0, created: 0, destroyed: 0))
            }
            trace.variants.append(VariantTrace(name: entry.label, semantics: scenario.semantics, initialInstances: entry.initial, steps: steps))
            var graph = entry.drawing.graph ?? VariantGraph(variant: entry.label, initialPaths: [], groups: [], instances: [], dependencies: [])
            graph.variant = entry.label
            graphs.append(graph)
            starting.append(names.map { entry.drawing.starting[$0] ?? Set(graph.initialPaths) })
        }
        let location = scenario.variants.first { $0.name == variant }?.location ?? SourceLocation(file: file, line: 1, column: 1)
        let input = ReportInput(title: trace.title, file: file, stepNames: names, trace: trace, graphs: graphs,
                                locations: variants.map { _ in location }, startingPaths: starting,
                                preface: preface(listed, fixes: fixes, coverage: coverage ?? Audit.coverage(of: scenario, rows: rows)), stepWord: "action")
        return try ScenarioRenderer.render(input, folder: folder)
    }

    /// The audit pages' own styles: the coverage panel and the confidence marks.
    static let style = "<style>.audit h2 { font-size: 1.1rem; margin: 1.2rem 0 0.3rem; } .audit li { margin: 0.2rem 0; } .audit code { font-family: ui-monospace, Menlo, monospace; font-size: 0.9em; }"
        + " .coverage { border: 1px solid #999; border-radius: 6px; padding: 0.4rem 0.8rem; margin: 0.6rem 0; } .coverage p { margin: 0.2rem 0; }"
        + " .confidence { font-size: 0.85em; padding: 0 0.3em; border-radius: 3px; } .confidence-exact { background: #d8f0d8; }"
        + " .confidence-partial { background: #fbe8c8; } .confidence-not-simulated { background: #f4d0d0; }</style>\n"

    /// The coverage line and its top reasons, as a panel (`id="coverage"`).
    static func coveragePanel(_ coverage: Coverage) -> String {
        func e(_ text: String) -> String { XML.escape(text) }
        var html = "<div class=\"coverage\" id=\"coverage\">\n<h2>Coverage</h2>\n"
        html += "<p>\(coverage.viewTypesEvaluated) of \(coverage.viewTypes) view types evaluated; \(coverage.controlsOffered) of \(coverage.controls) controls "
            + "offered as actions, \(coverage.controlsEvaluatingABody) evaluate a body, <b>\(coverage.controlsExact) simulated exactly "
            + "(\(coverage.exactPercent))</b>.</p>\n"
        html += "<p>Actions: \(coverage.actionsExact) exact, \(coverage.actionsPartial) partial, \(coverage.actionsNotSimulated) not simulated; "
            + "\(coverage.viewsNotSimulated) views or bodies and \(coverage.statementsNotSimulated) statements not simulated.</p>\n"
        if !coverage.reasons.isEmpty {
            html += "<p class=\"meta\">Top reasons: " + coverage.reasons.prefix(AuditCommand.reasonsShown).map {
                "\(e($0.kind)) (\(e($0.tally)))"
            }.joined(separator: "; ") + "</p>\n"
        }
        return html + "</div>\n"
    }

    /// The controls no action performs, the first `unreachedShown` with their reasons; empty when none.
    static func unreachedList(_ coverage: Coverage) -> String {
        guard !coverage.unreached.isEmpty else { return "" }
        func e(_ text: String) -> String { XML.escape(text) }
        var html = "<p>Controls no action performs (\(coverage.unreached.count)):</p>\n<ul class=\"unreached\">\n"
        for control in coverage.unreached.prefix(unreachedShown) {
            html += "<li><code>\(e("\(control.location.file):\(control.location.line)"))</code> \(e(control.control + (control.viewType.map { " in " + $0 } ?? ""))): \(e(control.reason))</li>\n"
        }
        if coverage.unreached.count > unreachedShown { html += "<li>… and \(coverage.unreached.count - unreachedShown) more (the JSON lists them all)</li>\n" }
        return html + "</ul>\n"
    }

    /// Most controls the report lists as not simulated; the JSON lists every one.
    static let unreachedShown = 50

    /// The coverage panel, the ranked table with each row's confidence, hints, fixes, view types and what
    /// was not simulated, above the pictures.
    static func preface(_ rows: [AuditRow], fixes: AuditFixes, coverage: Coverage) -> String {
        func e(_ text: String) -> String { XML.escape(text) }
        var html = style
        html += "<section class=\"audit\">\n"
        html += coveragePanel(coverage)
        html += "<h2>Actions, most wasted first</h2>\n<table>\n<thead><tr><th>action</th><th>where</th><th>evaluations</th><th>wasted</th><th>stale</th><th>confidence</th><th>most wasted, or why</th></tr></thead>\n<tbody>\n"
        for row in rows {
            html += "<tr><td>\(e(row.action))</td><td><code>\(e("\(row.location.file):\(row.location.line)"))</code></td>"
            html += "<td class=\"number\">\(row.evaluations)</td><td class=\"number\">\(row.wasted)</td><td class=\"number\">\(row.stale)</td>"
            html += "<td><span class=\"confidence confidence-\(row.confidence.rawValue)\">\(e(row.confidence.mark))</span></td>"
            html += "<td>\(e(row.why))</td>"
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        var hints: [String] = []
        for row in rows {
            for hint in row.hints {
                let item = "<li><b>\(e(row.action))</b>: \(inlineCode(hint.text)) <span class=\"meta\">[\(e(hint.guidance))]</span></li>\n"
                if !hints.contains(item) { hints.append(item) }
            }
        }
        if !hints.isEmpty { html += "<h2>Hints</h2>\n<ul>\n" + hints.joined() + "</ul>\n" }
        if !fixes.proofs.isEmpty {
            html += "<h2>Proven fixes</h2>\n<p class=\"meta\">Ripple rewrote the code and performed the same actions again; the second picture and the counts below are the code with every kept fix.</p>\n<ol>\n"
            for proof in fixes.proofs {
                let measured = proof.after.map { "\(proof.before.change(to: $0)) across \(proof.before.actions) actions" } ?? ""
                html += "<li>\(inlineCode(proof.summary)): " + inlineCode(proof.rejected.map { "not kept, \($0)" + (measured.isEmpty ? "" : " (\(measured))") } ?? measured) + "</li>\n"
            }
            html += "</ol>\n"
        }
        html += "<h2>View types</h2>\n<table>\n<thead><tr><th>view type</th><th>evaluations</th><th>wasted</th><th>stale</th><th>wasted in</th></tr></thead>\n<tbody>\n"
        for summary in ViewTypeSummary.summaries(rows) {
            html += "<tr><td>\(e(summary.viewType))</td><td class=\"number\">\(summary.evaluations)</td><td class=\"number\">\(summary.wasted)</td><td class=\"number\">\(summary.stale)</td><td>\(e(summary.wastedIn.joined(separator: ", ")))</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        if !coverage.unreached.isEmpty || !coverage.reasons.isEmpty {
            html += "<h2>Not simulated</h2>\n"
            if !coverage.reasons.isEmpty {
                html += "<table>\n<thead><tr><th>what</th><th>how often</th><th>what it cost</th><th>first at</th></tr></thead>\n<tbody>\n"
                for reason in coverage.reasons {
                    html += "<tr><td>\(e(reason.kind))</td><td class=\"number\">\(reason.count)</td><td>\(e(reason.tally))</td>"
                        + "<td><code>\(e("\(reason.example.file):\(reason.example.line)"))</code></td></tr>\n"
                }
                html += "</tbody>\n</table>\n"
            }
            html += unreachedList(coverage)
        }
        html += "</section>\n"
        return html
    }

    /// The text escaped, with its `backquoted` parts set as code.
    static func inlineCode(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset % 2 == 1 ? "<code>" + XML.escape(String($0.element)) + "</code>" : XML.escape(String($0.element)) }
            .joined()
    }
}
