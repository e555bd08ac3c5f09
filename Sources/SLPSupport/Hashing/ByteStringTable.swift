/// A hash table from short byte strings to values: open addressing, linear probing, FNV-1a.
///
/// For paths that meet the same few hundred names over and over, often as bytes read from
/// storage: a lookup hashes and compares bytes and makes no `String`. Entries are numbered in
/// the order they were added and are never removed one by one.
package struct ByteStringTable<Value> {
    /// Per slot, the number of the entry there plus one; 0 marks a free slot. Kept at most half full.
    @usableFromInline var slots: [Int32]
    /// Per entry: its key's hash, where its key ends in `keyBytes`, its value.
    @usableFromInline var hashes: [UInt64] = []
    @usableFromInline var keyEnds: [Int] = []
    @usableFromInline var storedValues: [Value] = []
    /// Every key's bytes, one after another, in entry order.
    @usableFromInline var keyBytes: [UInt8] = []

    package init(minimumCapacity: Int = 8) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
    }

    /// How many entries there are.
    package var count: Int { storedValues.count }

    /// Every entry's value, in entry order.
    package var values: [Value] { storedValues }

    /// The value of entry `entry`.
    package subscript(entry: Int) -> Value {
        get { storedValues[entry] }
        set { storedValues[entry] = newValue }
    }

    /// The key of entry `entry`.
    package func key(of entry: Int) -> ArraySlice<UInt8> {
        keyBytes[(entry == 0 ? 0 : keyEnds[entry - 1])..<keyEnds[entry]]
    }

    /// The number of the entry whose key is `key`, added with the value `make()` first if there is none.
    @inlinable
    package mutating func entry<Key: Collection<UInt8>>(for key: Key, orAdd make: () -> Value) -> Int {
        let hash = FNV1a.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash && keyMatches(entry, key) { return entry }
            slot = (slot + 1) & mask
        }
        let entry = storedValues.count
        hashes.append(hash)
        keyBytes.append(contentsOf: key)
        keyEnds.append(keyBytes.count)
        storedValues.append(make())
        if (entry + 1) * 2 > slots.count {
            grow()
        } else {
            slots[slot] = Int32(entry + 1)
        }
        return entry
    }

    /// Forgets every entry.
    package mutating func removeAll() {
        slots = Array(repeating: 0, count: slots.count)
        hashes.removeAll(keepingCapacity: true)
        keyEnds.removeAll(keepingCapacity: true)
        storedValues.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
    }

    @inlinable
    func keyMatches<Key: Collection<UInt8>>(_ entry: Int, _ key: Key) -> Bool {
        let start = entry == 0 ? 0 : keyEnds[entry - 1]
        return keyEnds[entry] - start == key.count && keyBytes[start..<keyEnds[entry]].elementsEqual(key)
    }

    /// Twice the slots, every entry placed again by its hash.
    @usableFromInline
    mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (entry, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry + 1)
        }
    }
}
