// The peer: the same model in Swift's own Observation runtime, one `withObservationTracking` per body,
// driven by the same writes. It measures Observation's bookkeeping (track, fire, re-register), not
// SwiftUI's diffing: a parent's re-evaluation re-runs its tracked reads only.

import Observation

// MARK: - Models

/// narrow: one observable object per row.
@Observable final class PeerItem {
    let id: Int
    var title: String
    var done: Bool

    init(id: Int, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }
}

@Observable final class PeerNarrowModel {
    var items: [PeerItem]
    var header = "Items"

    init(rows: Int) { items = (0..<rows).map { PeerItem(id: $0, title: "row \($0)", done: false) } }
}

/// broad: a struct array; any element write is a `_modify` of the whole `items` property.
struct PeerItemData: Equatable {
    var title: String
    var done: Bool
}

@Observable final class PeerBroadModel {
    var items: [PeerItemData]
    var header = "Items"

    init(rows: Int) { items = (0..<rows).map { PeerItemData(title: "row \($0)", done: false) } }
}

/// mixed: `ObservableObject`, `@State` and the environment have no Observation counterpart on Linux, so each
/// is a key of an `ObservationRegistrar` driven by hand through subscript key paths (made once, like the
/// macro's static key paths): `objectWillChange` (read by every holder), the `@State` slot, the environment key.
final class KeyedStore: Observable {
    static let objectWillChange = 0, flag = 1, colorScheme = 2

    private let registrar = ObservationRegistrar()
    private var values: [Int]
    private var paths: [KeyPath<KeyedStore, Int>] = []
    /// The `@Published` entries' titles themselves: plain storage, what `objectWillChange` announces.
    var entries: [String]
    var count = 0

    init(rows: Int) {
        values = [0, 0, 0]
        entries = (0..<rows).map { "row \($0)" }
        paths = (0..<values.count).map { \KeyedStore.[slot: $0] }
    }

    subscript(slot slot: Int) -> Int {
        registrar.access(self, keyPath: paths[slot])
        return values[slot]
    }

    /// Reads a key inside a body.
    func read(_ slot: Int) -> Int { self[slot: slot] }

    /// Changes a key's value and tells its observers (callers only call it for a changed value).
    func write(_ slot: Int, _ value: Int) {
        registrar.withMutation(of: self, keyPath: paths[slot]) { values[slot] = value }
    }
}

// MARK: - The tracked view graph

/// Firings, collected by `onChange` (a `@Sendable` closure, hence the box).
final class FiredViews: @unchecked Sendable {
    var ids: [Int] = []
}

/// Keeps values read by bodies alive so the reads are not optimized away.
final class Sink {
    var total = 0
}

/// Views as tracked bodies: a body's closure does exactly the reads the scenario's body does.
final class PeerGraph {
    private var bodies: [() -> Void] = []
    private let fired = FiredViews()
    /// Bodies re-run (and re-registered) after the first evaluation.
    private(set) var reevaluations = 0
    /// onChange calls.
    private(set) var firings = 0

    func add(_ body: @escaping () -> Void) { bodies.append(body) }

    var count: Int { bodies.count }

    /// First evaluation of every view.
    func trackAll() {
        for id in bodies.indices { track(id) }
    }

    private func track(_ id: Int) {
        let fired = self.fired
        withObservationTracking {
            bodies[id]()
        } onChange: {
            fired.ids.append(id)
        }
    }

    /// End of a step: every view told of a change runs again, which registers its reads again.
    func settle() {
        guard !fired.ids.isEmpty else { return }
        let ids = fired.ids
        fired.ids.removeAll(keepingCapacity: true)
        firings += ids.count
        for id in ids.sorted() {
            reevaluations += 1
            track(id)
        }
    }
}

// MARK: - Driving

struct PeerResult {
    /// Building the model and the first tracked evaluation of every view.
    var setupSeconds: Double
    /// All steps: the writes and the re-registration of every view they told.
    var writesSeconds: Double
    var trackedViews: Int
    var reevaluations: Int
    var firings: Int
    var checksum: Int
}

enum ObservationPeer {
    static func run(_ workload: Workload) -> PeerResult {
        switch workload.kind {
        case .narrow: narrow(workload)
        case .broad: broad(workload)
        case .mixed: mixed(workload)
        }
    }

