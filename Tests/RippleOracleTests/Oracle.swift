// The real run: Swift's Observation runtime decides which readers fire.

import Observation

/// The real objects of one case: the model and the spare `Inner` a write can swap in.
final class RealWorld {
    let model = Model()
    let spare = Inner()
}

extension Read {
    /// Performs the read on the real objects, as the reader's body would.
    func perform(on world: RealWorld) { _ = value(on: world) }

    /// What the read shows, read from the real objects.
    func value(on world: RealWorld) -> String {
        let model = world.model
        switch self {
        case .count: return "\(model.count)"
        case .name: return "\(model.name)"
        case .opt: return "\(model.opt ?? -1)"
        case .pointX: return "\(model.point.x)"
        case .looseX: return "\(model.loose.x)"
        case .mode: return "\(model.mode)"
        case .payload: return "\(model.payload)"
        case .refX: return "\(model.ref.x)"
        case .tagName: return "\(model.tag.name)"
        case .intsFirst: return "\(model.ints[0])"
        case .intsCount: return "\(model.ints.count)"
        case .loosesFirstX: return "\(model.looses[0].x)"
        case .ignored: return "\(model.ignored)"
        case .doubled: return "\(model.doubled)"
        case .summary: return "\(model.summary)"
        case .innerValue: return "\(model.inner.value)"
        case .innerLabel: return "\(model.inner.label)"
        case .innerIdentity: return "\(model.inner === model.inner)"
        case .peerValue: return "\(model.peer.value)"
        case .derivedShared: return "\(model.derived.shared)"
        case .derivedOwn: return "\(model.derived.own)"
        case .flag: return "\(model.flag)"
        case .flips: return "\(model.flips)"
        case .tallyFirst: return "\(model.tally[0])"
        case .tallyCount: return "\(model.tallyCount)"
        }
    }
}

extension Write {
    /// Applies the write to the real objects.
    func apply(to world: RealWorld) {
        let model = world.model
        switch self {
        case .count(let n): model.count = n
        case .countAdd(let n): model.count += n
        case .name(let s): model.name = s
        case .nameAppend(let s): model.name += s
        case .opt(let n): model.opt = n
        case .point(let x, let y): model.point = Point(x: x, y: y)
        case .pointX(let x): model.point.x = x
        case .loose(let x): model.loose = Loose(x: x)
        case .looseX(let x): model.loose.x = x
        case .mode(let mode): model.mode = mode
        case .payload(let n): model.payload = n.map { .value($0) } ?? .empty
        case .refSame: let same = model.ref; model.ref = same
        case .refNew(let x): model.ref = Ref(x: x)
        case .refX(let x): model.ref.x = x
        case .tagSame: let same = model.tag; model.tag = same
        case .tagNew(let name): model.tag = Tag(name: name)
        case .tagName(let name): model.tag.name = name
        case .ints(let values): model.ints = values
        case .intsElement(let index, let value): model.ints[index] = value
        case .intsAppend(let value): model.ints.append(value)
        case .looses(let xs): model.looses = xs.map { Loose(x: $0) }
        case .loosesElementX(let index, let value): model.looses[index].x = value
        case .loosesAppend(let x): model.looses.append(Loose(x: x))
        case .ignored(let n): model.ignored = n
        case .ignoredAdd(let n): model.ignored += n
        case .innerSame: let same = model.inner; model.inner = same
        case .innerNew(let value): model.inner = Inner(value: value)
        case .innerSpare: model.inner = world.spare
        case .innerValue(let n): model.inner.value = n
        case .innerValueAdd(let n): model.inner.value += n
        case .innerLabel(let s): model.inner.label = s
        case .spareValue(let n): world.spare.value = n
        case .peerNew(let label): model.peer = Peer(label: label)
        case .peerValue(let n): model.peer.value = n
        case .derivedShared(let n): model.derived.shared = n
        case .derivedOwn(let n): model.derived.own = n
        case .flag(let flag): model.flag = flag
        case .flagToggle: model.flag.toggle()
        case .tallyAppend(let n): model.tally.append(n)
        case .tallyElement(let index, let value): model.tally[index] = value
        }
    }

