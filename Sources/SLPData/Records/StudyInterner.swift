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
    /// free slot), where its name's bytes lie in `names`, and the study. A probe reads plain
    /// numbers and compares bytes without touching the studies' strings.
    /// Not checked for exclusive access at run time: an interner serves one repository, used from
    /// one task at a time (like its `Database`), and the check on every probe cost a fifth of a lookup.
    @exclusivity(unchecked) private var tags: [UInt64]
    @exclusivity(unchecked) private var spans: [Span]
    @exclusivity(unchecked) private var studies: [Study]
    /// Beside each study, the list of that study alone once a card has listed it alone (two in
    /// five people list one study): their cards share one array instead of one each.
    @exclusivity(unchecked) private var singles: [StudyList?]
    /// The names of the studies in the table, one after another.
    @exclusivity(unchecked) private var names: [UInt8] = []
    private var used = 0

    /// Where a slot's name lies in `names`.
    private struct Span {
        var start: Int32
        var count: Int32
    }

    /// The largest table: about 32,000 names.
    static let maxSlots = 1 << 16

    /// Small to start: making and freeing a large table cost more than a study search with a
    /// few hundred results; the table doubles as names arrive.
    init(capacity: Int = 32) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        tags = Array(repeating: 0, count: size)
        spans = Array(repeating: Span(start: 0, count: 0), count: size)
        studies = Array(repeating: .anything, count: size)
        singles = Array(repeating: nil, count: size)
    }

    /// The list stored as names separated by single spaces (see `StudyList.description`).
    func studyList(_ text: UnsafeBufferPointer<UInt8>) -> StudyList {
        // At most one name more than spaces: the array is allocated once, at about its size.
        var spaces = 0
        for byte in text where byte == 0x20 { spaces += 1 }
        if spaces == 0 && !text.isEmpty {
            let index = slot(of: text)
            if let single = singles[index] { return single }
            let single = StudyList(trusted: [studies[index]])
            singles[index] = single
            return single
        }
        var list: [Study] = []
        list.reserveCapacity(spaces + 1)
        var start = 0
        for index in 0..<text.count + 1 where index == text.count || text[index] == 0x20 {
            // Stored lists have no empty names; an edited file's are skipped.
            if index > start { list.append(study(UnsafeBufferPointer(rebasing: text[start..<index]))) }
            start = index + 1
        }
        return StudyList(trusted: list)
    }

    /// The study named by these bytes, made once.
    func study(_ name: UnsafeBufferPointer<UInt8>) -> Study {
        studies[slot(of: name)]
    }

    /// The slot of the study named by these bytes, made and put in the table the first time.
    private func slot(of name: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = StudyInterner.hash(name)
        let tag = hash | 1
        let mask = tags.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        let found = tags.withUnsafeBufferPointer { tags in
            spans.withUnsafeBufferPointer { spans in
                names.withUnsafeBufferPointer { names in
                    while tags[index] != 0 {
                        if tags[index] == tag && Int(spans[index].count) == name.count
                            && (name.count == 0 || memcmp(names.baseAddress! + Int(spans[index].start), name.baseAddress!, name.count) == 0) {
                            return true
                        }
                        index = (index + 1) & mask
                    }
                    return false
                }
            }
        }
        if found { return index }
        let study = Study(trusted: String(decoding: name, as: UTF8.self))
        // Kept at most half full; past that the table is rebuilt twice as large, or, at its
        // largest, started afresh (a long-lived interner meeting endless new names stays bounded).
        if (used + 1) * 2 > tags.count {
            if tags.count >= StudyInterner.maxSlots {
                tags = Array(repeating: 0, count: tags.count)
                spans = Array(repeating: Span(start: 0, count: 0), count: tags.count)
                studies = Array(repeating: .anything, count: tags.count)
                singles = Array(repeating: nil, count: tags.count)
                names = []
                used = 0
            } else {
                grow()
            }
            index = slot(for: hash)
        }
        tags[index] = tag
        spans[index] = Span(start: Int32(names.count), count: Int32(name.count))
        names.append(contentsOf: name)
        studies[index] = study
        used += 1
        return index
    }

    /// The free slot where a name with this hash goes.
    private func slot(for hash: UInt64) -> Int {
        let mask = tags.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while tags[index] != 0 { index = (index + 1) & mask }
        return index
    }

    private func grow() {
        let oldTags = tags, oldSpans = spans, oldStudies = studies, oldSingles = singles
        tags = Array(repeating: 0, count: oldTags.count * 2)
        spans = Array(repeating: Span(start: 0, count: 0), count: oldTags.count * 2)
        studies = Array(repeating: .anything, count: oldTags.count * 2)
        singles = Array(repeating: nil, count: oldTags.count * 2)
        for old in oldTags.indices where oldTags[old] != 0 {
            // The slot follows from the name's hash, whose low bits the tag keeps but for the lowest.
            let span = oldSpans[old]
            let hash = names.withUnsafeBufferPointer {
                StudyInterner.hash(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]))
            }
            let index = slot(for: hash)
            tags[index] = oldTags[old]
            spans[index] = span
            studies[index] = oldStudies[old]
            singles[index] = oldSingles[old]
        }
    }

    /// FNV-1a: names are a few bytes, and this runs for every name of every card.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
