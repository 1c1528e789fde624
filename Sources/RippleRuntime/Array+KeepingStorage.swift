extension Array {
    /// Empties the array and keeps its storage. A short one is emptied an element at a time:
    /// `removeAll(keepingCapacity:)` goes through `replaceSubrange`, some 200 instructions however few
    /// the elements, and a body's lists hold two or three.
    @inlinable
    public mutating func removeAllKeepingStorage() {
        if count > 8 {
            removeAll(keepingCapacity: true)
            return
        }
        while popLast() != nil {}
    }
}
