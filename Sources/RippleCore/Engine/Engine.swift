import RippleRuntime

/// A model object's storage: its class, its stored properties' values, its label and who observes each
/// property (`ObjectStore`).
typealias ObjectRecord = StoredObject<Value, DataInfo>

extension StoredObject where Info == DataInfo {
    /// The object's class's name.
    var type: String { info.declaration.name }
}

/// A `@State`-like slot's storage.
struct SlotRecord: Sendable {
    var owner: Int
    var name: String
    var value: Value
}

/// Scenario code that runs as a call: what the call-depth limit counts (`Engine.enterCall`).
enum Callee: CustomStringConvertible {
    /// A type's `static func ==`, by the type's name.
    case equality(String)
    /// A computed property, by its name.
    case computedProperty(String)
    /// A view's computed property or method that builds views (`var header: some View`), by its name.
    case viewBuilder(String)
    /// The getter of a `Binding(get:set:)`, which a read through the binding runs.
    case bindingGetter
    /// A struct's or class's `init`, or its memberwise initializer with the default values, by the type's name.
    case initializer(String)

    var description: String {
        switch self {
        case .equality(let type): "'==' of '\(type)'"
        case .computedProperty(let name), .viewBuilder(let name): "computed property '\(name)'"
        case .bindingGetter: "the getter of a 'Binding(get:set:)'"
        case .initializer(let type): "the 'init' of '\(type)'"
        }
    }

    /// The levels of the call depth the call counts for: an initializer's frames (building the value,
    /// running its statements on it) take about 77 KB of stack in a debug build, four times a getter's;
    /// a helper that builds views (building its statements, each view, its arguments and the content
    /// closures of the views it nests) from about 47 KB to over 100 KB: a computed property that builds
    /// itself overflowed 8 MB of stack 175 levels down, so one counts eight, and at most 32 nest.
    var levels: Int {
        switch self {
        case .initializer: 4
        case .viewBuilder: 8
        default: 1
        }
    }
}

/// An error raised while running scenario code; it becomes a diagnostic at the expression.
struct EvaluationError: Error {
    var diagnostic: Diagnostic
    /// The message is built inside, out of line: a step's path checks for dozens of errors and meets
    /// almost none, and a message built in place would put its code between the instructions that run.
    @inline(never)
    init(_ message: @autoclosure () -> String, at location: SourceLocation) { diagnostic = .error(message(), at: location) }

    /// Whether a documented limit was crossed (the message ends with `(limit: NAME)`): an error in app
    /// source as in a scenario, which ends the step rather than being noted and stepped over.
    var isLimit: Bool { diagnostic.message.hasSuffix(")") && diagnostic.message.contains("(limit: ") }
}

