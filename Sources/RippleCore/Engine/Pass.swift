// One update: evaluate dirty instances top-down, compare rebuilt children, record outcomes.

import RippleRuntime

/// What one evaluation in a pass came to: whether it was needed, and which reads changed. A struct, not a
/// tuple: the pass's table copies and destroys its values, and a tuple's go through the runtime's generic
/// witnesses.
struct EvaluationResult {
    var needed: Bool
    var changed: [String]
    /// What the evaluation's verdict rests on that Ripple does not know: for one found wasted, the reads it
    /// made of opaque values (equal because they print alike); for any, views of its body, or the whole
    /// body, that Ripple could not simulate.
    var uncertainty: [String] = []
}

/// The working state of one update.
struct Pass {
    var created = IDSet()
    var destroyed: [String] = []
    var causes = IDTable<[Cause]>()
    var queue = UpdateQueue()
    /// Evaluated instances: whether the evaluation was needed, and which reads changed.
    var evaluated = IDTable<EvaluationResult>()
    /// Containers whose content, built by their caller, changed, with the reads that changed it.
    var contentChanged = IDTable<[String]>()
    /// Instances whose `@State` keeps a first value although the parent now passes another.
    var seeded = IDTable<[Cause]>()
    /// Inputs of children the pass rebuilt that compared equal although they hold a value Ripple does not
    /// know, in the order found: a child not re-run for them may have had to be.
    var opaqueSkips: [(id: Int, input: String)] = []
    /// Instances in the order evaluated.
    var order: [Int] = []
    /// What the pass set off, in evaluation order: the `.onChange` actions whose watched value its
    /// evaluations changed (Rule 11), what the views it built or destroyed run then, and the `.task(id:)`
    /// closures whose id changed (Rules 16, 17). They run after it, in an update of their own.
    var firedHandlers: [FiredHandler] = []
    /// Whether the pass becomes a step's trace. The first evaluation of the tree has none, so it keeps no
    /// causes and no changed reads: every instance is new, and a list of changed reads per row would be a
    /// block per row, allocated and freed for nothing.
    var isTraced = true
    /// How many writes were traced in the update: the action's writes are returned together, and an
    /// action that ends an update before its last (Rule 18) hands it this many of them.
    var writes = 0
    /// Whether a write in the update told a view, and the transaction it was made in (`withAnimation`;
    /// nil for none): a write that tells a view in another transaction ends the update first (Rule 18).
    var tells = false
    var transaction: String?

    /// Empties the pass for another step, keeping its tables' storage: a step of a few writes otherwise
    /// grows six empty tables from nothing.
    mutating func reset() {
        created.removeAll(keepingCapacity: true)
        destroyed.removeAllKeepingStorage()
        causes.removeAll(keepingCapacity: true)
        queue.removeAll()
        evaluated.removeAll(keepingCapacity: true)
        contentChanged.removeAll(keepingCapacity: true)
        seeded.removeAll(keepingCapacity: true)
        opaqueSkips.removeAll(keepingCapacity: true)
        order.removeAllKeepingStorage()
        firedHandlers.removeAll()
        isTraced = true
        writes = 0
        tells = false
        transaction = nil
    }
}

extension Engine {
    mutating func markDirty(_ id: Int, _ cause: Cause, pass: inout Pass) {
        guard alive(id) else { return }
        if pass.isTraced {
            let merged = if let source = cause.source, cause.kind != .input {
                mergeLaterWrite(into: id, kind: cause.kind, source: source, old: cause.old, new: cause.new, pass: &pass)
            } else {
                false
            }
            if !merged { pass.causes.append(cause, to: id) }
        }
        enqueue(id, pass: &pass)
    }

    /// Several writes to one property in one step are one cause: a later write only marks the cause the
    /// first gave the instance (and drops its old → new pair when the writes touched different places
    /// below the property, where one pair would mislead). False when no earlier write reached it this way.
    mutating func mergeLaterWrite(into id: Int, kind: Cause.Kind, source: String, old: String?, new: String?, pass: inout Pass) -> Bool {
        // One lookup: a broad step merges a cause for every row and every write after the first.
        guard let slot = pass.causes.slot(of: id),
              let index = pass.causes[slot: slot].firstIndex(where: { $0.kind == kind && $0.source == source }) else { return false }
        let sameValues = pass.causes[slot: slot][index].old == old && pass.causes[slot: slot][index].new == new
        pass.causes[slot: slot][index].markLaterWrite(keepingValues: sameValues)
        return true
    }

