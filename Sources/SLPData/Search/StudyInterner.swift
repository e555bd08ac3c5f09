import SLPDomain
import SLPSupport

/// Turns stored study names into `Study` values once per distinct name.
///
/// A search meets thousands of users but only the few hundred names people actually list, and
/// deriving a study's key normalises its name; looked up by their bytes, names are made into
/// studies once. Everyone who lists one study alone shares one list of it.
/// Not Sendable: it serves one repository, used from one task at a time.
final class StudyInterner {
    private struct Known {
        let study: Study
        /// The list of this study alone, made the first time a card lists it alone.
        var alone: StudyList?
    }

    private var names = ByteStringTable<Known>(minimumCapacity: 32)

    /// Past this many names the table starts afresh: a long-lived interner meeting endless new
    /// names stays bounded.
    static let maxNames = 32_768

    /// The list stored as names separated by single spaces (`StudyList.description`).
    func studyList(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> StudyList {
        if text.isEmpty { return StudyList(stored: []) }
        if !text.contains(QueueCard.studySeparator) { return alone(text) }
        var list: [Study] = []
        QueueCard.forEachPiece(of: text, separatedBy: QueueCard.studySeparator) { name in
            // Stored lists have no empty names; an edited file's are skipped.
            if !name.isEmpty { list.append(names[entry(name)].study) }
        }
        return StudyList(stored: list)
    }

    /// The study named by these bytes.
    func study<Name: Collection<UInt8>>(_ name: Name) -> Study {
        names[entry(name)].study
    }

    /// The shared list of the study named `name` alone.
    private func alone(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> StudyList {
        let entry = entry(name)
        if let list = names[entry].alone { return list }
        let list = StudyList(stored: [names[entry].study])
        names[entry].alone = list
        return list
    }

    private func entry<Name: Collection<UInt8>>(_ name: Name) -> Int {
        if names.count >= StudyInterner.maxNames { names.removeAll() }
        return names.entry(for: name) { Known(study: Study(stored: String(decoding: name, as: UTF8.self)), alone: nil) }
    }
}