/// Simulates one variant of a scenario: the model's storage, the instance tree, the dependency index.
///
/// A body is evaluated by interpreting its statements, which records what it reads and builds its
/// children's values; a step applies writes, dirties dependents through the index, then evaluates
/// top-down, comparing each rebuilt child with its previous value.
///
/// A value, owned by its `Simulation`: a step runs as one `mutating` call, so Swift proves at compile time
/// that nothing else touches the storage, the tree or the indexes while it runs; a class's stored properties
/// would be checked at run time on every access (docs/Reliability.md, "Exclusivity checks"). Nothing copies
/// an engine: a copy would share every table, and the first write to one would copy that table whole. Swift
/// copies it quietly for a non-`mutating` method called on `self` when an argument runs code first
/// (`describe(try evaluate(…))`), or from a nested function or closure that has captured `self`; on a step's
/// path such helpers are `static`, and such arguments are evaluated into a local before the call.
///
/// A non-`mutating` method called from a `mutating` one is handed the engine's bytes (some 850) copied
/// to the stack first, without counting references, inlined or not. So the helpers a write and a
/// step's trace call, once or for every dependent, are `mutating` though some only read
/// (`declaredType`, `checkType`, `enqueue`, `markDirty`, `readers(of:)`), or answer the usual values
/// from `static` functions (`describeWritten` through `describeScalar`, `traceWritten` through
/// `scalarTraceValue`, `dependencyUse(of:in:)`).
struct Engine {
    #if RIPPLE_FUZZ
    // The fuzzer's hang bound is one second: it runs with limits that bound time as well as size, so
    // that what it flags is work no limit bounds, not a large scenario within them (Scripts/fuzz.sh).
    static let maximumInstances = 1_000
    static let maximumWork = 100_000
    static let maximumTotalWork = 200_000
    #else
    /// Most view instances one variant may have (a documented limit).
    static let maximumInstances = 250_000
    /// Most evaluations of scenario expressions per step, against runaway input (a documented limit).
    /// Loading ripple-bench's 100,000-row workload takes 900,000; the limit is reached in seconds.
    static let maximumWork = 5_000_000
    /// Most evaluations in all for loading a scenario, every variant and step together (a documented limit):
    /// without it, steps and variants multiply the per-step limit (10,000 steps × 5,000,000). ripple-bench's
    /// broad workload, 100,000 rows each re-evaluated by 1,800 steps, takes 1,100,000,000.
    static let maximumTotalWork = 200_000_000
    #endif
    /// Most elements one value may hold in all, counting the elements of arrays, the fields of structs
    /// and enum payloads at every level (a documented limit): as many as a range may have. A string is one
    /// element; its bytes cost work as it is built, which bounds its length.
    static let maximumValueSize = maximumInstances * 4
    /// Most levels of scenario code running inside calls of scenario code (a documented limit): each call
    /// of a type's `==`, of a computed property or of a `Binding(get:set:)` getter is a level, each `init`
    /// four (`Callee.levels`), and so is each expression evaluated inside one. It lets the longest chain of computed properties the resolver accepts run (63 calls, 189
    /// levels). At the limit the recursion that is deepest per level (`==` through a closure) takes
    /// 3.7 MB of stack in a debug build and 0.5 MB in a release build: within the 8 MB the main thread
    /// has (`LimitTests.callDepthFitsTheStack`), not within the 512 KB of a secondary thread on macOS.
    static let maximumCallDepth = 256

    /// Errors found while running scenario code, reported together (`DiagnosticError` keeps the first
    /// `Limits.maximumErrors` of them).
    var errors: [Diagnostic] = []
    /// Errors after which a pass stops evaluating more instances (a documented limit).
    static let maximumErrors = 50
    /// `errors` as a set, to record each once without comparing it with every other.
    private var reportedErrors: Set<Diagnostic> = []
    /// The scope of the model method a step is running (`ModelMethods.swift`); nil outside methods.
    var methodContext: Scope?
    /// The types whose static methods or static properties are being computed, innermost last
    /// (`StaticMethods.swift`).
    var staticOwners: [String] = []
    /// The closures an action handed to `DispatchQueue.main.async`, run in an update of their own once
    /// the action's update is over (`ActionClosure`).
    var mainQueue: [SuspendedAction.Frame] = []
    /// The transaction the action's writes are made in now: the `withAnimation { }` or
    /// `withTransaction(…) { }` whose closure runs (`Transactions.swift`); nil outside them.
    var currentTransaction: String?
    /// The updates the running action ended before its last, because a write told a view in another
    /// transaction (Rule 18), in order.
    var endedUpdates: [EndedUpdate] = []
    /// What was assumed about names another module declares (`Engine+Assumptions.swift`), in the order met.
    var notes: [Diagnostic] = []
    /// The messages of `notes`, to note each once.
    var assumed: Set<String> = []
    /// The decisions of the current update that rested on a value Ripple does not know — a branch taken
    /// as true, a pattern taken as matching, an optional taken as present — each as `what at file:line`,
    /// in the order made: the verdicts of the bodies that made them, and of the step, are not exact.
    var unknownDecisions: [String] = []
    /// Conditions on values Ripple does not know, by place, that this simulation takes as false rather
    /// than true: the audit builds a screen again with one flipped to reach what its other side shows.
    var conditionsTakenAsFalse: Set<SourceLocation> = []
    /// The conditions on values Ripple does not know that bodies have decided, each once, in the order
    /// first met.
    var undecidedConditions: [UndecidedCondition] = []
    /// Those made since the body being evaluated began, each once: what its verdict rests on.
    var evaluationDecisions: [String] = []
    /// What the step being performed assumed, each once, whether or not loading assumed it first: `notes`
    /// keeps each message once for the whole run, so a step that meets again what loading met (a body it
    /// re-runs reads the same unknown value) would otherwise say nothing of it.
    var stepNotes: [Diagnostic] = []
    /// The globals whose initial values are being computed (`global(named:)`), to find one that uses itself.
    var computingGlobals: Set<String> = []
    /// The decisions on unknown values each global computed once rests on, by name (`global(named:)`).
    var globalDecisions: [String: [String]] = [:]
    /// While globals are computed, the decisions on unknown values each took so far, innermost last.
    var decisionsTaken: [[String]] = []
    /// The decisions on unknown values the root environment was built on (`start(environment:)`): every
    /// read of the environment takes them again, so what a view shows from it is never `exact` because of
    /// a guess made while the app's models were made.
    var rootEnvironmentDecisions: [String] = []
    /// How many times views were left out of a body being built (`warnNotSimulated`), counting repeats:
    /// an evaluation that left some out has a verdict that rests on what was not simulated.
    var droppedViews = 0
    /// How many `self.init(…)` forwards the view being made is inside (`describeForwarded`).
    var initializerForwards = 0
    /// Where a helper declared `AnyView` is used, while its statements are built: the place of the
    /// `AnyView` it returns (`buildErased`).
    var erasureAnchor: SourceLocation?
    /// The update the `.onAppear` actions and `.task` starts of the first tree ran in, with what they set
    /// off; nil when no view of it has one.
    var appearance: StepTrace?
    /// When the first tree had an appearance update, the instances its first build made, which the first
    /// update's trace lists (`initialTrace()`): those the appearance update made are its own.
    var builtBeforeAppearance: Set<Int>?

