extension Array {
    /// Rearranges the elements so that position k holds what was at `order[k]` (`order` is a
    /// permutation of the indices). Each cycle of the permutation is rotated once: the first
    /// element is moved aside, every position then takes the element that belongs there, and
    /// the last takes the one set aside. An element is moved, never copied: nothing is retained
    /// or released, however large the elements.
    ///
    /// Public and `@inlinable` for the reason `ByteStringTable` gives.
    @inlinable
    public mutating func rearrange(by order: [Int]) {
        precondition(order.count == count, "an order names every position")
        var source = order
        withUnsafeMutableBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            let spare = UnsafeMutablePointer<Element>.allocate(capacity: 1)
            defer { spare.deallocate() }
            for start in source.indices where source[start] != start {
                spare.moveInitialize(from: base + start, count: 1)
                var current = start
                while source[current] != start {
                    let next = source[current]
                    (base + current).moveInitialize(from: base + next, count: 1)
                    source[current] = current
                    current = next
                }
                (base + current).moveInitialize(from: spare, count: 1)
                source[current] = current
            }
        }
    }
}
