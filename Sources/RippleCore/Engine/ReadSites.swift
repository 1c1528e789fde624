// The access paths bodies read: which name decides whether a path is the body's read, and the one
// site each place in the source has for each root role.

/// Where a read's sites are kept: an expression's start and height (an expression and its base can
/// start at the same place, never with the same height).
struct SiteKey: Hashable {
    var position: Int
    var height: Int

    init(_ expression: ExprSyntax) {
        position = expression.location.position
        height = expression.height
    }
}

extension ExprKind {
    /// Whether an expression of this kind can be an access path: the cheap test before its root is looked for.
    var mayBeAccessPath: Bool {
        switch self {
        case .identifier, .dollar, .member, .subscriptAccess, .forceUnwrap, .call: true
        default: false
        }
    }
}

extension Engine {
    /// The name whose role decides whether an access path is a read of the body (`self.x` counts as
    /// `x`); nil for an expression that is not an access path, or one no scope can make a read (`$x`, a
    /// path rooted in a call).
    func trackedName(of expression: ExprSyntax) -> String? {
        guard isAccessPath(expression), case .identifier(let name) = rootOfAccessPath(expression).kind else { return nil }
        if name == "self", let first = firstMember(of: expression), case .member(_, let member, _) = first.kind { return member }
        return name
    }

    /// The root of an access path: below its members, subscripts, `!` and the bases of its method calls.
    private func rootOfAccessPath(_ expression: ExprSyntax) -> ExprSyntax {
        var root = expression
        while true {
            switch root.kind {
            case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base):
                root = base
            case .call(let callee, _, _):
                guard case .member(let base, _, _) = callee.kind else { return root }
                root = base
            default:
                return root
            }
        }
    }

    /// Where a read's root name is written, for a path of members, subscripts and `!` below a name that
    /// is not capitalized (which could name a type); nil for any other path.
    private func rootNameLocation(_ expression: ExprSyntax) -> SourceLocation? {
        var root = expression
        while true {
            switch root.kind {
            case .member(let base, _, _), .subscriptAccess(let base, _, _), .forceUnwrap(let base):
                root = base
            case .identifier(let name):
                return name.startsUppercase ? nil : root.location
            default:
                return nil
            }
        }
    }

    /// The site of a read of `expression` whose root has `role`, made the first time and shared by every
    /// record of that read, on every evaluation: a record holds one reference, and two records of one
    /// site are of the same read.
    mutating func readSite(of expression: ExprSyntax, role: String) -> ReadSite {
        let key = SiteKey(expression)
        if let sites = readSites[key] {
            for site in sites where site.rootRole == role { return site }
        }
        let site = ReadSite(path: expression.rendered, rootRole: role, deferred: false, location: rootNameLocation(expression))
        readSites[key, default: []].append(site)
        return site
    }

    /// The role a tracked name has in a scope (`input`, `@State`, `binding`, `global`, `local`), or nil
    /// when a read of it is not the body's (a local holding a value, an unknown name): the half of
    /// `trackedRoot` that the scope decides.
    ///
    /// A local that holds an object (`let store = model.store`, `@Bindable var profile = profile`,
    /// `if let user = session.user`) is read through: what the body reads of the object is its read,
    /// with the value it had, as when the body names the object's place. A local holding a value was
    /// read whole where it was made.
    func trackedRole(of name: String, in scope: Scope) -> String? {
        if scope.bindingLocals[name] != nil { return "binding" }
        if let value = scope.locals[name] {
            if scope.recordedLocals.contains(name) { return "element" }
            if scope.recordsReads, case .object = value { return "local" }
            return nil
        }
        if case .view(let id) = scope.this, let info = instances[id].info, let index = info.propertyIndex(named: name) {
            return info.roleTexts[index]
        }
        if name == "self" { return "self" }
        if globals[name] != nil { return "global" }
        // `Store.shared.count`: a static property of a declared type, read through as a global is.
        if scope.recordsReads, name.startsUppercase, table.data[name] != nil { return "static" }
        return nil
    }
}
