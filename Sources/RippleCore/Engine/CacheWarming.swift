// Reading memory just before it is used, so that the cache misses of independent blocks overlap
// (`resolveTargets`, `warm(_:)`; docs/Performance.md, "The eighth round"). Each helper returns a number
// made from what it read; callers add these up into `Engine.warmedLengths` only so that the reads are made.

/// How far apart the reads are: a cache line on x86-64. Where lines are longer (128 bytes on Apple's
/// arm64 processors), two reads share a line, which costs a load and no miss.
let cacheLineSize = 64

/// How far before its first element or byte a native array's or text's storage keeps its reference count.
///
/// On 64-bit platforms both kinds of storage are objects with a 32-byte header, the class and the reference
/// count, then the length and the capacity, before the contents. Retaining the storage, or checking that
/// it is uniquely referenced before changing it, reads the reference count's line, and for a quarter of
/// the blocks (those that start 48 bytes into a 64-byte line) that line is not the contents' first.
/// `CacheWarmingTests` checks the offset against a second strong reference.
let storageReferenceCountOffset = -24

/// Reads the byte holding the low bits of the reference count of the storage whose contents start at `base`.
@inline(__always)
private func warmReferenceCount(before base: UnsafeRawPointer) -> Int {
    Int(base.load(fromByteOffset: storageReferenceCountOffset, as: UInt8.self))
}

/// Reads a byte from each cache line of `bytes[start..<end]`, and its last byte.
@inline(__always)
private func warmLines(of bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int {
    guard start < end else { return 0 }
    var sum = 0
    var offset = start
    while offset < end {
        sum &+= Int(bytes[offset])
        offset += cacheLineSize
    }
    return sum &+ Int(bytes[end - 1])
}

extension Array {
    /// Reads the storage's reference count and a byte from each cache line of the elements' first `limit`
    /// bytes: a small list's storage rarely starts on a line's boundary, so its header and its first
    /// element are often on two lines.
    @inline(__always)
    func warmLines(limit: Int = 3 * cacheLineSize) -> Int {
        warmReferenceCount() &+ withUnsafeBytes { RippleCore.warmLines(of: $0, from: 0, to: Swift.min($0.count, limit)) }
    }

    /// Reads the storage's reference count and a byte from each cache line of the element at `index`, up
    /// to `limit` bytes of it; nothing for an index out of range. The range check reads the count.
    @inline(__always)
    func warmElement(at index: Int, limit: Int = .max) -> Int {
        guard indices.contains(index) else { return 0 }
        let start = index * MemoryLayout<Element>.stride
        return warmReferenceCount() &+ withUnsafeBytes {
            RippleCore.warmLines(of: $0, from: start, to: start + Swift.min(MemoryLayout<Element>.size, limit))
        }
    }

    /// Reads the low byte of the storage's reference count; nothing for an empty array, whose storage is
    /// shared and never out of the cache.
    @inline(__always)
    func warmReferenceCount() -> Int {
        guard !isEmpty else { return 0 }
        return withUnsafeBytes { $0.baseAddress.map(RippleCore.warmReferenceCount(before:)) ?? 0 }
    }
}

extension String {
    /// The most bytes a text keeps inline, in the `String` itself, on 64-bit platforms.
    static let inlineCapacity = 15

    /// Reads the first byte of the text, which for a text kept on the heap loads its storage, and the
    /// storage's reference count, which retaining the text reads.
    var warmFirstByte: Int {
        @inline(__always) get {
            guard utf8.count > Self.inlineCapacity else { return Int(utf8.first ?? 0) }
            return utf8.withContiguousStorageIfAvailable { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return Int(bytes[0]) &+ RippleCore.warmReferenceCount(before: UnsafeRawPointer(base))
            } ?? Int(utf8.first ?? 0)
        }
    }
}
