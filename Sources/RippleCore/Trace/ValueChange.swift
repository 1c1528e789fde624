/// Two printed values cut to the part where they differ, for a line a reader takes in at a glance:
/// `[TaskItem(id: 1, title: "Plan trip", …)]` → `…title: "Plan trip"…` and `…title: "Book flights"…`.
public enum ValueChange {
    /// `old` and `new` with what they share at the start and at the end folded to `…`, keeping `context`
    /// characters on each side of the difference. Values that fit in `short` characters are kept whole.
    public static func abbreviated(_ old: String, _ new: String, context: Int = 12, short: Int = 32) -> (old: String, new: String) {
        if old.count <= short && new.count <= short { return (old, new) }
        let a = Array(old), b = Array(new)
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        func cut(_ characters: [Character]) -> String {
            let start = prefix > context ? prefix - context : 0
            let end = suffix > context ? characters.count - suffix + context : characters.count
            var text = start > 0 ? "…" : ""
            text += String(characters[start..<end])
            if end < characters.count { text += "…" }
            return text
        }
        return (cut(a), cut(b))
    }

    /// `text` cut to `width` characters, ending in `…` when it was longer.
    public static func fitted(_ text: String, width: Int) -> String {
        guard width > 1, text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }
}
