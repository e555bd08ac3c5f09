import SLPDomain

/// Puts search results nearest first, ties by uid: the order of `fromQueueDB`.
///
/// A crowd returns hundreds of thousands of cards, which are large and hold references: a
/// comparison sort moves each many times. Distances are finite and never negative, so their bit
/// patterns order like the numbers, and a radix sort on those bits (skipping bytes all distances
/// share) orders positions in a few linear passes; each card is then moved into place once,
/// along the permutation's cycles, never copied.
enum NearestFirstOrder {
    /// Below this many, a plain sort is cheaper than the radix passes' fixed costs.
    private static let radixThreshold = 256

    static func sort(_ cards: inout [NearbyUser]) {
        let count = cards.count
        guard count > 1 else { return }
        var order: [Int]
        if count < radixThreshold {
            order = cards.indices.sorted {
                cards[$0].distance != cards[$1].distance ? cards[$0].distance < cards[$1].distance : cards[$0].uid < cards[$1].uid
            }
        } else {
            var keys = cards.map { $0.distance.bitPattern }
            order = Array(0..<count)
            radixSort(&keys, carrying: &order)
            // Equal distances sit together now; order each such run by uid.
            var start = 0
            while start < count {
                var end = start + 1
                while end < count && keys[end] == keys[start] { end += 1 }
                if end - start > 1 { order[start..<end].sort { cards[$0].uid < cards[$1].uid } }
                start = end
            }
        }
        place(&cards, order)
    }

    /// Sorts `keys` ascending (least significant byte first, stable), moving `values` alike.
    private static func radixSort(_ keys: inout [UInt64], carrying values: inout [Int]) {
        let count = keys.count
        var histograms = [Int](repeating: 0, count: 8 * 256)
        histograms.withUnsafeMutableBufferPointer { histograms in
            for key in keys {
                for digit in 0..<8 { histograms[digit << 8 | Int(truncatingIfNeeded: key >> (digit * 8)) & 0xFF] += 1 }
            }
        }
        var spareKeys = [UInt64](repeating: 0, count: count)
        var spareValues = [Int](repeating: 0, count: count)
        for digit in 0..<8 {
            let buckets = histograms[digit << 8 ..< (digit + 1) << 8]
            // A byte every distance shares (the sign and most of the exponent) leaves the order as it is.
            if buckets.contains(count) { continue }
            var offsets = [Int](repeating: 0, count: 256)
            var total = 0
            for (bucket, size) in buckets.enumerated() {
                offsets[bucket] = total
                total += size
            }
            keys.withUnsafeBufferPointer { keys in
                values.withUnsafeBufferPointer { values in
                    spareKeys.withUnsafeMutableBufferPointer { spareKeys in
                        spareValues.withUnsafeMutableBufferPointer { spareValues in
                            offsets.withUnsafeMutableBufferPointer { offsets in
                                for index in 0..<count {
                                    let key = keys[index]
                                    let bucket = Int(truncatingIfNeeded: key >> (digit * 8)) & 0xFF
                                    spareKeys[offsets[bucket]] = key
                                    spareValues[offsets[bucket]] = values[index]
                                    offsets[bucket] += 1
                                }
                            }
                        }
                    }
                }
            }
            swap(&keys, &spareKeys)
            swap(&values, &spareValues)
        }
    }

    /// Rearranges `cards` so that position k holds what was at `order[k]`.
    private static func place(_ cards: inout [NearbyUser], _ order: [Int]) {
        var source = order
        cards.withUnsafeMutableBufferPointer { cards in
            guard let base = cards.baseAddress else { return }
            // Each cycle of the permutation is rotated once: the first card is moved aside, every
            // position then takes the card that belongs there, and the last takes the one set
            // aside. A card is moved (not copied: nothing retained or released) once, where
            // swapping moved each three times; every visited position is marked as placed.
            let spare = UnsafeMutablePointer<NearbyUser>.allocate(capacity: 1)
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
