// Access paths read in bodies, analysed once per place in the source.
//
// A body evaluated 10,000 times reads the same paths each time: `item.title`, `model.items[index].done`.
// Working out whether an expression is an access path, what name it starts from and how it prints walked
// the expression again on every read, and evaluating it walked down to its root once per component.
// A plan keeps what depends only on the syntax; running it does what `access` does, component by
// component, through the same lookups, so reads, keys, work and errors are the same.

/// Where a plan is kept: an expression's start and height (an expression and its base can start at the
/// same place, never with the same height).
struct SiteKey: Hashable {
    var position: Int
    var height: Int

    init(_ expression: ExprSyntax) {
        position = expression.location.position
        height = expression.height
    }
}

/// What `evaluate` needs to know about an expression, from its syntax alone.
///
/// A class: a plan is handed around on every read (out of its cache, inside a `ViewPlan`), and a
/// reference is one count to keep where the struct was five strings and an array. Its analysis is filled
/// in once, when it is made. What its runs find out (`MemberCache`, `RootCache`) is kept by the engine,
/// in tables the plan holds indexes into, and checked before it is used: a class's `var` is checked for
/// overlapping access at run time on every read, the engine's storage when it is compiled. The read
/// sites it hands out stay with it.
final class AccessPlan {
    enum Component {
        case member(name: String, optional: Bool, location: SourceLocation)
        /// `[i]`, with the plan of its one unlabelled argument: the index is read on every run (`items[index]`).
        case subscriptAccess(arguments: [ArgumentSyntax], optional: Bool, location: SourceLocation, index: AccessPlan?)
        case forceUnwrap(baseText: String, location: SourceLocation)
    }

    /// The expression is an access path (names, members, subscripts, method calls on a path).
    let isPath: Bool
    /// The name whose role decides whether the path is a read of the body (`self.x` counts as `x`);
    /// nil when no scope can make it one (`$x`, a path rooted in a call).
    let trackedName: String?
    /// The path as it prints.
    let text: String
    /// Set when the path is a root name followed only by members, subscripts and `!`, and the root is
    /// not capitalized (which could name a type): such a path is run from the plan.
    let root: (name: String, location: SourceLocation)?
    /// The components after the root, in the order they are applied; empty unless `root` is set.
    let components: [Component]
    /// Where the engine keeps what this plan's runs found (nil for a plan that is not run component by
    /// component, having no `root`).
    let caches: CacheSlots?

    /// Indexes into the engine's tables of what plans' runs found.
    struct CacheSlots {
        /// The plan's `RootCache`, in `Engine.rootCaches`.
        var root: Int
        /// The first of the plan's `MemberCache`s, one per component, in `Engine.memberCaches`.
        var members: Int
    }
    /// The sites of the path's reads, one per root role met (nearly always one): made the first time.
    private var sites: [ReadSite] = []

    /// The analysis is fixed when the plan is made: only what its runs find out changes.
    init(isPath: Bool = false, trackedName: String? = nil, text: String = "",
         root: (name: String, location: SourceLocation)? = nil, components: [Component] = [], caches: CacheSlots? = nil) {
        self.isPath = isPath
        self.trackedName = trackedName
        self.text = text
        self.root = root
        self.components = components
        self.caches = caches
    }

    /// The site of a read of this path whose root has `role`.
    func site(role: String) -> ReadSite {
        for site in sites where site.rootRole == role { return site }
        let site = ReadSite(path: text, rootRole: role, deferred: false, location: root?.location)
        sites.append(site)
        return site
    }
}

/// Which `@Observable` stored property a member component named on the last object it read, and of
/// which class.
///
/// A plan runs for every row of a list, on objects of one class: the class is compared by identity and
/// the property's index reused, where finding it compared the name with each stored property's (and
/// with `objectWillChange`) on every read. Plain data: the cache is read before the component, whose
/// name would be copied, and counted, to be compared.
struct MemberCache {
    /// The `DataInfo` last read through this component; the engine's table keeps it alive.
    var info: ObjectIdentifier?
    var index = 0
}

/// Which property of a view's declaration a plan's root name was, in the view type it last read it in,
/// and the site its reads there are recorded at. A row's body reads `item.title` from every row, all of one
/// type: the type is compared by identity, where the name was looked up in the scope's locals, then among
/// the view's properties, twice (for its role, then for its value).
struct RootCache {
    /// The `ViewInfo` of the view type; the engine's table keeps it alive.
    var info: ObjectIdentifier?
    var index = 0
    var site: ReadSite?
}

extension ExprKind {
    /// Whether an expression of this kind can be an access path: the cheap test before a plan is looked up.
    var mayBeAccessPath: Bool {
        switch self {
        case .identifier, .dollar, .member, .subscriptAccess, .forceUnwrap, .call: true
        default: false
        }
    }
}

extension Engine {
    /// The plan for an expression, made the first time it is evaluated in a body.
    mutating func accessPlan(_ expression: ExprSyntax) -> AccessPlan {
        plan(for: expression, in: \.accessPlans) { engine, expression in engine.makeAccessPlan(expression) }
    }