    /// What kind of write this is, given the objects as they are just before it.
    func kind(in world: RealWorld) -> WriteKind {
        let model = world.model
        func assignment(_ equal: Bool) -> WriteKind { equal ? .equalValue : .differentValue }
        switch self {
        case .count(let n): return assignment(model.count == n)
        case .name(let s): return assignment(model.name == s)
        case .opt(let n): return assignment(model.opt == n)
        case .point(let x, let y): return assignment(model.point == Point(x: x, y: y))
        case .loose(let x): return assignment(model.loose.x == x)
        case .mode(let mode): return assignment(model.mode == mode)
        case .payload(let n):
            switch model.payload {
            case .empty: return assignment(n == nil)
            case .value(let current): return assignment(n == current)
            }
        case .flag(let flag): return assignment(model.flag == flag)
        case .flagToggle: return .mutatingCall
        case .tallyAppend: return .append
        case .tallyElement: return .element
        case .peerNew(let label): return model.peer.label == label ? .equalInstance : .differentInstance
        case .peerValue, .derivedShared: return .nested
        case .derivedOwn: return .subclassProperty
        case .ints(let values): return assignment(model.ints == values)
        case .looses(let xs): return assignment(model.looses.map(\.x) == xs)
        case .countAdd, .nameAppend: return .compound
        case .pointX, .looseX, .loosesElementX: return .field
        case .intsElement: return .element
        case .intsAppend, .loosesAppend: return .append
        case .refSame, .tagSame, .innerSame: return .sameInstance
        case .innerSpare: return model.inner === world.spare ? .sameInstance : .differentInstance
        case .refNew, .innerNew: return .differentInstance
        case .tagNew(let name): return model.tag.name == name ? .equalInstance : .differentInstance
        case .refX, .tagName: return .throughReference
        case .ignored, .ignoredAdd: return .ignored
        case .innerValue, .innerValueAdd, .innerLabel, .spareValue: return .nested
        }
    }
}

/// Counts how often each reader's `onChange` ran. The closure is `@Sendable` in Swift 6 mode, and it runs
/// synchronously inside the writing thread's `willSet`, so an unchecked box is safe here.
final class FireBox: @unchecked Sendable {
    var counts: [Int]
    init(readers: Int) { counts = Array(repeating: 0, count: readers) }
}

/// Runs a case against Swift's Observation runtime, the way SwiftUI drives it.
///
/// Each reader's reads run inside one `withObservationTracking`. After each write (each write is its own
/// transaction), the readers whose `onChange` fired are re-registered, in reader order, by performing their
/// reads again; a reader that did not fire keeps the registration it has.
enum Oracle {
    static func run(_ oracleCase: OracleCase) -> Firings {
        let world = RealWorld()
        let box = FireBox(readers: oracleCase.readers.count)
        func register(_ reader: Int) {
            withObservationTracking {
                for read in oracleCase.readers[reader] { read.perform(on: world) }
            } onChange: {
                box.counts[reader] += 1
            }
        }
        for reader in oracleCase.readers.indices { register(reader) }
        var fired: [[Bool]] = []
        fired.reserveCapacity(oracleCase.writes.count)
        for write in oracleCase.writes {
            for reader in box.counts.indices { box.counts[reader] = 0 }
            write.apply(to: world)
            // A registration fires at most once; two fires would mean the runtime did not cancel it.
            precondition(box.counts.allSatisfy { $0 <= 1 }, "a tracking registration fired twice")
            let step = box.counts.map { $0 > 0 }
            fired.append(step)
            for reader in step.indices where step[reader] { register(reader) }
        }
        return Firings(fired: fired)
    }
}
