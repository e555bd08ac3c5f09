import SLPSupport

/// Every user's write buckets in one small file that all the processes answering the API map
/// (`SharedFileMapping`): a fixed number of slots whatever the number of users, each holding a
/// user's uid and, per `WriteKind`, the instant their bucket is full again. A user's slot is
/// among the `window` slots from where the hash of their uid points; the uid itself is kept and
/// compared, so two users never share a bucket. A user not there takes an empty slot of the
/// window, else the slot whose buckets are fullest: an idle user's are full, so forgetting them
/// loses nothing (only a window of users all writing at once gives one of them a fresh bucket).
///
/// Layout: a header of `headerSize` bytes (`magic`, then the version, slot count and slot size as
/// 32-bit numbers), then the slots of `slotSize` bytes: a tag (the uid's hash, never 0; 0 is
/// an empty slot), one 64-bit "full at" per kind, the uid's length and bytes. Numbers are in the
/// machine's order: the file is never read on another host.
final class WriteLimitTable {
    static let magic = Array("slp write limits".utf8)
    static let version: UInt32 = 1
    static let headerSize = 64
    static let slotSize = 96
    /// The longest uid a slot holds (a uid is at most 64 letters or digits).
    static let maxKey = 64
    private static let keyLengthOffset = 8 + 8 * WriteKind.allCases.count
    private static let keyOffset = keyLengthOffset + 1

    let slotCount: Int
    let window: Int
    private let mapping: SharedFileMapping

    /// The table in the file at `path`, made there when the file is missing or empty. Refused
    /// (thrown) when the file cannot be opened and mapped, or holds something else.
    init(path: String, slotCount: Int = 8_192, window: Int = 16) throws(SystemCallError) {
        precondition(slotCount > 0 && slotCount & (slotCount - 1) == 0 && (1...slotCount).contains(window))
        self.slotCount = slotCount
        self.window = window
        let header = Self.header(slotCount: slotCount)
        mapping = try SharedFileMapping(path: path, size: Self.headerSize + slotCount * Self.slotSize) { bytes in
            let present = bytes.prefix(Self.headerSize)
            // Empty: just made (or its maker died before writing the header).
            if present.allSatisfy({ $0 == 0 }) { header.withUnsafeBytes { bytes.copyMemory(from: $0) } }
            return bytes.prefix(Self.headerSize).elementsEqual(header)
        }
    }

    private static func header(slotCount: Int) -> [UInt8] {
        var header = magic
        for number in [version, UInt32(slotCount), UInt32(slotSize)] { withUnsafeBytes(of: number) { header += $0 } }
        return header + [UInt8](repeating: 0, count: headerSize - header.count)
    }

    /// One write of `kind` by `uid` at `now` (nanoseconds of the machine's monotonic clock): nil
    /// when it may go ahead, else the nanoseconds until it may. Nil too when the lock cannot be
    /// had: a write is never refused for want of the table.
    func take(_ kind: WriteKind, uid: String, now: Int64) -> Int64? {
        let key = Array(uid.utf8.prefix(Self.maxKey))
        let hash = FNV1a.hash(uid)
        let tag = hash | 1
        let start = Int(truncatingIfNeeded: (hash ^ hash >> 29) & UInt64(slotCount - 1))
        return mapping.withLock { bytes -> Int64? in
            let slot = slot(for: key, tag: tag, from: start, now: now, in: bytes)
            let offset = slot + 8 + 8 * kind.rawValue
            switch kind.bucket.take(fullAt: bytes.load(fromByteOffset: offset, as: Int64.self), now: now) {
            case .granted(let fullAt):
                bytes.storeBytes(of: fullAt, toByteOffset: offset, as: Int64.self)
                return nil
            case .refused(let wait):
                return wait
            }
        } ?? nil
    }

    /// The byte offset of `key`'s slot, claimed for it when it has none.
    private func slot(for key: [UInt8], tag: UInt64, from start: Int, now: Int64, in bytes: UnsafeMutableRawBufferPointer) -> Int {
        var chosen = 0, chosenFullAt = Int64.max
        for step in 0..<window {
            let slot = Self.headerSize + ((start + step) & (slotCount - 1)) * Self.slotSize
            let slotTag = bytes.load(fromByteOffset: slot, as: UInt64.self)
            if slotTag == tag, Self.key(at: slot, in: bytes).elementsEqual(key) { return slot }
            // The instant the slot's last bucket is full again: the earliest loses least.
            var fullAt = Int64.min
            if slotTag != 0 {
                for kind in WriteKind.allCases {
                    fullAt = max(fullAt, kind.bucket.fullAt(bytes.load(fromByteOffset: slot + 8 + 8 * kind.rawValue, as: Int64.self), now: now))
                }
            }
            if fullAt < chosenFullAt { (chosen, chosenFullAt) = (slot, fullAt) }
        }
        // Claimed with full buckets; the tag last, so that a slot cut short by a death matches nobody.
        for kind in WriteKind.allCases { bytes.storeBytes(of: Int64(0), toByteOffset: chosen + 8 + 8 * kind.rawValue, as: Int64.self) }
        bytes.storeBytes(of: UInt8(key.count), toByteOffset: chosen + Self.keyLengthOffset, as: UInt8.self)
        key.withUnsafeBytes { bytes.baseAddress!.advanced(by: chosen + Self.keyOffset).copyMemory(from: $0.baseAddress!, byteCount: key.count) }
        bytes.storeBytes(of: tag, toByteOffset: chosen, as: UInt64.self)
        return chosen
    }

    private static func key(at slot: Int, in bytes: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawBufferPointer.SubSequence {
        let length = min(Int(bytes[slot + keyLengthOffset]), maxKey)
        return bytes[(slot + keyOffset)..<(slot + keyOffset + length)]
    }
}