    /// The plan kept in `cache` for an expression's place, made and kept the first time: the one cache
    /// behind access, argument and view plans. `make` gets the engine, since the cache's access has ended.
    mutating func plan<Plan>(for expression: ExprSyntax, in cache: WritableKeyPath<Engine, [SiteKey: Plan]>,
                             make: (inout Engine, ExprSyntax) -> Plan) -> Plan {
        let key = SiteKey(expression)
        if let plan = self[keyPath: cache][key] { return plan }
        let plan = make(&self, expression)
        self[keyPath: cache][key] = plan
        return plan
    }

    private mutating func makeAccessPlan(_ expression: ExprSyntax) -> AccessPlan {
        guard isAccessPath(expression) else { return AccessPlan() }
        let text = expression.rendered
        // Down to the root, noting each component on the way.
        var root = expression
        var components: [AccessPlan.Component] = []
        var simple = true
        walk: while true {
            switch root.kind {
            case .member(let base, let name, let optional):
                components.append(.member(name: name, optional: optional, location: root.location))
                root = base
            case .subscriptAccess(let base, let arguments, let optional):
                // The argument's plan is made here, not looked up: the cache is being written while this plan is made.
                let index = arguments.count == 1 && arguments[0].label == nil ? makeAccessPlan(arguments[0].value) : nil
                components.append(.subscriptAccess(arguments: arguments, optional: optional, location: root.location, index: index))
                root = base
            case .forceUnwrap(let base):
                components.append(.forceUnwrap(baseText: base.rendered, location: root.location))
                root = base
            case .call(let callee, _, _):
                simple = false
                guard case .member(let base, _, _) = callee.kind else { return AccessPlan(isPath: true, text: text) }
                root = base
            default:
                break walk
            }
        }
        guard case .identifier(var name) = root.kind else { return AccessPlan(isPath: true, text: text) }
        if name == "self", let first = firstMember(of: expression), case .member(_, let member, _) = first.kind { name = member }
        guard simple, case .identifier(let rootName) = root.kind, !rootName.startsUppercase else {
            return AccessPlan(isPath: true, trackedName: name, text: text)
        }
        let caches = AccessPlan.CacheSlots(root: rootCaches.count, members: memberCaches.count)
        rootCaches.append(RootCache())
        memberCaches.append(contentsOf: repeatElement(MemberCache(), count: components.count))
        return AccessPlan(isPath: true, trackedName: name, text: text, root: (rootName, root.location), components: components.reversed(),
                          caches: caches)
    }

    /// The role a tracked name has in a scope (`input`, `@State`, `binding`, `global`), or nil when a read
    /// of it is not the body's (a local, an unknown name): the half of `trackedRoot` that the scope decides.
    func trackedRole(of name: String, in scope: Scope) -> String? {
        if scope.bindingLocals[name] != nil { return "binding" }
        if scope.locals[name] != nil { return scope.recordedLocals.contains(name) ? "element" : nil }
        if case .view(let id) = scope.this, let info = instances[id].info, let index = info.propertyIndex(named: name) {
            return info.roleTexts[index]
        }
        if name == "self" { return "self" }
        if globals[name] != nil { return "global" }
        return nil
    }

    /// Evaluates a simple path from its plan: what `access` does for each component, in order.
    mutating func run(_ plan: AccessPlan, root: (name: String, location: SourceLocation), in scope: Scope) throws(EvaluationError) -> Value {
        if root.name == "self", case .member(let name, _, let location)? = plan.components.first, scope.locals["self"] == nil {
            // `self.name` is the name itself.
            return try run(plan, from: try lookup(name, in: scope, at: location), start: 1, in: scope)
        }
        return try run(plan, from: try lookup(root.name, in: scope, at: root.location), start: 0, in: scope)
    }

    /// Runs a plan's components from `start` on, given the value before them.
    mutating func run(_ plan: AccessPlan, from root: Value, start: Int, in scope: Scope) throws(EvaluationError) -> Value {
        var value = root
        let cacheStart = plan.caches?.members
        for position in start..<plan.components.count {
            // A member read on an object of the class the component met last: its stored property is known.
            if let cacheStart, case .object(let object) = value, let cached = memberCaches[cacheStart + position].info,
               cached == ObjectIdentifier(objects[object.raw].info) {
                value = readObservedProperty(object, memberCaches[cacheStart + position].index)
                continue
            }
            switch plan.components[position] {
            case .member(let name, let optional, let location):
                if optional, value.isNone { value = .none; continue }
                // What `member(of:)` does for an object's stored property, remembering which one an
                // `@Observable` property was (the other kinds quote the name in what they record).
                if case .object(let object) = value, name != "objectWillChange", let index = objects[object.raw].info.storedIndex(of: name) {
                    if let cacheStart, case .observed = objects[object.raw].info.readKinds[index] {
                        memberCaches[cacheStart + position] = MemberCache(info: ObjectIdentifier(objects[object.raw].info), index: index)
                    }
                    value = readStoredProperty(object, index, name: name)
                    continue
                }
                value = try member(of: value, name, at: location, scope: scope)
            case .subscriptAccess(let arguments, let optional, let location, let indexPlan):
                if optional, value.isNone { value = .none; continue }
                value = try subscriptValue(value, arguments, indexPlan: indexPlan, in: scope, at: location)
            case .forceUnwrap(let baseText, let location):
                if value.isNone { throw EvaluationError("'\(baseText)' is nil; force-unwrapping it would crash", at: location) }
            }
        }
        return value
    }
}
