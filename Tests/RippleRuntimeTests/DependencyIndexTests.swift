import Testing
import RippleRuntime

/// The dependency index: who reads a key, and so who a write to it tells.
@Suite struct DependencyIndexTests {
    @Test func aRegisteredReaderIsToldOfAWriteToItsKey() {
        var index = DependencyIndex<String>()
        index.insert(3, for: "count")
        index.insert(5, for: "title")
        #expect(index.nodes(for: "count").contains(3))
        #expect(!index.nodes(for: "count").contains(5))
    }

    @Test func aReaderWhoseReadWasClearedIsNotTold() {
        var index = DependencyIndex<String>()
        index.insert(3, for: "count")
        index.remove(3, for: "count")
        #expect(!index.nodes(for: "count").contains(3))
        #expect(index.nodes(for: "never read").isEmpty)
    }

    @Test func updateMovesANodeFromTheKeysItNoLongerReadsToTheNewOnes() {
        var index = DependencyIndex<String>()
        var keys = ["a", "b"]
        for key in keys { index.insert(1, for: key) }
        let new = ["b", "c"]
        DependencyIndex<String>.update(from: keys, to: new, stillRead: { new.contains($0) },
                                       remove: { index.remove(1, for: $0) }, insert: { index.insert(1, for: $0) })
        keys = new
        #expect(!index.nodes(for: "a").contains(1))
        #expect(index.nodes(for: "b").contains(1) && index.nodes(for: "c").contains(1))
        #expect(index.checkInvariants(keys: { _ in keys }, isAlive: { _ in true }).isEmpty)
    }

    @Test func theInvariantFindsARegistrationTheNodeDoesNotList() {
        var index = DependencyIndex<String>()
        index.insert(1, for: "a")
        index.insert(2, for: "a")
        let problems = index.checkInvariants(keys: { $0 == 1 ? ["a"] : [] }, isAlive: { _ in true })
        #expect(problems.count == 1)
        #expect(index.checkInvariants(keys: { _ in ["a"] }, isAlive: { $0 != 2 }).count == 1)
    }
}

/// The object store: objects by id, their fields, and who is registered for each field.
@Suite struct ObjectStoreTests {
    @Test func objectsAreNumberedInOrderAndChangedInPlace() {
        var store = ObjectStore<Int, String>()
        #expect(store.append(StoredObject(info: "Model", fields: [1, 2])) == 0)
        #expect(store.append(StoredObject(info: "Item", fields: [3])) == 1)
        store[0].fields[1] = 20
        store[1].labelParts = .element(of: "model.items", index: 0)
        #expect(store[0].fields == [1, 20] && store.count == 2)
        #expect(store[1].label == "model.items[0]" && store[1].hasLabel && !store[0].hasLabel)
        store.removeLast(1)
        #expect(store.count == 1)
    }

    @Test func aDependentOfAFieldIsToldAndAClearedOneIsNot() {
        var store = ObjectStore<Int, String>()
        store.append(StoredObject(info: "Model", fields: [0, 0, 0]))
        #expect(!store.isObserved(0) && store.dependents(of: 0, 1).isEmpty)
        store.insertDependent(7, of: 0, 1)
        store.insertDependent(4, of: 0, 1)
        store.insertReader(9, of: 0, 2)
        #expect(store.isObserved(0) && store.observers.count == 3)
        let ordered = Array(store.orderedDependents(of: 0, 1))
        #expect(ordered == [4, 7])
        #expect(store.dependents(of: 0, 2).isEmpty && store.readers(of: 0, 2).contains(9))
        store.removeDependent(4, of: 0, 1)
        let remaining = Array(store.orderedDependents(of: 0, 1))
        #expect(remaining == [7])
        #expect(store.allDependents.map(\.field) == [1] && store.allReaders.map(\.field) == [2])
        #expect(store.checkInvariants().isEmpty)
    }

    @Test func aFieldsNameIsKeptOnlyOnceTheObjectIsObserved() {
        var store = ObjectStore<Int, String>()
        store.append(StoredObject(info: "Model", fields: [0]))
        let keptUnobserved = store.cacheName("model.count", of: 0, 0)
        #expect(!keptUnobserved)
        #expect(store.cachedName(of: 0, 0) == nil)
        store.insertReader(1, of: 0, 0)
        let keptObserved = store.cacheName("model.count", of: 0, 0)
        #expect(keptObserved)
        #expect(store.cachedName(of: 0, 0) == "model.count")
    }
}

private extension ObjectStore {
    /// The first object's registrations, as the store keeps them.
    var observers: [FieldObservers] { self[0].observers }
}