    /// Records an error once, however many ForEach elements run into it.
    mutating func report(_ error: EvaluationError) {
        // An untaken side's code does not run: what it would meet is no one's error.
        guard recordsAssumptions else { return }
        if reportedErrors.insert(error.diagnostic).inserted { errors.append(error.diagnostic) }
    }

    let table: DeclarationTable
    /// Whether any class declares `willSet` or `didSet`: only then does a write look for them.
    let observesWrites: Bool
    /// The properties whose observers are running, which a write inside them does not run again.
    var observing: Set<PropertyPlace> = []
    var semantics: Semantics

    /// Model objects by id, with who depends on and who reads each stored property (`DependencyIndex.swift`).
    var objects = ObjectStore<Value, DataInfo>()
    var slots: [SlotRecord] = []
    var instances = InstanceTree<Instance>()
    var globals: [String: Value] = [:]
    var rootEnvironment: [String: Value] = [:]
    var appStorage: [String: Value] = [:]
    /// Dependents by key for keys that are not an object's property (those live with the object:
    /// `DependencyIndex.swift`).
    var otherDependents = DependencyIndex<DependencyKey>()
    /// Readers by place, tracked or not, to find stale views; objects' properties live with the object.
    var otherReaders = DependencyIndex<Place>()
    /// Instances the last step evaluated, in order.
    var lastEvaluated: [Int] = []
    /// Call sites of views, numbered in the order first built: a number is cheaper to keep and hash.
    var siteNumbers: [Int: Int] = [:]
    var siteLocations: [SourceLocation] = []

    mutating func siteNumber(_ location: SourceLocation) -> Int {
        if let number = siteNumbers[location.position] { return number }
        siteNumbers[location.position] = siteLocations.count
        siteLocations.append(location)
        fieldSourcesBySite.append(nil)
        return siteLocations.count - 1
    }