    /// Queues an instance for evaluation in this pass, once.
    mutating func enqueue(_ id: Int, pass: inout Pass) {
        if pass.evaluated[id] == nil { pass.queue.insert(id, depth: instances[id].depth, sequence: instances[id].sequence) }
    }

    mutating func runPass(_ pass: inout Pass, initial: [Int]) throws(EvaluationError) {
        for id in initial { pass.queue.insert(id, depth: instances[id].depth, sequence: instances[id].sequence) }
        while let id = pass.queue.pop() {
            // A view marked again in this pass after it ran is not run again (Rule 8).
            guard alive(id), pass.evaluated[id] == nil else { continue }
            do throws(EvaluationError) {
                try evaluateInstance(id, pass: &pass)
            } catch {
                // Keep going so every broken body is reported, not just the first.
                // Whether the evaluation was needed is not known: it is counted, and its verdict marked so.
                pass.evaluated[id] = EvaluationResult(needed: false, changed: [], uncertainty: ["the body is not simulated"])
                reportDropped(error, what: "the body of '\(instances[id].viewType)'")
                // A limit ends the pass: every body after it would cross it again, and going on would build
                // and evaluate the rest of the tree before reporting it (12 s for a million views).
                if error.isLimit || errors.count >= Self.maximumErrors { throw error }
            }
        }
    }

