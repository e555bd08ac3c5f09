/// The order that sorts 64-bit keys ascending, by a least-significant-byte-first radix sort:
/// a few linear passes, skipping bytes every key shares. For keys whose bit patterns order as
/// their values do, such as finite non-negative doubles' `bitPattern`.
///
/// Public and `@inlinable` for the reason `ByteStringTable` gives.
public enum RadixOrder {
    /// Sorts `keys` ascending and moves `values` alike (stable: equal keys keep their order).
    @inlinable
    public static func sort(_ keys: inout [UInt64], carrying values: inout [Int]) {
        precondition(keys.count == values.count, "one value per key")
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
            // A byte every key shares (for distances, the sign and most of the exponent) leaves the order as it is.
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
}
