// What each view instance shows after a step: the texts, labels, images and control values its body
// builds, recorded when a simulation is asked to (`Simulation(…, recordingShown: true)`).

/// One value a built-in view shows: `Text`'s string, `Label`'s title, an `Image`'s name, a control's
/// bound value.
public struct ShownValue: Hashable, Sendable, Codable {
    /// The built-in view that shows it: `Text`, `Toggle`.
    public var view: String
    /// What it shows, as Swift's string interpolation prints it (`2 tasks`, `true`, `0.5`); nil when it
    /// rests on a value Ripple does not know (an opaque value, a closure), which is never guessed.
    public var text: String?

    /// A value `view` shows; `text` nil for one Ripple does not know.
    public init(view: String, text: String?) {
        self.view = view
        self.text = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(view, forKey: .view)
        // An unknown value is `null`, not absent: the view is there, what it shows is not known.
        try container.encode(text, forKey: .text)
    }

    /// `"2 tasks"` quoted as Swift writes a string, or `a value Ripple does not know`.
    var described: String {
        text.map { "\"" + $0.escapedForSwift + "\"" } ?? "a value Ripple does not know"
    }
}

/// What one instance shows after a step, in the order its body builds the views that show it.
public struct ShownInstance: Hashable, Sendable, Codable {
    /// Full path: `TaskListView/TaskCountBadge`.
    public var path: String
    public var values: [ShownValue]

    /// The values `path` shows.
    public init(path: String, values: [ShownValue]) {
        self.path = path
        self.values = values
    }

    /// The instance's short name: the last part of its path (`TaskRow[1]`).
    var name: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// The first place where two screens, the same actions performed on each, do not show the same thing:
/// an instance, by path, showing another value, or a value Ripple does not know on either side.
public struct ShownDifference: Hashable, Sendable {
    /// The instance, by path.
    public var path: String
    /// What the changed code shows there, and what the original shows; nil for no value at that place.
    public var changed: ShownValue?
    public var original: ShownValue?

    /// Whether the difference is only that a value is not known: what is shown cannot be compared.
    public var isUnknown: Bool {
        changed?.text == nil && changed != nil || original?.text == nil && original != nil
    }

    /// `TaskCountBadge shows "0 tasks" where the original shows "2 tasks"`; for an unknown value,
    /// `TaskRow[1] shows a value Ripple does not know (Text)`.
    public var sentence: String {
        let name = ShownInstance(path: path, values: []).name
        if isUnknown {
            let view = (changed?.text == nil ? changed?.view : nil) ?? original?.view ?? changed?.view ?? "view"
            return "\(name) shows a value Ripple does not know (\(view))"
        }
        let now = changed.map(\.described) ?? "no \(original?.view ?? "view")"
        let then = original.map(\.described) ?? "no \(changed?.view ?? "view")"
        return "\(name) shows \(now) where the original shows \(then)"
    }

    /// The first difference between what `changed` and `original` show, instance by instance in the
    /// original's order, then the instances only `changed` has; nil when every instance shows the same
    /// values, each known.
    public static func first(_ changed: [ShownInstance], _ original: [ShownInstance]) -> ShownDifference? {
        var byPath: [String: [ShownValue]] = [:]
        for instance in changed { byPath[instance.path, default: []] += instance.values }
        var seen: Set<String> = []
        for instance in original {
            seen.insert(instance.path)
            if let difference = first(at: instance.path, byPath[instance.path] ?? [], instance.values) { return difference }
        }
        for instance in changed where !seen.contains(instance.path) {
            if let difference = first(at: instance.path, instance.values, []) { return difference }
        }
        return nil
    }

    private static func first(at path: String, _ changed: [ShownValue], _ original: [ShownValue]) -> ShownDifference? {
        for index in 0..<max(changed.count, original.count) {
            let now = index < changed.count ? changed[index] : nil
            let then = index < original.count ? original[index] : nil
            if now != then || now?.text == nil { return ShownDifference(path: path, changed: now, original: then) }
        }
        return nil
    }
}