    mutating func evaluateInstance(_ id: Int, pass: inout Pass) throws(EvaluationError) {
        log.reset()
        isTracking = true
        defer { isTracking = false }
        let dropped = droppedViews
        evaluationDecisions.removeAll()
        beginUntakenSides()
        if recordsShown { shownByLastBuild = [] }
        var descriptions: [ChildDescription]
        do {
            descriptions = try buildBody(of: id)
        } catch {
            // A body that could not be built shows what Ripple does not know.
            if recordsShown { shownParts[id] = [.value(ShownValue(view: instances[id].viewType, text: nil))] }
            shownByLastBuild = nil
            throw error
        }
        if recordsShown {
            shownParts[id] = shownByLastBuild
            shownByLastBuild = nil
        }
        isTracking = false
        keepUntakenSides(of: id)
        if instances[id].description.contentClosure != nil { showOrHideRow(id, building: descriptions) }
        // What the body attached, compared with what its previous evaluation attached, sets off what runs
        // after the update (Rules 11, 16, 17).
        if !log.actions.isEmpty || !instances[id].actions.isEmpty || !log.userActions.isEmpty || !instances[id].userActions.isEmpty {
            takeHandlers(of: id, pass: &pass)
        }
        // A `@Binding` is a dynamic property: updating the view refreshes the value it carries,
        // so the parent's next comparison sees no change. A plain `Binding` keeps its old value.
        let info = instances[id].info
        if let info, info.hasBindings {
            for (index, property) in info.declaration.properties.enumerated() where info.kinds[index].isBindingWrapper {
                if case .binding(let target)? = instances[id].description.fields[property.name] {
                    instances[id].description.bindingValues[property.name] = try readBinding(target, tracked: false)
                }
            }
        }
        var changed = pass.isTraced ? Self.changedReads(instances[id].reads, log.reads) : []
        // A container placing content that changed shows something new.
        if changed.isEmpty, let content = pass.contentChanged[id] { changed = content }
        let isNew = pass.created.contains(id)
        var result = EvaluationResult(needed: isNew || !changed.isEmpty, changed: changed)
        if pass.isTraced && droppedViews > dropped { result.uncertainty.append("some of its views are not simulated") }
        if pass.isTraced && !evaluationDecisions.isEmpty { result.uncertainty += evaluationDecisions }
        if pass.isTraced && !isNew, info?.declaration.isAnimatable == true {
            result.uncertainty.append("it is Animatable: within an animation SwiftUI runs its body on every frame, which is counted here once")
        }
        if pass.isTraced && !result.needed {
            for read in log.reads where !read.deferred && (read.value?.holdsUnmodelled ?? false) && !result.uncertainty.contains(read.path) {
                result.uncertainty.append(read.path)
            }
        }
        pass.evaluated[id] = result
        pass.order.append(id)
        // Keys the view has by declaration, whatever its body reads.
        var keys = log.keyList
        func add(_ key: DependencyKey) { if !keys.contains(key) { keys.append(key) } }
        if let info, info.hasDeclaredKeys {
            for (index, property) in info.declaration.properties.enumerated() {
                switch info.kinds[index].declaredDependency {
                case .environment(let key)?: add(.environment(key))
                case .persisted(let key)?: add(.appStorage(key))
                case .heldObject?:
                    let value = (try? viewProperty(property.name, of: id, at: property.location, scope: Scope())) ?? Value.none
                    if case .object(let object)? = Optional(value), table.data[objects[object.raw].type]?.modelKind == .observableObject {
                        add(.objectWillChange(object))
                    }
                case nil: break
                }
            }
        }
        // Most re-evaluations read what they read before: the indexes change only when the keys do.
        if instances[id].keys != keys {
            DependencyIndex.update(from: instances[id].keys, to: keys, stillRead: { keys.contains($0) },
                                   remove: { removeDependent(id, from: $0) }, insert: { addDependent(id, on: $0) })
            instances[id].keys = keys
        }
        if instances[id].places != log.placeList {
            DependencyIndex.update(from: instances[id].places, to: log.placeList, stillRead: { log.hasTouched($0) },
                                   remove: { removeReader(id, of: $0) }, insert: { addReader(id, of: $0) })
            instances[id].places = log.placeList
        }
        storeReads(of: id)
        if !log.untracked.isEmpty || untrackedReasons[id] != nil {
            untrackedReasons[id] = log.untracked.isEmpty ? nil : log.untracked
        }
        // A modifier places its content where its body says, but the content was built, and is compared,
        // by the view that applied the modifier.
        guard OnChangeScope.comparesOwnChildren(isModifier: info?.declaration.isModifier == true) else { return }
        if !lazyRows.built.isEmpty || lazyRows.builtByHolder[id] != nil { windowRows(of: id, &descriptions) }
        try reconcile(id, &descriptions, pass: &pass)
        // Content presented with a value the presenter's body last saw, and has changed since, says so.
        if instances[id].description.contentClosure?.isPresentation == true, let reasons = staleCaptureReasons(of: id) {
            for child in instances[id].children where pass.created.contains(child) {
                guard var causes = pass.causes[child], !causes.isEmpty else { continue }
                causes[0].detail += "; it " + reasons.joined(separator: "; it ")
                pass.causes[child] = causes
            }
        }
        // A destination pushed or popped covers or uncovers the screen below it, which Ripple keeps on
        // screen (Rule 17).
        if !changed.isEmpty, instances[id].viewType == "navigationDestination" { noteCoveredDisappearance(by: id) }
    }

    /// Keeps an evaluation's reads: the log's list becomes the instance's, and the instance's old list,
    /// already in the cache from the comparison just made, becomes the log's storage for the next
    /// body. Nothing is copied or freed; the records the old list held are dropped when the log is
    /// next reset. A list whose storage is much larger than the reads (left from a body that read a
    /// thousand paths) is copied instead, so a row does not keep a list's worth of room.
    mutating func storeReads(of id: Int) {
        let count = log.reads.count
        if log.reads.capacity <= 2 * count + 8 {
            swap(&instances[id].reads, &log.reads)
            return
        }
        guard instances[id].reads.count == count else {
            instances[id].reads = log.reads
            return
        }
        // Every record is assigned: one equal to the old (`0.0` and `-0.0`, canonically equivalent strings)
        // may still print differently, and the instance keeps what this evaluation saw.
        for index in 0..<count {
            instances[id].reads[index] = log.reads[index]
        }
    }

