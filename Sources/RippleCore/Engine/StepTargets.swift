// A step's write targets, resolved together before the first write runs (docs/Performance.md, "The
// eighth round").

/// Where one write of a step lands, found before the step's first write, with the places the walk there
/// read: the write may use it only while no earlier write in the step has changed one of them.
struct StepTarget {
    /// The written property, `object`'s stored property `slot`, once `isResolved`. While the walk goes on
    /// they are where it stands: at the object while `slot` is -1, else at that property.
    var object: Int
    var slot: Int
    /// Whether the walk reached the written property; if not, the write resolves its target when it runs.
    var isResolved = false
    /// The next component the walk reads; -1 once it has stopped.
    fileprivate var position = 0
    /// The walk stands at an object reached through a property's value or a list's element, whose member
    /// (the next component) is still to be found.
    fileprivate var reachedByValue = false
    /// Up to two stored properties whose values the walk went through (`model.items` for
    /// `model.items[241].title`); -1 where unused.
    var throughObject0 = -1, throughSlot0 = -1
    var throughObject1 = -1, throughSlot1 = -1
    /// How many `[i]` literals the target has: each is an evaluation, counted when the write runs.
    var literalIndices = 0
    /// The one view that depends on the written property, once the step's warm-up found it; -1 if none
    /// or more than one.
    var view = -1

    static let unresolved = StepTarget(object: -1, slot: -1, position: -1)

    /// Whether writing `place` can change where this target leads.
    func dependsOn(_ place: Place) -> Bool {
        guard case .property(let object, let slot) = place else { return true }
        return (object.raw == throughObject0 && slot == throughSlot0) || (object.raw == throughObject1 && slot == throughSlot1)
    }

    /// Records a stored property the walk went through; false when there is no room for another.
    fileprivate mutating func passThrough(_ object: Int, _ slot: Int) -> Bool {
        if throughObject0 < 0 {
            (throughObject0, throughSlot0) = (object, slot)
        } else if throughObject1 < 0 {
            (throughObject1, throughSlot1) = (object, slot)
        } else {
            return false
        }
        return true
    }
}

extension Engine {
    /// Resolves the targets of a step's writes of the usual shape (`model.items[241].title = "…"`) one
    /// level at a time across all of them, then reads ahead what the writes will reach: the written
    /// object's fields and observers, the view that depends on the property and that view's lists.
    ///
    /// Resolved one write at a time, each level of a target is a block whose address is known only once
    /// the level before it has been read; at 100,000 rows most of them are out of the cache, so a write
    /// waited for its misses one after another. Here the misses of one level, one for each write, are
    /// independent and the processor waits for them together.
    ///
    /// Only walks that `resolveTarget(_:)` would take through objects alone are resolved ahead: from the
    /// root view's `@State` or `@StateObject` holding an object, through objects' stored properties and
    /// literal indices into arrays of objects, to a stored property. Anything else (a global, a struct's
    /// field, a computed index, anything that would be an error) is left unresolved, and the write runs
    /// its own resolution and reports its own errors.
    func resolveTargets(of step: ResolvedStep, into targets: inout [StepTarget]) {
        targets.removeAllKeepingStorage()
        guard !instances.isEmpty else {
            targets.append(contentsOf: repeatElement(.unresolved, count: step.writes.count))
            return
        }
        // The loops below count no references to the step's records: counting one is an atomic
        // instruction, and the processor starts no later load before it, so a count in a loop made each
        // write's miss wait for the one before.
        var lengths = 0
        step.writes.withUnsafeBufferPointer { plans in
            // The roots, found once for each run of writes with the same root name; the statements' texts,
            // which the trace keeps, read with the first level since nothing leads to them.
            var lastRoot: Unmanaged<StepWrite>?
            var rootObject = -1
            for index in plans.indices {
                lengths &+= step.texts[index].warmFirstByte &+ step.targets[index].warmFirstByte
                guard let plan = plans[index].map(Unmanaged.passUnretained) else {
                    targets.append(.unresolved)
                    continue
                }
                let sameRoot = lastRoot.map { last in
                    last._withUnsafeGuaranteedRef { last in plan._withUnsafeGuaranteedRef { $0.root == last.root } }
                } ?? false
                if !sameRoot {
                    lastRoot = plan
                    rootObject = plan._withUnsafeGuaranteedRef { rootObjectAhead(named: $0.root) } ?? -1
                }
                targets.append(rootObject >= 0 ? StepTarget(object: rootObject, slot: -1) : .unresolved)
            }
            // One move for each write, level by level.
            var walking = true
            while walking {
                walking = false
                for index in targets.indices where targets[index].position >= 0 && !targets[index].isResolved {
                    guard let plan = plans[index].map(Unmanaged.passUnretained) else { continue }
                    plan._withUnsafeGuaranteedRef { advance(&targets[index], through: $0.components) }
                    walking = walking || (targets[index].position >= 0 && !targets[index].isResolved)
                }
            }
        }
        // What the writes reach next, one level at a time (`CacheWarming.swift`).
        // The written object's fields, which the views that read the property read too, and the property's
        // observers.
        for target in targets where target.isResolved {
            lengths &+= objects[target.object].fields.warmLines() &+ objects[target.object].observers.warmElement(at: target.slot)
        }
        // The property's name for people, and the record of the view that depends on it: its fields
        // before `id`, which a write and the evaluation it causes read (`Instance.swift`).
        let instanceHotBytes = MemoryLayout<Instance>.offset(of: \Instance.id) ?? MemoryLayout<Instance>.size
        for index in targets.indices where targets[index].isResolved {
            let target = targets[index]
            guard target.slot < objects[target.object].observers.count else { continue }
            lengths &+= objects[target.object].observers[target.slot].subject?.warmFirstByte ?? 0
            if let id = objects[target.object].observers[target.slot].dependents.onlyMember, id < instances.count {
                targets[index].view = id
                lengths &+= instances.warmElement(at: id, limit: instanceHotBytes)
            }
        }
        // The view's lists, which its evaluation compares, and its path, which the trace names it by.
        instances.withUnsafeBufferPointer { instances in
            for target in targets where target.view >= 0 {
                let instance = instances.baseAddress! + target.view
                lengths &+= instance.pointee.reads.warmLines() &+ instance.pointee.keys.warmLines()
                    &+ instance.pointee.places.warmLines() &+ instance.pointee.description.fields.warmLines()
                    &+ instance.pointee.path.warmFirstByte
            }
        }
        warmedLengths = lengths
    }

