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

    static func page(_ input: ReportInput, pictures: [VariantPicture]) -> String {
        let trace = input.trace
        var variants: [PageData.Variant] = []
        for (index, picture) in pictures.enumerated() {
            let variant = trace.variants[index]
            let overview = picture.overview ?? StepHighlight(classes: [:], texts: [:], title: variant.name)
            var steps: [PageData.Step] = []
            for (stepIndex, step) in variant.steps.enumerated() {
                let highlight = stepIndex < picture.highlights.count ? picture.highlights[stepIndex] : overview
                // The updates the step's `.onChange` actions ran after it are listed after its own, each named.
                var instances: [PageData.Instance] = []
                var writes = step.writes.map { "\($0.statement) — \($0.note)" }
                for (update, prefix) in [(step, "")] + (step.followUps ?? []).map({ ($0, "then \($0.name): ") }) {
                    if !prefix.isEmpty { writes += update.writes.map { "\(prefix)\($0.statement) — \($0.note)" } }
                    instances += update.instances.map { instance in
                        PageData.Instance(node: picture.diagram.instanceNodes[instance.path] ?? "", name: instance.name, path: instance.path,
                                          outcome: instance.outcome.rawValue, printChanges: instance.printChanges,
                                          explanation: prefix + TraceText.explanation(instance))
                    }
                }
                steps.append(PageData.Step(title: highlight.title, classes: highlight.classes, texts: highlight.texts, counts: step.actionCounts,
                                           writes: writes, instances: instances))
            }
            let overviewStep = PageData.Step(title: overview.title, classes: overview.classes, texts: overview.texts,
                                             counts: StepCounts(evaluations: 0, needed: 0, wasted: 0, stale: 0, created: 0, destroyed: 0),
                                             writes: [], instances: [])
            variants.append(PageData.Variant(name: variant.name, overview: overviewStep, steps: steps))
        }
        let data = PageData(steps: input.stepNames, variants: variants)

        var html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(XML.escape(input.title)) — Ripple</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        <header>
        <p class="crumbs"><a href="../index.html">Ripple gallery</a></p>
        <h1>\(XML.escape(input.title))</h1>
        <p class="meta">\(XML.escape(input.file)) · semantics \(trace.semantics.rawValue) · \(input.stepNames.count) \(input.stepWord)\(input.stepNames.count == 1 ? "" : "s")</p>
        </header>
        \(input.preface)<nav id="steps" aria-label="Steps">
        <button type="button" data-step="-1" class="selected">Overview</button>

        """
        for (index, step) in input.stepNames.enumerated() {
            html += "<button type=\"button\" data-step=\"\(index)\">\(XML.escape(step))</button>\n"
        }
        html += "</nav>\n<p id=\"current\" class=\"current\"></p>\n<p id=\"writes\" class=\"writes\"></p>\n<table id=\"counts\">\n<thead><tr><th>\(input.stepWord)</th>"
        let showsRows = trace.variants.contains { $0.steps.contains { $0.actionCounts.rows > 0 } }
        for variant in trace.variants {
            html += "<th>\(XML.escape(variant.name)): evaluations</th><th>wasted</th><th>stale</th>" + (showsRows ? "<th>row closures</th><th>wasted</th>" : "")
        }
        html += "</tr></thead>\n<tbody>\n"
        for (index, step) in input.stepNames.enumerated() {
            html += "<tr data-step=\"\(index)\"><td>\(XML.escape(step))</td>"
            for variant in trace.variants {
                let counts = variant.steps[index].actionCounts
                html += "<td class=\"number\">\(counts.evaluations)</td><td class=\"number\">\(counts.wasted)</td><td class=\"number\">\(counts.stale)</td>"
                if showsRows { html += "<td class=\"number\">\(counts.rows)</td><td class=\"number\">\(counts.wastedRows)</td>" }
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n"
        html += legend
        // At narrow widths one variant is shown at a time, chosen here.
        html += "<nav id=\"variant-toggle\" aria-label=\"Variants\">"
        for (index, picture) in pictures.enumerated() {
            html += "<button type=\"button\" data-variant=\"\(index)\"\(index == 0 ? " class=\"selected\" aria-pressed=\"true\"" : " aria-pressed=\"false\"")>\(XML.escape(picture.name))</button>"
        }
        html += "</nav>\n<main class=\"variants\">\n"
        for (index, picture) in pictures.enumerated() {
            html += "<figure class=\"variant\" data-variant=\"\(index)\">\n<figcaption>\(XML.escape(picture.name))"
            if !picture.laidOut.isEmpty {
                html += " <a href=\"\(picture.slug).svg\">SVG</a> <a href=\"\(picture.slug).dot\">DOT</a>"
            }
            html += "<span class=\"zoom\"><button type=\"button\" data-zoom=\"out\" aria-label=\"zoom out\">−</button><button type=\"button\" data-zoom=\"in\" aria-label=\"zoom in\">+</button><button type=\"button\" data-zoom=\"fit\" aria-label=\"fit the width\">fit</button></span>"
            html += "</figcaption>\n"
            if let omission = picture.omission { html += "<p class=\"omission\">\(XML.escape(omission))</p>\n" }
            // The page carries the SVG as laid out; its script applies the overview or a step's classes and texts.
            html += "<div class=\"picture\">" + stripProlog(picture.laidOut) + "</div>\n<div class=\"story\" aria-live=\"polite\"></div>\n<div class=\"details\" aria-live=\"polite\"><p class=\"hint\">Click an instance, or Tab to it and press Enter, to see why it was evaluated.</p></div>\n</figure>\n"
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
    <svg width="820" height="28" role="img" aria-label="needed, wasted, stale, skipped, written, new, destroyed">
    <defs>
    <pattern id="legend-hatch" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ffe2bf"/><line x1="0" y1="0" x2="0" y2="8" stroke="#d9822b" stroke-width="3"/></pattern>
    <pattern id="legend-dots" patternUnits="userSpaceOnUse" width="7" height="7"><rect width="7" height="7" fill="#f6dcf6"/><circle cx="3.5" cy="3.5" r="1.6" fill="#a54aa5"/></pattern>
    </defs>
    <rect x="2" y="4" width="28" height="18" rx="4" fill="#cfeed3" stroke="#1b7a2c" stroke-width="3"/><text x="36" y="18">needed</text>
    <rect x="112" y="4" width="28" height="18" rx="4" fill="url(#legend-hatch)" stroke="#b35900" stroke-width="2.5" stroke-dasharray="6 3"/><text x="146" y="18">wasted</text>
    <rect x="222" y="4" width="28" height="18" rx="4" fill="url(#legend-dots)" stroke="#8e1b8e" stroke-width="2.5" stroke-dasharray="1.5 3"/><text x="256" y="18">stale</text>
    <rect x="322" y="4" width="28" height="18" rx="4" fill="#f4f4f4" stroke="#9a9a9a"/><text x="356" y="18">skipped</text>
    <rect x="432" y="4" width="28" height="18" rx="4" fill="#fff08a" stroke="#000" stroke-width="3"/><text x="466" y="18">written property</text>
    <rect x="592" y="4" width="28" height="18" rx="4" fill="#fff" stroke="#555" stroke-width="4.5"/><text x="626" y="18" font-weight="bold">new</text>
    <rect x="682" y="4" width="28" height="18" rx="4" fill="#fff" stroke="#c62828" stroke-width="2" stroke-dasharray="3 2"/><text x="716" y="18" text-decoration="line-through">destroyed</text>
    </svg>
    <svg width="1060" height="28" role="img" aria-label="arrows: builds, Observation, objectWillChange, @State, binding, environment, app storage, untracked, invalidation path">
    <line x1="2" y1="14" x2="30" y2="14" stroke="#444444" stroke-width="1.5"/><text x="36" y="18">builds</text>
    <line x1="92" y1="14" x2="120" y2="14" stroke="#1f6fbf" stroke-width="1.5"/><text x="126" y="18">Observation</text>
    <line x1="216" y1="14" x2="244" y2="14" stroke="#c06a00" stroke-width="3"/><text x="250" y="18">objectWillChange</text>
    <line x1="376" y1="14" x2="404" y2="14" stroke="#2e8b3e" stroke-width="1.5"/><text x="410" y="18">@State</text>
    <line x1="466" y1="14" x2="494" y2="14" stroke="#2e8b3e" stroke-width="1.5" stroke-dasharray="5 3"/><text x="500" y="18">binding</text>
    <line x1="562" y1="14" x2="590" y2="14" stroke="#7b3fb0" stroke-width="1.5"/><text x="596" y="18">environment</text>
    <line x1="690" y1="14" x2="718" y2="14" stroke="#8b5a2b" stroke-width="1.5"/><text x="724" y="18">app storage</text>
    <line x1="810" y1="14" x2="838" y2="14" stroke="#9a9a9a" stroke-width="1.5" stroke-dasharray="1.5 3"/><text x="844" y="18">untracked</text>
    <line x1="922" y1="14" x2="950" y2="14" stroke="#444444" stroke-width="4"/><text x="956" y="18">this step's path</text>
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
    .variants > figure { min-width: 0; }
    figure { margin: 0; border: 1px solid #ddd; border-radius: 8px; padding: 0.5rem; overflow: hidden; }
    figcaption { font-weight: 600; margin-bottom: 0.4rem; }
    figcaption a { font-weight: normal; font-size: 0.85rem; margin-left: 0.4rem; }
    .picture { overflow: auto; max-height: 85vh; cursor: grab; }
    .picture.dragging { cursor: grabbing; user-select: none; }
    .picture svg { display: block; max-width: none; }
    .zoom { float: right; }
    .zoom button { font: inherit; font-size: 0.85rem; min-width: 1.8rem; margin-left: 0.2rem; padding: 0 0.3rem; border: 1px solid #999; border-radius: 4px; background: #fff; cursor: pointer; }
    #variant-toggle { display: none; }
    #variant-toggle button { font: inherit; margin: 0 0.3rem 0.3rem 0; padding: 0.3rem 0.7rem; border: 1px solid #999; border-radius: 6px; background: #fff; cursor: pointer; }
    #variant-toggle button.selected { background: #1d1d1f; color: #fff; border-color: #1d1d1f; }
    @media (max-width: 900px) {
      #variant-toggle { display: block; }
      .variants { grid-template-columns: 1fr; }
      figure.variant:not(.chosen) { display: none; }
    }
    .picture g.node { cursor: pointer; }
    .details { font-size: 0.9rem; border-top: 1px solid #eee; margin-top: 0.4rem; padding-top: 0.4rem; }
    .details code { font-family: ui-monospace, Menlo, monospace; }
    .outcome-needed { color: #1b7a2c; } .outcome-wasted { color: #b35900; } .outcome-stale { color: #8e1b8e; }
    .legend { overflow-x: auto; }
    .legend svg { display: block; }
    .legend text { font-size: 13px; }
    .omission { color: #8a4b00; font-size: 0.9rem; }
    .story { font-size: 0.9rem; }
    .story h3 { font-size: 0.95rem; margin: 0.5rem 0 0.2rem; }
    .story ul { margin: 0.2rem 0; padding-left: 1.2rem; }
    .story li { cursor: pointer; margin: 0.15rem 0; }
    .story li.focus, .story li:focus { background: #e3efff; outline: none; }
    .story summary { cursor: pointer; font-weight: 600; margin-top: 0.4rem; }
    .hint { color: #555; }
    .picture g.node:focus { outline: none; }
    .picture g.node.focus polygon, .picture g.node.focus path, .picture g.node:focus polygon, .picture g.node:focus path { stroke: #0a64d6 !important; stroke-width: 4px !important; }
    """

    /// Applies a step's classes and texts to each inline SVG, lists each step's wasted and stale instances
    /// beside the pictures, and explains an instance when it is clicked or, focused with Tab, when Enter
    /// or Space is pressed; the arrow keys move between steps. No network, no libraries.
    static let script = """
    (function () {
      var data = JSON.parse(document.getElementById('ripple-data').textContent);
      var figures = Array.prototype.slice.call(document.querySelectorAll('figure.variant'));
      var buttons = Array.prototype.slice.call(document.querySelectorAll('nav#steps button'));
      var current = -1;
      figures.forEach(function (figure, v) {
        var svg = figure.querySelector('.picture svg');
        if (svg) {
          svg.setAttribute('role', 'group');
          svg.setAttribute('aria-label', data.variants[v].name + ': dependency graph; Tab to an instance, Enter to explain it');
        }
        figure.querySelectorAll('g[id]').forEach(function (g) {
          var classes = (g.getAttribute('class') || '').split(' ');
          var legend = classes.indexOf('legend') >= 0;
          g.setAttribute('data-base', classes.filter(function (c) { return legend || ['absent','needed','wasted','stale','skipped','created','written','source','path','missed','focus'].indexOf(c) < 0; }).join(' '));
        });
        figure.querySelectorAll('text').forEach(function (t) { t.setAttribute('data-text', t.textContent); });
        figure.querySelectorAll('g.node > title').forEach(function (t) {
          var first = t.parentNode.querySelector('text');
          t.setAttribute('data-title', first ? first.getAttribute('data-text') || first.textContent : t.textContent);
        });
        figure.querySelectorAll('g.node.view').forEach(function (g) {
          g.setAttribute('tabindex', '0');
          g.setAttribute('role', 'button');
          var title = g.querySelector('title');
          g.setAttribute('aria-label', 'explain ' + (title ? title.getAttribute('data-title') : g.id));
        });
      });
      function stepData(variant, index) { return index < 0 ? variant.overview : variant.steps[index]; }
      function paragraph(text, className) { var p = document.createElement('p'); p.textContent = text; if (className) { p.className = className; } return p; }
      // Marks the instance's node and its entries in the step's list, and nothing else.
      function mark(figure, nodeID) {
        figure.querySelectorAll('.focus').forEach(function (e) { e.classList.remove('focus'); });
        if (!nodeID) { return; }
        var node = figure.querySelector('g.node[id="' + nodeID + '"]');
        if (node) { node.classList.add('focus'); }
        figure.querySelectorAll('.story li[data-node="' + nodeID + '"]').forEach(function (li) { li.classList.add('focus'); });
      }
      function entry(instance) {
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
        return p;
      }
      // What happened to the instance drawn as `node` in the chosen step.
      function explain(figure, v, node) {
        var details = figure.querySelector('.details');
        details.textContent = '';
        mark(figure, node.id);
        if (current < 0) { details.appendChild(paragraph('Choose a step to see what happened to this instance.')); return; }
        var found = data.variants[v].steps[current].instances.filter(function (i) { return i.node === node.id; });
        if (found.length === 0) { details.appendChild(paragraph('Not evaluated in this step, and nothing it reads changed.')); return; }
        found.slice(0, 20).forEach(function (instance) { details.appendChild(entry(instance)); });
        if (found.length > 20) { details.appendChild(paragraph('… and ' + (found.length - 20) + ' more.')); }
      }
      // The step's story beside the picture: wasted and stale instances with their causes, the needed ones folded.
      function story(figure, v, step) {
        var box = figure.querySelector('.story');
        box.textContent = '';
        if (current < 0) { box.appendChild(paragraph('Choose a step to see which views re-ran, and why.', 'hint')); return; }
        var groups = [['wasted', 'Wasted'], ['stale', 'Stale'], ['needed', 'Needed']];
        var any = false;
        groups.forEach(function (group) {
          var list = step.instances.filter(function (i) { return i.outcome === group[0]; });
          if (list.length === 0) { return; }
          any = true;
          var ul = document.createElement('ul');
          list.slice(0, 50).forEach(function (instance) {
            var li = document.createElement('li');
            li.setAttribute('data-node', instance.node);
            li.setAttribute('tabindex', '0');
            var name = document.createElement('strong');
            name.className = 'outcome-' + instance.outcome;
            name.textContent = instance.name;
            li.appendChild(name);
            li.appendChild(document.createTextNode(' — ' + instance.explanation.replace(/^(needed|wasted|stale) — /, '')));
            li.addEventListener('mouseenter', function () { mark(figure, instance.node); });
            li.addEventListener('focus', function () { mark(figure, instance.node); });
            li.addEventListener('click', function () {
              var node = figure.querySelector('g.node[id="' + instance.node + '"]');
              if (node) { explain(figure, v, node); }
            });
            ul.appendChild(li);
          });
          if (list.length > 50) { var more = document.createElement('li'); more.textContent = '… and ' + (list.length - 50) + ' more'; ul.appendChild(more); }
          var title = group[1] + ' (' + list.length + ')';
          if (group[0] === 'needed') {
            var fold = document.createElement('details');
            var summary = document.createElement('summary');
            summary.textContent = title;
            fold.appendChild(summary);
            fold.appendChild(ul);
            box.appendChild(fold);
          } else {
            var heading = document.createElement('h3');
            heading.textContent = title;
            box.appendChild(heading);
            box.appendChild(ul);
          }
        });
        if (!any) { box.appendChild(paragraph('No view re-ran, and none was left stale.', 'hint')); }
      }
      function show(index) {
        current = index;
        buttons.forEach(function (b) {
          var chosen = Number(b.getAttribute('data-step')) === index;
          b.classList.toggle('selected', chosen);
          b.setAttribute('aria-pressed', chosen ? 'true' : 'false');
          if (chosen) { b.setAttribute('aria-current', 'step'); } else { b.removeAttribute('aria-current'); }
        });
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
          var details = figure.querySelector('.details');
          details.textContent = '';
          details.appendChild(paragraph('Click an instance, or Tab to it and press Enter, to see why it was evaluated.', 'hint'));
          story(figure, v, step);
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
        var heading = document.getElementById('current');
        heading.textContent = data.variants.map(function (variant) { return stepData(variant, index).title; }).join('   |   ');
        heading.setAttribute('data-counts', JSON.stringify(data.variants.map(function (variant) {
          var c = stepData(variant, index).counts;
          return { variant: variant.name, evaluations: c.evaluations, wasted: c.wasted, stale: c.stale };
        })));
        document.body.setAttribute('data-step', String(index));
        if (index >= 0 && location.hash !== '#step=' + index) { history.replaceState(null, '', '#step=' + index); }
      }
      figures.forEach(function (figure, v) {
        figure.addEventListener('click', function (event) {
          var node = event.target.closest ? event.target.closest('g.node') : null;
          if (node) { explain(figure, v, node); }
        });
        figure.addEventListener('keydown', function (event) {
          var node = event.target.closest ? event.target.closest('g.node') : null;
          if (node && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); explain(figure, v, node); }
        });
      });
      buttons.forEach(function (b) { b.addEventListener('click', function () { show(Number(b.getAttribute('data-step'))); }); });
      document.querySelectorAll('#counts tbody tr').forEach(function (r) { r.addEventListener('click', function () { show(Number(r.getAttribute('data-step'))); }); });
      // The arrow keys move between steps, Overview first, except while an instance or a list is focused.
      document.addEventListener('keydown', function (event) {
        if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') { return; }
        if (event.target.closest && event.target.closest('g.node, .story, input, textarea')) { return; }
        var next = current + (event.key === 'ArrowRight' ? 1 : -1);
        if (next < -1 || next >= data.steps.length) { return; }
        event.preventDefault();
        show(next);
        var button = buttons.filter(function (b) { return Number(b.getAttribute('data-step')) === next; })[0];
        if (button && document.activeElement && document.activeElement.tagName === 'BUTTON') { button.focus(); }
      });
      // Zoom: each picture starts at the width of its figure, but never so small that its smallest label is
      // under 10 px; wider pictures scroll, and can be dragged. −, + and fit change the zoom.
      var readablePixels = 10;
      figures.forEach(function (figure, v) {
        if (v === 0) { figure.classList.add('chosen'); }
        var picture = figure.querySelector('.picture');
        var svg = picture ? picture.querySelector('svg') : null;
        if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) { return; }
        var box = svg.viewBox.baseVal;
        var smallest = Infinity;
        svg.querySelectorAll('text').forEach(function (t) {
          var size = parseFloat(t.getAttribute('font-size'));
          if (size > 0 && size < smallest) { smallest = size; }
        });
        var readable = smallest === Infinity ? 0 : readablePixels / smallest;
        var zoom = 1;
        function apply() {
          svg.setAttribute('width', String(box.width * zoom));
          svg.setAttribute('height', String(box.height * zoom));
          figure.setAttribute('data-zoom', zoom.toFixed(3));
        }
        function fit() { return Math.max(picture.clientWidth || 600, 200) / box.width; }
        function initial() { zoom = Math.min(4 / 3, Math.max(fit(), readable)); apply(); }
        initial();
        figure.querySelectorAll('.zoom button').forEach(function (b) {
          b.addEventListener('click', function () {
            var kind = b.getAttribute('data-zoom');
            zoom = kind === 'in' ? zoom * 1.25 : kind === 'out' ? zoom / 1.25 : fit();
            apply();
          });
        });
        figure.rippleFit = initial;
        // Dragging the picture pans it.
        var drag = null;
        picture.addEventListener('mousedown', function (event) {
          if (event.button !== 0 || (event.target.closest && event.target.closest('g.node'))) { return; }
          drag = { x: event.clientX, y: event.clientY, left: picture.scrollLeft, top: picture.scrollTop };
          picture.classList.add('dragging');
        });
        window.addEventListener('mousemove', function (event) {
          if (!drag) { return; }
          picture.scrollLeft = drag.left - (event.clientX - drag.x);
          picture.scrollTop = drag.top - (event.clientY - drag.y);
        });
        window.addEventListener('mouseup', function () { drag = null; picture.classList.remove('dragging'); });
      });
      // At narrow widths one variant is shown; these buttons choose it.
      var toggles = Array.prototype.slice.call(document.querySelectorAll('#variant-toggle button'));
      toggles.forEach(function (b) {
        b.addEventListener('click', function () {
          var chosen = Number(b.getAttribute('data-variant'));
          toggles.forEach(function (t) {
            var on = Number(t.getAttribute('data-variant')) === chosen;
            t.classList.toggle('selected', on);
            t.setAttribute('aria-pressed', on ? 'true' : 'false');
          });
          figures.forEach(function (figure, v) {
            figure.classList.toggle('chosen', v === chosen);
            if (v === chosen && figure.rippleFit) { figure.rippleFit(); }
          });
        });
      });
      window.rippleShowStep = show;
      // A step can be chosen by address (index.html#step=2), so a link or a headless browser can open it directly.
      var match = /^#step=([0-9]+)$/.exec(location.hash);
      var initial = match ? Number(match[1]) : -1;
      show(initial < data.steps.length ? initial : -1);
    })();
    """
}
