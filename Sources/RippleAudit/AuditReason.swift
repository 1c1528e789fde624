import RippleCore

/// What told one view type to re-run, or left it stale, in one action: the mechanism, what changed and,
/// for a dependency, the read that made it. A comparison with a baseline holds an action's reasons
/// against the base's to name what a change did (`AuditBaseline.Explanation`).
public struct AuditReason: Codable, Equatable, Sendable {
    /// The view type.
    public var view: String
    /// `needed`, `wasted` or `stale`: what the instances it counts came to.
    public var outcome: String
    /// The cause's mechanism (`Cause.Kind`): `observation`, `input`, `newIdentity`, `state`, `untracked`, …
    public var kind: String
    /// What changed: a dependency key (`ShoppingList.store.items`), an input's name, `@identity`.
    public var subject: String
    /// For a dependency, the path the body reads that made it (`store.items.first { $0.id == id }!`).
    public var read: String?
    /// Where the read is, when the trace or the view type's code has it; else where the view type is
    /// declared, and then `declared` is true.
    public var location: TraceLocation?
    /// True when `location` is the view type's declaration, not the read; nil otherwise.
    public var declared: Bool?
    /// The instances of the view type it told.
    public var count: Int

    /// A reason of `count` instances of `view`.
    public init(view: String, outcome: String, kind: String, subject: String, read: String? = nil, location: TraceLocation? = nil,
                declared: Bool? = nil, count: Int) {
        self.view = view
        self.outcome = outcome
        self.kind = kind
        self.subject = subject
        self.read = read
        self.location = location
        self.declared = declared
        self.count = count
    }

    /// What two reasons are compared by across a change: the view type, the mechanism, what changed and
    /// the read, with row identities (`[1]`, `[UUID-2]`) left out, since a change of a `ForEach`'s keys
    /// renames them.
    public var key: String {
        [view, kind, Self.withoutRows(subject), read.map(Self.withoutRows) ?? ""].joined(separator: "\n")
    }

    /// The reasons of the instances an action re-ran or left stale, in their order: one per view type,
    /// outcome and cause. A read's place is taken from any instance that records it; failing that, the
    /// view type's declaration in `declarations` is the place.
    public static func reasons(of instances: [InstanceTrace], declarations: [DeclarationSyntax]) -> [AuditReason] {
        var found: [AuditReason] = []
        var places: [String: TraceLocation] = [:]
        for instance in instances {
            for path in instance.readLocations.paths where places[path] == nil { places[path] = instance.readLocations[path] }
        }
        // Each reason's key once, with its outcome: a list's thousand rows told alike are one reason.
        var indices: [String: Int] = [:]
        for instance in instances where instance.outcome != .skipped {
            for cause in instance.causes {
                let read = Self.read(in: cause)
                var reason = AuditReason(view: instance.viewType, outcome: instance.outcome.rawValue, kind: cause.kind.rawValue,
                                         subject: cause.subject, read: read, location: nil, count: 1)
                let key = reason.outcome + "\n" + reason.key
                if let index = indices[key] {
                    found[index].count += 1
                    continue
                }
                indices[key] = found.count
                // The read's place: as the trace records it, or where the view type's code writes it.
                let reads = read.map { [$0] } ?? (reason.outcome == "stale" ? instance.changedReads : [])
                // A seeded `@State` or an input is where the view declares the property.
                let property = ["seededState", "input"].contains(reason.kind)
                    ? Self.property(String(cause.subject.drop { $0 == "_" }), in: instance.viewType, declarations) : nil
                if let place = reads.lazy.compactMap({ places[$0] ?? Self.place(of: $0, in: instance.viewType, declarations) }).first ?? property {
                    reason.location = place
                } else if let declaration = declarations.first(where: { $0.name == instance.viewType }) {
                    reason.location = TraceLocation(declaration.location)
                    reason.declared = true
                }
                found.append(reason)
            }
        }
        return found
    }

    /// Where the code of the view type `viewType` writes the expression `read` (as Ripple renders it),
    /// the first such place in its members; nil when none is written so.
    static func place(of read: String, in viewType: String, _ declarations: [DeclarationSyntax]) -> TraceLocation? {
        for declaration in declarations {
            guard case .type(let type) = declaration, type.name == viewType else { continue }
            var found: SourceLocation?
            type.visitExpressions { expression in
                if found == nil, expression.rendered == read { found = expression.location }
            }
            return found.map(TraceLocation.init)
        }
        return nil
    }

    /// Where the view type `viewType` declares its stored property `name`; nil when it declares none.
    static func property(_ name: String, in viewType: String, _ declarations: [DeclarationSyntax]) -> TraceLocation? {
        for declaration in declarations {
            guard case .type(let type) = declaration, type.name == viewType else { continue }
            return type.properties.first { $0.name == name }.map { TraceLocation($0.location) }
        }
        return nil
    }

    /// The path a dependency's cause says the body reads: the part of its detail in `(reads …)`, which
    /// `Cause` writes for an observed dependency; nil for any other cause.
    static func read(in cause: Cause) -> String? {
        var detail = cause.detail
        let later = " (and later writes in this step)"
        if detail.hasSuffix(later) { detail.removeLast(later.count) }
        guard cause.kind == .observation, let start = detail.range(of: " (reads ") else { return nil }
        // The read is written whole, and may hold parentheses of its own: it ends at the last `) (`, where
        // the write's part begins, or at the detail's last `)`.
        let rest = detail[start.upperBound...]
        guard let end = rest.range(of: ") (", options: .backwards) ?? rest.range(of: ")", options: .backwards) else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// `text` with every bracketed part that follows a name left out: `ItemRow[1].done` → `ItemRow.done`.
    public static func withoutRows(_ text: String) -> String {
        var result = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            if character == "[", depth > 0 || previous.isLetter || previous.isNumber || previous == "_" || previous == ")" {
                depth += 1
                continue
            }
            if depth > 0 {
                if character == "]" { depth -= 1 }
                continue
            }
            result.append(character)
            previous = character
        }
        return result
    }
}