    /// Paths whose values differ between two evaluations' reads, or that one of them did not read at all
    /// (a flipped branch); deferred reads have no value and never differ.
    static func changedReads(_ old: [ReadRecord], _ new: [ReadRecord]) -> [String] {
        // The usual case: the same paths in the same order; compare pairwise without building tables.
        // By index, so that no record is copied.
        if old.count == new.count, old.indices.allSatisfy({ old[$0].site.isSameRead(as: new[$0].site) }) {
            // One changed read, the usual result, is answered with its site's list of one.
            var single: ReadSite?
            var changed: [String] = []
            for index in new.indices where !new[index].deferred && old[index].value != new[index].value {
                let site = new[index].site
                if !changed.isEmpty {
                    if !changed.contains(site.path) { changed.append(site.path) }
                } else if let first = single {
                    if first.path != site.path { changed = [first.path, site.path] }
                } else {
                    single = site
                }
            }
            if changed.isEmpty, let single { return single.alone }
            return changed
        }
        var before: [String: [Value?]] = [:]
        for read in old where !read.deferred { before[read.path, default: []].append(read.value) }
        var changed: [String] = []
        var seen: Set<String> = []
        var after: [String: [Value?]] = [:]
        for read in new where !read.deferred { after[read.path, default: []].append(read.value) }
        for read in new where !read.deferred && seen.insert(read.path).inserted {
            if before[read.path] != after[read.path] { changed.append(read.path) }
        }
        for read in old where !read.deferred && after[read.path] == nil && seen.insert(read.path).inserted {
            changed.append(read.path)
        }
        return changed
    }

    // MARK: - Children

    /// Matches rebuilt children to existing ones; `builder` is the instance whose body built them (a modifier's content is built by its parent).
    /// The descriptions are `inout` so that each kept child takes its own out of the list (`update`).
    /// With `newRowReason`, the descriptions are the ones the children were built with, placed again
    /// because a lazy container's window moved (Rule 20): a kept child is not compared, and a new one is
    /// new for that reason.
    mutating func reconcile(_ parent: Int, _ descriptions: inout [ChildDescription], builder: Int? = nil, newRowReason: String? = nil,
                            pass: inout Pass) throws(EvaluationError) {
        // The usual case: the body built the same children as last time, in the same order. Every child
        // keeps its identity, and its name, which the general path below derives from the view types and
        // ForEach identities in order and which last time's pass gave it from the same sequence; so each
        // child is only updated, with no tables built. A list of a thousand rows re-evaluated by every
        // write built two tables of a thousand entries and a thousand names each time. A name with `#`
        // may be a duplicate's (`Row#2`), and identities that are equal but print differently (`0.0` and
        // `-0.0`) name a new instance: the general path decides both.
        let children = instances[parent].children
        if children.count == descriptions.count,
           children.indices.allSatisfy({ index in
               let child = children[index]
               let old = instances[child].key, new = descriptions[index].key
               return instances[child].viewType == descriptions[index].viewType && old.site == new.site && old.explicitID == new.explicitID
                   && old.erasedType == new.erasedType
                   && old.forEachIDs.count == new.forEachIDs.count
                   && zip(old.forEachIDs, new.forEachIDs).allSatisfy { $0.isWrittenAlike($1) }
                   && !instances[child].isNumberedDuplicate
           }) {
            let parentPath = instances[builder ?? parent].path
            if newRowReason != nil { return }
            for (index, child) in children.enumerated() {
                try update(child, with: &descriptions[index], parentPath: parentPath, builder: builder ?? parent, pass: &pass)
            }
            return
        }
        var existing: [ChildKey: Int] = [:]
        for child in instances[parent].children { existing[instances[child].key] = child }
        var kept: [Int] = []
        var names: [String: Int] = [:]
        var newChildren: [Int] = []
        newChildren.reserveCapacity(descriptions.count)
        let parentPath = instances[builder ?? parent].path
        // Each description is read where it is, and a new instance's is moved into it: the caller is done
        // with them, and a description is a dozen counted references to copy.
        for index in descriptions.indices {
            var base = Self.instanceName(descriptions[index].viewType, descriptions[index].key.forEachIDs.map { identityText($0) })
            let count = Self.increment(&names[base, default: 0])
            if count > 1 { base += "#\(count)" }
            let key = descriptions[index].key
            if let id = existing[key],
               Identity.keeps(existingType: instances[id].viewType, existingName: instances[id].name, newType: descriptions[index].viewType, newName: base) {
                existing[key] = nil
                if newRowReason == nil {
                    try update(id, with: &descriptions[index], parentPath: parentPath, builder: builder ?? parent, pass: &pass)
                }
                kept.append(id)
                newChildren.append(id)
            } else {
                if cutsUnknownRecursion(descriptions[index], under: builder ?? parent) { continue }
                var description = ChildDescription.placeholder
                swap(&description, &descriptions[index])
                let id = try createInstance(description, parent: parent, name: base, pass: &pass)
                markDirty(id, Cause(kind: .newIdentity, subject: "@identity", detail: newRowReason ?? identityReason(of: id, replacing: existing[key]),
                                    source: parentPath), pass: &pass)
                newChildren.append(id)
                if instances[id].info?.declaration.contentParameter != nil {
                    var content = instances[id].description.content
                    try reconcile(id, &content, builder: builder ?? parent, pass: &pass)
                }
            }
        }
        for (_, id) in existing.sorted(by: { $0.value < $1.value }) { destroy(id, pass: &pass) }
        instances.setChildren(newChildren, of: parent)
    }

