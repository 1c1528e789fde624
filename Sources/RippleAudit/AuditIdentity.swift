import RippleCore

/// An action named by its control rather than by its row (`AuditRow.identity`): what is done, the
/// control and its title, and the view type whose body writes it. `tap Button "Done" in ItemRow[2]`
/// and `tap Button "Done" in ItemRow[0]` are one control in two rows of a list; which of its rows a
/// screen offers first and last is the screen's order, which `number(_:)` writes as ` #2`.
enum AuditIdentity {
    /// `tap Button "Done" in ItemRow` for the action `tap Button "Done" in ItemRow[2]` (or `… in
    /// Shelf, row 3`, or `… in ItemRow[2] #2`): the name up to the instance it is offered in, then that
    /// instance's view type.
    static func control(of action: AvailableAction) -> String {
        let instance = lastComponent(of: action.instance)
        let viewType = String(instance.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        for place in [instance, viewType] where !place.isEmpty {
            if let range = action.name.range(of: " in " + place, options: .backwards) {
                return action.name[..<range.lowerBound] + " in " + viewType
            }
        }
        // A name that does not end in its instance (none the engine makes): its row identities left out.
        return AuditReason.withoutRows(action.name)
    }

    /// The last part of an instance's path, `ItemRow[2]` of `ShoppingList/List/ItemRow[2]`: after the last
    /// `/` outside brackets, since a row's identity may hold one.
    static func lastComponent(of path: String) -> String {
        var depth = 0
        var start = path.startIndex
        for index in path.indices {
            switch path[index] {
            case "[", "(": depth += 1
            case "]", ")": depth = max(depth - 1, 0)
            case "/" where depth == 0: start = path.index(after: index)
            default: break
            }
        }
        return String(path[start...])
    }

    /// Numbers the rows whose control, file and variant are alike, in the order the screen offers them:
    /// the first keeps its identity, the second gets ` #2`, and so on.
    static func number(_ rows: inout [AuditRow]) {
        var seen: [String: Int] = [:]
        for index in rows.indices {
            guard let identity = rows[index].identity else { continue }
            let key = [rows[index].variant, rows[index].location.file, identity].joined(separator: "\n")
            seen[key, default: 0] += 1
            if let count = seen[key], count > 1 { rows[index].identity = identity + " #\(count)" }
        }
    }
}
