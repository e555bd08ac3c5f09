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
    /// Open addressing, a power of two long: each slot's hash with its lowest bit set (0 marks a
    /// free slot), and beside it the study. The hashes are probed apart from the studies so that
    /// a probe reads plain numbers instead of copying studies (two strings retained) out of slots.
    /// Not checked for exclusive access at run time: an interner serves one repository, used from
    /// one task at a time (like its `Database`), and the check on every probe cost a fifth of a lookup.
    @exclusivity(unchecked) private var tags: [UInt64]
    @exclusivity(unchecked) private var studies: [Study]
    private var used = 0

    /// The largest table: about 32,000 names.
    static let maxSlots = 1 << 16

    /// Small to start: making and freeing a large table cost more than a study search with a
    /// few hundred results; the table doubles as names arrive.
    init(capacity: Int = 32) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        tags = Array(repeating: 0, count: size)
        studies = Array(repeating: .anything, count: size)
    }

    /// The list stored as names separated by single spaces (see `StudyList.description`).
    func studyList(_ text: UnsafeBufferPointer<UInt8>) -> StudyList {
        // Counted first, so that the array is allocated once at its size.
        var count = 0
        for index in text.indices where text[index] != 0x20 && (index == 0 || text[index - 1] == 0x20) { count += 1 }
        var list: [Study] = []
        list.reserveCapacity(count)
        var start = 0
        for index in 0..<text.count + 1 where index == text.count || text[index] == 0x20 {
            if index > start { list.append(study(UnsafeBufferPointer(rebasing: text[start..<index]))) }
            start = index + 1
        }
        return StudyList(trusted: list)
    }

    /// The study named by these bytes, made once.
    func study(_ name: UnsafeBufferPointer<UInt8>) -> Study {
        let hash = StudyInterner.hash(name)
        let tag = hash | 1
        let mask = tags.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        let found = tags.withUnsafeBufferPointer { tags in
            while tags[index] != 0 {
                if tags[index] == tag && studies.withUnsafeBufferPointer({ StudyInterner.bytes(of: $0[index], equal: name) }) {
                    return true
                }
                index = (index + 1) & mask
            }
            return false
        }
        if found { return studies[index] }
        let study = Study(trusted: String(decoding: name, as: UTF8.self))
        // Kept at most half full; past that the table is rebuilt twice as large, or, at its
        // largest, started afresh (a long-lived interner meeting endless new names stays bounded).
        if (used + 1) * 2 > tags.count {
            if tags.count >= StudyInterner.maxSlots {
                tags = Array(repeating: 0, count: tags.count)
                studies = Array(repeating: .anything, count: tags.count)
                used = 0
            } else {
                grow()
            }
            insert(study, tag: tag, hash: hash)
            return study
        }
        tags[index] = tag
        studies[index] = study
        used += 1
        return study
    }

    private func insert(_ study: Study, tag: UInt64, hash: UInt64) {
        let mask = tags.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while tags[index] != 0 { index = (index + 1) & mask }
        tags[index] = tag
        studies[index] = study
        used += 1
    }

    private func grow() {
        let oldTags = tags, oldStudies = studies
        tags = Array(repeating: 0, count: oldTags.count * 2)
        studies = Array(repeating: .anything, count: oldTags.count * 2)
        used = 0
        for index in oldTags.indices where oldTags[index] != 0 {
            // The slot follows from the name's hash, whose low bits the tag keeps but for the lowest.
            insert(oldStudies[index], tag: oldTags[index], hash: StudyInterner.hash(oldStudies[index].name.utf8))
        }
    }

    /// FNV-1a: names are a few bytes, and this runs for every name of every card.
    private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    private static func bytes(of study: Study, equal name: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = study.name.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count == name.count && (bytes.count == 0 || memcmp(bytes.baseAddress!, name.baseAddress!, bytes.count) == 0)
        }
        return same ?? study.name.utf8.elementsEqual(name)
    }
}