    /// Whether a new view is cut because it contains itself through a value Ripple does not know: it is
    /// built from one, and `Limits.maximumUnknownRecursion` views of its type hold it already. A tree
    /// of real values ends where its data ends; one of unknown values has no end Ripple can see, and each
    /// level may build several, so it is cut there with a warning at its place and the screen goes on.
    mutating func cutsUnknownRecursion(_ description: ChildDescription, under parent: Int) -> Bool {
        guard table.views[description.viewType] != nil, description.fields.contains(where: { $0.value.holdsUnmodelled }) else { return false }
        var same = 0
        var current: Int? = parent
        while let id = current {
            if instances[id].viewType == description.viewType { same += 1 }
            current = instances[id].parent
        }
        guard same >= Limits.maximumUnknownRecursion else { return false }
        warnNotSimulated("'\(description.viewType)' contains itself through a value Ripple does not know; it is cut \(same) levels down "
                         + "(limit: unknown recursion)", at: siteLocations[description.key.site])
        return true
    }

    /// An instance's name before any `#2`: its type, then each `ForEach` identity as `identityText`
    /// writes it (`Cell["a"][3]`), or any other text in its place (`Row[title: "A"]`).
    static func instanceName(_ viewType: String, _ identities: some Sequence<String>) -> String {
        var name = viewType
        for identity in identities {
            name += "["
            name += identity
            name += "]"
        }
        return name
    }

    /// Adds one to a count in place and returns it: a name's count in a table is looked up once.
    static func increment(_ count: inout Int) -> Int {
        count += 1
        return count
    }

    /// How an identity is written in an instance's name: `Row[2]`, `Row["a"]`, and a generated `UUID()`
    /// by the id Ripple gave it, `Row[UUID-1]`, which an `expect` can name.
    func identityText(_ value: Value) -> String {
        switch value {
        case .int(let i): String(i)
        case .string(let s): "\"" + s.escapedForSwift + "\""
        case .opaque(type: "UUID", let text): text
        default: describe(value, limit: 40)
        }
    }

    /// Why an instance was created (Rule 10): its explicit identity, the instance it replaced, the
    /// storage it starts afresh.
    func identityReason(of id: Int, replacing old: Int?) -> String {
        Identity.reason(explicitID: instances[id].key.explicitID.map { describe($0, limit: 40) }, replaced: old != nil,
                        ownedStorage: instances[id].info?.ownedStorageNames ?? [])
    }

