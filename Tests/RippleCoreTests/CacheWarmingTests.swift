import Testing
@testable import RippleCore

/// The reads that load memory ahead of its use (`CacheWarming.swift`): each must read the bytes it
/// names, one per cache line and the last, and nothing past the storage, whatever its length; and the
/// byte it takes for a storage's reference count must be the reference count's.
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
        #expect(list.warmLines(limit: limit) - list.warmReferenceCount() == offsets.reduce(0) { $0 + Int(list[$1]) })
    }

    @Test(arguments: [
        // (index, limit, offsets read); elements are 16 bytes of [UInt64] pairs
        (0, 16, [0, 15]), (3, 16, [48, 63]), (3, 8, [48, 55]), (4, 100, [64, 79]), (5, 16, []), (-1, 16, []),
    ] as [(Int, Int, [Int])])
    func anElementIsReadOnceAPerLineAndAtItsLastByte(index: Int, limit: Int, offsets: [Int]) {
        struct Pair { var a: UInt64; var b: UInt64 }
        let raw = Self.bytes(5 * 16)
        let pairs = raw.withUnsafeBytes { Array($0.bindMemory(to: Pair.self)) }
        let header = pairs.indices.contains(index) ? pairs.warmReferenceCount() : 0
        #expect(pairs.warmElement(at: index, limit: limit) - header == offsets.reduce(0) { $0 + Int(raw[$1]) })
    }

    /// The word `storageReferenceCountOffset` bytes before the contents changes when a second strong
    /// reference to the storage is made, and changes back when it is gone.
    @Test func theWordBeforeTheContentsIsTheReferenceCount() {
        func word(before base: UnsafeRawPointer) -> UInt64 {
            base.loadUnaligned(fromByteOffset: storageReferenceCountOffset, as: UInt64.self)
        }
        let list = Self.bytes(100)
        let base = list.withUnsafeBytes { $0.baseAddress! }
        let alone = word(before: base)
        var second: [UInt8]? = list
        let shared = word(before: base)
        withExtendedLifetime(second) {}
        second = nil
        #expect(shared != alone)
        #expect(word(before: base) == alone)
        #expect(second == nil)

        let text = String(repeating: "on the heap ", count: 4)
        let textBase = text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress!) }!
        let textAlone = word(before: textBase)
        var secondText: String? = text
        let textShared = word(before: textBase)
        withExtendedLifetime(secondText) {}
        secondText = nil
        #expect(textShared != textAlone)
        #expect(word(before: textBase) == textAlone)
    }

    @Test(arguments: ["", "short", "fifteen bytes!!", String(repeating: "on the heap ", count: 4)])
    func aTextIsReadAtItsFirstByte(_ text: String) {
        let first = Int(text.utf8.first ?? 0)
        if text.utf8.count > String.inlineCapacity {
            #expect(text.warmFirstByte >= first)
        } else {
            #expect(text.warmFirstByte == first)
        }
    }
}