    static func narrow(_ workload: Workload) -> PeerResult {
        var model: PeerNarrowModel!
        return measure(workload, kind: "narrow", build: { graph, sink in
            model = PeerNarrowModel(rows: workload.rows)
            graph.add { sink.total &+= model.header.utf8.count }  // Root
            graph.add { for item in model.items { sink.total &+= item.id } }  // ItemList: ForEach(model.items)
            for item in model.items {  // Row(item:): Text(item.title).strikethrough(item.done)
                graph.add {
                    sink.total &+= item.title.utf8.count
                    sink.total &+= item.done ? 1 : 0
                }
            }
        }, title: { model.items[$0].title = $1 }, done: { model.items[$0].done = $1 })
    }

    static func broad(_ workload: Workload) -> PeerResult {
        var model: PeerBroadModel!
        return measure(workload, kind: "broad", build: { graph, sink in
            model = PeerBroadModel(rows: workload.rows)
            graph.add { sink.total &+= model.header.utf8.count }  // Root
            graph.add { sink.total &+= model.items.indices.count }  // ItemList: ForEach(model.items.indices)
            for index in 0..<workload.rows {  // Row(model:index:): Text(model.items[index].title).strikethrough(model.items[index].done)
                graph.add {
                    sink.total &+= model.items[index].title.utf8.count
                    sink.total &+= model.items[index].done ? 1 : 0
                }
            }
        }, title: { model.items[$0].title = $1 }, done: { model.items[$0].done = $1 })
    }

    /// Builds the tracked bodies, then times the workload's title and done writes, settling after each step.
    private static func measure(_ workload: Workload, kind: String, build: (PeerGraph, Sink) -> Void,
                                title: (Int, String) -> Void, done: (Int, Bool) -> Void) -> PeerResult {
        let sink = Sink()
        let graph = PeerGraph()
        let clock = ContinuousClock()
        let start = clock.now
        build(graph, sink)
        graph.trackAll()
        let setup = clock.now - start
        let writesStart = clock.now
        for step in workload.steps {
            for write in step {
                switch write {
                case .title(let row, let value): title(row, value)
                case .done(let row, let value): done(row, value)
                default: fatalError("not a \(kind) write: \(write)")
                }
            }
            graph.settle()
        }
        let writes = clock.now - writesStart
        return PeerResult(setupSeconds: setup.seconds, writesSeconds: writes.seconds, trackedViews: graph.count,
                          reevaluations: graph.reevaluations, firings: graph.firings, checksum: sink.total)
    }

    static func mixed(_ workload: Workload) -> PeerResult {
        let sink = Sink()
        let graph = PeerGraph()
        let clock = ContinuousClock()
        let start = clock.now
        let store = KeyedStore(rows: workload.rows)
        var flag = false
        var dark = false
        // Root: holds the store (@StateObject) and reads @State flag.
        graph.add {
            sink.total &+= store.read(KeyedStore.objectWillChange)
            sink.total &+= store.read(KeyedStore.flag)
            sink.total &+= store.count
        }
        // Toolbar: declares @Environment(\.colorScheme).
        graph.add { sink.total &+= store.read(KeyedStore.colorScheme) }
        // ItemList: @ObservedObject store; ForEach(store.entries). Rows read only their `let title`: nothing to track.
        graph.add {
            sink.total &+= store.read(KeyedStore.objectWillChange)
            sink.total &+= store.entries.count
        }
        graph.trackAll()
        let setup = clock.now - start
        let writesStart = clock.now
        var serial = 0
        for step in workload.steps {
            for write in step {
                serial += 1
                switch write {
                case .entryTitle(let row, let value):
                    store.write(KeyedStore.objectWillChange, serial)  // willSet: objectWillChange, then the change
                    store.entries[row] = value
                case .count(let value):
                    store.write(KeyedStore.objectWillChange, serial)
                    store.count = value
                case .flag(let value):
                    if value != flag { flag = value; store.write(KeyedStore.flag, value ? 1 : 0) }
                case .colorScheme(let value):
                    if value != dark { dark = value; store.write(KeyedStore.colorScheme, value ? 1 : 0) }
                default: fatalError("not a mixed write: \(write)")
                }
            }
            graph.settle()
        }
        let writes = clock.now - writesStart
        return PeerResult(setupSeconds: setup.seconds, writesSeconds: writes.seconds, trackedViews: graph.count,
                          reevaluations: graph.reevaluations, firings: graph.firings, checksum: sink.total)
    }
}
