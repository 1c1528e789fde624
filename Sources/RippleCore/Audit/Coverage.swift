/// How far one action's figures can be trusted.
public enum Confidence: String, Sendable, Codable, Hashable {
    /// Everything the action ran was simulated, and no verdict rests on a value Ripple does not know.
    case exact
    /// Something it ran was not simulated, or a verdict rests on an opaque value: its counts are a lower
    /// bound, and the row says what.
    case partial
    /// It could not be performed at all; the row says why.
    case notSimulated = "not-simulated"

    /// The mark a table row shows.
    public var mark: String {
        switch self {
        case .exact: "exact"
        case .partial: "partial"
        case .notSimulated: "not simulated"
        }
    }
}

/// How much of an app an audit reached: its view types, the controls and handlers its source holds,
/// and the actions it performed, with the reasons for what it did not simulate, grouped and counted.
///
/// A control is counted where it is written (`ControlSite`): it is offered when the audit found an
/// action for it, evaluates a body when one of its actions re-ran a body, and is simulated exactly when
/// every one of its actions is `exact`. A scenario file's own code has no control sites; there each
/// place an action is written counts as one control.
public struct Coverage: Sendable, Encodable, Hashable {
    /// An action as the coverage counts it.
    public struct Action: Sendable, Hashable {
        public var control: String
        public var location: SourceLocation
        public var confidence: Confidence
        public var evaluations: Int
        /// The messages of the notes the action met while it was performed: the gaps among them are
        /// what makes a partial action partial.
        public var notes: [String]
        /// Whether it was performed in a preview's state (`AuditRow.state`), not in a state the app shows.
        public var inPreview: Bool
        /// How many actions were performed before it from the first state (`AuditRow.path`): 0 for one of
        /// the first state.
        public var depth: Int

        public init(control: String, location: SourceLocation, confidence: Confidence, evaluations: Int, notes: [String] = [],
                    inPreview: Bool = false, depth: Int = 0) {
            self.control = control
            self.location = location
            self.confidence = confidence
            self.evaluations = evaluations
            self.notes = notes
            self.inPreview = inPreview
            self.depth = depth
        }
    }

    /// What Ripple did not simulate, or assumed, of one kind, how often, and what it cost.
    public struct Reason: Sendable, Encodable, Hashable {
        /// The message with the names it quotes taken out: `calling '…' is not simulated`.
        public var kind: String
        /// The warnings, notes, actions or controls of this kind.
        public var count: Int
        /// `warning` when views or a body were left out, `note` for an assumption, `action` for an action
        /// that was not simulated, `control` for controls no action performs that no warning or note
        /// explains (`not reached: …`, `not offered: …`).
        public var severity: String
        /// The first place it happened, in source order.
        public var example: TraceLocation
        /// The controls no action performs whose reason this is, as `unreached` gives it.
        public var controls = 0
        /// The actions it made partial (a note met while performing them) or could not perform.
        public var actions = 0
        /// The screens left out, whose root view's warning this is.
        public var screens = 0

        /// A reason met once, at `example`, that has cost nothing yet.
        public init(kind: String, count: Int, severity: String, example: TraceLocation) {
            self.kind = kind
            self.count = count
            self.severity = severity
            self.example = example
        }

        /// What it cost, the measure reasons are ranked by: the controls not simulated and the actions
        /// made partial or not simulated because of it, and the views a warning left out.
        public var cost: Int { controls + actions + (severity == "warning" ? count : 0) }

        /// How often it happened and what it cost, in words: `1 screen left out, 12 controls not simulated`,
        /// `40 notes, 3 actions partial`.
        public var tally: String {
            func counted(_ number: Int, _ what: String, _ whats: String) -> String { "\(number) \(number == 1 ? what : whats)" }
            var parts: [String] = []
            switch severity {
            case "warning": parts.append(screens > 0 ? counted(screens, "screen", "screens") + " left out" : counted(count, "view", "views") + " left out")
            case "note": parts.append(counted(count, "note", "notes"))
            case "action": parts.append(counted(actions, "action", "actions") + " not simulated")
            default: break
            }
            if controls > 0 { parts.append(counted(controls, "control", "controls") + " not simulated") }
            if severity == "note", actions > 0 { parts.append(counted(actions, "action", "actions") + " partial") }
            return parts.joined(separator: ", ")
        }