    /// A child the parent rebuilt: compare its inputs with the previous ones, SwiftUI's way.
    ///
    /// The old description is read where the instance keeps it, not copied out: a description is a dozen
    /// counted references (its identities, fields, sources, seeds, overrides), and a list of a thousand
    /// rows updates a thousand children per evaluation. What the causes quote from it is taken before the
    /// new description replaces it.
    mutating func update(_ id: Int, with description: inout ChildDescription, parentPath: String, builder: Int, pass: inout Pass) throws(EvaluationError) {
        if description.contentClosure != nil {
            try updateRow(id, with: &description, parentPath: parentPath, pass: &pass)
            return
        }
        guard let info = instances[id].info else { return }
        var differences: [(name: String, difference: InputDifference, before: Value?, after: Value?)] = []
        if instances[id].description.key.explicitID != description.key.explicitID {
            differences.append(("id", .value, instances[id].description.fields["id"], description.fields["id"]))
        }
        if ChildComparison.comparesWithOwnEquality(markedEquatable: description.usesEquatable, declaresEquality: info.declaration.equality != nil,
                                                   isPlainData: info.isPlainData),
           let equality = info.declaration.equality {
            let lhs = viewRecord(info.declaration, instances[id].description.fields, id: id)
            let rhs = viewRecord(info.declaration, description.fields, id: id)
            if !(try callEquality(equality, lhs, rhs, at: equality.location)) {
                differences.append(("==", .equatableSaysDifferent, nil, nil))
            }
        } else {
            // By index and name: iterating the declaration's properties copied each one.
            for index in info.setByParent {
                let name = info.propertyNames[index]
                let before = instances[id].description.fields[name], after = description.fields[name]
                if let difference = inputDifference(before, after) {
                    differences.append((name, difference, before, after))
                } else if !instances[id].description.bindingValues.isEmpty, let before = instances[id].description.bindingValues[name],
                          let after = description.bindingValues[name], inputDifference(before, after) != nil {
                    differences.append((name, .boundValue, before, after))
                } else if pass.isTraced, after?.holdsUnmodelled ?? false {
                    pass.opaqueSkips.append((id, name))
                }
            }
        }
        // A container whose content changed is not equal to the last one: it re-runs to place the new content.
        if info.declaration.contentParameter != nil, pass.isTraced, !(instances[id].description.contentReads.isEmpty && description.contentReads.isEmpty) {
            let changed = Self.changedReads(instances[id].description.contentReads, description.contentReads)
            if !changed.isEmpty {
                pass.contentChanged[id] = changed
                markDirty(id, Cause(kind: .input, subject: "content", detail: "its content, built by \(parentPath), changed: \(changed.joined(separator: ", "))",
                                    source: parentPath), pass: &pass)
            }
        }
        if !description.inlineObjects.isEmpty {
            for name in description.inlineObjects.sorted() {
                pass.causes.append(Cause(kind: .objectRecreated, subject: name,
                    detail: "'@ObservedObject var \(name) = \(description.fieldSources[name] ?? "...")' made a new object when '\(parentPath)' re-evaluated; its state was lost",
                    old: instances[id].description.fields[name].map { describe($0) }, new: description.fields[name].map { describe($0) }, source: parentPath), to: id)
            }
        }
        if !description.seeds.isEmpty {
            for (name, seed) in description.seeds.sorted(by: { $0.key < $1.key }) {
                if let previous = instances[id].description.seeds[name], let slot = instances[id].slots[name],
                   StateWrite.seedIsStale(seedChanged: inputDifference(previous, seed) != nil,
                                          slotDiffersFromSeed: inputDifference(slots[slot.raw].value, seed) != nil) {
                    pass.seeded.append(Cause(kind: .seededState, subject: "_" + name,
                        detail: "'@State var \(name)' was seeded when the view was created and keeps its value; the parent now passes \(describe(seed))",
                        old: describe(slots[slot.raw].value), new: describe(seed), source: parentPath), to: id)
                }
            }
        }
        // Environment keys whose value changed, or that hold a closure (never equal to the last one).
        let changedKeys = EnvironmentWrite.changedKeys(old: instances[id].description.environmentOverrides, new: description.environmentOverrides,
                                                       differ: { inputDifference($0, $1) != nil }, holdsClosure: ChildComparison.holdsClosure)
        // The new description is moved in, and the old one out to the caller, which drops it with the rest:
        // assigning it copied every one of its references, for every child a list rebuilt.
        swap(&instances[id].description, &description)
        for (name, difference, before, after) in differences {
            let source = instances[id].description.fieldSources[name].map { " (\($0))" } ?? ""
            let detail = difference == .equatableSaysDifferent
                ? "rebuilt by \(parentPath); \(difference.explanation)"
                : "input '\(name)'\(source) changed from \(parentPath): \(difference.explanation)"
            markDirty(id, Cause(kind: .input, subject: name,
                                detail: detail,
                                old: before.map { describe($0) }, new: after.map { describe($0) },
                                source: parentPath), pass: &pass)
        }
        for key in changedKeys { environmentChanged(key, under: id, pass: &pass) }
        if info.declaration.contentParameter != nil {
            var content = instances[id].description.content
            try reconcile(id, &content, builder: builder, pass: &pass)
        }
    }

