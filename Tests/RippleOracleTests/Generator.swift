// Seeded generation of cases: a small PRNG of our own, so a seed means the same cases on every toolchain.

import Foundation

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and fully determined by its 64-bit state.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`; the modulo bias is irrelevant for bounds this small.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// An element of a non-empty array.
    mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }

    /// Half the time `current` (an equal value), otherwise one of `domain` that differs from it.
    mutating func equalOrDifferent<T: Equatable>(_ current: T, _ domain: [T]) -> T {
        let others = domain.filter { $0 != current }
        if others.isEmpty || below(2) == 0 { return current }
        return pick(others)
    }
}

/// How many cases to run and from which seed: fixed defaults, overridden by `RIPPLE_ORACLE_SEED`
/// (decimal or `0x` hex) and `RIPPLE_ORACLE_CASES`.
struct OracleConfiguration: Sendable {
    static let defaultSeed: UInt64 = 0x5EED_0B5E_12AB_1E01
    static let defaultCases = 10_000

    var seed: UInt64
    var cases: Int

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> OracleConfiguration {
        var configuration = OracleConfiguration(seed: defaultSeed, cases: defaultCases)
        if let text = environment["RIPPLE_ORACLE_SEED"], let seed = parseSeed(text) { configuration.seed = seed }
        if let text = environment["RIPPLE_ORACLE_CASES"], let cases = Int(text), cases > 0 { configuration.cases = cases }
        return configuration
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }

    /// The seed as it is printed and read back.
    static func format(_ seed: UInt64) -> String { "0x" + String(seed, radix: 16, uppercase: true) }
}

/// Makes cases from a seed. Case `index` depends only on the seed and the index, so any case can be regenerated
/// on its own.
///
/// A case has 2–5 readers reading 1–3 distinct things each, then 1–6 writes. Values come from tiny domains
/// and are chosen against the objects as they stand (a shadow `RealWorld` the writes are applied to), so half
/// of the assignments store an equal value.
struct CaseGenerator {
    let seed: UInt64

    func makeCase(index: Int) -> OracleCase {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        _ = random.next()
        var readers: [[Read]] = []
        for _ in 0..<random.int(in: 2...5) {
            var reads: [Read] = []
            for _ in 0..<random.int(in: 1...3) {
                let read = random.pick(Read.allCases)
                if !reads.contains(read) { reads.append(read) }
            }
            readers.append(reads)
        }
        let shadow = RealWorld()
        var writes: [Write] = []
        for _ in 0..<random.int(in: 1...6) {
            let write = Self.write(&random, shadow)
            write.apply(to: shadow)
            writes.append(write)
        }
        return OracleCase(readers: readers, writes: writes)
    }

    /// One write, chosen uniformly among the templates, with values chosen against the current objects.
    static func write(_ random: inout SplitMix64, _ world: RealWorld) -> Write {
        let model = world.model
        switch random.below(39) {
        case 0: return .count(random.equalOrDifferent(model.count, [0, 1, 2]))
        case 1: return .countAdd(random.int(in: 0...1))
        case 2: return .name(random.equalOrDifferent(model.name, ["a", "b"]))
        case 3: return .nameAppend(random.pick(["", "b"]))
        case 4: return .opt(random.equalOrDifferent(model.opt, [nil, 1, 2]))
        case 5:
            let point = random.equalOrDifferent(model.point, [Point(x: 1, y: 2), Point(x: 2, y: 2), Point(x: 1, y: 3)])
            return .point(x: point.x, y: point.y)
        case 6: return .pointX(random.equalOrDifferent(model.point.x, [1, 2]))
        case 7: return .loose(x: random.equalOrDifferent(model.loose.x, [1, 2]))
        case 8: return .looseX(random.equalOrDifferent(model.loose.x, [1, 2]))
        case 9: return .mode(random.equalOrDifferent(model.mode, [.a, .b, .c]))
        case 10:
            let current: Int?
            switch model.payload {
            case .empty: current = nil
            case .value(let n): current = n
            }
            return .payload(random.equalOrDifferent(current, [nil, 1, 2]))
        case 11: return .refSame
        case 12: return .refNew(x: random.equalOrDifferent(model.ref.x, [0, 1]))
        case 13: return .refX(random.equalOrDifferent(model.ref.x, [0, 1]))
        case 14: return .tagSame
        case 15: return .tagNew(name: random.equalOrDifferent(model.tag.name, ["a", "b"]))
        case 16: return .tagName(random.equalOrDifferent(model.tag.name, ["a", "b"]))
        case 17: return .ints(random.equalOrDifferent(model.ints, [[1, 2, 3], [1, 2], [0, 2, 3], [2, 1]]))
        case 18:
            let index = random.below(2)
            return .intsElement(index: index, value: random.equalOrDifferent(model.ints[index], [0, 1, 2]))
        case 19: return .intsAppend(random.int(in: 0...3))
        case 20: return .looses(random.equalOrDifferent(model.looses.map(\.x), [[1, 2], [2, 1], [1, 2, 3]]))
        case 21:
            let index = random.below(2)
            return .loosesElementX(index: index, value: random.equalOrDifferent(model.looses[index].x, [0, 1, 2]))
        case 22: return .loosesAppend(x: random.int(in: 0...3))
        case 23: return random.below(2) == 0 ? .ignored(random.equalOrDifferent(model.ignored, [0, 1])) : .ignoredAdd(random.int(in: 0...1))
        case 24: return .innerSame
        case 25: return .innerNew(value: random.equalOrDifferent(model.inner.value, [0, 1]))
        case 26: return .innerSpare
        case 27: return .innerValue(random.equalOrDifferent(model.inner.value, [0, 1, 2]))
        case 28: return .innerValueAdd(random.int(in: 0...1))
        case 29: return .innerLabel(random.equalOrDifferent(model.inner.label, ["a", "b"]))
        case 30: return .peerNew(label: random.equalOrDifferent(model.peer.label, ["a", "b"]))
        case 31: return .peerValue(random.equalOrDifferent(model.peer.value, [0, 1, 2]))
        case 32: return .derivedShared(random.equalOrDifferent(model.derived.shared, [0, 1]))
        case 33: return .derivedOwn(random.equalOrDifferent(model.derived.own, [0, 1]))
        case 34: return .flag(random.equalOrDifferent(model.flag, [false, true]))
        case 35: return .flagToggle
        case 36: return .tallyAppend(random.int(in: 0...3))
        case 37:
            let index = random.below(2)
            return .tallyElement(index: index, value: random.equalOrDifferent(model.tally[index], [0, 1, 2]))
        default: return .spareValue(random.equalOrDifferent(world.spare.value, [0, 1, 2]))
        }
    }
}

/// Which property kinds were read and written, and which write kinds happened, over many cases.
struct Coverage {
    var reads: [PropertyKind: Int] = [:]
    var targets: [PropertyKind: Int] = [:]
    var writes: [WriteKind: Int] = [:]

    /// Counts a case, classifying its writes against the objects as they stand before each one.
    mutating func add(_ oracleCase: OracleCase) {
        for read in oracleCase.readers.joined() { reads[read.kind, default: 0] += 1 }
        let world = RealWorld()
        for write in oracleCase.writes {
            targets[write.target, default: 0] += 1
            writes[write.kind(in: world), default: 0] += 1
            write.apply(to: world)
        }
    }

    /// Property kinds never read, property kinds never written (computed ones and those a `didSet` sets are not) and write kinds never seen.
    var gaps: [String] {
        let writable = PropertyKind.allCases.filter { $0 != .computedSingle && $0 != .computedMany && $0 != .setInDidSet }
        return PropertyKind.allCases.filter { reads[$0] == nil }.map { "never read: \($0.rawValue)" }
            + writable.filter { targets[$0] == nil }.map { "never written: \($0.rawValue)" }
            + WriteKind.allCases.filter { writes[$0] == nil }.map { "never happened: \($0.rawValue)" }
    }

    var summary: String {
        "reads " + PropertyKind.allCases.map { "\($0.rawValue): \(reads[$0] ?? 0)" }.joined(separator: ", ")
            + "\nwrite targets " + PropertyKind.allCases.map { "\($0.rawValue): \(targets[$0] ?? 0)" }.joined(separator: ", ")
            + "\nwrite kinds " + WriteKind.allCases.map { "\($0.rawValue): \(writes[$0] ?? 0)" }.joined(separator: ", ")
    }
}