    /// The argument sources of the views built at each call site (by site number), shared by the instances
    /// built there: they are the site's syntax, so they are rendered once.
    var fieldSourcesBySite: [[String: String]?] = []
    /// The sites of the access paths bodies read, by place and then root role (`readSite(of:role:)`).
    var readSites: [SiteKey: [ReadSite]] = [:]
    /// How each place's built-in view and styling modifier reads its arguments, worked out the first
    /// time the place is built (`ViewArguments.swift`).
    var builtinViews: [SiteKey: BuiltinView] = [:]
    var stylingSteps: [SiteKey: [ArgumentStep]] = [:]
    /// Alive instances by short name (`UserRow[2]`), for steps and expectations that name one.
    var instancesByName: [String: InstanceSet] = [:]
    /// Views declaring each environment key.
    var environmentDeclarers: [String: Set<Int>] = [:]
    /// Objects each `ObservableObject` holder holds.
    var nextClosure = 0
    var nextSequence = 0
    var nextUUID = 0
    var work = 0
    /// What the body being evaluated reads, reset for each body (evaluations do not nest: a body's
    /// children are queued, not evaluated inside it). Held in the engine, not in an object of its own:
    /// a body records a dozen things, and a class's stored properties are checked for overlapping
    /// access at run time on each of them.
    var log = ReadLog()
    /// Whether `log` is recording: true while a body is evaluated, false outside bodies and where code
    /// inside one runs without being recorded (an initializer, a default value, a binding's lookup).
    var isTracking = false
    /// The last step's pass, emptied, whose tables the next step reuses.
    var spentPass = Pass()
    var getterDepth = 0
    /// Evaluations running, one inside another (`evaluate`).
    var evaluationDepth = 0
    /// Calls of scenario code running, one inside another (`enterCall`).
    var callDepth = 0
    /// `evaluationDepth` when the outermost call running began.
    var callBaseDepth = 0
    /// The innermost call running, named in the call-depth error.
    var innermostCallee: Callee?
    /// Why the places an instance reads would not tell it of changes, from its last evaluation.
    var untrackedReasons: [Int: [Place: String]] = [:]
    /// Whether the presentation `buildBody` last ran presents its content (Rule 15).
    var presentedByLastBuild = false
    /// Whether each evaluation records what its body shows (`Engine+Shown.swift`): the audit's proofs
    /// ask for it; a plain run leaves it off and pays nothing for it.
    var recordsShown = false
    /// Lazy containers' rows and windows (Rule 20, `LazyRows.swift`).
    var lazyRows = LazyRowState()
    /// How many times a step ticked each `TimelineView` content's schedule, by instance (Rule 21).
    var timelineTicks: [Int: Int] = [:]
    /// What the body being built shows so far, while `recordsShown`; nil otherwise, and while building
    /// what is not shown (a `NavigationLink`'s destination, made but not pushed).
    var shownByLastBuild: [ShownPart]?
    /// What each instance's last evaluation showed, by instance, while `recordsShown`.
    var shownParts: [Int: [ShownPart]] = [:]
    /// What bodies would read on the sides of decisions on unknown values they did not take.
    var untaken = UntakenBranches()
    /// How many elements the `ForEach` built last had: whether a row action its modifier offers has the
    /// rows it takes (`UserActions.swift`).
    var lastForEachCount: Int?
    /// The `_printChanges` line of an evaluation with only `@dependencies` to print, by view type, for a
    /// type with no declaration (a declared type keeps its own, `ViewInfo.dependenciesLine`).
    var dependenciesLines: [String: String] = [:]
    /// Closure bodies with their captured scope, for `Binding(get:set:)` getters.
    var closures: [Int: (syntax: ClosureSyntax, scope: Scope)] = [:]

    /// The shared box of each declared view the screen has built, made the first time it is built
    /// (`viewInfo(ofType:)`): instances point at it. An app read as many screens has a table of every
    /// view for each screen, and a box for each view on each screen made the load quadratic in views.
    private(set) var viewInfos: [String: ViewInfo] = [:]
    /// Each declared struct's and class's shared box: objects point at it, records look it up by type.
    let dataInfos: [String: DataInfo]
    /// The names of the models' methods, for telling a call of one from a built-in method by its name.
    let modelMethodNames: Set<String>

    /// The last type name looked up with `rememberedInfos(ofType:)` and what it names.
    private var typeMemo: (type: String, view: ViewInfo?, data: DataInfo?)?

    /// The shared box of the view `type` names, made the first time it is asked for; nil when the
    /// source declares no such view.
    mutating func viewInfo(ofType type: String) -> ViewInfo? {
        if let info = viewInfos[type] { return info }
        guard let declaration = table.views[type] else { return nil }
        let info = ViewInfo(declaration, table: table)
        viewInfos[type] = info
        return info
    }

