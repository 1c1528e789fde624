import RippleCore

/// One self-contained page per scenario: the variants side by side, a step selector that needs no
/// network, the per-step table, and each instance's causes on click.
enum HTMLReport {
    /// What the page's script needs, per variant and step.
    struct PageData: Encodable {
        struct Instance: Encodable {
            var node: String
            var name: String
            var path: String
            var outcome: String
            var printChanges: String
            var explanation: String
        }
        struct Step: Encodable {
            var title: String
            var classes: [String: [String]]
            var texts: [String: String]
            var counts: StepCounts
            var writes: [String]
            var instances: [Instance]
        }
        struct Variant: Encodable {
            var name: String
            var overview: Step
            var steps: [Step]
        }
        var steps: [String]
        var variants: [Variant]
    }

    static func page(scenario: Scenario, trace: ScenarioTrace, pictures: [VariantPicture]) -> String {
        var variants: [PageData.Variant] = []
        for (index, picture) in pictures.enumerated() {
            let variant = trace.variants[index]
            let overview = picture.overview ?? StepHighlight(classes: [:], texts: [:], title: variant.name)
            var steps: [PageData.Step] = []
            for (stepIndex, step) in variant.steps.enumerated() {
                let highlight = stepIndex < picture.highlights.count ? picture.highlights[stepIndex] : overview
                let instances = step.instances.map { instance in
                    PageData.Instance(node: picture.diagram.instanceNodes[instance.path] ?? "", name: instance.name, path: instance.path,
                                      outcome: instance.outcome.rawValue, printChanges: instance.printChanges,
                                      explanation: TraceText.explanation(instance))
                }
                steps.append(PageData.Step(title: highlight.title, classes: highlight.classes, texts: highlight.texts, counts: step.counts,
                                           writes: step.writes.map { "\($0.statement) — \($0.note)" }, instances: instances))
            }
            let overviewStep = PageData.Step(title: overview.title, classes: overview.classes, texts: overview.texts,
                                             counts: StepCounts(evaluations: 0, needed: 0, wasted: 0, stale: 0, created: 0, destroyed: 0),
                                             writes: [], instances: [])
            variants.append(PageData.Variant(name: variant.name, overview: overviewStep, steps: steps))
        }
        let data = PageData(steps: scenario.steps.map(\.name), variants: variants)

        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XML.escape(scenario.title)) — Ripple</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        <header>
        <p class="crumbs"><a href="../index.html">Ripple gallery</a></p>
        <h1>\(XML.escape(scenario.title))</h1>
        <p class="meta">\(XML.escape(scenario.file)) · semantics \(trace.semantics.rawValue) · \(scenario.steps.count) step\(scenario.steps.count == 1 ? "" : "s")</p>
        </header>
        <nav id="steps" aria-label="Steps">
        <button type="button" data-step="-1" class="selected">Overview</button>

        """
        for (index, step) in scenario.steps.enumerated() {
            html += "<button type=\"button\" data-step=\"\(index)\">\(XML.escape(step.name))</button>\n"
        }
        html += "</nav>\n<p id=\"current\" class=\"current\"></p>\n<p id=\"writes\" class=\"writes\"></p>\n<table id=\"counts\">\n<thead><tr><th>step</th>"
        for variant in trace.variants {
            html += "<th>\(XML.escape(variant.name)): evaluations</th><th>wasted</th><th>stale</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for (index, step) in scenario.steps.enumerated() {
            html += "<tr data-step=\"\(index)\"><td>\(XML.escape(step.name))</td>"
            for variant in trace.variants {
                let counts = variant.steps[index].counts
                html += "<td class=\"number\">\(counts.evaluations)</td><td class=\"number\">\(counts.wasted)</td><td class=\"number\">\(counts.stale)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        html += legend
        html += "<main class=\"variants\">\n"
        for (index, picture) in pictures.enumerated() {
            html += "<figure class=\"variant\" data-variant=\"\(index)\">\n<figcaption>\(XML.escape(picture.name))"
            if !picture.laidOut.isEmpty {
                html += " <a href=\"\(picture.slug).svg\">SVG</a> <a href=\"\(picture.slug).dot\">DOT</a>"
            }
            html += "</figcaption>\n"
            if let omission = picture.omission { html += "<p class=\"omission\">\(XML.escape(omission))</p>\n" }
            // The page carries the SVG as laid out; its script applies the overview or a step's classes and texts.
            html += "<div class=\"picture\">" + stripProlog(picture.laidOut) + "</div>\n<div class=\"details\" aria-live=\"polite\"><p class=\"hint\">Click an instance to see why it was evaluated.</p></div>\n</figure>\n"
        }
        html += "</main>\n<footer>Rendered by Ripple · <a href=\"trace.txt\">trace.txt</a> · <a href=\"trace.json\">trace.json</a></footer>\n"
        html += "<script type=\"application/json\" id=\"ripple-data\">" + TraceJSON.forScript(data) + "</script>\n"
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// An inline SVG must not carry its own XML prolog or doctype.
    static func stripProlog(_ svg: String) -> String {
        guard let start = svg.range(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
    }

    static let legend = """
    <div class="legend" aria-label="Legend">
    <svg width="620" height="28" role="img" aria-label="needed, wasted, stale, skipped, written">
    <defs>
    <pattern id="legend-hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffe2bf"/><line x1="0" y1="0" x2="0" y2="8" stroke="#d9822b" stroke-width="3"/></pattern>
    <pattern id="legend-dots" patternUnits="userSpaceOnUse" width="7" height="7"><rect width="7" height="7" fill="#f6dcf6"/><circle cx="3.5" cy="3.5" r="1.6" fill="#a54aa5"/></pattern>
    </defs>
    <rect x="2" y="4" width="28" height="18" rx="4" fill="#cfeed3" stroke="#1b7a2c" stroke-width="3"/><text x="36" y="18">needed</text>
    <rect x="112" y="4" width="28" height="18" rx="4" fill="url(#legend-hatch)" stroke="#b35900" stroke-width="2.5" stroke-dasharray="6 3"/><text x="146" y="18">wasted</text>
    <rect x="222" y="4" width="28" height="18" rx="4" fill="url(#legend-dots)" stroke="#8e1b8e" stroke-width="2.5" stroke-dasharray="1.5 3"/><text x="256" y="18">stale</text>
    <rect x="322" y="4" width="28" height="18" rx="4" fill="#f4f4f4" stroke="#9a9a9a"/><text x="356" y="18">skipped</text>
    <rect x="432" y="4" width="28" height="18" rx="4" fill="#fff08a" stroke="#000" stroke-width="3"/><text x="466" y="18">written property</text>
    </svg>
    </div>