        /// The severity and the kind: what tells reasons apart.
        var key: String { severity + " " + kind }
    }

    /// A control the source holds that no action performs, with the reason.
    public struct Unreached: Sendable, Encodable, Hashable {
        public var control: String
        public var viewType: String?
        public var location: TraceLocation
        public var reason: String
    }

    public var viewTypes = 0
    public var viewTypesEvaluated = 0
    public var controls = 0
    public var controlsOffered = 0
    public var controlsEvaluatingABody = 0
    public var controlsExact = 0
    public var actions = 0
    public var actionsExact = 0
    public var actionsPartial = 0
    public var actionsNotSimulated = 0
    /// Bodies and views Ripple left out (the warnings).
    public var viewsNotSimulated = 0
    /// Statements, values and declarations it did not simulate or took as opaque (the notes that say so).
    public var statementsNotSimulated = 0
    /// The costliest first (`Reason.cost`), then the most frequent.
    public var reasons: [Reason] = []
    public var unreached: [Unreached] = []

    public init() {}

    /// The coverage of one audit.
    /// - Parameters:
    ///   - sites: the controls the source holds.
    ///   - viewTypes: the view types the source declares, preview-only ones left out.
    ///   - evaluated: the view types whose body ran at least once.
    ///   - actions: every action the audit performed or could not perform.
    ///   - notes: what loading and performing assumed: notes, and warnings for what was left out.
    ///   - failures: the reasons of the actions that could not be simulated.
    ///   - screensLeftOut: the screens that could not be simulated at all, by root view, with why.
    public init(sites: [ControlSite], viewTypes: [String], evaluated: Set<String>, actions: [Action], notes: [Diagnostic],
                failures: [(reason: String, location: SourceLocation)], screensLeftOut: [String: String] = [:]) {
        let shown = Set(viewTypes)
        self.viewTypes = shown.count
        viewTypesEvaluated = shown.intersection(evaluated).count
        self.actions = actions.count
        actionsExact = actions.count { $0.confidence == .exact }
        actionsPartial = actions.count { $0.confidence == .partial }
        actionsNotSimulated = actions.count { $0.confidence == .notSimulated }
        // Each action to the innermost site of its control that holds it.
        let counted = sites.isEmpty ? Self.sites(of: actions) : sites.filter { $0.viewType.map { !Self.isPreviewOnly($0) } ?? true }
        var byFile: [String: [Int]] = [:]
        for (index, site) in counted.enumerated() { byFile[site.location.file, default: []].append(index) }
        var matched = Array(repeating: [Action](), count: counted.count)
        for action in actions {
            let candidates = (byFile[action.location.file] ?? []).filter { index in
                let site = counted[index]
                return site.control == action.control && site.location.line <= action.location.line && action.location.line <= site.endLine
            }
            if let innermost = candidates.min(by: { counted[$0].endLine - counted[$0].location.line < counted[$1].endLine - counted[$1].location.line }) {
                matched[innermost].append(action)
            }
        }
        controls = counted.count
        // The reason each control no action performs is counted against, by `Reason.key`, in source order.
        var unreachedBy: [(key: String, kind: String, severity: String, location: SourceLocation)] = []
        for (site, found) in zip(counted, matched) {
            guard !found.isEmpty else {
                let why = Self.reason(site, evaluated: evaluated, notes: notes, screensLeftOut: screensLeftOut)
                unreached.append(Unreached(control: site.control, viewType: site.viewType, location: TraceLocation(site.location), reason: why.text))
                let severity = why.severity?.rawValue ?? "control"
                unreachedBy.append((severity + " " + Self.kind(of: why.text), Self.kind(of: why.text), severity, site.location))
                continue
            }
            controlsOffered += 1
            // A control is judged by the states the app shows; one only previews show, by theirs.
            let judged = found.contains { !$0.inPreview } ? found.filter { !$0.inPreview } : found
            if judged.contains(where: { $0.evaluations > 0 }) { controlsEvaluatingABody += 1 }
            // Its exactness is that of the rows of the first state that offers it: a row performed after an
            // action whose verdict rests on an unknown rests on it too, which says nothing of this control.
            let shallowest = judged.map(\.depth).min() ?? 0
            if judged.filter({ $0.depth == shallowest }).allSatisfy({ $0.confidence == .exact }) { controlsExact += 1 }
        }
        viewsNotSimulated = notes.count { $0.severity == .warning }
        statementsNotSimulated = notes.count { $0.severity == .note && Self.isGap($0.message) }
        var found: [Reason] = []
        for note in notes.sorted(by: { $0.location < $1.location }) where note.severity == .warning || Self.isGap(note.message) {
            found.append(Reason(kind: Self.kind(of: note.message), count: 1, severity: note.severity.rawValue, example: TraceLocation(note.location)))
        }
        for failure in failures.sorted(by: { $0.location < $1.location }) {
            var reason = Reason(kind: Self.kind(of: failure.reason), count: 1, severity: "action", example: TraceLocation(failure.location))
            reason.actions = 1
            found.append(reason)
        }
        // Controls no warning or note explains are a reason of their own, counted once per control.
        for control in unreachedBy.sorted(by: { $0.location < $1.location }) where control.severity == "control" {
            found.append(Reason(kind: control.kind, count: 1, severity: "control", example: TraceLocation(control.location)))
        }
        var grouped = Self.grouped(found)
        let index = Dictionary(grouped.indices.map { (grouped[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        for control in unreachedBy { if let at = index[control.key] { grouped[at].controls += 1 } }
        // A partial action counts against each kind of gap it met, once.
        for action in actions where action.confidence == .partial {
            for key in Set(action.notes.filter(Self.isGap).map { "note " + Self.kind(of: $0) }) {
                if let at = index[key] { grouped[at].actions += 1 }
            }
        }
        for why in screensLeftOut.values { if let at = index["warning " + Self.kind(of: why)] { grouped[at].screens += 1 } }
        reasons = Self.ranked(grouped)
    }

    /// Reasons of one severity and kind as one, their counts and costs added and the first one's example
    /// kept, ranked (`ranked(_:)`).
    public static func grouped(_ reasons: [Reason]) -> [Reason] {
        var groups: [String: Reason] = [:]
        for reason in reasons {
            guard var known = groups[reason.key] else {
                groups[reason.key] = reason
                continue
            }
            known.count += reason.count
            known.controls += reason.controls
            known.actions += reason.actions
            known.screens += reason.screens
            groups[reason.key] = known
        }
        return ranked(Array(groups.values))
    }

    /// The costliest first (`Reason.cost`), then the most frequent, then by kind and severity, so that
    /// the order is the same on every run.
    public static func ranked(_ reasons: [Reason]) -> [Reason] {
        reasons.sorted { ($0.cost, $0.count, $1.kind, $1.severity) > ($1.cost, $1.count, $0.kind, $0.severity) }
    }

    /// Whether a note says that something was not simulated or was taken as an opaque value, rather than
    /// how something simulated was read.
    static func isGap(_ message: String) -> Bool { message.contains("not simulated") || message.contains("opaque") }

    /// The share of controls simulated exactly, from 0 to 1; 1 when there are none.
    public var exactShare: Double { controls == 0 ? 1 : Double(controlsExact) / Double(controls) }

    /// The share as printed: `37%`, or `no controls` when the audit found none, which is no share at all
    /// (code hidden behind `#if` or not read is not 100% simulated).
    public var exactPercent: String { controls == 0 ? "no controls" : Self.percent(exactShare) }

    /// One line: `coverage: 37 of 122 view types evaluated, 46 of 724 controls offered as actions, …`.
    public var line: String {
        "coverage: \(viewTypesEvaluated) of \(viewTypes) view types evaluated; \(controlsOffered) of \(controls) controls offered as actions, "
            + "\(controlsEvaluatingABody) evaluate a body, \(controlsExact) simulated exactly (\(exactPercent)); "
            + "actions: \(actionsExact) exact, \(actionsPartial) partial, \(actionsNotSimulated) not simulated; "
            + "\(viewsNotSimulated) views or bodies and \(statementsNotSimulated) statements not simulated"
    }

    /// `37%`, rounded down so that a share below a budget never prints as the budget. A share is from 0
    /// to 1; one outside it (a baseline's counts) prints as the nearest end, and NaN as 0%.
    public static func percent(_ share: Double) -> String {
        let clamped = share.isNaN ? 0 : min(max(share, 0), 1)
        return "\(Int((clamped * 100).rounded(.down)))%"
    }

    /// The message with what it quotes taken out, so notes of one kind group together.
    public static func kind(of message: String) -> String {
        var kind = ""
        var quoted = false
        for character in message {
            if character == "'" {
                if !quoted { kind += "'…'" }
                quoted.toggle()
            } else if !quoted {
                kind.append(character)
            }
        }
        return kind
    }

    /// Whether a type exists only for previews: a `PreviewProvider`'s `_Previews` or a `_`-prefixed helper.
    public static func isPreviewOnly(_ viewType: String) -> Bool {
        viewType.hasPrefix("_") || viewType.hasSuffix("_Previews")
    }

    /// Why a control got no action: the view that holds it never ran, or something at its place was not
    /// simulated, or Ripple does not perform it.
    /// The reason's text, and the severity of the warning or note it is, nil when it is none.
    private static func reason(_ site: ControlSite, evaluated: Set<String>, notes: [Diagnostic],
                               screensLeftOut: [String: String]) -> (text: String, severity: Diagnostic.Severity?) {
        let inside = notes.filter { $0.location.file == site.location.file && $0.location.line >= site.location.line && $0.location.line <= site.endLine }
        if let warning = inside.first(where: { $0.severity == .warning }) { return (warning.message, .warning) }
        // The warning that left the screen out, which loading adds to the notes.
        if let viewType = site.viewType, !evaluated.contains(viewType), let why = screensLeftOut[viewType] { return (why, .warning) }
        if let viewType = site.viewType, !evaluated.contains(viewType) {
            return ("not reached: no body Ripple evaluated builds '\(viewType)'", nil)
        }
        if let note = inside.first(where: { $0.message.contains("not simulated") }) { return (note.message, note.severity) }
        if let note = inside.first(where: { $0.message.contains(" is disabled here") }) { return ("not offered: " + note.message, nil) }
        return (notPerformed(site), nil)
    }

    /// Why a control in an evaluated view got no action, by what is around it: the state that would show it.
    private static func notPerformed(_ site: ControlSite) -> String {
        switch site.placement {
        case .content(let holder)? where ControlSite.presentations.contains(holder):
            "not offered: shown only while '\(holder)' presents it; no state Ripple reached performs it there"
        case .content(let holder)? where holder == "ForEach" || holder == "List":
            "not offered: shown only in a row of '\(holder)'; no state Ripple reached performs it in one (an empty list has none)"
        case .content(let holder)?:
            "not offered: in the content of '\(holder)'; Ripple does not perform '\(site.control)' there"
        case .branch(let clause)?:
            "not offered: shown only in the branch '\(clause)'; no state Ripple reached performs it there"
        case .helper(let name)?:
            "not offered: in the view helper '\(name)'; no state Ripple reached performs it there"
        case nil:
            "not offered: Ripple does not perform '\(site.control)' where it is written"
        }
    }


    /// The places actions are written, as sites, for a scenario's own code.
    private static func sites(of actions: [Action]) -> [ControlSite] {
        var seen: Set<SourceLocation> = []
        return actions.compactMap { action in
            seen.insert(action.location).inserted
                ? ControlSite(control: action.control, viewType: nil, location: action.location, endLine: action.location.line) : nil
        }
    }
}