    /// The view and the struct or class a type name declares, remembered for the last name asked: a
    /// body reads field after field of records of one type, and each read hashed the type's name twice.
    mutating func rememberedInfos(ofType type: String) -> (view: ViewInfo?, data: DataInfo?) {
        if let memo = typeMemo, memo.type == type { return (memo.view, memo.data) }
        let found = (view: viewInfo(ofType: type), data: dataInfos[type])
        typeMemo = (type, found.view, found.data)
        return found
    }

    init(table: DeclarationTable, semantics: Semantics) {
        self.table = table
        observesWrites = table.data.values.contains { $0.stored.contains { $0.willSet != nil || $0.didSet != nil } }
        self.semantics = semantics
        dataInfos = table.data.mapValues(DataInfo.init)
        modelMethodNames = Set(table.data.values.flatMap { $0.methods.map(\.name) })
    }

    var root: Int { 0 }

    func alive(_ id: Int) -> Bool { instances.isAlive(id) }

    // MARK: - Start-up

    /// Creates globals, the root environment (the environment keys' defaults, then what the app or the
    /// preview puts there) and the root view, then evaluates the whole tree once.
    mutating func start(environment: RootEnvironmentSyntax = RootEnvironmentSyntax()) throws(EvaluationError) {
        rootEnvironmentDecisions = try decisions { (engine) throws(EvaluationError) in
            for (name, key) in engine.table.environmentKeys.sorted(by: { $0.key < $1.key }) {
                engine.rootEnvironment[name] = try engine.evaluateInitial(key.defaultValue, expected: key.type, of: "environment key '\\.\(name)'")
            }
        }
        for declared in table.globals where !declared.isComputed { _ = try global(named: declared.name) }
        rootEnvironmentDecisions += try decisions { (engine) throws(EvaluationError) in try engine.startRootEnvironment(environment) }
        guard let rootDeclaration = table.views[table.rootView] else { return }
        // The root is built like any child, with no arguments: its defaults fill its inputs.
        let description = try describeView(viewInfo(ofType: table.rootView)!, [], [], in: Scope(), context: BuildContext(), site: rootDeclaration.location)
        var pass = Pass()
        pass.isTraced = false
        let id = try createInstance(description, parent: nil, name: table.rootView, pass: &pass)
        try runPass(&pass, initial: [id])
        // The views that appeared run their `.onAppear` actions and start their tasks in an update of their
        // own: the first state a person sees, and acts on, is the one after it (Rules 16, 17).
        let appeared = pass.firedHandlers
        guard !appeared.isEmpty else { return }
        builtBeforeAppearance = Set(instances.indices.filter { alive($0) })
        appearance = try transaction(named: changeRoundName(appeared)) { (engine, pass, written) throws(EvaluationError) in
            try engine.firedHandlerWrites(appeared, pass: &pass, written: &written)
        }
    }

    /// The decisions on unknown values `work` takes, as well as taking them where it runs.
    private mutating func decisions(_ work: (inout Engine) throws(EvaluationError) -> Void) throws(EvaluationError) -> [String] {
        decisionsTaken.append([])
        do {
            try work(&self)
        } catch {
            decisionsTaken.removeLast()
            throw error
        }
        return decisionsTaken.removeLast()
    }

    /// Labels what a write stored below an object's property (`name`, then `path`): a function of its
    /// own, so that the write does not hand the engine to `objectName` unless there is something to name.
    mutating func labelWritten(_ value: Value, in object: ObjectID, _ name: String, _ path: [PathComponent]) {
        label(value, as: objectName(object) + "." + name + path.map(\.description).joined())
    }

