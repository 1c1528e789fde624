// Reading memory just before it is used, so that the cache misses of independent blocks overlap
// (`resolveTargets`, `warm(_:)`, docs/Performance.md). Each helper returns a number made from what it
// read; callers add these up into `Engine.warmedLengths` only so that the reads are made.

/// How many bytes a cache line holds on the machines Ripple runs on (x86-64 and arm64).
let cacheLineSize = 64

extension Array {
    /// Reads a byte from each cache line of the elements' first `limit` bytes: a small list's storage
    /// rarely starts on a line's boundary, so its count and its first element are often on two lines.
    @inline(__always)
    func warmLines(limit: Int = 3 * cacheLineSize) -> Int {
        withUnsafeBytes { bytes in
            let end = Swift.min(bytes.count, limit)
            guard end > 0 else { return 0 }
            var sum = 0
            var offset = 0
            while offset < end {
                sum &+= Int(bytes[offset])
                offset += cacheLineSize
            }
            return sum &+ Int(bytes[end - 1])
        }
    }

    /// Reads a byte from each cache line of the element at `index`, up to `limit` bytes of it; nothing
    /// for an index out of range. The range check reads the count, and so the storage's first line.
    @inline(__always)
    func warmElement(at index: Int, limit: Int = .max) -> Int {
        guard indices.contains(index) else { return 0 }
        return withUnsafeBytes { bytes in
            let start = index * MemoryLayout<Element>.stride
            let end = start + Swift.min(MemoryLayout<Element>.size, limit)
            var sum = 0
            var offset = start
            while offset < end {
                sum &+= Int(bytes[offset])
                offset += cacheLineSize
            }
            return sum &+ Int(bytes[end - 1])
        }
    }
}

extension String {
    /// Reads the first byte of the text, which for a text kept on the heap loads its storage.
    var warmFirstByte: Int {
        @inline(__always) get { Int(utf8.first ?? 0) }
    }
}
