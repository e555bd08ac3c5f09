#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers short byte strings in the order they are first met: a hash table (open addressing,
/// linear probing, FNV-1a) whose callers keep their values in arrays by that number.
///
/// For paths that meet the same few hundred names over and over, often as bytes read from
/// storage: a lookup hashes and compares bytes and makes no `String`. Entries are never removed
/// one by one.
///
/// Public, with its lookups `@inlinable`, because search calls them for every study of every
/// card from other modules, and Swift 6.3 inlines `@inlinable` code across modules only when it
/// is public (not `package`). SLPSupport is in no product: nothing outside slp sees it.
public struct ByteStringTable: Sendable {
    /// Per slot, the number of the entry there plus one; 0 marks a free slot. Kept at most half full.
    @usableFromInline var slots: [Int32]
    /// Per entry: its key's hash, and where its key ends in `keyBytes`.
    @usableFromInline var hashes: [UInt64] = []
    @usableFromInline var keyEnds: [Int] = []
    /// Every key's bytes, one after another, in entry order.
    @usableFromInline var keyBytes: [UInt8] = []

    public init(minimumCapacity: Int = 8) {
        var size = 16
        while size < minimumCapacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
    }

    /// How many entries there are.
    @inlinable public var count: Int { hashes.count }

    /// The key of entry `entry`.
    public func key(of entry: Int) -> ArraySlice<UInt8> {
        keyBytes[(entry == 0 ? 0 : keyEnds[entry - 1])..<keyEnds[entry]]
    }

    /// The number of the entry whose key is `key`, and whether it was added now; `hash`, when
    /// given, is `FNV1a.hash(key)`, made before.
    @inlinable
    public mutating func entry(for key: UnsafeBufferPointer<UInt8>, hash: UInt64? = nil) -> (entry: Int, isNew: Bool) {
        let hash = hash ?? FNV1a.hash(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash && keyMatches(entry, key) { return (entry, false) }
            slot = (slot + 1) & mask
        }
        return (add(key, hash: hash, at: slot), true)
    }

    /// The number of the entry whose key is `key`'s UTF-8, and whether it was added now; `hash`,
    /// when given, is `FNV1a.hash(key)`, made before.
    @inlinable
    public mutating func entry(for key: String, hash: UInt64? = nil) -> (entry: Int, isNew: Bool) {
        if let found = key.utf8.withContiguousStorageIfAvailable({ entry(for: $0, hash: hash) }) { return found }
        return Array(key.utf8).withUnsafeBufferPointer { entry(for: $0, hash: hash) }
    }

    /// The number of the entry of hash `hash` for which `isKey` holds, and whether it was added
    /// now (with `key()`'s bytes): for callers that keep a value per entry and compare those,
    /// cheaper than bytes, instead.
    @inlinable
    public mutating func entry(hash: UInt64, isKey: (Int) -> Bool, key: () -> String) -> (entry: Int, isNew: Bool) {
        // Probed through buffer pointers: the indices are in range by construction.
        let (found, slot) = slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] != 0 {
                    let entry = Int(slots[slot]) - 1
                    if hashes[entry] == hash && isKey(entry) { return (entry, slot) }
                    slot = (slot + 1) & mask
                }
                return (-1, slot)
            }
        }
        if found >= 0 { return (found, false) }
        return (Array(key().utf8).withUnsafeBufferPointer { add($0, hash: hash, at: slot) }, true)
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        slots = Array(repeating: 0, count: slots.count)
        hashes.removeAll(keepingCapacity: true)
        keyEnds.removeAll(keepingCapacity: true)
        keyBytes.removeAll(keepingCapacity: true)
    }

    @inlinable
    func keyMatches(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = entry == 0 ? 0 : keyEnds[entry - 1]
        guard keyEnds[entry] - start == key.count else { return false }
        guard let bytes = key.baseAddress else { return true }
        return keyBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, bytes, key.count) == 0 }
    }

    /// Adds an entry for `key` in the free `slot` its probe ended at; returns its number.
    @usableFromInline
    mutating func add(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, at slot: Int) -> Int {
        let entry = hashes.count
        hashes.append(hash)
        keyBytes.append(contentsOf: key)
        keyEnds.append(keyBytes.count)
        if (entry + 1) * 2 > slots.count {
            grow()
        } else {
            slots[slot] = Int32(entry + 1)
        }
        return entry
    }

    /// Twice the slots, every entry placed again by its hash.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (entry, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry + 1)
        }
    }
}