    /// Names objects after the first place they are stored, for readable keys.
    mutating func label(_ value: Value, as name: String) {
        switch value {
        case .object(let id):
            label(id, .text(name))
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if case .object(let id) = element {
                    label(id, .element(of: name, index: index))
                } else if element.mayHoldObjects {
                    label(element, as: "\(name)[\(index)]")
                }
            }
        case .record(let type, let fields):
            // A struct's field is named below the struct: `slots[0].item`, not `slots[0]`.
            let stored = dataInfos[type]?.declaration.stored
            for (index, field) in fields.enumerated() where field.mayHoldObjects {
                let fieldName = stored.flatMap { index < $0.count ? $0[index].name : nil }
                label(field, as: fieldName.map { name + "." + $0 } ?? name)
            }
        default:
            break
        }
    }

    /// Whether labelling the value as something could name an object that has no label yet: false for
    /// a value that holds no object and for an object labelled already, so that the label's text is not
    /// built for nothing (a list's rows are given objects their model named first).
    func needsLabel(_ value: Value) -> Bool {
        if case .object(let id) = value { return !objects[id.raw].hasLabel }
        return value.mayHoldObjects
    }

    /// Gives an object its label, unless it has one, and names the objects its stored properties hold
    /// below it; a property that cannot hold one gets no text.
    private mutating func label(_ id: ObjectID, _ parts: ObjectLabel) {
        guard !objects[id.raw].hasLabel else { return }
        objects[id.raw].labelParts = parts
        let stored = objects[id.raw].info.declaration.stored
        for index in stored.indices where objects[id.raw].fields[index].mayHoldObjects {
            label(objects[id.raw].fields[index], as: objects[id.raw].label + "." + stored[index].name)
        }
    }

    // MARK: - Instances

    /// A global's or a `static` property's value (`Book.samples`, kept as a global of that name), computed
    /// at its first use as Swift computes them, so one may use another declared after it, in any file, and
    /// a `static` getter's again at each use;
    /// nil when the source declares none of that name. One whose value uses itself is an error at it.
    ///
    /// A value computed once that rests on a decision Ripple took on a value it does not know (a `switch`
    /// over an opaque `current`) keeps that decision: every later read of it takes it again, so what reads
    /// it is never `exact` because of a choice made before.
    mutating func global(named name: String) throws(EvaluationError) -> Value? {
        if let value = globals[name] {
            if let decisions = globalDecisions[name] { retake(decisions) }
            return value
        }
        guard let global = table.globals.first(where: { $0.name == name }) else { return nil }
        let what = name.contains(".") ? "static property '\(name)'" : "global '\(name)'"
        guard computingGlobals.insert(name).inserted else {
            throw EvaluationError("\(what) uses itself in its initial value", at: global.location)
        }
        defer { computingGlobals.remove(name) }
        // `static let label = prefix + "…"`: the type's other static members are named without the type.
        let owner = name.split(separator: ".").dropLast().last.map(String.init)
        if let owner { staticOwners.append(owner) }
        defer { if owner != nil { staticOwners.removeLast() } }
        decisionsTaken.append([])
        let value: Value
        do {
            value = try evaluateInitial(global.value, expected: nil, of: what)
        } catch {
            decisionsTaken.removeLast()
            throw error
        }
        let decisions = decisionsTaken.removeLast()
        if !decisions.isEmpty, !decisionsTaken.isEmpty { decisionsTaken[decisionsTaken.count - 1] += decisions }
        label(value, as: name)
        // A getter makes a new value at each use (`Store.preview` twice is two stores).
        if !global.isComputed {
            globals[name] = value
            if !decisions.isEmpty { globalDecisions[name] = decisions }
        }
        return value
    }

    /// Creates an instance from the description its parent built, which it takes: what follows reads the
    /// description where the instance keeps it.
    mutating func createInstance(_ description: consuming ChildDescription, parent: Int?, name: String, pass: inout Pass) throws(EvaluationError) -> Int {
        guard instances.count < Self.maximumInstances else {
            throw EvaluationError("the scenario creates more than \(Self.maximumInstances) view instances (limit: instances)",
                                  at: siteLocations[description.key.site])
        }
        // Creating an instance costs one evaluation, like building the view it is made from.
        try countEvaluation(at: siteLocations[description.key.site])
        let id = instances.count
        let path = parent.map { instances[$0].path + "/" + name } ?? name
        nextSequence += 1
        let viewType = description.viewType
        let info = viewInfo(ofType: viewType)
        instances.append(Instance(id: id, viewType: viewType, info: info, name: name, path: path, description: description, sequence: nextSequence),
                         parent: parent)
        // New in this update, whatever it is: a `ForEach` row or a presentation's content appearing for the
        // first time does work a person sees, as a view does.
        pass.created.insert(id)
        guard let info else { return id }
        let declaration = info.declaration
        // Owned storage starts from the parent's seed or the property's default, once per identity.
        for (index, property) in declaration.properties.enumerated() {
            switch info.kinds[index].construction {
            case .ownedSlot(let fallback):
                var value: Value
                if let seed = instances[id].description.seeds[property.name] {
                    value = seed
                } else if let initial = instances[id].description.initials[property.name] {
                    value = initial
                } else if let initial = property.defaultValue {
                    value = try evaluateInitial(initial, expected: property.type, of: "'\(property.name)' of '\(declaration.name)'")
                } else if case .optional = property.type {
                    value = .none
                } else if let fallback {
                    value = fallback
                } else if readsOtherModules {
                    value = try standIn(for: property.type, "'\(property.name)' of '\(declaration.name)', set in its initializer,", at: property.location)
                } else {
                    throw EvaluationError("'\(property.name)' of '\(declaration.name)' has no initial value", at: property.location)
                }
                if needsLabel(value) { label(value, as: path + "." + property.name) }
                let slot = SlotID(raw: slots.count)
                slots.append(SlotRecord(owner: id, name: property.name, value: value))
                instances[id].slots[property.name] = slot
            case .declaresEnvironment(let key):
                environmentDeclarers[key, default: []].insert(id)
                instances[id].environmentSeen[key] = environmentValue(key, at: id)
            case .seedsPersisted(let key):
                if appStorage[key] == nil, let initial = property.defaultValue {
                    appStorage[key] = try evaluate(initial, in: Scope(), expected: property.type)
                }
            case .none:
                break
            }
        }
        // In name order, each field once it is known to name something: labelling one field can label
        // the objects another holds.
        if instances[id].description.fields.contains(where: { needsLabel($0.value) }) {
            for (name, value) in instances[id].description.fields.sorted(by: { $0.key < $1.key }) where needsLabel(value) { label(value, as: path + "." + name) }
        }
        instancesByName[name, default: []].insert(id)
        return id
    }

    /// Removes an instance and its subtree from the tree and every index.
    mutating func destroy(_ id: Int, pass: inout Pass) {
        // Its `.onDisappear` actions run after the update, the parent's before its children's (Rule 17).
        if !instances[id].userActions.isEmpty || !instances[id].suspended.isEmpty { collectDisappearance(of: id, pass: &pass) }
        for child in instances[id].children { destroy(child, pass: &pass) }
        unregister(id)
        for key in instances[id].environmentSeen.keys { environmentDeclarers[key]?.remove(id) }
        instances.remove(id)
        instancesByName[instances[id].name]?.remove(id)
        if !instances[id].isHiddenRow { pass.destroyed.append(instances[id].path) }
    }

    mutating func unregister(_ id: Int) {
        for key in instances[id].keys { removeDependent(id, from: key) }
        for place in instances[id].places { removeReader(id, of: place) }
    }

    /// The value of an environment key as seen at an instance: the nearest override above it, else the root's.
    func environmentValue(_ key: String, at id: Int) -> Value {
        var current: Int? = id
        while let node = current {
            if let value = instances[node].description.environmentOverrides[key] { return value }
            current = instances[node].parent
        }
        return rootEnvironment[key] ?? Value.none
    }

    // MARK: - Invariants

    /// Checks the tree and the indexes agree; tests call it after every step. `mutating` only because
    /// `readers(of:)` is.
    mutating func checkInvariants() -> [String] {
        var problems = instances.checkInvariants() + objects.checkInvariants() + spentPass.queue.checkInvariants()
        for instance in instances where instance.alive {
            for key in instance.keys where !dependents(of: key).contains(instance.id) {
                problems.append("\(instance.path): key \(key) missing from the index")
            }
            for place in instance.places where !readers(of: place).contains(instance.id) {
                problems.append("\(instance.path): place missing from the reader index")
            }
            var names: Set<String> = []
            for child in instance.children where !names.insert(instances[child].name).inserted {
                problems.append("\(instance.path): two children named '\(instances[child].name)'")
            }
        }
        problems += DependencyIndex.checkInvariants(allDependents(), keys: { instances[$0].keys }, isAlive: { alive($0) })
        problems += DependencyIndex.checkInvariants(allReaders(), keys: { instances[$0].places }, isAlive: { alive($0) })
        for (key, ids) in environmentDeclarers {
            for id in ids where !alive(id) { problems.append("environment index: \\.\(key) lists destroyed instance \(id)") }
        }
        return problems
    }
}
