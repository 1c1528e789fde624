import Testing
@testable import RippleCore

/// The reads that load memory ahead of its use (`CacheWarming.swift`): each must read the bytes it
/// names, one per cache line and the last, and nothing past the storage, whatever its length.
@Suite struct CacheWarmingTests {
    /// Bytes whose value is their offset plus one, so that a sum tells which were read.
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 + 1) } }

    @Test(arguments: [
        // (length, limit, offsets read)
        (0, 192, []), (1, 192, [0, 0]), (63, 192, [0, 62]), (64, 192, [0, 63]), (65, 192, [0, 64, 64]),
        (300, 192, [0, 64, 128, 191]), (300, 64, [0, 63]), (10, 0, []),
    ] as [(Int, Int, [Int])])
    func listsAreReadOnceAPerLineAndAtTheirLastByte(length: Int, limit: Int, offsets: [Int]) {
        let list = Self.bytes(length)
        #expect(list.warmLines(limit: limit) == offsets.reduce(0) { $0 + Int(list[$1]) })
    }

    @Test(arguments: [
        // (index, limit, offsets read); elements are 16 bytes of [UInt64] pairs
        (0, 16, [0, 15]), (3, 16, [48, 63]), (3, 8, [48, 55]), (4, 100, [64, 79]), (5, 16, []), (-1, 16, []),
    ] as [(Int, Int, [Int])])
    func anElementIsReadOnceAPerLineAndAtItsLastByte(index: Int, limit: Int, offsets: [Int]) {
        struct Pair { var a: UInt64; var b: UInt64 }
        let raw = Self.bytes(5 * 16)
        let pairs = raw.withUnsafeBytes { Array($0.bindMemory(to: Pair.self)) }
        #expect(pairs.warmElement(at: index, limit: limit) == offsets.reduce(0) { $0 + Int(raw[$1]) })
    }

    @Test(arguments: ["", "short", String(repeating: "on the heap ", count: 4)])
    func aTextIsReadAtItsFirstByte(_ text: String) {
        #expect(text.warmFirstByte == Int(text.utf8.first ?? 0))
    }
}