    /// A `ForEach` row or a `GeometryReader`'s or `TimelineView`'s content the body holding it rebuilt: it
    /// takes the new closure and runs it (Rules 14, 19 and 21).
    private mutating func updateRow(_ id: Int, with description: inout ChildDescription, parentPath: String, pass: inout Pass) throws(EvaluationError) {
        let changedKeys = EnvironmentWrite.changedKeys(old: instances[id].description.environmentOverrides, new: description.environmentOverrides,
                                                       differ: { inputDifference($0, $1) != nil }, holdsClosure: ChildComparison.holdsClosure)
        swap(&instances[id].description, &description)
        if let view = instances[id].description.contentClosure?.layoutView {
            markDirty(id, Cause(kind: .input, subject: "content", detail: LayoutContent.rerunReason(holder: parentPath, view: view), source: parentPath),
                      pass: &pass)
        } else if let reason = RowContent.rerunReason(holder: parentPath) {
            markDirty(id, Cause(kind: .input, subject: "content", detail: reason, source: parentPath), pass: &pass)
        }
        for key in changedKeys { environmentChanged(key, under: id, pass: &pass) }
    }

    /// Shows a `ForEach` row or a presentation as an instance of its own or lets the custom view it built
    /// stand for it (Rules 14 and 15): a hidden one takes its parent's path, so the views it builds are
    /// named as if the body holding the `ForEach` or the modifier had built them. A `GeometryReader`'s or
    /// `TimelineView`'s content is always shown (Rules 19 and 21).
    mutating func showOrHideRow(_ id: Int, building descriptions: [ChildDescription]) {
        let buildsCustomView = descriptions.contains { table.views[$0.viewType] != nil }
        let hidden = instances[id].description.contentClosure?.layoutView != nil ? false
            : instances[id].description.contentClosure?.presentation == nil
            ? !RowContent.isShown(buildsCustomView: buildsCustomView)
            : !Presentation.isShown(presented: presentedByLastBuild, buildsCustomView: buildsCustomView)
        guard hidden != instances[id].isHiddenRow else { return }
        instances[id].isHiddenRow = hidden
        let parentPath = instances[id].parent.map { instances[$0].path }
        if hidden {
            instancesByName[instances[id].name]?.remove(id)
            if let parentPath { instances[id].path = parentPath }
        } else {
            instancesByName[instances[id].name, default: []].insert(id)
            instances[id].path = parentPath.map { $0 + "/" + instances[id].name } ?? instances[id].name
        }
    }

    func viewRecord(_ declaration: ViewDeclaration, _ fields: NameTable<Value>, id: Int) -> Value {
        .record(type: declaration.name, fields: declaration.properties.map { fields[$0.name] ?? Value.none })
    }

    /// An environment key may have changed for the subtree at `root`: dirty the declarers whose value differs.
    mutating func environmentChanged(_ key: String, under root: Int, pass: inout Pass) {
        guard let declarers = environmentDeclarers[key] else { return }
        for id in declarers.sorted() where isDescendant(id, of: root) {
            let value = environmentValue(key, at: id)
            let old = instances[id].environmentSeen[key]
            if let difference = inputDifference(old, value) {
                instances[id].environmentSeen[key] = value
                markDirty(id, Cause(kind: .environment, subject: "\\." + key,
                                    detail: "environment \\.\(key) changed (\(difference == .closure ? "a closure never compares equal" : "value differs"))",
                                    old: old.map { describe($0) }, new: describe(value), source: "\\." + key), pass: &pass)
            }
        }
    }

    func isDescendant(_ id: Int, of root: Int) -> Bool { instances.isDescendant(id, of: root) }

    /// Re-runs a body without keeping anything, to see whether what it would show differs (stale views).
    mutating func dryRunReads(of id: Int) -> [ReadRecord]? {
        let savedObjects = objects.count
        let savedClosures = nextClosure
        log.reset()
        isTracking = true
        defer {
            isTracking = false
            objects.removeLast(objects.count - savedObjects)
            nextClosure = savedClosures
        }
        guard (try? buildBody(of: id)) != nil else { return nil }
        var reads: [ReadRecord] = []
        swap(&reads, &log.reads)
        return reads
    }
}