    /// The object a step write's root name reaches, when `namedRoot` would return it as an object: the
    /// name is neither a view type nor a global, and the root view's `@State` or `@StateObject` of that
    /// name holds an object.
    ///
    /// The slot is remembered for the last name asked: view types and globals are fixed once the engine
    /// has started, and so are the root view's slots; the slot's value is read every time.
    private func rootObjectAhead(named name: String) -> Int? {
        let slot: SlotID
        if let memo = rootSlotMemo, memo.name == name {
            guard let remembered = memo.slot else { return nil }
            slot = remembered
        } else {
            let found = rootSlot(named: name)
            rootSlotMemo = (name, found)
            guard let found else { return nil }
            slot = found
        }
        guard case .object(let object) = slots[slot.raw].value else { return nil }
        return object.raw
    }

    /// The root view's `@State`, `@FocusState` or `@StateObject` slot a step write's root name reaches,
    /// when the name is neither a view type nor a global (`namedRoot`).
    private func rootSlot(named name: String) -> SlotID? {
        guard viewInfos[name] == nil, globals[name] == nil, let info = instances[root].info,
              let index = info.propertyIndex(named: name) else { return nil }
        switch info.declaration.properties[index].role {
        case .state, .focusState, .stateObject: return instances[root].slots[name]
        default: return nil
        }
    }

    /// One move of a walk, as `descend` makes it; a move `descend` would not make the same way stops it.
    ///
    /// Each move reads at most one block that is likely out of the cache (an object's record, its fields,
    /// a list's element), so that a level's misses, one for each write, are all the processor waits for:
    /// reaching an object through a property or a list's element and finding the member's index in the
    /// object's record are two moves.
    private func advance(_ target: inout StepTarget, through components: [TargetComponent]) {
        let position = target.position
        let object = target.object
        let last = position == components.count - 1
        target.position = -1
        switch components[position] {
        case .member(let name, _) where target.reachedByValue:
            // `member`, second half: the name is one of the reached object's stored properties.
            guard let slot = objects[object].info.storedIndex(of: name) else { return }
            target.slot = slot
            target.reachedByValue = false
        case .member(let name, _) where target.slot < 0:
            // `descend`'s object branch: a `let` holding an object is walked through; app storage is not ours.
            let info = objects[object].info
            guard let slot = info.storedIndex(of: name), info.declaration.stored[slot].appStorageKey == nil else { return }
            if info.declaration.stored[slot].isLet {
                guard !last, case .object(let inner) = objects[object].fields[slot], target.passThrough(object, slot) else { return }
                target.object = inner.raw
            } else {
                target.slot = slot
            }
        case .member:
            // `member`, first half: the property holds an object.
            guard case .object(let inner) = objects[object].fields[target.slot], target.passThrough(object, target.slot) else { return }
            (target.object, target.slot) = (inner.raw, -1)
            target.reachedByValue = true
            target.position = position
            return
        case .literalIndex(let index, _, _) where target.slot >= 0:
            // An element that is an object, before one of its stored properties (`items[241].done`).
            guard !last, case .member = components[position + 1],
                  case .array(let elements) = objects[object].fields[target.slot], elements.indices.contains(index),
                  case .object(let inner) = elements[index], target.passThrough(object, target.slot) else { return }
            (target.object, target.slot) = (inner.raw, -1)
            target.reachedByValue = true
            target.literalIndices += 1
        default:
            return
        }
        target.position = position + 1
        target.isResolved = target.slot >= 0 && target.position == components.count
    }
}
