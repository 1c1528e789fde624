// The two indexes a write consults: dependents by key (who is told) and readers by place (who may be
// left stale).
//
// Observation keeps an object's observers in the object's registrar, beside its storage. Ripple does the
// same for properties of model objects, the keys and places most scenarios have by the thousand: the
// object store keeps, per stored property, the instances that depend on it and that read it, so a write
// finds them next to the field it just changed, with no hashing and no trip across a table of every key.
// The other keys (state slots, environment, app storage, objectWillChange) are few and stay in the
// runtime's `DependencyIndex`es. These functions only say which of the two holds a key.

import RippleRuntime

extension Engine {
    /// An object property's name for people, as `describe(.observation(object, slot))` gives it, kept with
    /// the property's observers once the object is labelled (a label, once given, never changes): a
    /// write otherwise built the text, and allocated it, every time.
    mutating func subject(of object: ObjectID, _ slot: Int) -> String {
        if let subject = objects.cachedName(of: object.raw, slot) { return subject }
        let subject = describe(.observation(object, slot))
        if objects[object.raw].hasLabel { objects.cacheName(subject, of: object.raw, slot) }
        return subject
    }

    // MARK: - Dependents

    func dependents(of key: DependencyKey) -> InstanceSet {
        if case .observation(let object, let slot) = key {
            return objects.dependents(of: object.raw, slot)
        }
        return otherDependents.nodes(for: key)
    }

    /// A key's dependents in increasing order, as a write tells them; an object property keeps the order
    /// between writes while its dependents stay the same.
    mutating func orderedDependents(of key: DependencyKey) -> IteratorSequence<InstanceSet.SmallIterator<IndexingIterator<[Int]>>> {
        if case .observation(let object, let slot) = key {
            return objects.orderedDependents(of: object.raw, slot)
        }
        return dependents(of: key).sortedMembers()
    }

    mutating func addDependent(_ id: Int, on key: DependencyKey) {
        if case .observation(let object, let slot) = key {
            objects.insertDependent(id, of: object.raw, slot)
        } else {
            otherDependents.insert(id, for: key)
        }
    }

    mutating func removeDependent(_ id: Int, from key: DependencyKey) {
        if case .observation(let object, let slot) = key {
            objects.removeDependent(id, of: object.raw, slot)
        } else {
            otherDependents.remove(id, for: key)
        }
    }

    // MARK: - Readers

    /// `mutating`, though it only reads, because a step's trace asks it for every place written (see `Engine`).
    mutating func readers(of place: Place) -> InstanceSet {
        if case .property(let object, let slot) = place {
            return objects.readers(of: object.raw, slot)
        }
        return otherReaders.nodes(for: place)
    }

    mutating func addReader(_ id: Int, of place: Place) {
        if case .property(let object, let slot) = place {
            objects.insertReader(id, of: object.raw, slot)
        } else {
            otherReaders.insert(id, for: place)
        }
    }

    mutating func removeReader(_ id: Int, of place: Place) {
        if case .property(let object, let slot) = place {
            objects.removeReader(id, of: object.raw, slot)
        } else {
            otherReaders.remove(id, for: place)
        }
    }

    // MARK: - Everything, for the invariant check

    /// Every key with its dependents, objects' properties included.
    func allDependents() -> [(key: DependencyKey, nodes: InstanceSet)] {
        otherDependents.entries + objects.allDependents.map { (.observation(ObjectID(raw: $0.object), $0.field), $0.nodes) }
    }

    /// Every place with its readers, objects' properties included.
    func allReaders() -> [(key: Place, nodes: InstanceSet)] {
        otherReaders.entries + objects.allReaders.map { (.property(ObjectID(raw: $0.object), $0.field), $0.nodes) }
    }
}