    """

    static let stylesheet = """
    body { font: 14px/1.45 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; color: #1d1d1f; max-width: 110rem; }
    h1 { font-size: 1.4rem; margin: 0.2rem 0; }
    .meta, .crumbs, footer { color: #555; }
    nav button { font: inherit; margin: 0 0.3rem 0.3rem 0; padding: 0.3rem 0.7rem; border: 1px solid #999; border-radius: 6px; background: #fff; cursor: pointer; }
    nav button.selected { background: #1d1d1f; color: #fff; border-color: #1d1d1f; }
    table { border-collapse: collapse; margin: 0.6rem 0; }
    th, td { border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: left; }
    td.number { text-align: right; font-variant-numeric: tabular-nums; }
    tr.selected td { background: #fff7c2; }
    .writes { font-family: ui-monospace, Menlo, monospace; min-height: 1.2em; }
    .current { font-weight: 600; min-height: 1.2em; }
    .variants { display: grid; grid-template-columns: repeat(auto-fit, minmax(28rem, 1fr)); gap: 1rem; }
    figure { margin: 0; border: 1px solid #ddd; border-radius: 8px; padding: 0.5rem; overflow: hidden; }
    figcaption { font-weight: 600; margin-bottom: 0.4rem; }
    figcaption a { font-weight: normal; font-size: 0.85rem; margin-left: 0.4rem; }
    .picture svg { max-width: 100%; height: auto; }
    .picture g.node { cursor: pointer; }
    .details { font-size: 0.9rem; border-top: 1px solid #eee; margin-top: 0.4rem; padding-top: 0.4rem; }
    .details code { font-family: ui-monospace, Menlo, monospace; }
    .outcome-needed { color: #1b7a2c; } .outcome-wasted { color: #b35900; } .outcome-stale { color: #8e1b8e; }
    .legend text { font-size: 13px; }
    .omission { color: #8a4b00; font-size: 0.9rem; }
    """

    /// Applies a step's classes and texts to each inline SVG; shows causes on click. No network, no libraries.
    static let script = """
    (function () {
      var data = JSON.parse(document.getElementById('ripple-data').textContent);
      var figures = Array.prototype.slice.call(document.querySelectorAll('figure.variant'));
      var current = -1;
      figures.forEach(function (figure) {
        figure.querySelectorAll('g[id]').forEach(function (g) {
          var classes = (g.getAttribute('class') || '').split(' ');
          var legend = classes.indexOf('legend') >= 0;
          g.setAttribute('data-base', classes.filter(function (c) { return legend || ['absent','needed','wasted','stale','skipped','created','written','source','path','missed'].indexOf(c) < 0; }).join(' '));
        });
        figure.querySelectorAll('text').forEach(function (t) { t.setAttribute('data-text', t.textContent); });
        figure.querySelectorAll('g.node > title').forEach(function (t) {
          var first = t.parentNode.querySelector('text');
          t.setAttribute('data-title', first ? first.getAttribute('data-text') || first.textContent : t.textContent);
        });
      });
      function stepData(variant, index) { return index < 0 ? variant.overview : variant.steps[index]; }
      function show(index) {
        current = index;
        document.querySelectorAll('nav button').forEach(function (b) { b.classList.toggle('selected', Number(b.getAttribute('data-step')) === index); });
        document.querySelectorAll('#counts tbody tr').forEach(function (r) { r.classList.toggle('selected', Number(r.getAttribute('data-step')) === index); });
        figures.forEach(function (figure, v) {
          var step = stepData(data.variants[v], index);
          figure.querySelectorAll('g[id]').forEach(function (g) {
            var extra = step.classes[g.id] || [];
            g.setAttribute('class', (g.getAttribute('data-base') + ' ' + extra.join(' ')).trim());
          });
          figure.querySelectorAll('text').forEach(function (t) {
            var original = t.getAttribute('data-text');
            var replaced = step.texts[original];
            var overview = data.variants[v].overview.texts[original];
            t.textContent = replaced !== undefined ? replaced : (overview !== undefined ? overview : original);
          });
          figure.querySelector('.details').innerHTML = '<p class="hint">Click an instance to see why it was evaluated.</p>';
          // Hovering an instance shows what happened to it in this step.
          var hover = {};
          step.instances.forEach(function (i) { hover[i.node] = (hover[i.node] ? hover[i.node] + '\\n' : '') + i.name + ': ' + i.outcome + '\\n' + i.explanation; });
          figure.querySelectorAll('g.node > title').forEach(function (t) {
            var text = hover[t.parentNode.id];
            t.textContent = text !== undefined ? text : t.getAttribute('data-title');
          });
        });
        // One list when every variant wrote the same; each variant's own, named, when a variant has its own step.
        var lists = index < 0 ? [] : data.variants.map(function (variant) { return variant.steps[index].writes.join('  ·  '); });
        var same = lists.every(function (list) { return list === lists[0]; });
        document.getElementById('writes').textContent = same ? (lists[0] || '') :
          data.variants.map(function (variant, v) { return variant.name + ': ' + lists[v]; }).join('   |   ');
        var current = document.getElementById('current');
        current.textContent = data.variants.map(function (variant) { return stepData(variant, index).title; }).join('   |   ');
        current.setAttribute('data-counts', JSON.stringify(data.variants.map(function (variant) {
          var c = stepData(variant, index).counts;
          return { variant: variant.name, evaluations: c.evaluations, wasted: c.wasted, stale: c.stale };
        })));
        document.body.setAttribute('data-step', String(index));
        if (index >= 0 && location.hash !== '#step=' + index) { history.replaceState(null, '', '#step=' + index); }
      }
      figures.forEach(function (figure, v) {
        figure.addEventListener('click', function (event) {
          var node = event.target.closest ? event.target.closest('g.node') : null;
          if (!node) { return; }
          var details = figure.querySelector('.details');
          details.textContent = '';
          if (current < 0) { details.appendChild(paragraph('Choose a step to see what happened to this instance.')); return; }
          var found = data.variants[v].steps[current].instances.filter(function (i) { return i.node === node.id; });
          if (found.length === 0) { details.appendChild(paragraph('Not evaluated in this step, and nothing it reads changed.')); return; }
          found.slice(0, 20).forEach(function (instance) {
            var p = document.createElement('p');
            var head = document.createElement('strong');
            head.className = 'outcome-' + instance.outcome;
            head.textContent = instance.path + ' — ' + instance.outcome;
            p.appendChild(head);
            p.appendChild(document.createElement('br'));
            if (instance.printChanges) {
              var code = document.createElement('code');
              code.textContent = instance.printChanges;
              p.appendChild(code);
              p.appendChild(document.createElement('br'));
            }
            p.appendChild(document.createTextNode(instance.explanation));
            details.appendChild(p);
          });
          if (found.length > 20) { details.appendChild(paragraph('… and ' + (found.length - 20) + ' more.')); }
        });
      });
      function paragraph(text) { var p = document.createElement('p'); p.textContent = text; return p; }
      document.querySelectorAll('nav button').forEach(function (b) { b.addEventListener('click', function () { show(Number(b.getAttribute('data-step'))); }); });
      document.querySelectorAll('#counts tbody tr').forEach(function (r) { r.addEventListener('click', function () { show(Number(r.getAttribute('data-step'))); }); });
      window.rippleShowStep = show;
      // A step can be chosen by address (index.html#step=2), so a link or a headless browser can open it directly.
      var match = /^#step=([0-9]+)$/.exec(location.hash);
      var initial = match ? Number(match[1]) : -1;
      show(initial < data.steps.length ? initial : -1);
    })();
    """
}
