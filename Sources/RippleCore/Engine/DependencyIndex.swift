// The two indexes a write consults: dependents by key (who is told) and readers by place (who may be
// left stale).
//
// Observation keeps an object's observers in the object's registrar, beside its storage. Ripple does the
// same for properties of model objects, the keys and places most scenarios have by the thousand: each
// object keeps, per stored property, the instances that depend on it and that read it, so a write finds
// them next to the field it just changed, with no hashing and no trip across a table of every key. The
// other keys (state slots, environment, app storage, objectWillChange) are few and stay in tables.

/// The instances that depend on and that read one stored property of an object.
struct PropertyObservers: Sendable {
    var dependents = InstanceSet()
    var readers = InstanceSet()
    /// The dependents in increasing order, once a write asked for them; nil again when they change.
    var orderedDependents: [Int]?
    /// The property's name for people (`Root.model.items[241].done`), once a write asked for it and the
    /// object had its final label: every write to the property names it in its trace and causes.
    var subject: String?
}

extension Engine {
    /// Which of a property's two sets a helper works on. A case and a switch, not a key path: reading
    /// through a `KeyPath` goes through the runtime (`swift_getAtKeyPath`), about 2% of a narrow write.
    private enum ObserverSet { case dependents, readers }

    /// One of an object property's sets (its dependents or its readers); empty before any body read the object.
    private func observers(_ object: ObjectID, _ slot: Int, _ set: ObserverSet) -> InstanceSet {
        guard !objects[object.raw].observers.isEmpty else { return [] }
        switch set {
        case .dependents: return objects[object.raw].observers[slot].dependents
        case .readers: return objects[object.raw].observers[slot].readers
        }
    }

    /// Changes one of an object property's sets, making the object's observers when it has none yet.
    private mutating func changeObservers(_ object: ObjectID, _ slot: Int, _ set: ObserverSet, _ change: (inout InstanceSet) -> Void) {
        if objects[object.raw].observers.isEmpty {
            objects[object.raw].observers = Array(repeating: PropertyObservers(), count: objects[object.raw].info.declaration.stored.count)
        }
        switch set {
        case .dependents:
            change(&objects[object.raw].observers[slot].dependents)
            objects[object.raw].observers[slot].orderedDependents = nil
        case .readers: change(&objects[object.raw].observers[slot].readers)
        }
    }

    /// An object property's name for people, as `describe(.observation(object, slot))` gives it, kept with
    /// the property's observers once the object is labelled (a label, once given, never changes): a
    /// write otherwise built the text, and allocated it, every time.
    mutating func subject(of object: ObjectID, _ slot: Int) -> String {
        guard !objects[object.raw].observers.isEmpty else { return describe(.observation(object, slot)) }
        if let subject = objects[object.raw].observers[slot].subject { return subject }
        let subject = describe(.observation(object, slot))
        if objects[object.raw].hasLabel { objects[object.raw].observers[slot].subject = subject }
        return subject
    }

    // MARK: - Dependents

    func dependents(of key: DependencyKey) -> InstanceSet {
        if case .observation(let object, let slot) = key {
            return observers(object, slot, .dependents)
        }
        return otherDependents[key] ?? []
    }

    /// A key's dependents in increasing order, as a write tells them; an object property keeps the order
    /// between writes while its dependents stay the same.
    mutating func orderedDependents(of key: DependencyKey) -> IteratorSequence<InstanceSet.SmallIterator<IndexingIterator<[Int]>>> {
        if case .observation(let object, let slot) = key, !objects[object.raw].observers.isEmpty {
            // One access at a time to the object's observers: the set is read, then the order is kept.
            let dependents = objects[object.raw].observers[slot].dependents
            var order = objects[object.raw].observers[slot].orderedDependents
            let members = dependents.sortedMembers(cachedIn: &order)
            if objects[object.raw].observers[slot].orderedDependents == nil, order != nil {
                objects[object.raw].observers[slot].orderedDependents = order
            }
            return members
        }
        return dependents(of: key).sortedMembers()
    }

    mutating func addDependent(_ id: Int, on key: DependencyKey) {
        if case .observation(let object, let slot) = key {
            changeObservers(object, slot, .dependents) { $0.insert(id) }
        } else {
            otherDependents[key, default: []].insert(id)
        }
    }

    mutating func removeDependent(_ id: Int, from key: DependencyKey) {
        if case .observation(let object, let slot) = key {
            changeObservers(object, slot, .dependents) { $0.remove(id) }
        } else {
            otherDependents[key]?.remove(id)
        }
    }

    // MARK: - Readers

    /// `mutating`, though it only reads, because a step's trace asks it for every place written (see `Engine`).
    mutating func readers(of place: Place) -> InstanceSet {
        if case .property(let object, let slot) = place {
            return observers(object, slot, .readers)
        }
        return otherReaders[place] ?? []
    }

    mutating func addReader(_ id: Int, of place: Place) {
        if case .property(let object, let slot) = place {
            changeObservers(object, slot, .readers) { $0.insert(id) }
        } else {
            otherReaders[place, default: []].insert(id)
        }
    }

    mutating func removeReader(_ id: Int, of place: Place) {
        if case .property(let object, let slot) = place {
            changeObservers(object, slot, .readers) { $0.remove(id) }
        } else {
            otherReaders[place]?.remove(id)
        }
    }

    // MARK: - Everything, for the invariant check

    /// Every key with its dependents, objects' properties included.
    func allDependents() -> [(key: DependencyKey, ids: InstanceSet)] {
        var all = otherDependents.map { (key: $0.key, ids: $0.value) }
        for (raw, object) in objects.enumerated() where !object.observers.isEmpty {
            for (slot, observers) in object.observers.enumerated() where !observers.dependents.isEmpty {
                all.append((.observation(ObjectID(raw: raw), slot), observers.dependents))
            }
        }
        return all
    }

    /// Every place with its readers, objects' properties included.
    func allReaders() -> [(place: Place, ids: InstanceSet)] {
        var all = otherReaders.map { (place: $0.key, ids: $0.value) }
        for (raw, object) in objects.enumerated() where !object.observers.isEmpty {
            for (slot, observers) in object.observers.enumerated() where !observers.readers.isEmpty {
                all.append((.property(ObjectID(raw: raw), slot), observers.readers))
            }
        }
        return all
    }
}
