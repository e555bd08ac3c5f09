#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Storage) import SLPDomain

/// Turns stored study names into `Study` values once per distinct name.
///
/// A search meets thousands of users but only the few hundred names people actually list, and
/// deriving a Hangul study's key goes through Foundation's normalisation; equal names also end
/// up sharing one string, which makes comparing them cheap.
final class StudyInterner {
    /// Open addressing, a power of two long; `nil` marks a free slot. Not checked for exclusive
    /// access at run time: an interner serves one repository, used from one task at a time
    /// (like its `Database`), and the check on every probe cost a fifth of a lookup.
    @exclusivity(unchecked) private var slots: [(hash: UInt64, study: Study)?]
    private var used = 0

    /// The largest table: about 32,000 names.
    static let maxSlots = 1 << 16

    /// Small to start: making and freeing a large table cost more than a study search with a
    /// few hundred results; the table doubles as names arrive.
    init(capacity: Int = 32) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: nil, count: size)
    }

    /// The list stored as names separated by single spaces (see `StudyList.description`).
    func studyList(_ text: UnsafeBufferPointer<UInt8>) -> StudyList {
        // Counted first, so that the array is allocated once at its size.
        var count = 0
        for index in text.indices where text[index] != 0x20 && (index == 0 || text[index - 1] == 0x20) { count += 1 }
        var studies: [Study] = []
        studies.reserveCapacity(count)
        var start = 0
        for index in 0..<text.count + 1 where index == text.count || text[index] == 0x20 {
            if index > start { studies.append(study(UnsafeBufferPointer(rebasing: text[start..<index]))) }
            start = index + 1
        }
        return StudyList(trusted: studies)
    }

    /// The study named by these bytes, made once.
    func study(_ name: UnsafeBufferPointer<UInt8>) -> Study {
        // FNV-1a: names are a few bytes, and this runs for every name of every card.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let slot = slots[index] {
            if slot.hash == hash && StudyInterner.bytes(of: slot.study, equal: name) { return slot.study }
            index = (index + 1) & mask
        }
        let study = Study(trusted: String(decoding: name, as: UTF8.self))
        // Kept at most half full; past that the table is rebuilt twice as large, or, at its
        // largest, started afresh (a long-lived interner meeting endless new names stays bounded).
        if (used + 1) * 2 > slots.count {
            if slots.count >= StudyInterner.maxSlots {
                slots = Array(repeating: nil, count: slots.count)
                used = 0
            } else {
                grow()
            }
            return insert(study, hash: hash)
        }
        slots[index] = (hash, study)
        used += 1
        return study
    }

    private func insert(_ study: Study, hash: UInt64) -> Study {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = (hash, study)
        used += 1
        return study
    }

    private func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        used = 0
        for case let slot? in old { _ = insert(slot.study, hash: slot.hash) }
    }

    private static func bytes(of study: Study, equal name: UnsafeBufferPointer<UInt8>) -> Bool {
        var stored = study.name
        return stored.withUTF8 { bytes in
            bytes.count == name.count && (bytes.count == 0 || memcmp(bytes.baseAddress!, name.baseAddress!, bytes.count) == 0)
        }
    }
}
