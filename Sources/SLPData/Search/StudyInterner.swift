import SLPDomain
import SLPSupport

/// Turns stored study names into `Study` values once per distinct name.
///
/// A search meets thousands of users but only the few hundred names people actually list, and
/// deriving a study's key normalises its name; looked up by their bytes, names are made into
/// studies once. Everyone who lists one study alone shares one list of it.
/// Not Sendable: it serves one repository, used from one task at a time (like its `Database`),
/// so exclusive access to its tables is not checked again at run time on every name.
final class StudyInterner {
    private struct Known {
        let study: Study
        /// The list of this study alone, made the first time a card lists it alone.
        var alone: StudyList?
    }

    /// The names met, numbered; `known[entry]` is the study of entry `entry`.
    @exclusivity(unchecked) private var names = ByteStringTable(minimumCapacity: 32)
    @exclusivity(unchecked) private var known: [Known] = []

    /// Past this many names the table starts afresh: a long-lived interner meeting endless new
    /// names stays bounded.
    static let maxNames = 32_768

    /// The list stored as names separated by single spaces (`StudyList.description`).
    func studyList(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> StudyList {
        if text.isEmpty { return StudyList(stored: []) }
        let separators = UnsafeBufferPointer(rebasing: text).count { $0 == QueueCard.studySeparator }
        if separators == 0 { return alone(text) }
        var list: [Study] = []
        list.reserveCapacity(separators + 1)
        var names = Pieces(text, separatedBy: QueueCard.studySeparator)
        // Stored lists have no empty names; an edited file's are skipped.
        while let name = names.next() {
            if !name.isEmpty { list.append(known[entry(name)].study) }
        }
        return StudyList(stored: list)
    }

    /// The shared list of the study named `name` alone.
    private func alone(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> StudyList {
        let entry = entry(name)
        if let list = known[entry].alone { return list }
        let list = StudyList(stored: [known[entry].study])
        known[entry].alone = list
        return list
    }

    private func entry(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        if known.count >= StudyInterner.maxNames {
            names.removeAll()
            known.removeAll(keepingCapacity: true)
        }
        let bytes = UnsafeBufferPointer(rebasing: name)
        let (entry, isNew) = names.entry(for: bytes)
        if isNew { known.append(Known(study: Study(stored: String(decoding: bytes, as: UTF8.self)), alone: nil)) }
        return entry
    }
}
