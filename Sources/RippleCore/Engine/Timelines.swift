// What a `TimelineView`'s schedule runs (Rule 21, `LayoutContent`): its content, with the context of the
// next date, at each tick a step makes.

extension Engine {
    /// Binds a `TimelineView`'s context parameter to the context of the instance's last tick (Rule 21).
    @inline(never)
    mutating func bindTimelineContext(_ content: ContentClosure, of id: Int, in scope: inout Scope) {
        let tick = timelineTicks[id] ?? 0
        for name in [content.parameter ?? "$0", "$0"] {
            scope = scope.with(name, .opaque(type: Value.unmodelledType, text: LayoutContent.context(content.parameter ?? "context", tick: tick)))
        }
    }

    /// `tick TimelineView`, `tick TimelineView in Clock`: the schedule of each such `TimelineView` on
    /// screen reaches its next date, and its content runs again with it; nothing else runs.
    @inline(never)
    mutating func tick(_ text: String, at location: SourceLocation, pass: inout Pass) throws(EvaluationError) -> [WriteTrace] {
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 2 || (words.count == 4 && words[2] == "in"), words[1] == LayoutContent.timelineView else {
            throw EvaluationError("expected 'tick TimelineView' or 'tick TimelineView in VIEW', found '\(text)'", at: location)
        }
        let view = words.count == 4 ? words[3] : nil
        let contents = instances.indices.filter { id in
            guard alive(id), instances[id].description.contentClosure?.layoutView == LayoutContent.timelineView, let holder = instances[id].parent else { return false }
            return view == nil || instances[holder].viewType == view || instances[holder].name == view
        }
        guard !contents.isEmpty else {
            throw EvaluationError("no 'TimelineView' is on screen\(view.map { " in '\($0)'" } ?? "")", at: location)
        }
        var traces: [WriteTrace] = []
        for id in contents {
            let tick = (timelineTicks[id] ?? 0) + 1
            timelineTicks[id] = tick
            markDirty(id, Cause(kind: .input, subject: "context", detail: LayoutContent.tickReason(tick: tick), source: instances[id].path), pass: &pass)
            traces.append(WriteTrace(statement: text, target: instances[id].path, kind: "tick", old: "tick \(tick - 1)", new: "tick \(tick)",
                                     notified: true, note: LayoutContent.tickReason(tick: tick), location: TraceLocation(location)))
        }
        return traces
    }
}
